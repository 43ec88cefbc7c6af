import Foundation
@testable import LarderTestSupport
import Testing

/// The real `larder` binary: exit codes, where output goes, formats.
@Suite struct CLITests {
    let larder = Repository.binary

    @Test func exampleKitchenChecksClean() throws {
        let result = try ProcessResult.run(larder, ["check", Repository.examples.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.hasSuffix(": no problems\n"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    /// For a folder of 200 data files or more, `larder check` keeps its
    /// parse cache in the user's cache folder; `--no-cache` neither reads
    /// nor writes one, and both report the same.
    @Test func checkKeepsAParseCacheForALargeFolder() throws {
        let folder = try TestFolder()
        try GeneratedKitchen.make(at: folder.url.appendingPathComponent("kitchen"), recipes: 200, lists: 5)
        let caches = folder.url.appendingPathComponent("caches")
        let environment = ["XDG_CACHE_HOME": caches.path]
        let plain = try ProcessResult.run(larder, ["check", "--no-cache", "kitchen"], in: folder.url, environment: environment)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(!FileManager.default.fileExists(atPath: caches.path))
        for _ in 0..<2 {
            let cached = try ProcessResult.run(larder, ["check", "kitchen"], in: folder.url, environment: environment)
            #expect(cached.status == 0 && cached.stderr == plain.stderr, "\(cached.stderr)")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: caches.appendingPathComponent("larder").path)
        // One cache (and perhaps its delta), for the one folder.
        #expect(files.filter { !$0.contains(".") }.count == 1 && files.allSatisfy { $0.hasPrefix("check-") }, "\(files)")
    }

    @Test func warningsAsErrorsTurnsWarningsIntoExit1() throws {
        let folder = try TestFolder()
        try folder.write("lists/weekly.md", "---\ntitle: Weekly\n---\n- [ ] 2 zorblax\n")
        let plain = try ProcessResult.run(larder, ["check", folder.url.path])
        #expect(plain.status == 0)
        #expect(plain.stderr.contains("warning: no category for \"zorblax\""))
        let strict = try ProcessResult.run(larder, ["check", "--warnings-as-errors", folder.url.path])
        #expect(strict.status == 1)
    }

    @Test func dataErrorsExit1WithSourceLineCaretAndSummary() throws {
        let folder = try TestFolder()
        try folder.write("lists/weekly.md", "---\ntitle: Weekly\n---\n- [ ] 1 kg apples @farmers-markt\n")
        let result = try ProcessResult.run(larder, ["check", "."], in: folder.url)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        let expected = """
            lists/weekly.md:4:19: error: unknown store "farmers-markt" [unknown-store]
             4 | - [ ] 1 kg apples @farmers-markt
               |                   ^
               = hint: there are no stores defined yet; define it under "stores" in larder.json
            checked 1 file: 1 error, 0 warnings

            """
        #expect(result.stderr == expected)
    }

    @Test func pathsArePrefixedWithTheFolderAsGiven() throws {
        let folder = try TestFolder("kitchen")
        try folder.write("recipes/soup.md", "---\ntitle: Soup\nservings: 2.5\n---\n")
        let parent = folder.url.deletingLastPathComponent()
        let result = try ProcessResult.run(larder, ["check", "kitchen"], in: parent)
        #expect(result.stderr.hasPrefix("kitchen/recipes/soup.md:3:11: error: servings: must be a number of servings such as 4, or a range such as \"4-6\" [invalid-value]\n"))
    }

    @Test func jsonFormatGoesToStdout() throws {
        let folder = try TestFolder()
        try folder.write("favorites.json", "{\"recipes\": [\"pancakes\"]}")
        let result = try ProcessResult.run(larder, ["check", "--format", "json", "."], in: folder.url)
        #expect(result.status == 1)
        #expect(result.stderr.isEmpty)
        let expected = """
            {
              "files": 1,
              "errors": 1,
              "warnings": 0,
              "diagnostics": [
                {"severity": "error", "code": "unknown-recipe", "message": "unknown recipe \\"pancakes\\"", "path": "favorites.json", "line": 1, "column": 14, "hint": "there are no recipes defined yet; recipes are the files in recipes/"}
              ]
            }

            """
        #expect(result.stdout == expected)
        #expect(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) is [String: Any])
    }

    @Test func githubFormatPrintsWorkflowCommands() throws {
        let folder = try TestFolder("kitchen")
        try folder.write("recipes/soup.md", "---\ntitle: Soup\nprep_time: ten minutes\n---\n")
        let result = try ProcessResult.run(larder, ["check", "--format", "github", "kitchen"], in: folder.url.deletingLastPathComponent())
        #expect(result.status == 1)
        let expected = """
            ::error file=kitchen/recipes/soup.md,line=3,col=12,title=larder bad-format::prep_time%3A must be a duration such as "10 min", "1 h 15 min" or "PT1H15M"
            checked 1 file: 1 error, 0 warnings

            """
        // Messages escape only %, CR and LF; `:` is escaped in properties.
        #expect(result.stdout == expected.replacing("prep_time%3A", with: "prep_time:"))
    }

    @Test func missingFolderIsAUsageError() throws {
        let result = try ProcessResult.run(larder, ["check", "/nonexistent/kitchen"])
        #expect(result.status == 2)
        #expect(result.stderr == "larder: error: /nonexistent/kitchen: no such folder\n")
    }

    @Test func unknownOptionIsAUsageError() throws {
        let result = try ProcessResult.run(larder, ["check", "--frobnicate"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("Unknown option '--frobnicate'"))
    }

    @Test func badFormatValueIsAUsageError() throws {
        let result = try ProcessResult.run(larder, ["check", "--format", "xml"])
        #expect(result.status == 2)
    }

    @Test func helpDescribesExitCodes() throws {
        let result = try ProcessResult.run(larder, ["check", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Exit status: 0 no errors"))
    }
}

/// `larder share` through the real binary.
@Suite struct ShareCLITests {
    let larder = Repository.binary
    static let golden = Repository.root.appendingPathComponent("Tests/LarderSiteTests/Golden")

    @Test(arguments: [
        ([String](), "weekly.txt"), (["--ascii"], "weekly.ascii.txt"),
        (["--format", "markdown"], "weekly.md"), (["--format", "json"], "weekly.json"),
    ])
    func printsTheSameAsTheLibrary(_ options: [String], _ file: String) throws {
        let kitchen = Self.golden.appendingPathComponent("kitchen").path
        // Without LIST: the config's current list (weekly).
        let result = try ProcessResult.run(larder, ["share", "--dir", kitchen] + options)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let expected = try String(contentsOf: Self.golden.appendingPathComponent("share/\(file)"), encoding: .utf8)
        #expect(result.stdout == expected)
    }

    /// `larder share LIST` prints the site's `lists/LIST.txt`, byte for
    /// byte, for every kind of list: a checklist or a collection by its
    /// headings (not merged into a shopping plan by aisle), a shopping list
    /// from its plan.
    @Test func printsTheSitesTextOfEveryKindOfList() throws {
        let folder = try TestFolder()
        try folder.write("recipes/toast.md", "---\ntitle: Toast\nservings: 2\n---\n## Ingredients\n- 2 slices bread\n- 1 tbsp butter\n")
        try folder.write("lists/weekly.md", "---\ntitle: Weekly\nrecipes:\n  - recipe: toast\n    servings: 4\n---\n- [ ] 2 apples\n- [x] 1 ½ cups milk\n")
        try folder.write("lists/camping.md", """
            ---
            title: Camping
            kind: checklist
            ---
            ## Tent
            - [x] pegs
            - [ ] 2 poles (spare)
            ## Kitchen
            - [ ] 500 ml gas
            - [ ] 1 ½ cups rice

            """)
        try folder.write("lists/books.json", #"{"title": "Books", "kind": "collection", "items": [{"name": "Dune"}, {"name": "Salt", "checked": true, "note": "a re-read"}]}"#)
        let build = try ProcessResult.run(larder, ["build", ".", "-o", "_site"], in: folder.url)
        #expect(build.status == 0, "\(build.stderr)")
        for id in ["weekly", "camping", "books"] {
            let share = try ProcessResult.run(larder, ["share", id, "--dir", folder.url.path])
            #expect(share.status == 0, "\(share.stderr)")
            let site = try String(contentsOf: folder.url.appendingPathComponent("_site/lists/\(id).txt"), encoding: .utf8)
            #expect(share.stdout == site, "\(id)")
        }
        let camping = try ProcessResult.run(larder, ["share", "camping", "--dir", folder.url.path])
        #expect(camping.stdout == """
            Camping
            4 items, 3 left

            Tent
            ☑ pegs
            ☐ 2 poles (spare)

            Kitchen
            ☐ 500 ml gas
            ☐ 1 ½ cups rice

            """)
    }

    /// With a `baseURL`, a share ends with the list's address, as the
    /// site's text does; an unlisted list's is its secret address (sharing
    /// the list is sharing it), left out with a note when there is no secret.
    @Test func endsWithTheListsLinkWhenThereIsABaseURL() throws {
        let folder = try TestFolder()
        try folder.write("larder.json", #"{"title": "K", "baseURL": "https://example.org/k/"}"#)
        try folder.write("lists/weekly.md", "---\ntitle: Weekly\n---\n- [ ] 2 apples\n")
        try folder.write("lists/gift.md", "---\ntitle: Gift\nkind: checklist\nvisibility: unlisted\n---\n- [ ] a watch\n")
        let secret = ["LARDER_SECRET": "share-link-tests-secret-0123"]
        let build = try ProcessResult.run(larder, ["build", ".", "-o", "_site"], in: folder.url, environment: secret)
        #expect(build.status == 0, "\(build.stderr)")
        let weekly = try ProcessResult.run(larder, ["share", "weekly", "--dir", folder.url.path])
        #expect(weekly.stdout.hasSuffix("☐ 2 apples\n\nhttps://example.org/k/lists/weekly/\n"), "\(weekly.stdout)")
        let markdown = try ProcessResult.run(larder, ["share", "weekly", "--format", "markdown", "--dir", folder.url.path])
        #expect(markdown.stdout.hasSuffix("\n\n<https://example.org/k/lists/weekly/>\n"), "\(markdown.stdout)")

        let lists = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("_site/lists").path)
        let token = try #require(lists.first { !$0.hasSuffix(".txt") && $0 != "weekly" })
        let gift = try ProcessResult.run(larder, ["share", "gift", "--dir", folder.url.path], environment: secret)
        #expect(gift.status == 0 && gift.stderr.isEmpty, "\(gift.stderr)")
        #expect(gift.stdout.hasSuffix("\n\nhttps://example.org/k/lists/\(token)/\n"), "\(gift.stdout)")
        let site = try String(contentsOf: folder.url.appendingPathComponent("_site/lists/\(token).txt"), encoding: .utf8)
        #expect(gift.stdout == site)

        let noSecret = try ProcessResult.run(larder, ["share", "gift", "--dir", folder.url.path], environment: ["LARDER_SECRET": ""])
        #expect(noSecret.status == 0)
        #expect(noSecret.stdout.hasSuffix(" watch\n"), "\(noSecret.stdout)")
        #expect(noSecret.stderr == "larder: note: no link: gift is unlisted and its address needs LARDER_SECRET or .larder-secret\n")
    }

    @Test func unknownListIsAUsageErrorWithAHint() throws {
        let kitchen = Self.golden.appendingPathComponent("kitchen").path
        let result = try ProcessResult.run(larder, ["share", "weekyl", "--dir", kitchen])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "larder: error: unknown list \"weekyl\"; did you mean \"weekly\"?\n")
    }

    @Test func dataErrorsStopTheShare() throws {
        let folder = try TestFolder()
        try folder.write("lists/weekly.md", "---\ntitle: Weekly\nkind: 3\n---\n")
        let result = try ProcessResult.run(larder, ["share", "weekly", "--dir", folder.url.path])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("[unknown-value]"))
    }
}
