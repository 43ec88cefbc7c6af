@testable import LarderTestSupport
import Larder
import LarderCore
import LarderQuantities
import Testing

/// What is in stock comes off what recipes ask for: left off when it covers
/// the need, bought in part when it does not, converted where units convert,
/// never across what does not; staples as before; list items as written.
@Suite struct PantryStockTests {
    static func plan(
        pantry: String, _ ingredients: String, list: String? = nil, includePantry: Bool = false
    ) throws -> ShoppingPlan {
        var files = [
            "larder.json": #"{"pantry": \#(pantry)}"#,
            "recipes/bake.md": ShoppingPlannerTests.recipe("Bake", servings: 4, ingredients),
        ]
        if let list { files["lists/a.md"] = ShoppingPlannerTests.list("A", list) }
        return try ShoppingPlanner.plan(
            ShoppingRequest(lists: list == nil ? [] : ["a"], recipes: [RecipeRequest(recipe: "bake")], includePantry: includePantry),
            in: ShoppingPlannerTests.kitchen(files))
    }

    @Test func enoughInStockLeavesTheLineOff() throws {
        let plan = try Self.plan(pantry: #"[{"name": "flour", "have": "1 kg"}]"#, "- 300 g flour\n- 2 eggs\n")
        #expect(plan.line("flour") == nil)
        let flour = try #require(plan.leftOut.first { $0.key == "flour" })
        #expect(flour.inStock && !flour.pantry)
        #expect(flour.stock == [PlanAmount(quantity: .exact(1), unit: .kilogram)])
        #expect(plan.line("egg")?.amountText(in: nil) == "2")
    }

    @Test func notEnoughBuysTheRest() throws {
        let plan = try Self.plan(pantry: #"[{"name": "flour", "have": "1 kg"}]"#, "- 2 kg flour\n")
        let flour = try #require(plan.line("flour"))
        #expect(flour.amounts == [PlanAmount(quantity: .exact(1), unit: .kilogram)])
        #expect(flour.noteTexts(in: nil) == ["1 kg in stock"])
        #expect(!flour.inStock)
        #expect(!flour.isRoundedUp)
        #expect(plan.leftOut.isEmpty)
    }

    @Test func unitsConvertWhereTheyAddUp() throws {
        let plan = try Self.plan(
            pantry: #"[{"name": "milk", "have": "0.5 l"}, {"name": "sugar", "have": "500 g"}, {"name": "eggs", "have": 6}]"#,
            "- 750 ml milk\n- 200 g sugar\n- 100 g sugar\n- 8 eggs\n")
        #expect(plan.line("milk")?.amountText(in: nil) == "250 ml")
        #expect(plan.line("sugar") == nil)
        #expect(plan.leftOut.map(\.key) == ["sugar"])
        #expect(plan.line("egg")?.amountText(in: nil) == "2")
        #expect(plan.line("egg")?.noteTexts(in: nil) == ["6 in stock"])
    }

    @Test func incompatibleUnitsAreNotTakenOff() throws {
        let plan = try Self.plan(pantry: #"[{"name": "sugar", "have": "500 g"}, {"name": "rice", "have": "2 cups"}]"#,
                                 "- 1 cup sugar\n- 400 g rice\n")
        for name in ["sugar", "rice"] {
            let line = try #require(plan.line(name))
            #expect(line.stock == [])
            #expect(line.noteTexts(in: nil) == [])
        }
        #expect(plan.line("sugar")?.amountText(in: nil) == "1 cup")
        #expect(plan.line("rice")?.amountText(in: nil) == "400 g")
    }

    @Test func rangesKeepWhatIsSurelyNeeded() throws {
        let plan = try Self.plan(
            pantry: #"[{"name": "potatoes", "have": "1 kg"}, {"name": "carrots", "have": "2 kg"}]"#,
            "- 2-3 kg potatoes\n- 1-3 kg carrots\n")
        #expect(plan.line("potato")?.amounts == [PlanAmount(quantity: .range(1, 2), unit: .kilogram)])
        #expect(plan.line("carrot")?.amounts == [PlanAmount(quantity: .exact(1), unit: .kilogram)])
    }

    @Test func listItemsAreBoughtAsWritten() throws {
        let plan = try Self.plan(
            pantry: #"[{"name": "flour", "have": "1 kg"}]"#, "- 300 g flour\n", list: "- [ ] 1 kg flour\n")
        let flour = try #require(plan.line("flour"))
        #expect(flour.amounts == [PlanAmount(quantity: .exact(1), unit: .kilogram)])
        #expect(plan.leftOut.isEmpty)
    }

    @Test func includingThePantryShopsAsIfItWereEmpty() throws {
        let plan = try Self.plan(
            pantry: #"["salt", {"name": "flour", "have": "1 kg"}]"#, "- 300 g flour\n- 1 tsp salt\n", includePantry: true)
        #expect(plan.line("flour")?.amountText(in: nil) == "300 g")
        #expect(plan.line("flour")?.stock == [])
        #expect(plan.line("salt")?.pantry == true)
    }

    @Test func staplesStayStaples() throws {
        let plan = try Self.plan(pantry: #"["salt", {"name": "olive oil"}, {"name": "sugar", "have": "unlim"}]"#,
                                 "- 1 tsp salt\n- 2 tbsp olive oil\n- 1 cup sugar\n")
        #expect(plan.leftOut.map(\.key) == ["salt", "olive oil", "sugar"])
        #expect(plan.leftOut.allSatisfy { $0.pantry && !$0.inStock })
    }

    @Test func aBadAmountIsReportedWhereItIs() throws {
        let folder = try TestFolder()
        try folder.write("larder.json", "{\"pantry\": [\n  {\"name\": \"flour\", \"have\": \"lots\"},\n  {\"name\": \"oil\", \"have\": \"2 glugs\"}\n]}")
        let report = try KitchenLoader.load(folder.url).report
        #expect(report.diagnostics == [
            .error("bad-quantity", "cannot read the quantity \"lots\"", at: SourceLocation(path: "larder.json", line: 2, column: 30),
                   hint: "write a whole number (2), a decimal (0.5), a fraction (1/2, 1 1/2, ½) or a range (1-2)"),
            .warning("unknown-unit", "unknown unit \"glugs\"; only an amount in the same unit is taken off what recipes ask for",
                     at: SourceLocation(path: "larder.json", line: 3, column: 30),
                     hint: "use a known unit such as g, kg, ml, l, tsp, tbsp, cup, oz, lb, can, or leave the unit out for a count"),
        ])
    }
}
