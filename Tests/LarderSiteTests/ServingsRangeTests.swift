import Foundation
import Larder
import LarderCore
import Testing

@testable import LarderSite

/// `servings: 4-6`: the quantities are for the lower end, and every place
/// that shows the servings (page, JSON-LD, share) says "4–6".
@Suite struct ServingsRangeTests {
    static func soup(servings: String) -> String {
        "---\ntitle: Soup\nservings: \(servings)\n---\n## Ingredients\n- 2 l stock\n"
    }

    @Test(arguments: ["4-6", "4–6", "4 to 6", "\"4 - 6\""])
    func rangesReadAsTheirLowerEnd(_ written: String) throws {
        let kitchen = try RenderFixtures.kitchen(["recipes/soup.md": Self.soup(servings: written)])
        let recipe = try #require(kitchen.recipe("soup"))
        #expect(recipe.servings == 4)
        #expect(recipe.servingsUpTo == 6)
        #expect(recipe.servingsText == "4\u{2013}6")
    }

    @Test func jsonRecipesTakeARangeToo() throws {
        let kitchen = try RenderFixtures.kitchen([
            "recipes/stew.json": #"{"title": "Stew", "servings": "2-3", "ingredients": ["1 kg beef"]}"#,
        ])
        #expect(kitchen.recipe("stew")?.servingsText == "2\u{2013}3")
    }

    @Test func theRangeIsShownAndScaledFromItsLowerEnd() throws {
        let kitchen = try RenderFixtures.kitchen(["recipes/soup.md": Self.soup(servings: "4-6")])
        let recipe = try #require(kitchen.recipe("soup"))
        #expect(Share.recipe(recipe).render(.text).contains("Serves 4\u{2013}6\n"))
        #expect(RecipeJSONLD.json(for: recipe, kitchen: kitchen, pageURL: nil, imageURL: nil)
            .contains(#""recipeYield":"4–6 servings""#))
        let page = try MarkedStepTests.render(recipe).page
        #expect(page.contains("<dd data-servings-shown>4\u{2013}6</dd>"))
        #expect(page.contains(#"data-base-servings="4""#))
        let doubled = try ShoppingPlanner.plan(
            ShoppingRequest(lists: [], recipes: [RecipeRequest(recipe: "soup", servings: 8)]), in: kitchen)
        #expect(doubled.sources.first?.scale == 2)
    }

    /// A range that goes down, or words after it, is an error at the value.
    @Test(arguments: [
        ("6-4", #"servings: the range "6-4" does not go up"#),
        ("4-6 people", #"servings: must be a number of servings such as 4, or a range such as "4-6""#),
        ("0-2", #"servings: must be a number of servings such as 4, or a range such as "4-6""#),
    ])
    func badRangesAreErrors(_ written: String, _ message: String) throws {
        let folder = try RenderFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("recipes"), withIntermediateDirectories: true)
        try Data(Self.soup(servings: written).utf8).write(to: folder.appendingPathComponent("recipes/soup.md"))
        let result = try KitchenLoader.load(folder)
        let errors = result.report.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.message) == [message])
        #expect(errors.first?.location?.line == 3)
        #expect(result.kitchen.recipe("soup")?.servings == nil)
    }
}
