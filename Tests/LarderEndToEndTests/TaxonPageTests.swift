import Foundation
@testable import LarderTestSupport
import Testing

/// Category and tag pages, built by the real binary: distinct names get
/// distinct pages that do not overwrite each other, named the same from
/// build to build.
@Suite struct TaxonPageTests {
    /// Tag name to the recipes that have it.
    static let tags: [(name: String, recipes: [String])] = [
        ("🍕", ["pizza"]), ("🍣", ["sushi"]), ("ラーメン", ["ramen"]), ("ガーリック", ["garlic"]), ("カーリック", ["curlic"]),
        ("Crème", ["creme-a"]), ("creme", ["creme-b"]), ("a b", ["spaced"]), ("a-b", ["dashed"]),
        (String(repeating: "very long tag ", count: 30), ["long"]),
    ]

    static func makeKitchen(_ folder: TestFolder) throws {
        for (name, recipes) in tags {
            for id in recipes {
                let quoted = "\"" + name + "\""
                try folder.write("recipes/\(id).md", "---\ntitle: \(id)\ncategory: \(quoted)\ntags: [\(quoted)]\n---\n")
            }
        }
    }

    /// The folder of each tag's (or category's) page, read off the recipe
    /// pages' links, and the recipes each page lists.
    static func pages(_ site: URL, _ kind: String) throws -> (slugs: [String: String], listed: [String: Set<String>]) {
        var slugs: [String: String] = [:]
        var listed: [String: Set<String>] = [:]
        for (name, recipes) in tags {
            for id in recipes {
                let page = try String(contentsOf: site.appendingPathComponent("recipes/\(id)/index.html"), encoding: .utf8)
                let links = page.matches(of: try Regex("href=\"../../\(kind)/([^/\"]+)/index.html\"")).map { String($0.output[1].substring!) }
                #expect(links.count == 1, "\(id): \(links)")
                slugs[name] = links.first
            }
        }
        for slug in Set(slugs.values) {
            let page = try String(contentsOf: site.appendingPathComponent("\(kind)/\(slug)/index.html"), encoding: .utf8)
            listed[slug] = Set(page.matches(of: try Regex("href=\"../../recipes/([a-z-]+)/index.html\"")).map { String($0.output[1].substring!) })
        }
        return (slugs, listed)
    }

    @Test(arguments: ["tags", "categories"])
    func distinctNamesGetDistinctPages(_ kind: String) throws {
        let folder = try TestFolder()
        try Self.makeKitchen(folder)
        let site = folder.url.deletingLastPathComponent().appendingPathComponent("site")
        let build = try ProcessResult.run(Repository.binary, ["build", ".", "-o", site.path], in: folder.url)
        #expect(build.status == 0, "\(build.stderr)")
        let (slugs, listed) = try Self.pages(site, kind)
        // Crème and creme are one name up to case and accents: one page with both.
        #expect(slugs["Crème"] == "creme" && slugs["creme"] == "creme")
        #expect(listed["creme"] == ["creme-a", "creme-b"])
        // Every other name its own page, listing its own recipe only.
        let others = Self.tags.filter { $0.name != "Crème" && $0.name != "creme" }
        #expect(Set(others.map { slugs[$0.name] }).count == others.count, "\(slugs)")
        for (name, recipes) in others { #expect(listed[slugs[name]!] == Set(recipes), "\(name)") }
        // Readable where there is a readable form; else a short hash; never "untitled".
        #expect(slugs["a-b"] == "a-b")
        #expect(slugs["a b"]!.hasPrefix("a-b-") && slugs["a b"]!.count == "a-b-".count + 8)
        let prefix = kind == "tags" ? "t-" : "c-"
        for name in ["🍕", "🍣", "ラーメン", "ガーリック", "カーリック"] {
            #expect(slugs[name]!.hasPrefix(prefix) && slugs[name]!.count == prefix.count + 8, "\(name): \(slugs[name]!)")
        }
        #expect(!slugs.values.contains("untitled"))
        // A long name is cut, with a hash to keep it apart: no folder name near 255 bytes.
        let long = slugs[Self.tags.last!.name]!
        #expect(long.hasPrefix("very-long-tag-very-long-tag") && long.utf8.count <= 64, "\(long)")

        // The same names from another build, in another folder: the same pages.
        let again = try TestFolder()
        try Self.makeKitchen(again)
        try again.write("recipes/aaa-first.md", "---\ntitle: First\ntags: [\"a  b\", \"🍜\"]\ncategory: \"a  b\"\n---\n")
        let site2 = again.url.deletingLastPathComponent().appendingPathComponent("site")
        #expect(try ProcessResult.run(Repository.binary, ["build", ".", "-o", site2.path], in: again.url).status == 0)
        let slugs2 = try Self.pages(site2, kind).slugs
        for name in ["🍕", "🍣", "ラーメン", "Crème", "a-b", Self.tags.last!.name] { #expect(slugs2[name] == slugs[name], "\(name)") }
    }
}
