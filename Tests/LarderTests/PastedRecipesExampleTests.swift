import Foundation
@testable import LarderTestSupport
import Larder
import LarderCore
import LarderQuantities
import LarderSite
import Testing

/// `Examples/pasted-recipes`, the kitchen of issue 14: recipes as pasted from
/// the web beside a list with a ticked item, in a metric kitchen. Its sheet
/// is the issue's "Done when".
@Suite struct PastedRecipesExampleTests {
    static let folder = Repository.root.appendingPathComponent("Examples/pasted-recipes")

    /// The sheet of the issue, whole: one egg line of 9, one onion line of 3,
    /// 1 lb chicken thighs, 1 can (15 oz) black beans, 2 tins (800 g) chopped
    /// tomatoes, 5 limes (1 + 3 ⅓ rounded up), no salt, pepper or olive oil,
    /// flour, sugar and butter weighed, the ticked butter apart, the list's
    /// sizes as written.
    static let sheet = """
        Weekly
        14 items
        With Chili, Cake, Limeade ×10

        🥦 Produce
        ☐ 3 onions
        ☐ 3 cloves garlic
        ☐ 5 limes

        🥩 Meat
        ☐ 1 lb chicken thighs

        🥛 Dairy
        ☐ ≈ 57 g (¼ cup) butter (250 g ticked)
        ☐ ½ gallon milk

        🥚 Eggs
        ☐ 9 eggs

        🥫 Pantry
        ☐ 1 kg rice
        ☐ 1 can (15 oz) black beans
        ☐ 2 tins (800 g) chopped tomatoes
        ☐ ≈ 167 g (1 ⅓ cups) all-purpose flour
        ☐ ≈ 225 g (1 ⅛ cups) sugar

        🧃 Beverages
        ☐ 2 l soda
        ☐ 1.67 l water

        """

    // MARK: With the recipes as the line reader of issue 14 reads them

    static func ingredient(
        _ name: String, _ quantity: Rational?, _ unit: LarderQuantities.Unit? = nil, size: PackageSize? = nil,
        note: String? = nil, also: [String] = [], at location: LarderCore.SourceLocation
    ) -> Ingredient {
        var ingredient = Ingredient(name: name, location: location)
        ingredient.quantity = quantity.map { .exact($0) }
        ingredient.unit = unit
        ingredient.size = size
        ingredient.note = note
        ingredient.alsoNames = also
        return ingredient
    }

    /// The example with the chili's and the cake's lines read as the
    /// reader of issue 14 reads them (built by hand, so that this test does
    /// not depend on the reader; the end-to-end test below does).
    static func kitchenAsRead() throws -> Kitchen {
        let result = try KitchenLoader.load(folder)
        var kitchen = result.kitchen
        let chili = try #require(kitchen.recipes.firstIndex { $0.id == "chili" })
        let cake = try #require(kitchen.recipes.firstIndex { $0.id == "cake" })
        let at = { (recipe: Int, line: Int) in kitchen.recipes[recipe].ingredients[line].location }
        kitchen.recipes[chili].ingredients = [
            ingredient("chicken thighs", 1, .pound, note: "boneless, skinless", at: at(chili, 0)),
            ingredient("onion", 1, note: "medium, diced", at: at(chili, 1)),
            ingredient("garlic", 3, .clove, note: "minced", at: at(chili, 2)),
            ingredient("black beans", 1, .can, size: PackageSize(quantity: .exact(15), unit: .ounce), note: "drained",
                       at: at(chili, 3)),
            ingredient("chopped tomatoes", 2, .tin, size: PackageSize(quantity: .exact(400), unit: .gram), at: at(chili, 4)),
            ingredient("extra virgin olive oil", 2, .tablespoon, at: at(chili, 5)),
            ingredient("kosher salt", 1, .teaspoon, at: at(chili, 6)),
            ingredient("Salt", nil, note: "to taste", also: ["pepper"], at: at(chili, 7)),
            ingredient("lime", 1, note: "juice", at: at(chili, 8)),
        ]
        kitchen.recipes[cake].ingredients = [
            ingredient("all-purpose flour", Rational(4, 3), .cup, at: at(cake, 0)),
            ingredient("sugar", Rational(9, 8), .cup, at: at(cake, 1)),
            ingredient("butter", Rational(1, 4), .cup, note: "softened", at: at(cake, 2)),
            ingredient("eggs", 3, note: "large", at: at(cake, 3)),
            ingredient("salt", 1, .pinch, at: at(cake, 4)),
        ]
        return kitchen
    }

    @Test func theSheetOfTheIssue() throws {
        let kitchen = try Self.kitchenAsRead()
        let plan = try ShoppingPlanner.plan(ShoppingRequest(lists: ["weekly"], includeChecked: true), in: kitchen)
        let text = Share.plan(plan, title: "Weekly", system: kitchen.config.units).render(.text)
        #expect(text == Self.sheet)
        #expect(Set(plan.leftOut.map(\.name)) == ["extra virgin olive oil", "kosher salt", "Salt", "pepper"])
        #expect(plan.leftOut.allSatisfy { $0.pantry })
        // The exact figures behind the rounded limes.
        let limes = try #require(plan.line("lime"))
        #expect(limes.provenance.map { $0.amount?.quantity } == [.exact(1), .exact(Rational(10, 3)!)])
    }

    // MARK: End to end, through the real binary

    @Test func checkPassesIt() throws {
        let result = try ProcessResult.run(Repository.binary, ["check", Self.folder.path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }

    /// The sheet `larder share` prints: every line of the issue's answer,
    /// read from the recipes as pasted.
    @Test func shareGivesTheSheetOfTheIssue() throws {
        let result = try ProcessResult.run(Repository.binary, ["share", "weekly", "--dir", Self.folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = Set(result.stdout.split(separator: "\n").map(String.init))
        let sheet = Self.sheet.split(separator: "\n").map(String.init)
        for line in sheet {
            #expect(lines.contains(line), "\(line)\n\(result.stdout)")
        }
        // No staple comes back, under any of its names.
        let bought = result.stdout.split(separator: "\n").filter { $0.hasPrefix("☐") }
        #expect(!bought.contains { $0.hasSuffix("olive oil") || $0.hasSuffix("kosher salt") }, "\(result.stdout)")
        #expect(!bought.contains { $0.lowercased().contains("salt") || $0.contains("pepper") }, "\(result.stdout)")
    }

    /// The printed sheet: the ticked butter beside what is left, and each
    /// source's exact share of a count rounded up.
    @Test func printNamesTheExactFiguresOfARoundedCount() throws {
        let result = try ProcessResult.run(
            Repository.binary, ["print", "weekly", "--format", "text", "--dir", Self.folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("[ ] butter — ≈ 57 g (¼ cup), 250 g ticked (Cake)"), "\(result.stdout)")
        #expect(lines.contains("[ ] milk — ½ gallon"), "\(result.stdout)")
        #expect(lines.contains { $0.hasPrefix("[ ] limes — ") && $0.hasSuffix("Limeade ×10: 3 ⅓)") }, "\(result.stdout)")
        #expect(lines.contains("[ ] limes — 5 (Chili: 1, Limeade ×10: 3 ⅓)"), "\(result.stdout)")
    }

    @Test func shareAsJSONKeepsTheExactFiguresAndTheTickedAmount() throws {
        let result = try ProcessResult.run(
            Repository.binary, ["share", "weekly", "--format", "json", "--dir", Self.folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        let root = try JSONReader.parse(Array(result.stdout.utf8))
        let lines = (root["stores"]?.array ?? []).flatMap { store in
            (store["categories"]?.array ?? []).flatMap { $0["lines"]?.array ?? [] }
        }
        func line(_ name: String) -> JSONValue? { lines.first { $0["name"]?.string == name } }
        #expect(line("butter")?["amount"]?.string == "≈ 57 g (¼ cup)")
        #expect(line("butter")?["ticked"]?.string == "250 g")
        #expect(line("butter")?["checked"]?.bool == false)
        #expect(line("milk")?["amount"]?.string == "½ gallon")
        let limes = lines.first { $0["name"]?.string?.hasPrefix("lime") == true && $0["amount"]?.string == "5" }
        #expect(limes != nil, "\(result.stdout)")
        let limeade = lines.flatMap { $0["provenance"]?.array ?? [] }.first { $0["from"]?.string == "Limeade ×10" && $0["quantity"]?.string == "3 1/3" }
        #expect(limeade?["amount"]?.string == "3 ⅓", "\(result.stdout)")
    }

    /// The recipe's own page and its plain text say what the sheet says of a
    /// line: the packages' size, and every food a line names.
    @Test func theRecipePageKeepsSizesAndEveryFood() throws {
        let folder = try TestFolder("pasted-site")
        let output = folder.url.appendingPathComponent("_site")
        let build = try ProcessResult.run(Repository.binary, ["build", Self.folder.path, "-o", output.path])
        #expect(build.status == 0, "\(build.stderr)")
        let text = try String(contentsOf: output.appendingPathComponent("recipes/chili.txt"), encoding: .utf8)
        for line in ["• 1 can (15 oz) black beans, drained", "• 2 tins (800 g) chopped tomatoes", "• Salt and pepper, to taste"] {
            #expect(text.contains(line + "\n"), "\(line)\n\(text)")
        }
        let page = try String(contentsOf: output.appendingPathComponent("recipes/chili/index.html"), encoding: .utf8)
        #expect(page.contains(#"<span class="unit" data-unit-text>tins (800 g)</span>"#), "\(page)")
        #expect(page.contains(#"<span class="ingredient-name">Salt and pepper</span>"#), "\(page)")
        #expect(page.contains(#""1 can (15 oz) black beans, drained""#), "JSON-LD: \(page)")
    }
}
