import Foundation
@testable import LarderTestSupport
import Larder
import Testing

/// `scripts/benchkitchen.py` writes the kitchens that `scripts/bench` and
/// `scripts/bench-serve` time. A kitchen with errors would time the error
/// path, and one without lists, sub-recipes or unlisted lists would skip
/// work real kitchens do; every size is made the same way, so a small one
/// shows it here.
@Suite struct BenchKitchenTests {
    static let script = Repository.root.appendingPathComponent("scripts/benchkitchen.py")
    static let recipes = 50

    /// Runs the generator for `recipes` recipes into `folder`/kitchen.
    static func generate(into folder: TestFolder, format: String = "mixed") throws -> URL {
        let kitchen = folder.url.appendingPathComponent("bench-kitchen")
        let images = Repository.examples.appendingPathComponent("images")
        let result = try ProcessResult.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", script.path, String(recipes), kitchen.path, "--images", images.path, "--format", format]
        )
        try #require(result.status == 0, "benchkitchen.py failed: \(result.stderr)")
        return kitchen
    }

    @Test func checksBuildsSharesAndPrintsWithoutWarnings() throws {
        let folder = try TestFolder()
        let kitchen = try Self.generate(into: folder)
        let environment = ["LARDER_SECRET": "a benchmark test secret"]

        let check = try ProcessResult.run(Repository.binary, ["check", kitchen.path])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stderr.hasSuffix(": no problems\n"), "\(check.stderr)")

        let site = folder.url.appendingPathComponent("site")
        let build = try ProcessResult.run(
            Repository.binary, ["build", kitchen.path, "-o", site.path], environment: environment
        )
        #expect(build.status == 0, "\(build.stderr)")

        // The list the benchmark shares and prints pulls in recipes.
        let share = try ProcessResult.run(Repository.binary, ["share", "weekly", "--dir", kitchen.path])
        #expect(share.status == 0, "\(share.stderr)")
        let sheet = folder.url.appendingPathComponent("sheet.html")
        let print = try ProcessResult.run(
            Repository.binary, ["print", "weekly", "--dir", kitchen.path, "-o", sheet.path], environment: environment
        )
        #expect(print.status == 0, "\(print.stderr)")
    }

    @Test func usesWhatRealKitchensUse() throws {
        let folder = try TestFolder()
        let result = try KitchenLoader.load(try Self.generate(into: folder))
        let kitchen = result.kitchen
        #expect(result.report.diagnostics == [], "\(FixtureCase.render(result.report.diagnostics))")
        #expect(kitchen.recipes.count == Self.recipes)
        #expect(kitchen.lists.count == Self.recipes / 10)
        #expect(Set(kitchen.recipes.map { ($0.path as NSString).pathExtension }) == ["md", "json"])
        #expect(Set(kitchen.lists.map { ($0.path as NSString).pathExtension }) == ["md", "json"])
        #expect(Set(kitchen.lists.map(\.kind)) == Set(ShoppingList.Kind.allCases))
        #expect(kitchen.lists.contains { $0.visibility == .unlisted })
        #expect(kitchen.recipes.contains { $0.ingredients.contains { $0.group != nil } })
        #expect(kitchen.recipes.contains { $0.ingredients.contains { $0.recipe != nil } })
        #expect(kitchen.recipes.contains { $0.directions.contains { $0.title != nil } })
        #expect(kitchen.recipes.contains { $0.image != nil })
        #expect(kitchen.stores.count >= 3 && kitchen.stores.allSatisfy { !$0.aisles.isEmpty })
        #expect(!kitchen.favorites.recipes.isEmpty)
        let current = try #require(kitchen.currentList)
        #expect(current.id == "weekly" && current.recipes.count == 3)
        let items = current.items
        #expect(items.contains { $0.store != nil } && items.contains { $0.category != nil })
    }

    /// `--format cook` (what `scripts/bench --compare-cook` times) is the
    /// same recipes as `--format markdown`, as .cook files in folders, read
    /// without a diagnostic, sub-recipes and the lists' recipes found.
    @Test
    func cookFormatIsTheSameRecipesInCooklang() throws {
        let first = try TestFolder(), second = try TestFolder()
        let cook = try KitchenLoader.load(try Self.generate(into: first, format: "cook"))
        let markdown = try KitchenLoader.load(try Self.generate(into: second, format: "markdown"))
        #expect(cook.report.diagnostics == [], "\(FixtureCase.render(cook.report.diagnostics))")
        #expect(markdown.report.diagnostics == [], "\(FixtureCase.render(markdown.report.diagnostics))")
        let recipes = cook.kitchen.recipes
        #expect(Set(recipes.map { ($0.path as NSString).pathExtension }) == ["cook"])
        #expect(Set(markdown.kitchen.recipes.map { ($0.path as NSString).pathExtension }) == ["md"])
        #expect(recipes.contains { $0.path.hasPrefix("recipes/") } && recipes.contains { $0.path.hasPrefix("Dinner/") })
        func summary(_ kitchen: Kitchen) -> [String] {
            kitchen.recipes.map { "\($0.title), \($0.servings ?? 0), \($0.directions.map(\.steps.count))" }.sorted()
        }
        #expect(summary(cook.kitchen) == summary(markdown.kitchen))
        #expect(recipes.contains { $0.ingredients.contains { $0.recipe.flatMap(cook.kitchen.recipe) != nil } })
        #expect(recipes.allSatisfy { $0.directions.allSatisfy { $0.marked != nil } })
        #expect(recipes.contains { !$0.cookware.isEmpty })
        let current = try #require(cook.kitchen.currentList)
        #expect(current.recipes.count == 3 && current.recipes.allSatisfy { cook.kitchen.recipe($0.recipe) != nil })
    }

    @Test func sameSizeSameBytes() throws {
        let first = try TestFolder(), second = try TestFolder()
        let a = try Self.generate(into: first), b = try Self.generate(into: second)
        let files = try Self.files(a)
        #expect(files.count > Self.recipes)
        #expect(files == (try Self.files(b)))
        for path in files {
            let left = try Data(contentsOf: a.appendingPathComponent(path))
            let right = try Data(contentsOf: b.appendingPathComponent(path))
            #expect(left == right, "\(path) differs between two runs")
        }
    }

    static func files(_ folder: URL) throws -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        var paths: [String] = []
        while let path = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            let file = folder.appendingPathComponent(path).path
            if FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), !isFolder.boolValue {
                paths.append(path)
            }
        }
        return paths.sorted()
    }
}
