import Foundation
import Larder
import LarderCore
import Testing

@testable import LarderSite

@Suite struct RecipeJSONLDTests {
    @Test func fullRecipe() throws {
        let kitchen = try RenderFixtures.kitchen(RenderFixtures.small)
        let recipe = try #require(kitchen.recipe("toast"))
        let json = RecipeJSONLD.json(
            for: recipe, kitchen: kitchen,
            pageURL: "https://example.org/k/recipes/toast/", imageURL: "https://example.org/k/images/toast.jpg"
        )
        #expect(json == #"""
            {"@context":"https://schema.org","@type":"Recipe","name":"Cheese \u003c/script\u003e toast",\#
            "image":"https://example.org/k/images/toast.jpg","author":{"@type":"Person","name":"Ana"},\#
            "datePublished":"2024-01-02","description":"Crisp toast \u0026 melted cheese.","inLanguage":"en",\#
            "keywords":"quick, cheesy","recipeCategory":"breakfast","recipeCuisine":"British",\#
            "prepTime":"PT5M","cookTime":"PT10M","totalTime":"PT15M","recipeYield":["2 servings","4 slices"],\#
            "nutrition":{"@type":"NutritionInformation","calories":"250 calories","fatContent":"12 g",\#
            "sodiumContent":"400 mg","proteinContent":"9.5 g","servingSize":"2 slices"},\#
            "recipeIngredient":["4 slices bread","100 g cheddar, grated","1 ½ tbsp butter (optional)"],\#
            "recipeInstructions":[{"@type":"HowToStep","text":"Toast the bread."},\#
            {"@type":"HowToStep","text":"Top with cheddar and grill until it bubbles."}],\#
            "url":"https://example.org/k/recipes/toast/"}
            """#)
    }

    /// Steps before any titled section stay steps; titled sections become
    /// `HowToSection`s. Without a page URL or image, neither is written.
    @Test func sectionsAndMinimalRecipe() throws {
        let kitchen = try RenderFixtures.kitchen(RenderFixtures.small)
        let recipe = try #require(kitchen.recipe("soup"))
        #expect(RecipeJSONLD.json(for: recipe, kitchen: kitchen, pageURL: nil, imageURL: nil) == #"""
            {"@context":"https://schema.org","@type":"Recipe","name":"Tomato soup","inLanguage":"en",\#
            "totalTime":"PT1H5M","recipeYield":"1 serving","recipeIngredient":["2–3 tomatoes","¼ cup cream"],\#
            "recipeInstructions":[{"@type":"HowToStep","text":"Heat the oven."},\#
            {"@type":"HowToSection","name":"Soup","itemListElement":[{"@type":"HowToStep","text":"Roast the tomatoes."},\#
            {"@type":"HowToStep","text":"Blend them."}]}]}
            """#)
    }

    /// The edges of writing straight to bytes: no steps at all leaves
    /// `recipeInstructions` out; a titled section without steps is still a
    /// section; members after a nested object get their comma.
    @Test func instructionsEdgesAndNesting() throws {
        let kitchen = try RenderFixtures.kitchen(RenderFixtures.small)
        var recipe = Recipe(id: "x", path: "recipes/x.md", title: "X")
        recipe.directions = [DirectionSection(steps: [])]
        recipe.author = "Ann"
        #expect(RecipeJSONLD.json(for: recipe, kitchen: kitchen, pageURL: "u", imageURL: nil) == #"""
            {"@context":"https://schema.org","@type":"Recipe","name":"X","author":{"@type":"Person","name":"Ann"},\#
            "inLanguage":"en","url":"u"}
            """#)
        recipe.directions = [DirectionSection(title: "Later", steps: []), DirectionSection(steps: ["Eat."])]
        #expect(RecipeJSONLD.json(for: recipe, kitchen: kitchen, pageURL: nil, imageURL: nil).hasSuffix(#"""
            "recipeInstructions":[{"@type":"HowToSection","name":"Later","itemListElement":[]},\#
            {"@type":"HowToStep","text":"Eat."}]}
            """#))
    }

    @Test func totalTimeFromPrepAndCook() {
        var recipe = Recipe(id: "x", path: "recipes/x.md", title: "X")
        #expect(RecipeJSONLD.totalTime(recipe) == nil)
        recipe.cookTime = CookingTime("1 h")
        #expect(RecipeJSONLD.totalTime(recipe)?.iso8601 == "PT1H")
        recipe.prepTime = CookingTime("15 min")
        #expect(RecipeJSONLD.totalTime(recipe)?.iso8601 == "PT1H15M")
        recipe.totalTime = CookingTime("2 h")
        #expect(RecipeJSONLD.totalTime(recipe)?.iso8601 == "PT2H")
    }

    @Test(arguments: [
        ("calories", "250", "250 calories"),
        ("calories", "250 kcal", "250 kcal"),
        ("fatContent", "12.5", "12.5 g"),
        ("cholesterolContent", "30", "30 mg"),
        ("sodiumContent", "400", "400 mg"),
        ("proteinContent", "9 g", "9 g"),
        ("servingSize", "2", "2"),
    ])
    func nutritionUnits(key: String, value: String, expected: String) {
        #expect(RecipeJSONLD.nutritionValue(Detail(key: key, value: value)) == expected)
    }

    /// JSON escapes, plus what could end or confuse a `<script>` element.
    @Test func literalsEscapeJSONAndScriptBreakers() {
        #expect(JSONOutput.literal("a\"\\\n\r\t\u{1}\u{1F}<>&\u{2028}\u{2029}é☃")
            == #""a\"\\\n\r\t\u0001\u001F\u003c\u003e\u0026\u2028\u2029é☃""#)
    }

    /// User data cannot end the `<script>` element or open a comment, and the
    /// output is still JSON that reads back to the same strings.
    @Test func safeInsideScriptAndStillJSON() throws {
        let hostile = "</script><script>alert(1)</script> <!-- & \"quoted\" \\ back\u{2028}line\u{2029}para\ttab\u{1}"
        var recipe = Recipe(id: "x", path: "recipes/x.md", title: hostile)
        recipe.author = hostile
        recipe.tags = ["<b>", "&amp;"]
        recipe.directions = [DirectionSection(title: "</SCRIPT>", steps: ["a < b > c"])]
        let kitchen = Kitchen(
            config: SiteConfig(), stores: [], categories: [], catalog: Catalog(), lists: [], recipes: [recipe],
            favorites: Favorites()
        )
        let json = RecipeJSONLD.json(for: recipe, kitchen: kitchen, pageURL: "https://example.org/?a=1&b=2", imageURL: nil)
        #expect(!json.contains("<"))
        #expect(!json.contains(">"))
        #expect(!json.contains("&"))
        #expect(!json.contains("\u{2028}"))
        #expect(!json.contains("\u{2029}"))
        let value = try JSONReader.parse(json)
        #expect(value["name"]?.string == hostile)
        #expect(value["author"]?["name"]?.string == hostile)
        #expect(value["keywords"]?.string == "<b>, &amp;")
        #expect(value["url"]?.string == "https://example.org/?a=1&b=2")
        let section = value["recipeInstructions"]?.array?.first
        #expect(section?["name"]?.string == "</SCRIPT>")
        #expect(section?["itemListElement"]?.array?.first?["text"]?.string == "a < b > c")
    }
}
