import Foundation
@testable import LarderTestSupport
import Larder
import LarderQuantities
import Testing

/// What the Markdown readers make of a list and a recipe: the model values,
/// not just the absence of errors.
@Suite struct MarkdownReadingTests {
    @Test func listItemsTakeHeadingsMarkersAndDetails() throws {
        let folder = try TestFolder()
        try folder.write("larder.json", #"{"stores": [{"id": "market", "name": "Market"}]}"#)
        try folder.write("lists/weekly.md", """
            ---
            title: Weekly
            store: market
            ---
            For the week of the party.

            ## Produce
            - [ ] 2 avocados
            - [x] 1 kg apples @market
            - [ ] 3 lemons !high (for the pancakes)

            ## Odds and ends
            - [ ] 1 l oat milk #dairy
            - [ ] Dune
              - author: Frank Herbert
              - year: 1965
            """)
        let result = try KitchenLoader.load(folder.url)
        // Under a heading that names no category, "Dune" has none.
        #expect(result.report.diagnostics.map(\.code) == ["no-category"])
        let list = try #require(result.kitchen.list("weekly"))
        #expect(list.description == "For the week of the party.")
        #expect(list.store == "market")
        #expect(list.items.map(\.name) == ["avocados", "apples", "lemons", "oat milk", "Dune"])
        #expect(list.items.map(\.category) == ["produce", "produce", "produce", "dairy", nil])
        #expect(list.items.map(\.section) == ["Produce", "Produce", "Produce", "Odds and ends", "Odds and ends"])
        #expect(list.items.map(\.checked) == [false, true, false, false, false])
        #expect(list.items[1].store == "market")
        #expect(list.items[1].quantity == .exact(Rational(1)))
        #expect(list.items[1].unit?.id == "kg")
        #expect(list.items[2].priority == .high)
        #expect(list.items[2].note == "for the pancakes")
        #expect(list.items[2].location.line == 10)
        #expect(list.items[2].location.column == 7)
        #expect(list.items[4].details == [Detail(key: "author", value: "Frank Herbert"), Detail(key: "year", value: "1965")])
    }

    @Test func recipeSectionsGroupsAndSubRecipes() throws {
        let folder = try TestFolder()
        try folder.write("recipes/dough.md", "---\ntitle: Dough\n---\n")
        try folder.write("recipes/pizza.md", """
            ---
            title: Pizza
            servings: 2
            prep_time: 1 h 15 min
            ---
            Thin and *crisp*.

            ## Ingredients
            - 1 batch [Dough](dough)
            ### For the sauce
            - 1 1/2 cups tomatoes, crushed
            - salt, to taste

            ## Method
            1. Stretch the dough.
            2. Spread the sauce.
            ### Baking
            1. Bake 10 min.

            ## Notes
            Use a *hot* oven.
            """)
        let result = try KitchenLoader.load(folder.url)
        #expect(result.report.diagnostics.isEmpty, "\(FixtureCase.render(result.report.diagnostics))")
        let recipe = try #require(result.kitchen.recipe("pizza"))
        #expect(recipe.description == "Thin and *crisp*.")
        #expect(recipe.prepTime == CookingTime(text: "1 h 15 min", seconds: 4500))
        #expect(recipe.prepTime?.iso8601 == "PT1H15M")
        #expect(recipe.ingredients.map(\.name) == ["Dough", "tomatoes", "salt"])
        #expect(recipe.ingredients.map(\.group) == [nil, "For the sauce", "For the sauce"])
        #expect(recipe.ingredients[0].recipe == "dough")
        #expect(recipe.ingredients[1].quantity == .exact(Rational(3, 2)!))
        #expect(recipe.ingredients[1].unit?.id == "cup")
        #expect(recipe.ingredients[1].note == "crushed")
        #expect(recipe.ingredients[2].quantity == nil)
        #expect(recipe.ingredients[2].note == "to taste")
        #expect(recipe.directions == [
            DirectionSection(steps: ["Stretch the dough.", "Spread the sauce."]),
            DirectionSection(title: "Baking", steps: ["Bake 10 min."]),
        ])
        #expect(recipe.notes == "Use a *hot* oven.")
    }

    @Test func cookingTimesReadBothForms() {
        #expect(CookingTime("10 min")?.seconds == 600)
        #expect(CookingTime("1 h 15 min")?.seconds == 4500)
        #expect(CookingTime("1.5 hours")?.seconds == 5400)
        #expect(CookingTime("PT1H15M")?.seconds == 4500)
        #expect(CookingTime("P1DT2H")?.seconds == 93600)
        #expect(CookingTime("PT")?.seconds == nil)
        #expect(CookingTime("soon") == nil)
        #expect(CookingTime(text: "", seconds: 93600).iso8601 == "P1DT2H")
        #expect(CookingTime(text: "", seconds: 0).iso8601 == "PT0S")
    }

    /// What the byte reader must read as the character reader it replaced
    /// did: spaces, tabs and lone line breaks around the text are ignored; a
    /// CR LF (one character, not a space) or any non-ASCII character makes it
    /// no duration; numbers too long to hold are refused, not wrapped.
    @Test(arguments: [
        (" \t10 MIN\n", 600), ("\r\n10 min", nil), ("10 min\r\n", nil), ("10 min\n\r", 600),
        ("10  min  5 s", 605), ("10min", 600), ("1h30m", 5400), ("90m", 5400), ("1h30", nil), (".5 h", 1800), ("1..5 h", nil),
        ("10\tmin", nil), ("10 mín", nil), ("10 min\u{301}", nil), ("\u{A0}10 min", nil), ("10 K", nil),
        ("10", nil), ("min", nil), ("", nil), ("  ", nil), ("10 min,", nil),
        ("P1D", 86400), ("PT90S", 90), ("PT007M", 420), ("PT1H1H", 7200), ("P1H", nil), ("PT1D", nil),
        ("P1T2H", nil), ("PTT1H", nil), ("PT1", nil), ("P", nil), ("pT1H", nil), ("PT1h", nil),
        ("PT99999999999999999999999M", nil), ("P3650D", 315_360_000), ("P3651D", nil), ("PT1H ", 3600),
    ] as [(String, Int?)])
    func cookingTimesReadAsCharactersWould(_ text: String, _ seconds: Int?) {
        #expect(CookingTime(text)?.seconds == seconds)
        #expect(CookingTime(text).map(\.text) == seconds.map { _ in text })
    }

    /// "## Ingredients:" is how many people title a section by hand; read as
    /// an unknown section it published a recipe with no ingredients.
    @Test func recipeSectionTitlesMayEndInAColon() throws {
        let folder = try TestFolder()
        try folder.write("recipes/soup.md", """
            ---
            title: Soup
            ---
            ## Ingredients:
            - 1 l stock

            ## STEPS :
            1. Heat it.

            ## Notes::
            Salt at the end.
            """)
        let result = try KitchenLoader.load(folder.url)
        #expect(result.report.diagnostics.isEmpty, "\(FixtureCase.render(result.report.diagnostics))")
        let recipe = try #require(result.kitchen.recipe("soup"))
        #expect(recipe.ingredients.map(\.name) == ["stock"])
        #expect(recipe.directions == [DirectionSection(steps: ["Heat it."])])
        #expect(recipe.notes == "Salt at the end.")
    }

    /// The forms people write by hand ("1h30m", "1 hr 30 mins") pass the
    /// schema and read as the same duration; "m" is minutes.
    @Test(arguments: [
        ("1h30m", 5400), ("1 hr 30 min", 5400), ("1hr 30mins", 5400), ("90m", 5400), ("1 h 15 min", 4500),
    ])
    func handWrittenCookTimesAreAccepted(_ text: String, _ seconds: Int) throws {
        let folder = try TestFolder()
        try folder.write("recipes/soup.md", "---\ntitle: Soup\ncook_time: \(text)\n---\n")
        let result = try KitchenLoader.load(folder.url)
        #expect(result.report.diagnostics.isEmpty, "\(FixtureCase.render(result.report.diagnostics))")
        #expect(try #require(result.kitchen.recipe("soup")).cookTime == CookingTime(text: text, seconds: seconds))
    }
}
