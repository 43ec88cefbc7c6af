import Foundation
import Larder
@testable import LarderSite
import Testing

/// `larder share` output for the golden kitchen's weekly list, in every
/// format (Golden/share; LARDER_UPDATE_GOLDEN=1 rewrites, review the diff).
@Suite struct PlanShareTests {
    static let folder = SiteBuilderTests.golden.appendingPathComponent("share")

    static let cases: [(file: String, format: Share.Format, ascii: Bool)] = [
        ("weekly.txt", .text, false), ("weekly.ascii.txt", .text, true),
        ("weekly.md", .markdown, false), ("weekly.json", .json, false),
    ]

    static func render(_ format: Share.Format, ascii: Bool) throws -> String {
        let kitchen = try KitchenLoader.load(SiteBuilderTests.kitchenFolder).kitchen
        // As `larder share weekly` makes it: the plan, then the list's link (the kitchen has a baseURL).
        return try Share.list(try #require(kitchen.list("weekly")), kitchen: kitchen).render(format, ascii: ascii)
    }

    @Test(arguments: cases.map(\.file))
    func matchesGolden(_ file: String) throws {
        let entry = try #require(Self.cases.first { $0.file == file })
        let actual = try Self.render(entry.format, ascii: entry.ascii)
        let url = Self.folder.appendingPathComponent(file)
        if ProcessInfo.processInfo.environment["LARDER_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
        }
        #expect(actual == (try String(contentsOf: url, encoding: .utf8)))
    }

    @Test func textHasNoTrailingSpacesAndNoMarkdown() throws {
        let text = try Self.render(.text, ascii: false)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(!line.hasSuffix(" "), "trailing space: \(line)")
            #expect(!line.hasPrefix("#") && !line.hasPrefix("- ["), "Markdown syntax: \(line)")
        }
        #expect(text.hasSuffix("\n") && !text.hasSuffix("\n\n"))
    }

    @Test func asciiIsASCII() throws {
        let text = try Self.render(.text, ascii: true)
        let isASCII = text.unicodeScalars.allSatisfy { $0.isASCII }
        #expect(isASCII, "\(text)")
    }

    @Test func jsonParsesAndCarriesProvenance() throws {
        let json = try Self.render(.json, ascii: false)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["title"] as? String == "Weekly groceries")
        let stores = try #require(object["stores"] as? [[String: Any]])
        let lines = stores.flatMap { ($0["categories"] as? [[String: Any]] ?? []).flatMap { $0["lines"] as? [[String: Any]] ?? [] } }
        let flour = try #require(lines.first { $0["name"] as? String == "flour" })
        #expect(flour["from"] as? [String] == ["Fluffy pancakes ×8"])
        #expect(flour["amount"] as? String == "3 cups")
    }

    @Test func markdownEscapesUserText() {
        #expect(Share.escapeMarkdown("*bold* [x] #1") == ##"\*bold\* \[x\] \#1"##)
    }
}
