import Foundation
@testable import LarderTestSupport
import Larder
import LarderCore
import LarderQuantities
import LarderSite
import Testing

/// Amounts a shopper can buy: ticks that survive merging, sizes kept as
/// written, weights for foods bought by weight, whole things bought whole,
/// one food one line, pantry staples under their everyday names, package
/// sizes.
@Suite struct ShoppingSheetTests {
    typealias Planner = ShoppingPlannerTests

    static func plan(
        _ files: [String: String], lists: [String] = ["a"], includeChecked: Bool = false
    ) throws -> ShoppingPlan {
        try Planner.plan(files, ShoppingRequest(lists: lists, includeChecked: includeChecked))
    }

    static func text(_ plan: ShoppingPlan, _ system: UnitSystem?) -> String {
        Share.plan(plan, title: "A", system: system).render(.text)
    }

    // MARK: Ticks

    static let butterFiles = [
        "larder.json": #"{"units": "metric"}"#,
        "recipes/cake.md": Planner.recipe("Cake", servings: 8, "- ¼ cup butter\n"),
        "lists/a.md": Planner.list("A", "- [x] 250 g butter\n- [x] 1 lemon\n", recipes: "recipes:\n  - recipe: cake\n"),
    ]

    @Test(arguments: [false, true])
    func aTickedItemIsNeverAddedBackToWhatIsLeftToBuy(includeChecked: Bool) throws {
        let plan = try Self.plan(Self.butterFiles, includeChecked: includeChecked)
        let butter = try #require(plan.line("butter"))
        #expect(!butter.checked)
        #expect(butter.amounts == [PlanAmount(quantity: .exact(Rational(1, 4)!), unit: .cup)])
        #expect(butter.ticked == [PlanAmount(quantity: .exact(250), unit: .gram)])
        #expect(butter.provenance.map(\.source.kind) == [.recipe])
        #expect(butter.noteTexts(in: .metric) == ["250 g ticked"])
        let sheet = Self.text(plan, .metric)
        #expect(sheet.contains("☐ ≈ 57 g (¼ cup) butter (250 g ticked)\n"), "\(sheet)")
        let ascii = Share.plan(plan, title: "A", system: .metric).render(.text, ascii: true)
        #expect(ascii.contains("[ ] ~ 57 g (1/4 cup) butter (250 g ticked)\n"), "\(ascii)")
        #expect(ascii.unicodeScalars.allSatisfy { $0.isASCII }, "\(ascii)")
        // A line all ticked stays ticked when kept, and is left out otherwise.
        #expect(sheet.contains("☑ 1 lemon\n") == includeChecked, "\(sheet)")
        #expect(plan.leftOut.map(\.key) == (includeChecked ? [] : ["lemon"]))
    }

    // MARK: Sizes as written

    @Test(arguments: [UnitSystem.metric, .us, nil])
    func aSingleAmountIsShownInItsOwnUnitInEveryKitchen(system: UnitSystem?) throws {
        let plan = try Self.plan([
            "lists/a.md": Planner.list(
                "A", "- [ ] ½ gallon milk\n- [ ] 2 l soda\n- [ ] 1 kg rice\n- [ ] 1 lb chicken thighs\n- [ ] 16 oz pasta\n"),
        ])
        #expect(plan.line("milk")?.amountText(in: system) == "½ gallon")
        #expect(plan.line("soda")?.amountText(in: system) == "2 l")
        #expect(plan.line("chicken thigh")?.amountText(in: system) == "1 lb")
        #expect(plan.line("pasta")?.amountText(in: system) == "16 oz")
        // Rice is weighed in the density table, but it is a weight already.
        #expect(plan.line("rice")?.amountText(in: system) == "1 kg")
    }

    @Test func aSumOfOneSystemIsShownInTheUnitOfItsLargestPart() throws {
        let plan = try Self.plan([
            "lists/a.md": Planner.list("A", "- [ ] 1 gallon milk\n- [ ] 1 cup milk\n- [ ] 1 kg rice\n- [ ] 500 g rice\n"),
        ])
        let gallons = try Self.plan(["lists/a.md": Planner.list("A", "- [ ] 1 gallon milk\n- [ ] 2 quarts milk\n")])
        #expect(gallons.line("milk")?.amountText(in: .metric) == "1 ½ gallons")
        // No cooks' fraction of a gallon: the nearest US unit that has one.
        #expect(plan.line("milk")?.amountText(in: .metric) == "17 cups")
        #expect(plan.line("rice")?.amountText(in: .us) == "1.5 kg")
    }

    // MARK: Weights

    @Test func aMetricKitchenWeighsCupsOfFoodsInTheDensityTable() throws {
        let plan = try Self.plan([
            "recipes/cake.md": Planner.recipe(
                "Cake", servings: 8,
                "- 1⅓ cups all-purpose flour\n- 1 ⅛ cups sugar\n- ¼ cup butter\n- 1 cup milk\n- 2 tablespoons honey\n"),
            "lists/a.md": Planner.list("A", "- [ ] 1 kg sugar\n", recipes: "recipes:\n  - recipe: cake\n"),
        ])
        #expect(plan.line("all purpose flour")?.amountText(in: .metric) == "≈ 167 g (1 ⅓ cups)")
        #expect(plan.line("butter")?.amountText(in: .metric) == "≈ 57 g (¼ cup)")
        // A weight and cups of one food: one weight, both parts named.
        #expect(plan.line("sugar")?.amountText(in: .metric) == "≈ 1.23 kg (1 kg + 1 ⅛ cups)")
        #expect(plan.line("honey")?.amountText(in: .metric) == "≈ 42 g (2 tbsp)")
        // Not in the table: as written. US kitchens keep cups.
        #expect(plan.line("milk")?.amountText(in: .metric) == "1 cup")
        #expect(plan.line("all purpose flour")?.amountText(in: .us) == "1 ⅓ cups")
        #expect(plan.line("all purpose flour")?.amountText(in: nil) == "1 ⅓ cups")
    }

    @Test func theDensityTableCitesASourceForEveryFood() throws {
        let url = Repository.root.appendingPathComponent("Sources/Larder/Resources/densities.json")
        let root = try JSONReader.parse(Array(try Data(contentsOf: url)))
        let foods = try #require(root["foods"]?.array)
        #expect(foods.count >= 15)
        for food in foods {
            let source = food["source"]?.string ?? ""
            #expect(source.hasPrefix("SR Legacy "), "\(food["name"]?.string ?? "?")")
            #expect((food["gramsPerCup"]?.number?.value ?? 0) > 0)
        }
        #expect(Densities.gramsPerCup("all purpose flour") == 125)
        #expect(Densities.gramsPerCup("plain flour") == 125)
        #expect(Densities.gramsPerCup("water") == nil)
    }

    // MARK: Whole things

    @Test func countsRoundUpAfterScalingAndSummingWithTheExactFiguresKept() throws {
        let plan = try Planner.plan([
            "recipes/limeade.md": Planner.recipe("Limeade", servings: 6, "- 2 limes\n- 1 egg\n- 1 l water\n"),
            "lists/a.md": Planner.list("A", "- [ ] 1 lime\n"),
        ], ShoppingRequest(lists: ["a"], recipes: [RecipeRequest(recipe: "limeade", servings: 10)]))
        let limes = try #require(plan.line("lime"))
        #expect(limes.amounts == [PlanAmount(quantity: .exact(5))])
        // Named as a spelling that agrees with the count: "5 limes", not "5 lime".
        #expect(limes.name == "limes")
        #expect(limes.provenance.compactMap(\.amount) == [
            PlanAmount(quantity: .exact(1)), PlanAmount(quantity: .exact(Rational(10, 3)!)),
        ])
        #expect(limes.isRoundedUp)
        let json = Share.plan(plan, title: "A", system: nil).render(.json)
        #expect(json.contains(#"{"from": "Limeade ×10", "amount": "3 ⅓", "quantity": "3 1/3"}"#), "\(json)")

        let small = try Planner.plan([
            "recipes/limeade.md": Planner.recipe("Limeade", servings: 6, "- 1 egg\n- 1 l water\n"),
        ], ShoppingRequest(lists: [], recipes: [RecipeRequest(recipe: "limeade", servings: 5)]))
        #expect(small.line("egg")?.amountText(in: nil) == "1")
        // Measures are not rounded: 1 l × 5/6.
        #expect(small.line("water")?.amountText(in: nil) == "833 ml")
        #expect(small.line("water")?.isRoundedUp == false)
    }

    @Test func packagesAShopSellsWholeRoundUpButCooksMeasuresDoNot() throws {
        let plan = try Planner.plan([
            "recipes/salsa.md": Planner.recipe("Salsa", servings: 6, """
                - 1/6 15oz can whole kernel corn
                - ½ bunch cilantro
                - 1 ½ cloves garlic
                - ⅓ jar salsa verde

                """),
        ], ShoppingRequest(lists: [], recipes: [RecipeRequest(recipe: "salsa")]))
        #expect(plan.line("whole kernel corn")?.amountText(in: nil) == "1 can (15 oz)")
        #expect(plan.line("cilantro")?.amountText(in: nil) == "1 bunch")
        #expect(plan.line("salsa verde")?.amountText(in: nil) == "1 jar")
        #expect(plan.line("garlic")?.amountText(in: nil) == "1 ½ cloves")
    }

    // MARK: One food, one line

    @Test func sizeWordsAndAliasesMergeButDifferentProductsDoNot() throws {
        let plan = try Self.plan([
            "lists/a.md": Planner.list("A", """
                - [ ] 3 large eggs
                - [ ] 6 eggs
                - [ ] 1 medium onion
                - [ ] 2 onions
                - [ ] 1 red onion
                - [ ] 2 spring onions
                - [ ] 1 bunch scallions
                - [ ] 1 courgette
                - [ ] 1 zucchini
                - [ ] 1 extra-large egg
                - [ ] 250 g unsalted butter
                - [ ] 250 g butter
                - [ ] 3 garlic cloves
                - [ ] 1 head garlic

                """),
        ])
        // One food, one line, filed where the catalog has the food.
        #expect(plan.line("garlic")?.provenance.count == 2)
        #expect(plan.line("garlic")?.categoryID == "produce")
        #expect(plan.line("egg")?.amountText(in: nil) == "10")
        #expect(plan.line("egg")?.name == "large eggs")
        #expect(plan.line("onion")?.amountText(in: nil) == "3")
        #expect(plan.line("red onion")?.amountText(in: nil) == "1")
        #expect(plan.line("scallion")?.amountText(in: nil) == "2 + 1 bunch")
        #expect(plan.line("zucchini")?.amountText(in: nil) == "2")
        #expect(plan.line("unsalted butter")?.amountText(in: nil) == "250 g")
        #expect(plan.lineCount == 8)
    }

    @Test func larderJSONAddsAliases() throws {
        let plan = try Self.plan([
            "larder.json": #"{"aliases": {"Soda": ["pop", "soft drinks"], "rocket": ["arugula"]}}"#,
            "lists/a.md": Planner.list("A", "- [ ] 1 l soda\n- [ ] 2 l pop\n- [ ] 1 bag arugula\n- [ ] 1 bag rocket\n- [ ] 1 bag roquette\n"),
        ])
        #expect(plan.line("soda")?.amountText(in: nil) == "3 l")
        // The config can turn a built-in alias round: "rocket" is the name now.
        #expect(plan.line("rocket")?.amountText(in: nil) == "3 bags")
        #expect(plan.lineCount == 2)
    }

    @Test func badAliasesAreErrorsAtTheirLineAndColumn() throws {
        let folder = try TestFolder()
        try folder.write("larder.json", """
            {"aliases": {
              "soda": ["pop", "Soda"],
              "fizzy drink": ["pop", "soda"],
              "cola": [""]
            }}
            """)
        let report = try KitchenLoader.load(folder.url).report
        #expect(FixtureCase.render(report.diagnostics) == """
            larder.json:2:19: error: the alias "Soda" is the name "soda" itself [bad-alias]
              hint: remove it: case and plural are ignored anyway
            larder.json:3:19: error: the alias "pop" is given for both "soda" and "fizzy drink" [bad-alias]
              hint: keep it under one name: one alias is one food
            larder.json:3:26: error: the alias "soda" is also a name with aliases ("soda") [bad-alias]
              hint: list all of its names under one of them
            larder.json:4:12: error: aliases.cola[0]: must not be empty [invalid-value]
            """)
    }

    @Test func checkWarnsWhereAListAsksServingsOfARecipeWithoutThem() throws {
        let folder = try TestFolder()
        try folder.write("recipes/soup.md", Planner.recipe("Soup", servings: nil, "- 1 l stock\n"))
        try folder.write("lists/a.md", Planner.list("A", "- [ ] 1 lemon\n", recipes: "recipes:\n  - recipe: soup\n    servings: 6\n"))
        let report = try KitchenLoader.load(folder.url).report
        #expect(FixtureCase.render(report.diagnostics) == """
            lists/a.md:5:15: warning: recipe "soup" has no servings, so the servings asked for here are ignored [servings-ignored]
              hint: add servings to the recipe, or remove them here
            """)
    }

    // MARK: Pantry staples

    @Test func pantryStaplesCoverTheirEverydayNamesButNotOtherProducts() throws {
        let plan = try Planner.plan([
            "larder.json": #"{"pantry": ["salt", "pepper", "olive oil"]}"#,
            "recipes/soup.md": Planner.recipe("Soup", servings: 2, """
                - 1 tsp kosher salt
                - 1 tsp fine sea salt
                - 2 tbsp extra virgin olive oil
                - 1 tsp freshly ground black pepper
                - 1 red bell pepper
                - 1 tsp smoked paprika
                - 1 tbsp sesame oil

                """),
        ], ShoppingRequest(lists: [], recipes: [RecipeRequest(recipe: "soup")]))
        // The line reader moves "freshly ground" to the note; the staple rule
        // covers it anyway (below).
        #expect(plan.leftOut.map(\.key) == ["kosher salt", "fine sea salt", "extra virgin olive oil", "black pepper"])
        #expect(FoodNames.staple("pepper", covers: "freshly ground black pepper"))
        #expect(plan.leftOut.allSatisfy { $0.pantry })
        #expect(plan.line("red bell pepper") != nil)
        #expect(plan.line("sesame oil") != nil)
        #expect(FoodNames.staple("black pepper", covers: "pepper"))
        #expect(!FoodNames.staple("pepper", covers: "red bell pepper"))
        #expect(!FoodNames.staple("salt", covers: "salted butter"))
    }

    /// A key with no qualifier is its own staple key (the quick path); any
    /// other is split, filtered and joined, as the rule says: each key
    /// covers, and is covered by, what the rule makes of it.
    @Test func stapleKeysDropQualifiersOnly() {
        let keys = [
            "salt", "kosher salt", "pepper", "black pepper", "extra virgin olive oil", "olive oil", "red bell pepper",
            "", " ", "salt  flakes", " salt", "salt ", "ground", "sea salt flakes", "peppercorns", "groundnut oil",
        ]
        for key in keys {
            let words = key.split(separator: " ").filter {
                !["kosher", "sea", "fine", "coarse", "flaky", "flake", "table", "iodized", "iodised", "rock",
                  "extra", "virgin", "pure", "light", "mild", "good", "quality",
                  "freshly", "ground", "cracked", "finely", "coarsely"].contains($0)
            }
            let joined = words.isEmpty ? key : words.joined(separator: " ")
            let expected = joined == "pepper" ? "black pepper" : joined
            #expect(FoodNames.staple(key, covers: expected), "\(key)")
            #expect(FoodNames.staple(expected, covers: key), "\(key)")
        }
    }

    @Test func eachNameOfAnIngredientIsItsOwnEntry() throws {
        var kitchen = try Planner.kitchen([
            "larder.json": #"{"pantry": ["salt", "black pepper"]}"#,
            "recipes/soup.md": Planner.recipe("Soup", servings: 2, "- 1 onion\n"),
        ])
        // "Salt and pepper to taste", as the line reader gives it.
        var ingredient = Ingredient(name: "Salt", location: SourceLocation(path: "recipes/soup.md", line: 6, column: 3))
        ingredient.alsoNames = ["pepper"]
        kitchen.recipes[0].ingredients.append(ingredient)
        let plan = try ShoppingPlanner.plan(ShoppingRequest(lists: [], recipes: [RecipeRequest(recipe: "soup")]), in: kitchen)
        #expect(plan.leftOut.map(\.name) == ["Salt", "pepper"])
        #expect(plan.lineCount == 1)
    }

    // MARK: Package sizes

    static func packaged(_ name: String, _ count: Int, _ unit: LarderQuantities.Unit, size: Rational, _ sizeUnit: LarderQuantities.Unit)
        -> Ingredient
    {
        var ingredient = Ingredient(name: name, location: SourceLocation(path: "recipes/soup.md", line: 6, column: 3))
        ingredient.quantity = .exact(Rational(count))
        ingredient.unit = unit
        ingredient.size = PackageSize(quantity: .exact(size), unit: sizeUnit)
        return ingredient
    }

    @Test func packageSizesAreShownAndOnlyTheSameSizeAddsUp() throws {
        var kitchen = try Planner.kitchen([
            "larder.json": #"{"units": "metric"}"#,
            "recipes/soup.md": Planner.recipe("Soup", servings: 2, "- 1 onion\n"),
        ])
        kitchen.recipes[0].ingredients += [
            Self.packaged("black beans", 1, .can, size: 15, .ounce),
            Self.packaged("chopped tomatoes", 2, .tin, size: 400, .gram),
            Self.packaged("black beans", 1, .can, size: 15, .ounce),
            Self.packaged("chopped tomatoes", 1, .tin, size: 800, .gram),
        ]
        let plan = try ShoppingPlanner.plan(ShoppingRequest(lists: [], recipes: [RecipeRequest(recipe: "soup")]), in: kitchen)
        #expect(plan.line("black bean")?.amountText(in: .metric) == "2 cans (30 oz)")
        #expect(plan.line("chopped tomato")?.amountText(in: .metric) == "2 tins (800 g) + 1 tin (800 g)")
        let json = Share.plan(plan, title: "A", system: .metric).render(.json)
        #expect(json.contains(#""amount": "2 cans (30 oz)", "amounts": [{"quantity": "2", "unit": "can", "size": "15 oz"}]"#), "\(json)")
    }
}
