import Larder
import LarderCore
import Testing

@testable import LarderSite

@Suite struct SearchIndexTests {
    @Test func recipesThenPublicListsByID() throws {
        let kitchen = try RenderFixtures.kitchen(RenderFixtures.small)
        let json = SearchIndex.json(
            kitchen: kitchen,
            recipeHref: { "recipes/\($0.id)/" },
            listHref: { $0.visibility == .public ? "lists/\($0.id)/" : nil }
        )
        #expect(json == #"""
            {"entries":[\#
            {"title":"Tomato soup","href":"recipes/soup/","kind":"recipe","text":"tomato soup tomatoes cream"},\#
            {"title":"Cheese \u003c/script\u003e toast","href":"recipes/toast/","kind":"recipe",\#
            "text":"cheese script toast quick cheesy breakfast british bread cheddar butter"},\#
            {"title":"Packing","href":"lists/packing/","kind":"list","text":"packing passport socks jumper hat"},\#
            {"title":"Weekly shop","href":"lists/weekly/","kind":"list",\#
            "text":"weekly shop apples potatoes bread butter milk mystery thing"}]}
            """#)
        // The unlisted list leaves no trace, not even its items.
        #expect(!json.contains("surprise") && !json.contains("Surprise") && !json.contains("cake"))
        #expect(try JSONReader.parse(json)["entries"]?.array?.count == 4)
    }

    @Test func wordsAreLowercasedSplitAndDeduplicated() {
        #expect(SearchIndex.words(["Crème Brûlée", "all-purpose FLOUR", "crème", "Mac & cheese 2"])
            == ["crème", "brûlée", "all", "purpose", "flour", "mac", "cheese", "2"])
    }
}
