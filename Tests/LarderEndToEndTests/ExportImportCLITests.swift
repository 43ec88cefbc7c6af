import Foundation
@testable import LarderTestSupport
import Testing

/// Recipe apps' exports through the real `larder import`: every sample of
/// ../shared/conformance/imports that is an export of Paprika, Nextcloud
/// Cookbook, Mealie, Tandoor or Chowdown imports with the recipes its
/// README names, and the folder then checks with no error and builds.
@Suite(.enabled(if: ImportSamples.present, "conformance imports not found; skipping"))
struct ExportImportCLITests {
    let larder = Repository.binary

    /// Each sample, the files its recipes become, and each file's number of
    /// ingredient lines and steps (as the README counts them; a group's
    /// `###` heading counts as a line where the README counts Paprika's
    /// header lines).
    static let expected: [(sample: String, files: [(String, Int, Int)])] = [
        ("paprika/paprika.zip", [
            ("zucchinipuffer", 9, 1), ("zucchini-rolls-with-goat-cheese-and-mint", 12, 4),
            ("zweimal-gebratenes-hahnchen-mit-gemuse-und-nudeln", 17, 10),
            ("zwiebelrostbraten-mit-selbstgemachten-spatzle", 13, 5), ("zucchini-kartoffel-frittata", 9, 7),
        ]),
        ("nextcloud/nextcloud.zip", [("air-fryer-shrimp", 7, 6), ("chicken-parmigiana", 6, 3), ("skillet-shepherds-pie", 18, 8)]),
        ("mealie/mealie.zip", [
            ("pizza-dough-basics-with-babish", 9, 10), ("levain-chocolate-chip-cookies", 12, 11), ("old-fashioned-beef-stew", 12, 3),
        ]),
        ("tandoor/tandoor.zip", [("texas-red-chili", 12, 1)]),
        ("chowdown/chowdown.zip", [("roasted-brussels-sprouts", 6, 5), ("roasted-okra", 2, 4)]),
    ]

    /// The pictures each sample carries, written into images/ beside its
    /// recipes (named by the recipe's id, the extension by the bytes).
    static let pictures: [String: [String]] = [
        "paprika/paprika.zip": [
            "zucchini-kartoffel-frittata.jpg", "zucchini-rolls-with-goat-cheese-and-mint.jpg", "zucchinipuffer.jpg",
            "zweimal-gebratenes-hahnchen-mit-gemuse-und-nudeln.jpg", "zwiebelrostbraten-mit-selbstgemachten-spatzle.jpg",
        ],
        "nextcloud/nextcloud.zip": ["air-fryer-shrimp.jpg", "chicken-parmigiana.jpg"],
        "mealie/mealie.zip": ["levain-chocolate-chip-cookies.webp", "old-fashioned-beef-stew.webp", "pizza-dough-basics-with-babish.webp"],
        "tandoor/tandoor.zip": ["texas-red-chili.jpg"],
        "chowdown/chowdown.zip": ["roasted-brussels-sprouts.jpg", "roasted-okra.jpg"],
    ]

    @Test(arguments: 0..<expected.count)
    func sampleImportsChecksAndBuilds(_ index: Int) throws {
        let (sample, files) = Self.expected[index]
        let folder = try TestFolder("kitchen")
        try folder.write("larder.json", "{}")
        let source = ImportSamples.folder.appendingPathComponent(sample).path
        let result = try ProcessResult.run(larder, ["import", source, "--dir", "."], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) ?? "" } == files.map { "recipes/\($0.0).md" })
        #expect(!result.stderr.contains("error"), "\(result.stderr)")
        for (id, lines, steps) in files {
            let text = try String(contentsOf: folder.url.appendingPathComponent("recipes/\(id).md"), encoding: .utf8)
            let body = text.split(separator: "\n", omittingEmptySubsequences: false)
            let ingredients = body.drop { $0 != "## Ingredients" }.dropFirst().prefix { !$0.hasPrefix("## ") }
            let directions = body.drop { $0 != "## Directions" }.dropFirst().prefix { !$0.hasPrefix("## ") }
            #expect(ingredients.filter { $0.hasPrefix("- ") || $0.hasPrefix("### ") }.count == lines, "\(id)")
            #expect(directions.filter { $0.firstMatch(of: #/^\d+\. /#) != nil }.count == steps, "\(id)")
        }
        let images = (try? FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("images").path)) ?? []
        #expect(images.sorted() == Self.pictures[sample], "\(sample)")
        for picture in images {
            let id = picture.split(separator: ".").first.map(String.init) ?? ""
            let text = try String(contentsOf: folder.url.appendingPathComponent("recipes/\(id).md"), encoding: .utf8)
            #expect(text.contains("image: images/\(picture)"), "\(picture)")
        }
        let check = try ProcessResult.run(larder, ["check", "."], in: folder.url)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(!check.stdout.contains(": error:") && !check.stderr.contains(": error:"), "\(check.stderr)")
        let build = try ProcessResult.run(larder, ["build", ".", "-o", "_site"], in: folder.url)
        #expect(build.status == 0, "\(build.stderr)")
        for (id, _, _) in files {
            #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("_site/recipes/\(id)/index.html").path), "\(id)")
        }
    }

    @Test func anUnpackedExportFolderIsOneSourceNotItsFilesOneByOne() throws {
        let folder = try TestFolder("kitchen")
        try folder.write("data/.keep", "")
        // Nextcloud Cookbook's folder: schema.org JSON in recipe.json per recipe.
        try folder.write("cookbook/Soup/recipe.json", #"{"@type": "Recipe", "name": "Soup", "recipeIngredient": ["1 l water"], "recipeInstructions": ["Boil."]}"#)
        try folder.write("cookbook/Tea/recipe.json", #"{"@type": "Recipe", "name": "Tea", "recipeIngredient": ["1 tea bag"]}"#)
        try folder.write("cookbook/Tea/settings.json", #"{"folder": "/Recipes"}"#)
        let result = try ProcessResult.run(larder, ["import", "cookbook", "--dir", "data"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "data/recipes/soup.md  Soup  (from cookbook)\ndata/recipes/tea.md  Tea  (from cookbook)\n")
        #expect(result.stderr.isEmpty)
    }

    @Test func aFolderOfExportsImportsEachZip() throws {
        let folder = try TestFolder("kitchen")
        try folder.write("data/.keep", "")
        for sample in ["chowdown/chowdown.zip", "tandoor/tandoor.zip"] {
            let bytes = try Data(contentsOf: ImportSamples.folder.appendingPathComponent(sample))
            try folder.write("downloads/" + sample.split(separator: "/")[1], Array(bytes))
        }
        let result = try ProcessResult.run(larder, ["import", "downloads", "--dir", "data"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            data/recipes/roasted-brussels-sprouts.md  Roasted Brussels Sprouts  (from downloads/chowdown.zip)
            data/recipes/roasted-okra.md  Roasted Okra  (from downloads/chowdown.zip)
            data/recipes/texas-red-chili.md  “Texas Red” Chili  (from downloads/tandoor.zip)

            """)
    }

    @Test func anExportsBadRecipeIsAWarningAJunkZipAFailure() throws {
        let folder = try TestFolder("kitchen")
        try folder.write("mine/recipes/tea/tea.json", #"{"name": "Tea", "recipe_ingredient": [{"note": "1 tea bag"}], "recipe_instructions": []}"#)
        try folder.write("mine/recipes/empty/empty.json", "{}")
        try folder.write("junk.zip", Array("PK\u{5}\u{6}".utf8) + [UInt8](repeating: 0, count: 18))
        let result = try ProcessResult.run(larder, ["import", "mine", "junk.zip", "--format", "json"], in: folder.url)
        #expect(result.status == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((document["imported"] as? [[String: Any]])?.compactMap { $0["path"] as? String } == ["recipes/tea.md"])
        #expect((document["warnings"] as? [[String: Any]])?.compactMap { $0["message"] as? String }
            == ["mine: skipped recipes/empty/empty.json: no recipe in it (no title, ingredients or steps)"])
        #expect((document["failed"] as? [[String: Any]])?.compactMap { $0["reason"] as? String } == ["junk.zip: not a known export (it holds no files)"])
    }
}

/// ../shared/conformance/imports, read in place.
enum ImportSamples {
    static var folder: URL {
        Repository.root.appendingPathComponent("../shared/conformance/imports").standardizedFileURL
    }

    static var present: Bool { FileManager.default.fileExists(atPath: folder.path) }
}
