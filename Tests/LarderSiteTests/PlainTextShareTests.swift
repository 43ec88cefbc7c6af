import Larder
import LarderQuantities
import Testing

@testable import LarderSite

@Suite struct PlainTextShareTests {
    /// Stores in config order (an item's own store, else the list's, else the
    /// catalog's), categories in the store's aisles then the built-in order.
    @Test func shoppingListByStoreThenCategory() throws {
        let kitchen = try RenderFixtures.kitchen(RenderFixtures.small)
        let list = try #require(kitchen.list("weekly"))
        // A shopping list is shared from its plan: the toast's ingredients
        // merged in, stores then aisles.
        #expect(try Share.list(list, kitchen: kitchen).render(.text) == """
            Weekly shop
            7 items, 6 left
            With Cheese </script> toast ×4

            MARKET

            🥛 Dairy
            ☐ 250 g + 3 tbsp butter

            CORNER SHOP

            🥦 Produce
            ☐ 2 apples
            ☑ 1 kg potatoes (floury)

            🥖 Bakery
            ☐ 1 + 8 slices bread

            🥛 Dairy
            ☐ 1 ½ cups milk
            ☐ 200 g cheddar

            🛒 Other
            ☐ mystery thing

            https://example.org/k/lists/weekly/

            """)
        #expect(try Share.list(list, kitchen: kitchen).render(.text, ascii: true) == """
            Weekly shop
            7 items, 6 left
            With Cheese </script> toast x4

            MARKET

            Dairy
            [ ] 250 g + 3 tbsp butter

            CORNER SHOP

            Produce
            [ ] 2 apples
            [x] 1 kg potatoes (floury)

            Bakery
            [ ] 1 + 8 slices bread

            Dairy
            [ ] 1 1/2 cups milk
            [ ] 200 g cheddar

            Other
            [ ] mystery thing

            https://example.org/k/lists/weekly/

            """)
    }

    /// Checklists keep their headings, in file order; `sort: alpha` orders
    /// the items under each.
    @Test func checklistByHeading() throws {
        let kitchen = try RenderFixtures.kitchen(RenderFixtures.small)
        let list = try #require(kitchen.list("packing"))
        #expect(try Share.list(list, kitchen: kitchen).render(.text) == """
            Packing
            4 items, 3 left

            ☐ passport

            Clothes
            ☐ hat
            ☐ jumper (the warm one)
            ☑ socks

            https://example.org/k/lists/packing/

            """)
    }

    /// A list with no store of its own: the catalog's store.
    @Test func catalogStoreWhenTheListHasNone() throws {
        let kitchen = try RenderFixtures.kitchen(RenderFixtures.small)
        let list = try #require(kitchen.list("surprise"))
        #expect(try Share.list(list, kitchen: kitchen).render(.text, ascii: true) == """
            Surprise party
            1 item

            MARKET

            Bakery
            [ ] 1 cake

            """)
    }

    @Test func recipe() throws {
        let kitchen = try RenderFixtures.kitchen(RenderFixtures.small)
        #expect(Share.recipe(try #require(kitchen.recipe("toast"))).render(.text) == """
            Cheese </script> toast
            By Ana

            Crisp toast & melted cheese.

            Serves 2 · Makes 4 slices
            Prep 5 min · Cook 10 min · Total 15 min

            Ingredients
            • 4 slices bread
            • 100 g cheddar, grated
            • 1 ½ tbsp butter (optional)

            Directions
            1. Toast the bread.
            2. Top with cheddar and grill until it bubbles.

            Notes
            Use sourdough if you have it.

            Cheddar & Gruyère both work.

            """)
    }

    /// Ingredient groups and direction sections get their names; steps are
    /// numbered straight through.
    @Test func recipeWithGroupsAndSections() throws {
        let kitchen = try RenderFixtures.kitchen(RenderFixtures.small)
        #expect(Share.recipe(try #require(kitchen.recipe("soup"))).render(.text) == """
            Tomato soup

            Serves 1
            Total 1 h 5 min

            Ingredients

            Soup
            • 2–3 tomatoes

            To serve
            • ¼ cup cream

            Directions
            1. Heat the oven.

            Soup
            2. Roast the tomatoes.
            3. Blend them.

            """)
    }

    @Test(arguments: [("1 ½ cups", "1 1/2 cups"), ("⅓ cup", "1/3 cup"), ("2–3 cloves", "2-3 cloves"), ("250 g", "250 g")])
    func asciiNumbers(amount: String, ascii: String) {
        #expect(Share.asciiNumbers(amount) == ascii)
    }

    /// Every line of every share of the example kitchen: no trailing spaces,
    /// no Markdown emphasis or headings, one final line break.
    @Test func exampleSharesAreClean() throws {
        let kitchen = try KitchenLoader.load(RenderFixtures.examples).kitchen
        let texts = try kitchen.lists.map { try Share.list($0, kitchen: kitchen).render(.text) }
            + kitchen.recipes.map { Share.recipe($0).render(.text) }
        #expect(texts.count == kitchen.lists.count + kitchen.recipes.count)
        for text in texts {
            #expect(text.hasSuffix("\n") && !text.hasSuffix("\n\n"))
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                #expect(!line.hasSuffix(" "), "trailing space: \(line)")
                #expect(!line.hasPrefix("#") && !line.contains("**") && !line.contains("]("), "Markdown: \(line)")
            }
        }
    }
}
