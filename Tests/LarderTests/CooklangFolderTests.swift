import Foundation
@testable import LarderTestSupport
@testable import Larder
import LarderCooklang
import LarderCore
import Testing

/// Cooklang files in the data folder: found anywhere (but never in dot
/// folders, templates/, images/, config/ or a site built inside), with ids
/// made from their paths, and pictures beside them.
@Suite struct CooklangFolderTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 24)

    static func files(_ folder: TestFolder) throws -> [String: String] {
        let (files, _) = try DataFolder(folder.url).scan()
        return Dictionary(uniqueKeysWithValues: files.filter { $0.format == .cooklang }.map { ($0.path, $0.id) })
    }

    @Test func idsAreMadeFromPaths() {
        #expect(DataFolder.cooklangID("Easy Pancakes.cook", kind: .recipe) == "easy-pancakes")
        #expect(DataFolder.cooklangID("Breakfast/Easy Pancakes.cook", kind: .recipe) == "breakfast-easy-pancakes")
        #expect(DataFolder.cooklangID("recipes/pancakes.cook", kind: .recipe) == "pancakes")
        #expect(DataFolder.cooklangID("lists/Week 1.menu", kind: .list) == "week-1")
        #expect(DataFolder.cooklangID("recipes/Week 1.menu", kind: .list) == "recipes-week-1")
        #expect(DataFolder.cooklangID("Crème Brûlée.cook", kind: .recipe) == "creme-brulee")
        // No ASCII letter: a code from the path, the same on every run.
        let ramen = DataFolder.cooklangID("ラーメン.cook", kind: .recipe)
        // As docs/format.md gives it: FNV-1a of the path, so the same on every machine.
        #expect(ramen == "recipe-00631468")
        #expect(DataFolder.cooklangID("ラーメン.cook", kind: .recipe) == ramen)
        #expect(DataFolder.cooklangID("うどん.cook", kind: .recipe) != ramen)
        #expect(DataFolder.cooklangID("Japan/ラーメン.cook", kind: .recipe).hasPrefix("japan-recipe-"))
    }

    @Test func aPathOnTheCommandLineIsTheFilesId() {
        #expect(Identifier.id(forReference: "pancakes") == "pancakes")
        #expect(Identifier.id(forReference: "Breakfast/Easy Pancakes") == "breakfast-easy-pancakes")
        #expect(Identifier.id(forReference: "./Breakfast/Easy Pancakes.cook") == "breakfast-easy-pancakes")
        #expect(Identifier.id(forReference: "recipes/pancakes.md") == "pancakes")
        #expect(Identifier.id(forReference: "Plans/Week 1.menu", kind: .list) == "plans-week-1")
    }

    @Test func cooklangFilesAreFoundAnywhereButWhereLarderNeverReads() throws {
        let folder = try TestFolder()
        for path in [
            "Easy Pancakes.cook", "Breakfast/Easy Pancakes.cook", "Shared/Pizza Dough.cook", "recipes/pancakes.cook",
            "recipes/Sides/Rice.cook", "lists/Week 1.menu", "Plans/Week 2.menu", "ラーメン.cook",
            ".git/stash.cook", "Breakfast/.hidden/x.cook", "templates/x.cook", "images/x.cook", "config/x.cook",
            "_site/recipes/copy.cook", "public/deep.cook",
        ] {
            try folder.write(path, "Mix.\n")
        }
        // A site built inside the data folder holds Larder's marker.
        try folder.write("_site/.larder-site", "")
        let files = try Self.files(folder)
        #expect(files.keys.sorted() == [
            "Breakfast/Easy Pancakes.cook", "Easy Pancakes.cook", "Plans/Week 2.menu", "Shared/Pizza Dough.cook",
            "lists/Week 1.menu", "public/deep.cook", "recipes/Sides/Rice.cook", "recipes/pancakes.cook", "ラーメン.cook",
        ])
        #expect(files["recipes/Sides/Rice.cook"] == "sides-rice")
        let result = try KitchenLoader.load(folder.url)
        #expect(result.report.diagnostics.isEmpty, "\(result.report.diagnostics)")
        #expect(result.kitchen.recipe("breakfast-easy-pancakes")?.title == "Easy Pancakes")
        #expect(result.kitchen.list("week-1")?.title == "Week 1")
        #expect(result.kitchen.list("plans-week-2")?.path == "Plans/Week 2.menu")
    }

    @Test func twoFilesWithOneIdAreAnErrorNamingBoth() throws {
        let folder = try TestFolder()
        try folder.write("recipes/easy-pancakes.md", "---\ntitle: Pancakes\n---\n")
        try folder.write("Easy Pancakes.cook", "Mix.\n")
        try folder.write("easy pancakes.cook", "Mix.\n")
        let result = try KitchenLoader.load(folder.url)
        #expect(FixtureCase.render(result.report.diagnostics) == """
            Easy Pancakes.cook:1:1: error: 'Easy Pancakes.cook' and 'recipes/easy-pancakes.md' both have the id 'easy-pancakes' [duplicate-id]
              hint: keep one of them, or rename one (a Cooklang file's id is made from its path)
            easy pancakes.cook:1:1: error: 'easy pancakes.cook' and 'recipes/easy-pancakes.md' both have the id 'easy-pancakes' [duplicate-id]
              hint: keep one of them, or rename one (a Cooklang file's id is made from its path)
            """)
    }

    @Test func linksOutAreRefusedAndLoopsEnd() throws {
        let folder = try TestFolder()
        let outside = folder.url.deletingLastPathComponent().appendingPathComponent("outside-cook")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try "Secret.\n".write(to: outside.appendingPathComponent("secret.cook"), atomically: true, encoding: .utf8)
        try folder.write("Breakfast/Toast.cook", "Toast.\n")
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: folder.url.appendingPathComponent("Linked").path, withDestinationPath: outside.path)
        try fm.createSymbolicLink(atPath: folder.url.appendingPathComponent("Stolen.cook").path, withDestinationPath: outside.appendingPathComponent("secret.cook").path)
        // A link back up: walked once, not forever.
        try fm.createSymbolicLink(atPath: folder.url.appendingPathComponent("Breakfast/Again").path, withDestinationPath: "..")
        let result = try KitchenLoader.load(folder.url)
        #expect(result.kitchen.recipes.map(\.id) == ["breakfast-toast"])
        #expect(result.report.diagnostics.map(\.code).sorted() == ["path-escape", "path-escape"])
        #expect(Set(result.report.diagnostics.compactMap { $0.location?.path }) == ["Linked", "Stolen.cook"])
    }

    @Test func aFolderInRecipesWithNoCooklangFileIsStillReported() throws {
        let folder = try TestFolder()
        try folder.write("recipes/old/pancakes.md", "---\ntitle: P\n---\n")
        try folder.write("recipes/new/Pancakes.cook", "Mix.\n")
        let result = try KitchenLoader.load(folder.url)
        #expect(result.report.diagnostics.map(\.code) == ["unknown-file"])
        #expect(result.report.diagnostics.first?.location?.path == "recipes/old")
        #expect(result.kitchen.recipe("new-pancakes") != nil)
    }

    @Test func picturesBesideARecipeAreItsAndCheckedLikeAnyImage() throws {
        let folder = try TestFolder()
        try folder.write("Breakfast/Easy Pancakes.cook", "Mix.\n")
        try folder.write("Breakfast/Easy Pancakes.png", Self.png)
        try folder.write("Breakfast/Easy Pancakes.2.png", Self.png)
        try folder.write("Breakfast/Other.png", Self.png)
        try folder.write("Fake.cook", "Mix.\n")
        try folder.write("Fake.jpg", "<svg onload=alert(1)>")
        let (files, _) = try DataFolder(folder.url).scan()
        #expect(files.first { $0.path == "Breakfast/Easy Pancakes.cook" }?.images == ["Easy Pancakes.2.png", "Easy Pancakes.png"])
        let result = try KitchenLoader.load(folder.url)
        #expect(result.kitchen.recipe("breakfast-easy-pancakes")?.image == "Breakfast/Easy Pancakes.png")
        // A picture that is not one is refused, as in images/.
        #expect(result.report.diagnostics.map(\.code) == ["not-an-image"])
        #expect(result.report.diagnostics.first?.location?.path == "Fake.cook")
    }

    @Test func anImageBesideARecipeIsAllowedOnlyThere() {
        func beside(_ target: String, from path: String) -> Bool {
            CrossChecker.isBesideRecipe(Reference(kind: .image, target: target, location: SourceLocation(path: path, line: 1, column: 1)))
        }
        #expect(beside("Breakfast/a.jpg", from: "Breakfast/Easy Pancakes.cook"))
        #expect(beside("a.jpg", from: "Top.cook"))
        #expect(!beside("Other/a.jpg", from: "Breakfast/Easy Pancakes.cook"))
        #expect(!beside("recipes/a.jpg", from: "recipes/pancakes.md"))
    }

    @Test func aMissingSubRecipeIsReportedAtItsReference() throws {
        let folder = try TestFolder()
        try folder.write("Pizza.cook", "Mix.\n")
        let references = CooklangReaderTests.read(
            CooklangReaderTests.document([CooklangDocument.Section(name: nil, position: SourcePosition(line: 1, column: 1), blocks: [
                CooklangReaderTests.step(CooklangReaderTests.ingredient("Dough", at: SourcePosition(line: 2, column: 5)) { $0.recipePath = "Shared/Dough" }),
            ])]),
            path: "Pizza.cook"
        ).decoder.references
        let kitchen = try KitchenLoader.load(folder.url).kitchen
        let checker = CrossChecker(kitchen: kitchen, folder: try DataFolder(folder.url))
        let problems = checker.check(references: references)
        #expect(problems.map(\.code) == ["unknown-recipe"])
        #expect(problems.first?.location == SourceLocation(path: "Pizza.cook", line: 2, column: 5))
        #expect(problems.first?.message == #"unknown recipe "shared-dough""#)
    }

    @Test func shareAndPrintLoadCooklangFilesByIdOrPath() throws {
        let folder = try TestFolder()
        try folder.write("Breakfast/Easy Pancakes.cook", "Mix.\n")
        try folder.write("Plans/Week 1.menu", "Shop.\n")
        try folder.write("recipes/toast.md", "---\ntitle: Toast\n---\n")
        let loaded = try KitchenLoader.load(folder.url, selecting: KitchenSelection(
            lists: [Identifier.id(forReference: "Plans/Week 1", kind: .list)],
            recipes: [Identifier.id(forReference: "Breakfast/Easy Pancakes")]
        ))
        #expect(loaded.report.diagnostics.isEmpty, "\(loaded.report.diagnostics)")
        #expect(loaded.kitchen.recipes.map(\.id) == ["breakfast-easy-pancakes"])
        #expect(loaded.kitchen.lists.map(\.id) == ["plans-week-1"])
        #expect(loaded.recipeIDs.contains("toast") && loaded.recipeIDs.contains("breakfast-easy-pancakes"))
    }

    @Test func aCachedCooklangRecipeEqualsAFreshlyReadOne() throws {
        var recipe = Recipe(id: "breakfast-easy-pancakes", path: "Breakfast/Easy Pancakes.cook", title: "Easy Pancakes")
        recipe.cookware = ["pan", "whisk"]
        recipe.otherMetadata = [Detail(key: "difficulty", value: "easy")]
        recipe.directions = [
            DirectionSection(
                title: "Batter", steps: ["Whisk flour", "Rest"],
                marked: [[.text("Whisk "), .ingredient(name: "flour", line: 0), .cookware(name: "whisk")],
                         [.timer(name: "rest", text: "10 min", seconds: 600), .timer(name: "", text: "a while", seconds: nil), .ingredient(name: "salt", line: nil)]],
                stepImages: [nil, "Breakfast/Easy Pancakes.2.jpg"]
            ),
            DirectionSection(steps: ["Fry"]),
        ]
        var file = DataFile(kind: .recipe, format: .cooklang, path: recipe.path, id: recipe.id)
        file.images = ["Easy Pancakes.2.jpg"]
        let document = ReadDocument(file: file, bytes: [], content: .recipe(recipe), diagnostics: [], references: [])
        var writer = CacheWriter()
        writer.document(document)
        let back = try writer.bytes.withUnsafeBufferPointer { buffer in
            var reader = CacheReader(buffer)
            return try reader.document()
        }
        #expect(back.file == file)
        guard case .recipe(let decoded) = back.content else { Issue.record("not a recipe"); return }
        #expect(decoded == recipe)
    }

    @Test func theParseCacheReadsAgainARecipeWhosePicturesChanged() throws {
        let folder = try TestFolder()
        try folder.write("Soup.cook", "Stir.\n")
        var cache = DocumentCache()
        _ = try KitchenLoader.load(folder.url, cache: &cache)
        #expect(cache.lastReads == 1)
        _ = try KitchenLoader.load(folder.url, cache: &cache)
        #expect(cache.lastHits == 1)
        try folder.write("Soup.png", Self.png)
        let result = try KitchenLoader.load(folder.url, cache: &cache)
        #expect(cache.lastReads == 1)
        #expect(result.kitchen.recipe("soup")?.image == "Soup.png")
    }
}
