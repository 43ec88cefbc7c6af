@testable import LarderTestSupport
import Larder
import LarderCore
import LarderQuantities
import Testing

/// The cook CLI's config/aisle.conf and config/pantry.conf in a data folder:
/// categories, catalog, synonyms and stock, under larder.json.
@Suite struct CookConfigTests {
    static let aisle = """
        [Produce]
        spring onion|scallion|green onion
        potatoes
        [Asian Foods]
        soy sauce|shoyu
        [dairy]
        milk
        """

    static let pantry = """
        [cupboard]
        flour = "1%kg"
        salt = "unlim"
        rice = { quantity = "500%g", expire = "2027-01-01" }
        [fridge]
        milk = { quantity = "1%l", bought = "2026-11-20" }
        """

    static func load(_ files: [String: String]) throws -> LoadResult {
        let folder = try TestFolder()
        for (path, text) in files { try folder.write(path, text) }
        return try KitchenLoader.load(folder.url)
    }

    @Test func aisleConfFeedsCategoriesCatalogAndNames() throws {
        let kitchen = try Self.load(["config/aisle.conf": Self.aisle]).kitchen
        // aisle.conf's categories first, in its order; built-in ones matched by id or name.
        #expect(kitchen.categories.prefix(3).map(\.id) == ["produce", "asian-foods", "dairy"])
        #expect(kitchen.category("asian-foods")?.name == "Asian Foods")
        let builtIn = try Self.load([:]).kitchen
        #expect(kitchen.category("produce")?.name == builtIn.category("produce")?.name)
        #expect(kitchen.categories.count == builtIn.categories.count + 1)
        #expect(kitchen.catalog.entry(for: "shoyu")?.category == "asian-foods")
        #expect(kitchen.catalog.entry(for: "Green onions")?.category == "produce")
        #expect(kitchen.foods.key("green onion") == kitchen.foods.key("spring onions"))
    }

    @Test func aSheetIsGroupedByAisleConfsCategoriesAndMergesSynonyms() throws {
        let plan = try ShoppingPlanner.plan(ShoppingRequest(lists: ["a"], recipes: [RecipeRequest(recipe: "stir-fry")]), in: Self.load([
            "config/aisle.conf": Self.aisle,
            "recipes/stir-fry.md": ShoppingPlannerTests.recipe("Stir fry", servings: 2, "- 2 scallions\n- 2 tbsp shoyu\n- 1 cup milk\n"),
            "lists/a.md": ShoppingPlannerTests.list("A", "- [ ] 1 green onion\n- [ ] soy sauce\n- [ ] 1 kg potatoes\n"),
        ]).kitchen)
        let sections = try #require(plan.stores.first).categories
        #expect(sections.map(\.category.id) == ["produce", "asian-foods", "dairy"])
        #expect(sections.map { $0.lines.map(\.name) } == [["spring onion", "potatoes"], ["soy sauce"], ["milk"]])
        #expect(sections[0].lines[0].amountText(in: nil) == "3")
    }

    @Test func larderJSONWins() throws {
        let kitchen = try Self.load([
            "config/aisle.conf": Self.aisle,
            "config/pantry.conf": Self.pantry,
            "larder.json": """
                {"categories": [{"id": "asian-foods", "name": "Asia"}],
                 "catalog": {"shoyu": {"category": "dairy"}},
                 "aliases": {"shallot": ["green onion"]},
                 "pantry": ["flour", {"name": "rice", "have": "2 kg"}]}
                """,
        ]).kitchen
        #expect(kitchen.category("asian-foods")?.name == "Asia")
        #expect(kitchen.catalog.entry(for: "shoyu")?.category == "dairy")
        #expect(kitchen.catalog.entry(for: "soy sauce")?.category == "asian-foods")
        #expect(kitchen.foods.key("green onion") == "shallot")
        #expect(kitchen.foods.key("scallion") == kitchen.foods.key("spring onion"))
        let pantry = kitchen.config.pantry.map { "\($0.name): \($0.have?.text(in: nil) ?? "staple")" }
        #expect(pantry == ["flour: staple", "rice: 2 kg", "salt: staple", "milk: 1 l"])
        #expect(kitchen.config.pantry.first { $0.name == "milk" }?.bought == "2026-11-20")
    }

    @Test func pantryConfStockComesOffTheSheet() throws {
        let plan = try ShoppingPlanner.plan(ShoppingRequest(lists: [], recipes: [RecipeRequest(recipe: "bread")]), in: Self.load([
            "config/pantry.conf": Self.pantry,
            "recipes/bread.md": ShoppingPlannerTests.recipe("Bread", servings: 1, "- 1.5 kg flour\n- 1 tsp salt\n- 300 ml milk\n"),
        ]).kitchen)
        #expect(plan.line("flour")?.amountText(in: nil) == "500 g")
        #expect(plan.leftOut.map(\.key) == ["salt", "milk"])
        #expect(plan.leftOut.map(\.inStock) == [false, true])
    }

    @Test func problemsInTheFilesAreReportedLikeAnyOthers() throws {
        let result = try Self.load([
            "config/aisle.conf": "rice\n[produce]\n",
            "config/pantry.conf": "[cupboard]\nflour = \"lots%kg\"\n",
        ])
        #expect(result.report.diagnostics.map(\.location?.description) == ["config/aisle.conf:1:1", "config/pantry.conf:2:10"])
        #expect(result.report.diagnostics.map(\.code) == ["aisle-no-category", "bad-quantity"])
        #expect(result.report.sources["config/pantry.conf"] != nil)
    }
}
