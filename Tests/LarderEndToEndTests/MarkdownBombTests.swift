import Foundation
@testable import LarderTestSupport
import Larder
import Testing

/// Markdown bombs: shapes that cost cmark-gfm 0.29.0.gfm.6 and the tree built
/// over it far more than their size (deep block quotes and lists, wide or
/// padded tables, long paragraphs, runs of quote marks, megabytes of tiny
/// blocks), generated at the sizes of the hostile review and up to the
/// limits. Past a limit of `Limits.markdown` the real binary refuses the
/// file with the exact diagnostic; just under every limit it builds, and the
/// page stays within 20 times its source.
@Suite struct MarkdownBombTests {
    /// A recipe file whose body is `body`.
    static func recipe(_ body: String) -> String { "---\ntitle: Bomb\n---\n" + body }

    /// `unit` repeated to about `bytes` bytes.
    static func repeated(_ unit: String, toBytes bytes: Int) -> String {
        String(repeating: unit, count: max(1, bytes / unit.utf8.count))
    }

    /// A table header and delimiter row of `columns` columns (centred).
    static func tableHead(columns: Int) -> String {
        String(repeating: "|a", count: columns) + "|\n" + String(repeating: "|:-:", count: columns) + "|\n"
    }

    /// A JSON string literal of `text`.
    static func json(_ text: String) -> String {
        String(decoding: (try? JSONEncoder().encode(text)) ?? Data(), as: UTF8.self)
    }

    static let deepHint = "  hint: nest lists and quotes a few levels at most (every 4 spaces of indentation before a marker count as a level)"
    static let quoteHint = "  hint: quote within a quote a few levels at most"
    static let wideHint = "  hint: split it into several tables"
    static let largeHint = "  hint: split it into several files"

    static let refused: [HostileInputTests.Generated] = [
        .init(description: "20 KB of '>' on one line", make: { folder in
            try folder.write("recipes/bomb.md", recipe(String(repeating: ">", count: 20_000) + " x\n"))
        }, expected: """
            recipes/bomb.md:4:5: error: block quotes are nested 5 deep, over the limit of 4 [markdown-too-deep]
            \(quoteHint)
            """),
        .init(description: "60 KB of '> ' over lines", make: { folder in
            try folder.write("recipes/bomb.md", recipe((1...240).map { String(repeating: "> ", count: $0) + "x\n" }.joined()))
        }, expected: """
            recipes/bomb.md:8:9: error: block quotes are nested 5 deep, over the limit of 4 [markdown-too-deep]
            \(quoteHint)
            """),
        .init(description: "30,000 nested list markers on one line", make: { folder in
            try folder.write("lists/bomb.md", "---\ntitle: Bomb\n---\n" + String(repeating: "- ", count: 30_000) + "x\n")
        }, expected: """
            lists/bomb.md:4:33: error: block quotes and list items are nested 17 deep, over the limit of 16 [markdown-too-deep]
            \(deepHint)
            """),
        .init(description: "list items nested by 2 more spaces a line, 40 KB", make: { folder in
            try folder.write("recipes/bomb.md", recipe((0..<200).map { String(repeating: "  ", count: $0) + "- x\n" }.joined()))
        }, expected: """
            recipes/bomb.md:36:65: error: block quotes and list items are nested 17 deep, over the limit of 16 [markdown-too-deep]
            \(deepHint)
            """),
        .init(description: "a 44 KB table of 64 columns with one-cell rows", make: { folder in
            try folder.write("recipes/bomb.md", recipe(tableHead(columns: 64) + repeated("|x\n", toBytes: 44_000)))
        }, expected: """
            recipes/bomb.md:8:1: error: this table has 320 cells in 397 bytes, over the limit of one cell for every 2 bytes (256 in any table); rows shorter than the header are filled with empty cells, which count [table-too-large]
              hint: give each row the header's number of cells, or split the table
            """),
        .init(description: "a 12 KB table of 1,000 columns", make: { folder in
            try folder.write("recipes/bomb.md", recipe(tableHead(columns: 1_000) + repeated("|\n", toBytes: 6_000)))
        }, expected: """
            recipes/bomb.md:5:1: error: this table has 1,000 columns, over the limit of 64 [table-too-wide]
            \(wideHint)
            """),
        .init(description: "the 1,000-column table in a JSON notes field", make: { folder in
            let notes = tableHead(columns: 1_000) + repeated("|\n", toBytes: 6_000)
            try folder.write("recipes/bomb.json", "{\"title\": \"Bomb\",\n \"notes\": \(json(notes))}\n")
        }, expected: """
            recipes/bomb.json:2:11: error: line 2 of this text: this table has 1,000 columns, over the limit of 64 [table-too-wide]
            \(wideHint)
            """),
        .init(description: "the 1,000-column table in a front-matter description", make: { folder in
            let description = (tableHead(columns: 1_000) + "|x|\n").split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
            try folder.write("lists/bomb.md", "---\ntitle: Bomb\ndescription: |\n\(description)\n---\n- [ ] milk\n")
        }, expected: """
            lists/bomb.md:3:14: error: line 2 of this text: this table has 1,000 columns, over the limit of 64 [table-too-wide]
            \(wideHint)
            """),
        .init(description: "deep quotes in a JSON step", make: { folder in
            try folder.write("recipes/bomb.json", "{\"title\": \"Bomb\", \"directions\": [{\"title\": \"A\", \"steps\": [\"Mix.\", \(json("ok\n\n>>>>>> deep"))]}]}")
        }, expected: """
            recipes/bomb.json:1:67: error: line 3 of this text: block quotes are nested 5 deep, over the limit of 4 [markdown-too-deep]
            \(quoteHint)
            """),
        .init(description: "40 KB of continuation lines under an item", make: { folder in
            try folder.write("recipes/bomb.md", recipe("## Ingredients\n\n- 1 egg\n" + repeated("x\n", toBytes: 40_000)))
        }, expected: """
            recipes/bomb.md:8195:1: error: the paragraph that starts on line 6 is longer than 16 KiB [paragraph-too-long]
              hint: split it into paragraphs with blank lines
            """),
        .init(description: "a 64 KiB line of apostrophes", make: { folder in
            try folder.write("recipes/bomb.md", recipe("Intro.\n\n" + String(repeating: "'", count: 65_000) + "\n"))
        }, expected: """
            recipes/bomb.md:6:1: error: the paragraph that starts on line 6 has more than 256 quote marks between punctuation (such as ''' or '.') [too-many-quotes]
              hint: remove the runs of quote marks, or split the paragraph
            """),
        .init(description: "8 MiB of one-letter paragraphs", make: { folder in
            try folder.write("recipes/bomb.md", recipe(repeated("a\n\n", toBytes: Limits.maximumFileSize - 64)))
        }, expected: """
            recipes/bomb.md:174766:1: error: the Markdown of this file (body, description, notes and directions together) is longer than 256 KiB from this line on [markdown-too-large]
            \(largeHint)
            """),
        .init(description: "6 JSON steps of 50 KB", make: { folder in
            let step = json(repeated(repeated("Stir well. ", toBytes: 10_000) + "\n\n", toBytes: 60_000))
            try folder.write("recipes/bomb.json", "{\"title\": \"Bomb\", \"directions\": [\n" + Array(repeating: step, count: 6).joined(separator: ",\n") + "]}")
        }, expected: """
            recipes/bomb.json:7:1: error: line 3 of this text: the Markdown of this file (body, description, notes and directions together) is longer than 256 KiB from this line on [markdown-too-large]
            \(largeHint)
            """),
    ]

    @Test(arguments: refused)
    func bombIsRefused(_ bomb: HostileInputTests.Generated) throws {
        let folder = try TestFolder()
        try bomb.make(folder)
        let result = try KitchenLoader.load(folder.url)
        #expect(FixtureCase.render(result.report.diagnostics) == bomb.expected)
        try HostileInputTests().expectRefused(folder, bomb.expected)
    }

    /// A shape at (or just under) the limits, as big as the Markdown of one
    /// file may be: it must build, and its page stay within 20 times its
    /// source.
    struct Accepted: CustomStringConvertible, Sendable {
        var description: String
        var body: String
    }

    static let nearLimit = Limits.maximumMarkdownLength - 1_024

    static let accepted: [Accepted] = [
        Accepted(description: "runs of 4 block quotes", body: repeated(">>>>\n\n", toBytes: nearLimit)),
        Accepted(description: "lists nested 16 deep", body: repeated(String(repeating: "- ", count: 16) + "x\n\n", toBytes: nearLimit)),
        Accepted(description: "quotes and lists nested 16 deep", body: repeated(">>>>" + String(repeating: "- ", count: 12) + "x\n\n", toBytes: nearLimit)),
        Accepted(description: "tables of 64 columns, two bytes a cell", body: repeated(
            tableHead(columns: 64) + String(repeating: String(repeating: "| ", count: 64) + "|\n", count: 20) + "\n", toBytes: nearLimit)),
        Accepted(description: "tables of 64 columns padded to the cell limit", body: repeated(
            tableHead(columns: 64) + String(repeating: "|\n", count: 2) + "\n", toBytes: nearLimit)),
        Accepted(description: "one-letter paragraphs", body: repeated("a\n\n", toBytes: nearLimit)),
        Accepted(description: "paragraphs of 16,000 bytes of continuation lines", body: repeated(
            "- 1 egg\n" + repeated("x\n", toBytes: Limits.maximumParagraphLength - 16) + "\n", toBytes: nearLimit)),
        Accepted(description: "paragraphs of 256 quote marks between punctuation", body: repeated(
            ".'" + repeated("'.", toBytes: 510) + "\n\n", toBytes: nearLimit)),
        Accepted(description: "empty ordered items that start lists", body: repeated("9.\n\n8)\n\n", toBytes: nearLimit)),
    ]

    @Test(arguments: accepted)
    func worstShapeWithinTheLimitsBuilds(_ shape: Accepted) throws {
        let folder = try TestFolder()
        let source = Self.recipe(shape.body)
        try folder.write("recipes/bomb.md", source)
        let output = folder.url.deletingLastPathComponent().appendingPathComponent("site")
        let started = ContinuousClock.now
        let result = try ProcessResult.run(Repository.binary, ["build", ".", "--output", output.path], in: folder.url)
        let took = ContinuousClock.now - started
        #expect(result.reason == .exit && result.status == 0, "build exited \(result.status): \(result.stderr.prefix(2_000))")
        // Generous for a debug build on a busy machine; the release binary
        // takes well under 2 s (docs/limits.md).
        #expect(took < .seconds(60), "build took \(took)")
        let page = try FileManager.default.attributesOfItem(atPath: output.appendingPathComponent("recipes/bomb/index.html").path)
        let pageSize = (page[.size] as? Int) ?? 0
        #expect(pageSize > shape.body.utf8.count / 2, "the page does not hold the Markdown: \(pageSize) bytes")
        #expect(pageSize <= 20 * source.utf8.count, "a page of \(pageSize) bytes from \(source.utf8.count) bytes of source")
    }
}
