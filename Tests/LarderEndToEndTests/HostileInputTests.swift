import Foundation
@testable import LarderTestSupport
import Larder
import Testing

/// Hostile input: files made to break a reader (deep nesting, huge files and
/// lines, bad encodings, links out of the folder, FIFOs and devices). Each
/// case gives exact diagnostics in-process, and through the real `larder`
/// binary `check` and `build` exit 1 (not by a signal) and print them.
///
/// Small cases are `Fixtures/invalid/hostile-*.case` (also run, in-process,
/// by InvalidInputTests); large ones are generated here into a temporary
/// folder, never committed.
@Suite struct HostileInputTests {
    static let fixtures = FixtureCase.all(in: Repository.fixtures.appendingPathComponent("invalid"))
        .filter { $0.name.hasPrefix("hostile-") }

    @Test func thereAreHostileFixtures() {
        #expect(Self.fixtures.count >= 20)
    }

    @Test(arguments: fixtures)
    func fixtureIsRefusedByTheBinary(_ fixture: FixtureCase) throws {
        let folder = try TestFolder()
        for file in fixture.files { try folder.write(file.path, file.bytes) }
        #expect(fixture.expected.contains(": error: "), "a hostile case must expect an error")
        try expectRefused(folder, fixture.expected)
    }

    // MARK: Generated cases

    /// A case too large (or too odd) for a fixture file: how to make its
    /// folder, and the diagnostics it must give.
    struct Generated: CustomStringConvertible, Sendable {
        var description: String
        var make: @Sendable (TestFolder) throws -> Void
        var expected: String
    }

    static let deepJSONHint = "  hint: flatten the data"

    static let generated: [Generated] = [
        Generated(description: "JSON arrays nested 100,000 deep in a list", make: { folder in
            try folder.write("lists/deep.json", String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000))
        }, expected: """
            lists/deep.json:1:513: error: arrays and objects are nested more than 512 levels deep [json-too-deep]
            \(deepJSONHint)
            """),
        Generated(description: "JSON objects nested 100,000 deep in larder.json", make: { folder in
            try folder.write("larder.json", String(repeating: "{\"a\":", count: 100_000) + "1" + String(repeating: "}", count: 100_000))
        }, expected: """
            larder.json:1:2561: error: arrays and objects are nested more than 512 levels deep [json-too-deep]
            \(deepJSONHint)
            """),
        // The YAML parser stops at 1,000 levels, before Larder's limit of 64
        // is checked on the tree: the message says 64, the place is level 1,000.
        Generated(description: "YAML flow sequences nested 100,000 deep over lines", make: { folder in
            try folder.write("recipes/deep.md", "---\ntitle: Deep\ntags:\n" + String(repeating: " [\n", count: 100_000) + String(repeating: " ]\n", count: 100_000) + "---\n")
        }, expected: """
            recipes/deep.md:1001:2: error: the front matter is nested more than 64 levels deep [too-deep]
              hint: front matter is a few plain fields; nest lists and fields only a level or two
            """),
        Generated(description: "YAML flow sequences nested 100 deep", make: { folder in
            try folder.write("recipes/deep.md", "---\ntitle: Deep\ntags: " + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "\n---\n")
        }, expected: """
            recipes/deep.md:3:70: error: the front matter is nested more than 64 levels deep [too-deep]
              hint: front matter is a few plain fields; nest lists and fields only a level or two
            """),
        Generated(description: "YAML block sequences nested 30,000 deep on one line", make: { folder in
            try folder.write("recipes/deep.md", "---\ntitle: Deep\ntags:\n" + String(repeating: "- ", count: 30_000) + "x\n---\n")
        }, expected: """
            recipes/deep.md:4:1999: error: the front matter is nested more than 64 levels deep [too-deep]
              hint: front matter is a few plain fields; nest lists and fields only a level or two
            """),
        Generated(description: "YAML flow nesting 100,000 deep on one line", make: { folder in
            try folder.write("recipes/deep.md", "---\ntitle: Deep\ntags: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "\n---\n")
        }, expected: """
            recipes/deep.md:3:1: error: line 3 is 200,006 bytes long, over the limit of 64 KiB [line-too-long]
              hint: break the text into several lines or paragraphs
            """),
        Generated(description: "a 100 MB recipe", make: { folder in
            try sparseFile(folder, "recipes/huge.md", size: 100 * 1024 * 1024, start: "---\ntitle: Huge\n---\n")
        }, expected: """
            recipes/huge.md:1:1: error: 'recipes/huge.md' is 104,857,600 bytes, over the limit of 8 MiB per data file [file-too-large]
              hint: a recipe or list is a few kilobytes; split the file, or remove what does not belong in it
            """),
        Generated(description: "a 100 MB list in JSON", make: { folder in
            try sparseFile(folder, "lists/huge.json", size: 100 * 1024 * 1024, start: "{\"title\": \"Huge\", \"items\": [")
        }, expected: """
            lists/huge.json:1:1: error: 'lists/huge.json' is 104,857,600 bytes, over the limit of 8 MiB per data file [file-too-large]
              hint: a recipe or list is a few kilobytes; split the file, or remove what does not belong in it
            """),
        Generated(description: "a file one byte over the size limit", make: { folder in
            try sparseFile(folder, "larder.json", size: Limits.maximumFileSize + 1, start: "{")
        }, expected: """
            larder.json:1:1: error: 'larder.json' is 8,388,609 bytes, over the limit of 8 MiB per data file [file-too-large]
              hint: a recipe or list is a few kilobytes; split the file, or remove what does not belong in it
            """),
        Generated(description: "a 1 MB line in a JSON string", make: { folder in
            try folder.write("lists/long.json", "{\"title\": \"" + String(repeating: "x", count: 1 << 20) + "\"}")
        }, expected: """
            lists/long.json:1:11: error: this text is 1,048,576 bytes long, over the limit of 64 KiB [text-too-long]
              hint: shorten it; long notes belong in the Markdown body, split over paragraphs
            """),
        Generated(description: "a 1 MB Markdown item line", make: { folder in
            try folder.write("lists/long.md", "---\ntitle: Long\n---\n- [ ] " + String(repeating: "x", count: 1 << 20) + "\n")
        }, expected: """
            lists/long.md:4:1: error: line 4 is 1,048,582 bytes long, over the limit of 64 KiB [line-too-long]
              hint: break the text into several lines or paragraphs
            """),
        Generated(description: "a 1 MB front-matter value", make: { folder in
            try folder.write("recipes/long.md", "---\ntitle: " + String(repeating: "x", count: 1 << 20) + "\n---\n")
        }, expected: """
            recipes/long.md:2:1: error: line 2 is 1,048,583 bytes long, over the limit of 64 KiB [line-too-long]
              hint: break the text into several lines or paragraphs
            """),
        Generated(description: "a list of 10,001 items", make: { folder in
            let item = "{\"name\": \"milk\", \"category\": \"dairy\"}"
            try folder.write("lists/many.json", "{\"title\": \"Many\", \"items\": [\n" + Array(repeating: item, count: Limits.maximumItems + 1).joined(separator: ",\n") + "]}")
        }, expected: """
            lists/many.json:10002:1: error: 10,001 items, over the limit of 10,000; the file is not read [too-many-items]
              hint: split it into several lists
            """),
        Generated(description: "a Markdown list of 10,001 items", make: { folder in
            try folder.write("lists/many.md", "---\ntitle: Many\n---\n## Dairy\n" + String(repeating: "- [ ] milk\n", count: Limits.maximumItems + 1))
        }, expected: """
            lists/many.md:10005:1: error: 10,001 list items, over the limit of 10,000 per file; the file is not read [too-many-items]
              hint: split it into several files
            """),
        Generated(description: "a list of 10,001 items, some in front matter and some in the body", make: { folder in
            // One flow sequence: the item lines counted before parsing stay under the limit.
            let frontMatter = "items: [" + Array(repeating: "{name: milk}", count: 5_001).joined(separator: ",") + "]\n"
            try folder.write("lists/many.md", "---\ntitle: Many\n" + frontMatter + "---\n## Dairy\n" + String(repeating: "- [ ] milk\n", count: 5_000))
        }, expected: """
            lists/many.md:5005:7: error: 10,001 items, over the limit of 10,000; the ones from here on are not read [too-many-items]
              hint: split it into several lists
            """),
        Generated(description: "a symbolic link to a file outside the folder", make: { folder in
            let outside = folder.url.deletingLastPathComponent().appendingPathComponent("outside.md")
            try "---\ntitle: Secret\n---\n".write(to: outside, atomically: true, encoding: .utf8)
            try link(folder, "recipes/secret.md", to: outside.path)
        }, expected: """
            recipes/secret.md:1:1: error: 'recipes/secret.md' is a symbolic link to a place outside the data folder [path-escape]
              hint: copy the file into the folder instead of linking to it
            """),
        Generated(description: "lists/ a symbolic link to a folder outside", make: { folder in
            let outside = folder.url.deletingLastPathComponent().appendingPathComponent("elsewhere")
            try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
            try "---\ntitle: Secret\n---\n".write(to: outside.appendingPathComponent("secret.md"), atomically: true, encoding: .utf8)
            try link(folder, "lists", to: outside.path)
        }, expected: """
            lists:1:1: error: 'lists' is a symbolic link to a place outside the data folder [path-escape]
              hint: copy the file into the folder instead of linking to it
            """),
        Generated(description: "a loop of symbolic links", make: { folder in
            try link(folder, "recipes/a.md", to: "b.md")
            try link(folder, "recipes/b.md", to: "a.md")
        }, expected: """
            recipes/a.md:1:1: error: 'recipes/a.md' is a symbolic link that leads back to itself [broken-link]
              hint: remove the link or point it at a file
            recipes/b.md:1:1: error: 'recipes/b.md' is a symbolic link that leads back to itself [broken-link]
              hint: remove the link or point it at a file
            """),
        Generated(description: "a folder linked to its own parent, beside a FIFO", make: { folder in
            // The link is harmless (folders are not walked into), so only the FIFO is an error.
            try link(folder, "lists/up.md", to: "..")
            guard mkfifo(folder.url.appendingPathComponent("lists/pipe.json").path, 0o644) == 0 else { throw CocoaError(.fileWriteUnknown) }
        }, expected: """
            lists/pipe.json:1:1: error: 'lists/pipe.json' is not a regular file [not-a-file]
              hint: remove it from the data folder
            lists/up.md:1:1: warning: 'lists/up.md' is a folder and is ignored [unknown-file]
              hint: data files sit directly in lists/ and recipes/
            """),
        Generated(description: "links to /dev/zero and /dev/urandom", make: { folder in
            try link(folder, "lists/zero.md", to: "/dev/zero")
            try link(folder, "recipes/random.json", to: "/dev/urandom")
        }, expected: """
            lists/zero.md:1:1: error: 'lists/zero.md' is a symbolic link to a place outside the data folder [path-escape]
              hint: copy the file into the folder instead of linking to it
            recipes/random.json:1:1: error: 'recipes/random.json' is a symbolic link to a place outside the data folder [path-escape]
              hint: copy the file into the folder instead of linking to it
            """),
    ]

    @Test(arguments: generated)
    func generatedCaseIsRefused(_ hostile: Generated) throws {
        let folder = try TestFolder()
        try hostile.make(folder)
        let result = try KitchenLoader.load(folder.url)
        #expect(FixtureCase.render(result.report.diagnostics) == hostile.expected)
        try expectRefused(folder, hostile.expected)
    }

    /// A device inside the folder (not through a link): never opened.
    @Test func deviceFileIsNotOpened() throws {
        let folder = try TestFolder()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("lists"), withIntermediateDirectories: true)
        // Making a device node needs root (as in CI); elsewhere the links
        // to /dev/zero and /dev/urandom above stand in for it.
        guard mknod(folder.url.appendingPathComponent("lists/null.md").path, S_IFCHR | 0o644, dev_t(1 << 8 | 3)  /* 1,3: /dev/null */) == 0 else {
            #expect(geteuid() != 0, "mknod failed although running as root")
            return
        }
        let expected = """
            lists/null.md:1:1: error: 'lists/null.md' is not a regular file [not-a-file]
              hint: remove it from the data folder
            """
        #expect(FixtureCase.render(try KitchenLoader.load(folder.url).report.diagnostics) == expected)
        try expectRefused(folder, expected)
    }

    // MARK: Helpers

    /// `size` bytes at `path` starting with `start`, the rest a hole: the
    /// size is what is refused, so the test writes almost nothing.
    static func sparseFile(_ folder: TestFolder, _ path: String, size: Int, start: String) throws {
        try folder.write(path, start)
        let handle = try FileHandle(forWritingTo: folder.url.appendingPathComponent(path))
        defer { try? handle.close() }
        try handle.truncate(atOffset: UInt64(size))
    }

    static func link(_ folder: TestFolder, _ path: String, to destination: String) throws {
        let url = folder.url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: destination)
    }

    /// `larder check` and `larder build` on `folder` exit with status 1, not
    /// by a signal, and print every diagnostic of `expected` (rendered as
    /// `FixtureCase.render` does) with its hint.
    func expectRefused(_ folder: TestFolder, _ expected: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let output = folder.url.deletingLastPathComponent().appendingPathComponent("site")
        for arguments in [["check", "."], ["build", ".", "--output", output.path]] {
            let result = try ProcessResult.run(Repository.binary, arguments, in: folder.url)
            #expect(result.reason == .exit, "\(arguments[0]) was killed by signal \(result.status)", sourceLocation: sourceLocation)
            #expect(result.status == 1, "\(arguments[0]) exited \(result.status): \(result.stderr.prefix(2000))", sourceLocation: sourceLocation)
            for printed in FixtureCase.printedLines(expected) {
                #expect(result.stderr.contains(printed), "\(arguments[0]) did not print: \(printed)", sourceLocation: sourceLocation)
            }
            #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("index.html").path), sourceLocation: sourceLocation)
            // Quoted lines are cut and cleaned: a 1 MB line or an escape
            // sequence in the data does not reach the terminal whole.
            #expect(result.stderr.utf8.count < 16_384, "\(arguments[0]) printed \(result.stderr.utf8.count) bytes", sourceLocation: sourceLocation)
            #expect(!result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" }, sourceLocation: sourceLocation)
        }
    }
}
