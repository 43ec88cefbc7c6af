import Foundation
@testable import LarderTestSupport
import Testing

/// What must never be published: unlisted lists (outside their own pages),
/// the secret, the `templates/` folder, dot-files, and files no page uses.
/// A kitchen holding all of them, each with a marker string found nowhere
/// else, is built by the real binary; then every byte of every output file is
/// searched for every marker.
@Suite struct LeakScanTests {
    /// Strings that may appear only on the unlisted lists' own pages.
    static let unlistedMarkers = [
        "hidden-alpha", "hidden-beta", "Zebracorn surprise party", "Quokka anniversary",
        "glitterbomb candles", "vintage-marzipan-wxq", "for-auntie-qzv", "note-xylophone-kwz",
    ]
    /// Strings that may appear nowhere in the output.
    static let secretMarkers = [
        "SECRET-MARKER-7f3a9c-do-not-publish", "GITCONFIG-MARKER-b41d", "DOTENV-MARKER-c92e",
        "STRAY-NOTES-MARKER-e07f", "UNUSED-IMAGE-MARKER-55aa", "TEMPLATE-COMMENT-MARKER-d3b1",
        "TEMPLATE-STRAY-MARKER-8c2e", "HIDDEN-FOLDER-MARKER-a9f0", "DS-STORE-MARKER-1b7c",
    ]

    /// The kitchen: two public lists and a recipe, two unlisted lists (one of
    /// them the `current` list and a favorite, so the index and favorites
    /// page have a reason to mention it), and everything that must stay put.
    static func writeKitchen(_ kitchen: TestFolder) throws {
        try kitchen.write("larder.json", #"{"title": "Leak test", "baseURL": "https://example.org/k/", "current": "hidden-alpha"}"#)
        try kitchen.write("favorites.json", #"{"lists": ["hidden-alpha", "weekly"], "recipes": ["soup"]}"#)
        try kitchen.write("recipes/soup.md", "---\ntitle: Soup\nimage: images/soup.png\n---\n## Ingredients\n\n- 1 l water\n- 2 carrots\n")
        try kitchen.write("lists/weekly.md", "---\ntitle: Weekly\n---\n- [ ] 2 avocados\n- [ ] 1 l milk #dairy\n")
        try kitchen.write("lists/party-public.json", #"{"title": "Open house", "items": [{"name": "bread", "category": "bakery"}]}"#)
        try kitchen.write("lists/hidden-alpha.md", """
            ---
            title: Zebracorn surprise party
            visibility: unlisted
            members: [for-auntie-qzv]
            recipes:
              - recipe: soup
                servings: 2
            ---
            - [ ] 12 glitterbomb candles #household (note-xylophone-kwz)
            - [ ] 1 vintage-marzipan-wxq #bakery

            """)
        try kitchen.write("lists/hidden-beta.json", """
            {"title": "Quokka anniversary", "visibility": "unlisted", "kind": "checklist",
             "items": [{"name": "glitterbomb candles", "image": "images/cake.png"}]}
            """)
        try kitchen.write("images/soup.png", Pictures.png + Array("soup image\n".utf8))
        try kitchen.write("images/cake.png", Pictures.png + Array("an image only the unlisted list shows\n".utf8))
        try kitchen.write("images/unused.png", "UNUSED-IMAGE-MARKER-55aa\n")
        try kitchen.write("images/.DS_Store", "DS-STORE-MARKER-1b7c\n")
        try kitchen.write("notes.txt", "STRAY-NOTES-MARKER-e07f\n")
        try kitchen.write(".larder-secret", "SECRET-MARKER-7f3a9c-do-not-publish\n")
        try kitchen.write(".git/config", "[core]\n\tbare = false\n# GITCONFIG-MARKER-b41d\n")
        try kitchen.write(".git/HEAD", "ref: refs/heads/main\n")
        try kitchen.write(".env", "TOKEN=DOTENV-MARKER-c92e\n")
        try kitchen.write(".hidden/page.html", "<p>HIDDEN-FOLDER-MARKER-a9f0</p>\n")
        // An override the site uses (its comment renders nothing) and a file
        // in templates/ that is not part of a theme.
        let card = try String(contentsOf: Repository.root.appendingPathComponent("Templates/list-card.mustache"), encoding: .utf8)
        try kitchen.write("templates/list-card.mustache", "{{! TEMPLATE-COMMENT-MARKER-d3b1 }}\n" + card)
        try kitchen.write("templates/notes.txt", "TEMPLATE-STRAY-MARKER-8c2e\n")
    }

    /// Every regular file under `folder`: relative path to bytes.
    static func files(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
            let url = folder.appendingPathComponent(path)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = try Data(contentsOf: url)
            }
        }
        return files
    }

    @Test func nothingUnlistedSecretOrUnusedIsPublished() throws {
        let kitchen = try TestFolder("kitchen")
        try Self.writeKitchen(kitchen)
        let site = kitchen.url.deletingLastPathComponent().appendingPathComponent("site")
        // The secret comes from .larder-secret, as `larder init` sets it up.
        let check = try ProcessResult.run(Repository.binary, ["check", kitchen.url.path])
        #expect(check.status == 0, "\(check.stderr)")
        let build = try ProcessResult.run(Repository.binary, ["build", kitchen.url.path, "-o", site.path])
        try #require(build.status == 0, "\(build.stderr)")
        let output = try Self.files(site)

        // The unlisted lists' own files, at the addresses only the secret gives.
        var own: [String: Set<String>] = [:]
        for list in ["hidden-alpha", "hidden-beta"] {
            let folders = output.keys.filter { $0.hasPrefix("lists/") && $0.hasSuffix("/index.html") }
                .filter { path in String(decoding: output[path]!, as: UTF8.self).contains(list == "hidden-alpha" ? "Zebracorn" : "Quokka") }
                .filter { !$0.contains("/print/") }
            let page = try #require(folders.count == 1 ? folders.first : nil, "\(list): pages \(folders)")
            let token = String(page.dropFirst("lists/".count).dropLast("/index.html".count))
            #expect(token.count == 32 && token.allSatisfy(\.isHexDigit), "\(list) is published at \(page)")
            own[token] = Set(["lists/\(token)/index.html", "lists/\(token).txt", "lists/\(token)/print/index.html"])
                .intersection(output.keys)
        }
        let ownFiles = own.values.reduce(Set<String>()) { $0.union($1) }
        #expect(ownFiles.count == 5, "the unlisted lists' own files: \(ownFiles.sorted())")

        for (path, bytes) in output.sorted(by: { $0.key < $1.key }) {
            let text = String(decoding: bytes, as: UTF8.self)
            for marker in Self.secretMarkers where text.contains(marker) {
                Issue.record("\(path) holds \(marker)")
            }
            if !ownFiles.contains(path) {
                for marker in Self.unlistedMarkers + Array(own.keys) where text.contains(marker) || path.contains(marker) {
                    Issue.record("\(path) holds \(marker), which belongs to an unlisted list")
                }
            }
            // A list's page links to no other list's own files.
            for (token, files) in own where !files.contains(path) && text.contains(token) {
                Issue.record("\(path) links the unlisted list at \(token)")
            }
        }

        // From the data folder, only the images pages show: nothing else by
        // name (templates/, dot-files, stray notes, unused images).
        let data = try Self.files(kitchen.url)
        let copied = Set(output.keys).intersection(data.keys)
        #expect(copied == ["images/soup.png", "images/cake.png"], "copied from the data folder: \(copied.sorted())")
        for path in output.keys {
            let parts = path.split(separator: "/")
            #expect(path == ".larder-site" || !parts.contains { $0.hasPrefix(".") }, "dot-file published: \(path)")
            #expect(parts.first != "templates", "templates/ published: \(path)")
        }
        // The sitemap and the search index name no unlisted list.
        let sitemap = String(decoding: output["sitemap.xml"] ?? Data(), as: UTF8.self)
        #expect(sitemap.contains("lists/weekly/") && !own.keys.contains { sitemap.contains($0) })
    }
}
