import Foundation
import Larder
@testable import LarderTestSupport
import Testing

/// `larder import` through the real binary: files written beside what is
/// there and never over it, the same page twice, a page with no recipe,
/// --dry-run, exit statuses.
@Suite struct ImportCommandTests {
    let larder = Repository.binary

    static let page = """
        <!doctype html><html><head><title>Pancakes | Blog</title>
        <link rel="canonical" href="https://example.com/pancakes/">
        <script type="application/ld+json">{"@context":"https://schema.org","@type":"Recipe","name":"Pancakes",
        "recipeYield":"4 servings","totalTime":"PT25M","recipeIngredient":["200 g flour","2 eggs","300 ml milk"],
        "recipeInstructions":[{"@type":"HowToStep","text":"Whisk."},{"@type":"HowToStep","text":"Fry."}]}</script>
        </head><body><h1>Pancakes</h1></body></html>
        """

    @Test func importsBesideATakenIdThenSkipsTheSamePage() throws {
        let folder = try TestFolder("kitchen")
        try folder.write("recipes/pancakes.md", "---\ntitle: Mine\n---\n")
        try folder.write("saved/pancakes.html", Self.page)
        let first = try ProcessResult.run(larder, ["import", "saved/pancakes.html"], in: folder.url)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "recipes/pancakes-2.md  Pancakes  (from saved/pancakes.html)\n")
        #expect(first.stderr == "larder: note: recipes/pancakes-2.md: recipes/pancakes.md is taken\n")
        #expect(try String(contentsOf: folder.url.appendingPathComponent("recipes/pancakes.md"), encoding: .utf8) == "---\ntitle: Mine\n---\n")
        let written = try String(contentsOf: folder.url.appendingPathComponent("recipes/pancakes-2.md"), encoding: .utf8)
        #expect(written.contains("servings: 4\ntotal_time: 25 min\nsource: \"https://example.com/pancakes/\"\n"))
        #expect(written.contains("- 200 g flour\n- 2 eggs\n- 300 ml milk\n"))

        let again = try ProcessResult.run(larder, ["import", "saved/pancakes.html"], in: folder.url)
        #expect(again.status == 0)
        #expect(again.stdout.isEmpty)
        #expect(again.stderr == "larder: note: saved/pancakes.html: 'Pancakes' is already imported as recipes/pancakes-2.md; skipped\n")

        let check = try ProcessResult.run(larder, ["check", "."], in: folder.url)
        #expect(check.status == 0, "\(check.stderr)")
    }

    /// A page with two recipes (a cake and its frosting) gives both, though
    /// they share the page's address; importing it again skips each as
    /// itself, by content, as two files of the folder now have that source.
    @Test func aPageWithTwoRecipesImportsBothAndThenSkipsEach() throws {
        let folder = try TestFolder("kitchen")
        try folder.write("cake.html", """
            <!doctype html><html><head><link rel="canonical" href="https://example.com/cake/">
            <script type="application/ld+json">{"@context":"https://schema.org","@graph":[
            {"@type":"Recipe","name":"Carrot cake","recipeIngredient":["300 g carrots","200 g flour"],"recipeInstructions":["Bake."]},
            {"@type":"Recipe","name":"Cream cheese frosting","recipeIngredient":["200 g cream cheese","50 g butter"],"recipeInstructions":["Beat."]}
            ]}</script></head><body></body></html>
            """)
        let first = try ProcessResult.run(larder, ["import", "cake.html"], in: folder.url)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == """
            recipes/carrot-cake.md  Carrot cake  (from cake.html)
            recipes/cream-cheese-frosting.md  Cream cheese frosting  (from cake.html)

            """)
        let again = try ProcessResult.run(larder, ["import", "cake.html"], in: folder.url)
        #expect(again.status == 0 && again.stdout.isEmpty, "\(again.stdout)")
        #expect(again.stderr == """
            larder: note: cake.html: 'Carrot cake' is already imported as recipes/carrot-cake.md (the same title and ingredients); skipped
            larder: note: cake.html: 'Cream cheese frosting' is already imported as recipes/cream-cheese-frosting.md (the same title and ingredients); skipped

            """)
    }

    @Test func aPageWithNoRecipeFailsTheRunButNotTheOthers() throws {
        let folder = try TestFolder("kitchen")
        try folder.write("news.html", "<html><body><p>No recipe here.</p></body></html>")
        try folder.write("tea.json", #"{"@type":"Recipe","name":"Tea","recipeIngredient":["1 tea bag"]}"#)
        let result = try ProcessResult.run(larder, ["import", "news.html", "tea.json", "missing.html", "--dir", "."], in: folder.url)
        #expect(result.status == 1)
        #expect(result.stdout == "recipes/tea.md  Tea  (from tea.json)\n")
        #expect(result.stderr.contains("larder: error: no recipe found on the page file://"))
        #expect(result.stderr.contains("larder: error: missing.html: no such file\n"))
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("recipes/tea.md").path))
    }

    @Test func aDryRunWritesNothing() throws {
        let folder = try TestFolder("kitchen")
        try folder.write("p.html", Self.page)
        let result = try ProcessResult.run(larder, ["import", "p.html", "--dry-run"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("==> recipes/pancakes.md <==\n---\ntitle: Pancakes\n"))
        #expect(result.stdout.hasSuffix("recipes/pancakes.md  Pancakes  (from p.html)\n"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("recipes").path))
    }

    @Test func noSuchFolderIsWrongUsage() throws {
        let folder = try TestFolder("kitchen")
        try folder.write("p.html", Self.page)
        let result = try ProcessResult.run(larder, ["import", "p.html", "--dir", "nowhere"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr == "larder: error: nowhere: no such folder; give the data folder with --dir, or make one with 'larder init'\n")
    }

    @Test func jsonForScripts() throws {
        let folder = try TestFolder("kitchen")
        try folder.write("p.html", Self.page)
        try folder.write("n.html", "<p>nothing</p>")
        let result = try ProcessResult.run(larder, ["import", "p.html", "n.html", "--format", "json"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.stderr.isEmpty)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let imported = try #require(document["imported"] as? [[String: Any]])
        #expect(imported.count == 1)
        #expect(imported.first?["path"] as? String == "recipes/pancakes.md")
        #expect(imported.first?["url"] as? String == "https://example.com/pancakes/")
        #expect((document["skipped"] as? [Any])?.isEmpty == true)
        let failed = try #require(document["failed"] as? [[String: Any]])
        #expect(failed.first?["source"] as? String == "n.html")
        #expect((failed.first?["reason"] as? String)?.hasPrefix("no recipe found on the page") == true)
    }

    @Test func forceReplacesTheTakenFileAndImportsAgain() throws {
        let folder = try TestFolder("kitchen")
        try folder.write("recipes/pancakes.md", "---\ntitle: Mine\n---\n")
        try folder.write("p.html", Self.page)
        let first = try ProcessResult.run(larder, ["import", "p.html", "--force"], in: folder.url)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "recipes/pancakes.md  Pancakes  (from p.html)\n")
        #expect(first.stderr == "larder: note: recipes/pancakes.md is replaced (--force)\n")
        let written = try String(contentsOf: folder.url.appendingPathComponent("recipes/pancakes.md"), encoding: .utf8)
        #expect(written.hasPrefix("---\ntitle: Pancakes\n"))
        // Imported already: without --force skipped, with it written again.
        let again = try ProcessResult.run(larder, ["import", "p.html", "--force"], in: folder.url)
        #expect(again.stdout == "recipes/pancakes.md  Pancakes  (from p.html)\n")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("recipes").path)
        #expect(names == ["pancakes.md"])
        // A folder where the file would be is not replaced.
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("recipes/pancakes.md"))
        try folder.write("recipes/pancakes.md/x", "")
        let blocked = try ProcessResult.run(larder, ["import", "p.html", "--force"], in: folder.url)
        #expect(blocked.status == 1)
        #expect(blocked.stderr.contains("larder: error: p.html: already there: recipes/pancakes.md\n"))
    }

    @Test func aFolderImportsEveryFileItReadsSortedWithFailuresListed() throws {
        let folder = try TestFolder("kitchen")
        try folder.write("from/b/Pizza.cook", "Top @./Shared/Dough{1%batch} with @cheese{100%g}.\n")
        try folder.write("from/Shared/Dough.cook", "---\ntitle: Pizza dough\n---\nMix @flour{500%g} and @water{300%ml}.\n")
        try folder.write("from/a.html", Self.page)
        try folder.write("from/broken.cook", "Mix @flour{1/0%cup}.\n")
        try folder.write("from/notes.txt", "not a recipe")
        try folder.write("from/.hidden.cook", "Mix @salt.\n")
        // The data folder is apart: Cooklang files in it would be read as its own.
        try folder.write("data/.keep", "")
        let result = try ProcessResult.run(larder, ["import", "from", "--dir", "data"], in: folder.url)
        #expect(result.status == 1)
        // Sorted by path, byte by byte (as `ls` in the C locale): the same order on every machine.
        #expect(result.stdout == """
            data/recipes/pizza-dough.md  Pizza dough  (from from/Shared/Dough.cook)
            data/recipes/pancakes.md  Pancakes  (from from/a.html)
            data/recipes/pizza.md  Pizza  (from from/b/Pizza.cook)

            """)
        #expect(result.stderr.contains("larder: error: from/broken.cook:1:12: the quantity \"1/0\" divides by zero"))
        let pizza = try String(contentsOf: folder.url.appendingPathComponent("data/recipes/pizza.md"), encoding: .utf8)
        #expect(pizza.contains("- 1 batch [Dough](pizza-dough)\n- 100 g cheese\n"))
        let check = try ProcessResult.run(larder, ["check", "data"], in: folder.url)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")

        try folder.write("empty/notes.txt", "")
        let empty = try ProcessResult.run(larder, ["import", "empty", "--dir", "data"], in: folder.url)
        #expect(empty.status == 1)
        #expect(empty.stderr == "larder: error: empty: the folder holds no file import reads (.html, .json, .cook, an export)\n")
    }

    @Test func theSameRecipeFromAnotherFileIsSkippedByItsContent() throws {
        let folder = try TestFolder("kitchen")
        let tea = #"{"@type":"Recipe","name":"Green Tea","recipeIngredient":["1 tea bag","250 ml  water"]}"#
        try folder.write("tea.json", tea)
        // Saved again: another name, the title's case and the spacing changed.
        try folder.write("saved/tea copy.json", tea.replacingOccurrences(of: "Green Tea", with: "Green tea")
            .replacingOccurrences(of: "250 ml  water", with: "250 ml water"))
        try folder.write("other.json", tea.replacingOccurrences(of: "1 tea bag", with: "2 tea bags"))
        let first = try ProcessResult.run(larder, ["import", "tea.json"], in: folder.url)
        #expect(first.status == 0, "\(first.stderr)")
        let again = try ProcessResult.run(larder, ["import", "saved/tea copy.json", "other.json"], in: folder.url)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout == "recipes/green-tea-2.md  Green Tea  (from other.json)\n")
        #expect(again.stderr == """
            larder: note: saved/tea copy.json: 'Green tea' is already imported as recipes/green-tea.md (the same title and ingredients); skipped
            larder: note: recipes/green-tea-2.md: recipes/green-tea.md is taken

            """)

        // In one run, too; --force imports it anyway.
        let fresh = try TestFolder("kitchen")
        try fresh.write("a.json", tea)
        try fresh.write("b.json", tea)
        let once = try ProcessResult.run(larder, ["import", "a.json", "b.json", "--format", "json"], in: fresh.url)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(once.stdout.utf8)) as? [String: Any])
        let skipped = try #require(document["skipped"] as? [[String: Any]])
        #expect(skipped.count == 1)
        #expect(skipped.first?["existing"] as? String == "recipes/green-tea.md")
        #expect(skipped.first?["same"] as? String == "content")
        let forced = try ProcessResult.run(larder, ["import", "b.json", "--force"], in: fresh.url)
        #expect(forced.status == 0)
        #expect(forced.stdout == "recipes/green-tea.md  Green Tea  (from b.json)\n")
    }

    @Test func aCooklangPictureIsCopiedWithItsRecipe() throws {
        let folder = try TestFolder("kitchen")
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0, count: 60)
        try folder.write("../cook/Easy Pancakes.cook", ">> servings: 2\nMix @flour{200%g} and @eggs{2}.\n")
        try folder.write("../cook/Easy Pancakes.jpg", jpeg)
        try folder.write("../cook/Easy Pancakes.2.jpg", jpeg)
        try folder.write("../cook/Toast.cook", "Toast @bread{2%slices}.\n")
        try folder.write("../cook/Toast.png", Array("<svg onload='x()'></svg>".utf8))
        let result = try ProcessResult.run(larder, ["import", "../cook"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == """
            larder: note: recipes/easy-pancakes.md: wrote its picture images/easy-pancakes.jpg (from Easy Pancakes.jpg)
            larder: warning: recipes/easy-pancakes.md: the steps' pictures beside the file are not copied: Easy Pancakes.2.jpg
            larder: warning: recipes/toast.md: the picture from Toast.png is not written: it is an SVG image (which can hold scripts)

            """)
        #expect(Array(try Data(contentsOf: folder.url.appendingPathComponent("images/easy-pancakes.jpg"))) == jpeg)
        let pancakes = try String(contentsOf: folder.url.appendingPathComponent("recipes/easy-pancakes.md"), encoding: .utf8)
        #expect(pancakes.hasPrefix("---\ntitle: Easy Pancakes\nservings: 2\nimage: images/easy-pancakes.jpg\n---\n"), "\(pancakes)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("images").path) == ["easy-pancakes.jpg"])
        let check = try ProcessResult.run(larder, ["check", "."], in: folder.url)
        #expect(check.status == 0 && check.stdout.isEmpty, "\(check.stdout)\(check.stderr)")
        #expect(check.stderr == "checked 2 files: no problems\n")

        // Again with --force: the recipe and its picture replaced, nothing added.
        let forced = try ProcessResult.run(larder, ["import", "../cook/Easy Pancakes.cook", "--force"], in: folder.url)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(forced.stderr.hasPrefix("larder: note: recipes/easy-pancakes.md is replaced (--force)\nlarder: note: recipes/easy-pancakes.md: replaced its picture images/easy-pancakes.jpg"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("images").path) == ["easy-pancakes.jpg"])
    }
}
