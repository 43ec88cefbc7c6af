import Foundation
@testable import LarderTestSupport
import Testing

/// No output file holds NUL or another code point a page may not hold
/// (`ForbiddenCharacters`): `check` refuses them in values, and what cmark
/// makes of character references is replaced by U+FFFD.
@Suite struct ForbiddenCharacterTests {
    struct Case: CustomStringConvertible, Sendable {
        var description: String
        var path: String
        var text: String
        var expected: String
    }

    static let hint = "  hint: remove it (an escape such as \\u0000 in JSON or \\0 in YAML writes one)"

    static let refused: [Case] = [
        Case(description: "a JSON \\u0000 in a recipe's title", path: "recipes/soup.json",
             text: #"{"title": "Soup\u0000", "ingredients": ["1 egg"]}"#, expected: """
            recipes/soup.json:1:11: error: this text holds U+0000, a character that cannot appear in a web page [control-character]
            \(hint)
            """),
        Case(description: "a C1 control in a list item's note", path: "lists/weekly.json",
             text: #"{"title": "W", "items": [{"name": "bread", "note": "a\u0085b"}]}"#, expected: """
            lists/weekly.json:1:52: error: this text holds U+0085, a character that cannot appear in a web page [control-character]
            \(hint)
            """),
        Case(description: "a noncharacter in a field name", path: "larder.json",
             text: #"{"title": "K", "catalog": {"milk\uFFFF": {"category": "dairy"}}}"#, expected: """
            larder.json:1:28: error: this field name holds U+FFFF, a character that cannot appear in a web page [control-character]
            \(hint)
            """),
        Case(description: "a YAML \\0 in front matter", path: "recipes/soup.md",
             text: "---\ntitle: \"Soup\\0\"\n---\n", expected: """
            recipes/soup.md:2:8: error: this text holds U+0000, a character that cannot appear in a web page [control-character]
            \(hint)
            """),
        Case(description: "a raw noncharacter in Markdown", path: "recipes/soup.md",
             text: "---\ntitle: Soup\n---\nStir <FDD0> well.\n", expected: """
            recipes/soup.md:4:6: error: noncharacter U+FDD0 is not allowed in a Markdown file [control-character]
              hint: remove it (it is invisible in most editors)
            """),
    ]

    @Test(arguments: refused)
    func checkRefuses(_ refused: Case) throws {
        let folder = try TestFolder()
        // Swift literals cannot hold a noncharacter.
        try folder.write(refused.path, refused.text.replacingOccurrences(of: "<FDD0>", with: String(Unicode.Scalar(0xFDD0)!)))
        try HostileInputTests().expectRefused(folder, refused.expected)
    }

    /// What no output may hold, written out here rather than taken from
    /// Larder's own `ForbiddenCharacters`.
    static func forbidden(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D) || (0x7F...0x9F).contains(value)
            || (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE
    }

    /// A template of the folder's own is text for pages too.
    @Test func templateHoldingOneIsRefused() throws {
        let folder = try TestFolder()
        try folder.write("templates/layout.mustache", "<html><body>\u{1}{{{content}}}</body></html>")
        try folder.write("recipes/soup.md", "---\ntitle: Soup\n---\n")
        let site = folder.url.deletingLastPathComponent().appendingPathComponent("site")
        let build = try ProcessResult.run(Repository.binary, ["build", ".", "-o", site.path], in: folder.url)
        #expect(build.status == 1)
        #expect(build.stderr.contains("larder: error: template templates/layout.mustache holds U+0001, a character no page may hold"), "\(build.stderr)")
    }

    /// Character references cmark turns into controls and noncharacters, in
    /// every place Markdown goes: no file of the site holds one.
    @Test func noOutputFileHoldsOne() throws {
        let folder = try TestFolder()
        let references = "&#1; &#x7f; &#x85; &#xFDD0; &#xFFFE; &#x10FFFF; &#0; &#8;"
        try folder.write("larder.json", #"{"title": "K", "baseURL": "https://example.org/"}"#)
        try folder.write("recipes/soup.md", """
            ---
            title: Soup \(references)
            tags: [soup]
            ---
            A soup \(references).

            ## Ingredients

            - 1 egg \(references)

            ## Directions

            1. Stir \(references)

            ## Notes

            Hot \(references)
            """)
        try folder.write("recipes/stew.json", #"{"title": "Stew", "description": "\#(references)", "ingredients": ["1 egg \#(references)"], "directions": ["Stir \#(references)"], "notes": "\#(references)"}"#)
        try folder.write("lists/weekly.md", "---\ntitle: Weekly\n---\n## Dairy \(references)\n\n- [ ] milk \(references)\n")
        try folder.write("lists/books.json", #"{"title": "Books", "kind": "collection", "items": [{"name": "Dune \#(references)", "note": "\#(references)"}]}"#)
        let site = folder.url.deletingLastPathComponent().appendingPathComponent("site")
        let build = try ProcessResult.run(Repository.binary, ["build", ".", "-o", site.path], in: folder.url)
        #expect(build.status == 0, "\(build.stderr)")
        var files = 0
        for case let url as URL in FileManager.default.enumerator(at: site, includingPropertiesForKeys: nil)! where !url.hasDirectoryPath {
            let bytes = try Data(contentsOf: url)
            let text = String(decoding: bytes, as: UTF8.self)
            files += 1
            #expect(!bytes.contains(0), "\(url.lastPathComponent) holds NUL")
            let found = text.unicodeScalars.filter(Self.forbidden)
            #expect(found.isEmpty, "\(url.path): \(found.map { String($0.value, radix: 16) })")
        }
        #expect(files > 10)
        // The text that was there is kept, each such character shown as U+FFFD.
        let soup = try String(contentsOf: site.appendingPathComponent("recipes/soup/index.html"), encoding: .utf8)
        #expect(soup.contains("Stir \u{FFFD}"))
    }
}
