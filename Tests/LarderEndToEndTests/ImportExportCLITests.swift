import Foundation
@testable import LarderTestSupport
import Testing

/// App exports imported through the real binary, each into a fresh data
/// folder: the recipes the README of ../shared/conformance/imports counts
/// (Recipe Keeper: the fixture made in LarderTestSupport), files that
/// `larder check` passes without an error, a site that builds.
@Suite struct ImportExportCLITests {
    let larder = Repository.binary

    static var samples: URL {
        Repository.root.appendingPathComponent("../shared/conformance/imports").standardizedFileURL
    }

    static var present: Bool { FileManager.default.fileExists(atPath: samples.path) }

    /// Imports `source` into an empty folder, then checks and builds it;
    /// returns the titles imported, in order, and the folder.
    func importCheckBuild(_ source: URL) throws -> (titles: [String], folder: TestFolder) {
        let folder = try TestFolder("kitchen")
        let result = try ProcessResult.run(larder, ["import", source.path, "--dir", "kitchen", "--format", "json"], in: folder.url.deletingLastPathComponent())
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let imported = try #require(document["imported"] as? [[String: Any]])
        #expect((document["failed"] as? [Any])?.isEmpty == true)
        let check = try ProcessResult.run(larder, ["check", "kitchen"], in: folder.url.deletingLastPathComponent())
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(!check.stdout.contains("error"), "\(check.stdout)")
        let build = try ProcessResult.run(larder, ["build", "kitchen", "-o", "kitchen/_site"], in: folder.url.deletingLastPathComponent())
        #expect(build.status == 0, "\(build.stderr)")
        for entry in imported {
            let path = try #require(entry["path"] as? String)
            let id = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("_site/recipes/\(id)/index.html").path), "\(id)")
        }
        return (imported.compactMap { $0["title"] as? String }, folder)
    }

    @Test("Plan to Eat, My Recipe Box and Copy Me That samples import, check and build",
          .enabled(if: ImportExportCLITests.present, "conformance imports not found; skipping"),
          arguments: [
              ("plantoeat/plantoeat.zip", ["Test Recipe", "Test Recipe2"], "test-recipe"),
              ("copymethat/copymethat.zip", ["Classic Stuffed Shells", "Crockpot Cilantro Lime Chicken", "Spam Zoodles"], "spam-zoodles"),
              ("myrecipebox/myrecipebox.csv", [
                  "Air fryer Sliced potatoes", "Apple Spinach Salad", "Apple Strudel", "Autumn Squash Soup", "Baked Ziti", "Baklava Cookies",
                  "Balsamic Mushroom Wild Rice Soup", "Banana Cranberry Oatmeal Breakfast Cookies", "Banh Mi Sandwich", "Beef & Cheese Piroshki",
              ], "beef-cheese-piroshki"),
          ])
    func samples(path: String, titles: [String], slug: String) throws {
        let (imported, folder) = try importCheckBuild(Self.samples.appendingPathComponent(path))
        #expect(imported == titles)
        // The slug Mealie's test checks is the file's id here.
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("recipes/\(slug).md").path))
    }

    @Test("a Recipe Keeper export (the fixture) imports, checks and builds")
    func recipeKeeper() throws {
        let scratch = try TestFolder("exports")
        try scratch.write("recipekeeper.zip", try RecipeKeeperSample.zip())
        let (imported, folder) = try importCheckBuild(scratch.url.appendingPathComponent("recipekeeper.zip"))
        #expect(imported == RecipeKeeperSample.counts.map(\.title))
        let bread = try String(contentsOf: folder.url.appendingPathComponent("recipes/zucchini-bread.md"), encoding: .utf8)
        #expect(bread.contains("yield: \"2 loaves\"\nprep_time: 15 min\ncook_time: 1 h\ntotal_time: 1 h 15 min\n"))
    }

    @Test("a broken CSV fails with its line and column; a zip that is no export says so")
    func failures() throws {
        let folder = try TestFolder("kitchen")
        try folder.write("box.csv", "title,ingredients,instructions,preparationTime,originalPicture\nSoup,\"1 leek\n")
        try folder.write("other.csv", "item,price\nmilk,1\n")
        let result = try ProcessResult.run(larder, ["import", "box.csv", "other.csv"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == """
            larder: error: box.csv: a My Recipe Box export with no recipe that can be read: box.csv:2:6: a field's opening quote \
            is never closed, so the rest of the file would be one field (a quote inside a quoted field is written twice (""); \
            the export may have been cut short)
            """)
        // A CSV with other columns is no export (not a web page either).
        #expect(lines.count == 2 && lines[1].hasPrefix("larder: error: other.csv: ") && lines[1].contains("export"), "\(lines)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("recipes").path))
    }
}
