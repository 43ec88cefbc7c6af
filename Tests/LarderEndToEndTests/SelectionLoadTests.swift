import Foundation
@testable import LarderTestSupport
import Larder
import LarderCore
import Testing

/// `KitchenLoader.load(_:selecting:)`, the partial load behind `share` and
/// `print`: only the files a list needs are read, and they are checked
/// exactly as `check` checks them.
@Suite struct SelectionLoadTests {
    /// A list that pulls in a recipe with a sub-recipe, and files it does not use.
    static func kitchen() throws -> TestFolder {
        let folder = try TestFolder()
        try folder.write("larder.json", #"{"title": "Test", "stores": [{"id": "market", "name": "Market"}]}"#)
        try folder.write("lists/weekly.md", """
            ---
            title: Weekly
            recipes:
              - recipe: pizza
                servings: 4
            ---
            ## Produce
            - [ ] 2 lemons @market
            """)
        try folder.write("recipes/pizza.md", """
            ---
            title: Pizza
            servings: 2
            ---
            ## Ingredients
            - 1 batch [pizza dough](dough)
            - 200 g mozzarella
            """)
        try folder.write("recipes/dough.json", #"{"title": "Dough", "ingredients": ["500 g flour", "1 tsp salt"]}"#)
        try folder.write("recipes/soup.md", "---\ntitle: Soup\n---\n")
        try folder.write("lists/party.md", "---\ntitle: Party\n---\n- [ ] 6 limes\n")
        return folder
    }

    /// The full check's diagnostics in the files a partial load used.
    func checkDiagnostics(_ folder: TestFolder, in paths: Set<String>) throws -> String {
        let full = try KitchenLoader.load(folder.url).report.diagnostics
        return FixtureCase.render(full.filter { paths.contains($0.location?.path ?? "") })
    }

    func load(_ folder: TestFolder, lists: [String] = [], recipes: [String] = []) throws -> SelectionLoadResult {
        try KitchenLoader.load(folder.url, selecting: KitchenSelection(lists: lists, recipes: recipes))
    }

    @Test func readsTheListItsRecipesAndTheirSubRecipesOnly() throws {
        let folder = try Self.kitchen()
        let loaded = try load(folder, lists: ["weekly"])
        #expect(loaded.report.diagnostics.isEmpty, "\(FixtureCase.render(loaded.report.diagnostics))")
        #expect(loaded.kitchen.lists.map(\.id) == ["weekly"])
        #expect(loaded.kitchen.recipes.map(\.id) == ["dough", "pizza"])
        #expect(loaded.report.fileCount == 4)  // larder.json, the list, two recipes
        #expect(loaded.listIDs == ["party", "weekly"])
        #expect(loaded.recipeIDs == ["dough", "pizza", "soup"])
    }

    @Test func theModelIsTheFullLoadsForWhatItHolds() throws {
        let folder = try Self.kitchen()
        let partial = try load(folder, lists: ["weekly"]).kitchen
        let full = try KitchenLoader.load(folder.url).kitchen
        #expect(partial.list("weekly") == full.list("weekly"))
        #expect(partial.recipe("pizza") == full.recipe("pizza"))
        #expect(partial.recipe("dough") == full.recipe("dough"))
        #expect(partial.stores == full.stores)
    }

    @Test func anErrorInAnUnrelatedFileDoesNotStopIt() throws {
        let folder = try Self.kitchen()
        try folder.write("recipes/broken.json", #"{"title": "Broken",}"#)
        try folder.write("lists/party.md", "---\ntitle: Party\n---\n- [ ] 6 limes @nowhere\n")
        try folder.write("recipes/Soup.md", "---\ntitle: Soup\n---\n")
        #expect(try KitchenLoader.load(folder.url).report.hasErrors)
        let loaded = try load(folder, lists: ["weekly"])
        #expect(!loaded.report.hasErrors, "\(FixtureCase.render(loaded.report.diagnostics))")
    }

    @Test func anErrorInAUsedRecipeIsReportedAsCheckReportsIt() throws {
        let folder = try Self.kitchen()
        try folder.write("recipes/dough.json", #"{"title": "Dough", "ingredients": ["500 g flour", "1/0 tsp salt"], "servings": "two"}"#)
        try folder.write("recipes/broken.json", #"{"title": "Broken",}"#)
        let loaded = try load(folder, lists: ["weekly"])
        #expect(loaded.report.hasErrors)
        let expected = try checkDiagnostics(folder, in: ["recipes/dough.json"])
        #expect(!expected.isEmpty)
        #expect(FixtureCase.render(loaded.report.diagnostics) == expected)
        #expect(loaded.report.sources["recipes/dough.json"] != nil)
    }

    @Test func aMissingRecipeIsReportedAsCheckReportsIt() throws {
        let folder = try Self.kitchen()
        try folder.write("recipes/pizza.md", "---\ntitle: Pizza\nservings: 2\n---\n## Ingredients\n- 1 batch [dough](doughh)\n")
        let loaded = try load(folder, lists: ["weekly"])
        let expected = try checkDiagnostics(folder, in: ["recipes/pizza.md"])
        #expect(expected.contains("unknown recipe \"doughh\""))
        #expect(expected.contains("did you mean \"dough\"?"))
        #expect(FixtureCase.render(loaded.report.diagnostics) == expected)
    }

    @Test func aRecipeThatCannotBeReadCountsAsMissing() throws {
        let folder = try Self.kitchen()
        try folder.write("recipes/dough.json", "[1, 2")
        let loaded = try load(folder, lists: ["weekly"])
        let expected = try checkDiagnostics(folder, in: ["recipes/pizza.md", "recipes/dough.json"])
        #expect(expected.contains("unknown recipe \"dough\""))
        #expect(FixtureCase.render(loaded.report.diagnostics) == expected)
    }

    /// A second file for an id already taken by `original`.
    @Test(arguments: [
        ("recipes/dough.md", "recipes/dough.json"),
        ("recipes/Dough.json", "recipes/dough.json"),
        ("lists/weekly.json", "lists/weekly.md"),
        ("lists/WEEKLY.md", "lists/weekly.md"),
    ])
    func idCollisionsAreStillCaught(path: String, original: String) throws {
        let folder = try Self.kitchen()
        try folder.write(path, path.hasSuffix(".md") ? "---\ntitle: Again\n---\n" : #"{"title": "Again"}"#)
        let loaded = try load(folder, lists: ["weekly"])
        let expected = try checkDiagnostics(folder, in: [path, original])
        #expect(expected.contains("[duplicate-id]") || expected.contains("[bad-id]"))
        #expect(FixtureCase.render(loaded.report.diagnostics) == expected)
        #expect(loaded.report.hasErrors)
    }

    @Test func aCycleOfSubRecipesIsReported() throws {
        let folder = try Self.kitchen()
        try folder.write("recipes/dough.json", #"{"title": "Dough", "ingredients": ["1 batch [pizza](pizza)"]}"#)
        let loaded = try load(folder, lists: ["weekly"])
        let expected = try checkDiagnostics(folder, in: ["recipes/dough.json", "recipes/pizza.md"])
        #expect(expected.contains("[recipe-cycle]"))
        #expect(FixtureCase.render(loaded.report.diagnostics) == expected)
    }

    @Test func extraRecipesAreLoadedToo() throws {
        let folder = try Self.kitchen()
        let loaded = try load(folder, lists: ["party"], recipes: ["soup", "pizza"])
        #expect(loaded.kitchen.lists.map(\.id) == ["party"])
        #expect(loaded.kitchen.recipes.map(\.id) == ["dough", "pizza", "soup"])
        #expect(!loaded.report.hasErrors)
    }

    @Test func anUnknownListLoadsNothingButNamesTheLists() throws {
        let folder = try Self.kitchen()
        let loaded = try load(folder, lists: ["weekyl"])
        #expect(loaded.kitchen.lists.isEmpty)
        #expect(loaded.listIDs == ["party", "weekly"])
        #expect(!loaded.report.hasErrors)
    }

    @Test func theCurrentListIsTheConfigsOrTheFirstShoppingList() throws {
        let folder = try Self.kitchen()
        try folder.write("lists/a-todo.md", "---\ntitle: To do\nkind: checklist\n---\n- [ ] call\n")
        #expect(try load(folder).kitchen.currentList?.id == KitchenLoader.load(folder.url).kitchen.currentList?.id)
        #expect(try load(folder).kitchen.currentList?.id == "party")
        try folder.write("larder.json", #"{"current": "weekly"}"#)
        #expect(try load(folder).kitchen.currentList?.id == "weekly")
        #expect(try load(folder).kitchen.recipes.map(\.id) == ["dough", "pizza"])
    }

    @Test func anUnknownCurrentListIsReportedInTheConfig() throws {
        let folder = try Self.kitchen()
        try folder.write("larder.json", #"{"current": "weeklyy"}"#)
        let loaded = try load(folder, lists: ["party"])
        let expected = try checkDiagnostics(folder, in: ["larder.json"])
        #expect(expected.contains("unknown list \"weeklyy\""))
        #expect(FixtureCase.render(loaded.report.diagnostics) == expected)
    }
}

/// `share` and `print` through the real binary: a broken file they do not use
/// does not stop them; one they use does, with `check`'s own diagnostic.
@Suite struct PartialLoadCLITests {
    let larder = Repository.binary

    @Test func aBrokenUnrelatedFileDoesNotStopShareOrPrint() throws {
        let folder = try SelectionLoadTests.kitchen()
        let before = try ProcessResult.run(larder, ["share", "weekly", "--dir", folder.url.path])
        #expect(before.status == 0, "\(before.stderr)")
        try folder.write("recipes/broken.json", #"{"title": "Broken",}"#)
        try folder.write("lists/party.md", "---\ntitle: Party\n---\n- [ ] 6 limes @nowhere\n")
        #expect(try ProcessResult.run(larder, ["check", folder.url.path]).status == 1)
        let share = try ProcessResult.run(larder, ["share", "weekly", "--dir", folder.url.path])
        #expect(share.status == 0, "\(share.stderr)")
        #expect(share.stdout == before.stdout)
        let print = try ProcessResult.run(larder, ["print", "weekly", "--recipe", "soup", "--format", "text", "--dir", folder.url.path])
        #expect(print.status == 0, "\(print.stderr)")
    }

    @Test func anErrorInAUsedRecipeStopsShareWithChecksDiagnostic() throws {
        let folder = try SelectionLoadTests.kitchen()
        try folder.write("recipes/dough.json", #"{"title": "Dough", "ingredients": ["500 g flour"], "servings": "two"}"#)
        let check = try ProcessResult.run(larder, ["check", "."], in: folder.url)
        let share = try ProcessResult.run(larder, ["share", "weekly"], in: folder.url)
        #expect(share.status == 1)
        #expect(share.stdout.isEmpty)
        // The same diagnostic, source line and caret; the summary counts the files read.
        let diagnostic = check.stderr.split(separator: "\n").dropLast().joined(separator: "\n")
        #expect(diagnostic.contains("recipes/dough.json:1:"), "\(check.stderr)")
        #expect(share.stderr.hasPrefix(diagnostic + "\nchecked 4 files: 1 error, 0 warnings\n"), "\(share.stderr)")
    }

    @Test func anUnknownListOrRecipeIsAUsageErrorWithAHint() throws {
        let folder = try SelectionLoadTests.kitchen()
        let share = try ProcessResult.run(larder, ["share", "weekyl", "--dir", folder.url.path])
        #expect(share.status == 2)
        #expect(share.stderr.contains("unknown list \"weekyl\"; did you mean \"weekly\"?"), "\(share.stderr)")
        let print = try ProcessResult.run(larder, ["print", "weekly", "--recipe", "soupp", "--dir", folder.url.path])
        #expect(print.status == 2)
        #expect(print.stderr.contains("unknown recipe \"soupp\"; did you mean \"soup\"?"), "\(print.stderr)")
    }
}
