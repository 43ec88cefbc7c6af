import Foundation
@testable import LarderTestSupport
import LarderCore
import Testing

@testable import Larder
@testable import LarderQuantities
@testable import LarderSite

/// The recipe page's servings control (Templates/larder.js) writes every
/// rescaled amount exactly as the CLI does (``QuantityDisplay``): the page's
/// own script, run in node, on thousands of amounts, units, factors and unit
/// systems, against the Swift formatter; and a built page in Chromium,
/// against `larder print --recipe id*N`.
@Suite struct ServingsAmountTests {
    static let node = ["/usr/bin/node", "/usr/local/bin/node"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let script = Repository.root.appendingPathComponent("Templates/larder.js")

    /// One ingredient as the page holds it, and the servings to show it for.
    struct Case {
        var quantity: Quantity
        var unit: MeasureUnit?
        var unitName: String?
        var size: PackageSize? = nil
        /// The food: its density, when Larder has one, weighs volumes in a
        /// metric kitchen.
        var food = "thing"
        var servings: Int
        var base: Int
        var system: UnitSystem?

        /// What `larder share` and `larder print` write for it: the line a
        /// shopping plan makes of this one scaled ingredient.
        var expected: String {
            let factor = Rational(servings).divided(by: Rational(base)) ?? .one
            let amount = PlanAmount(
                quantity: quantity.scaled(by: factor), unit: unit, unitName: unit == nil ? unitName : nil, size: size
            )
            let line = PlanLine(
                name: food, key: FoodNames.builtIn.key(food), amounts: PlanAmount.merged([amount]).map(\.wholeIfCounted),
                provenance: [], categoryID: "other", storeID: nil, checked: false, priority: .normal, notes: [], total: nil
            )
            return line.amountText(in: system) ?? ""
        }

        /// As the page holds it (see SiteBuilder+Recipes).
        var item: String {
            let grams = unit?.dimension == .volume ? Densities.gramsPerCup(FoodNames.builtIn.key(food)) : nil
            let fields: [String?] = [
                QuantityDisplay.exactValue(quantity), unit?.id, unit == nil ? unitName : nil,
                size.map { QuantityDisplay.exactValue($0.quantity) }, size?.unit?.id, size.flatMap { $0.unit == nil ? $0.unitName : nil },
                grams.map { "\($0.numerator)/\($0.denominator)" },
            ]
            return "[" + fields.map { $0?.jsonLiteral ?? "null" }.joined(separator: ",") + "]"
        }
    }

    static let quantities: [Quantity] = {
        let texts = [
            "1", "2", "3", "4", "5", "6", "7", "8", "10", "12", "16", "24", "100", "125", "250", "454", "500",
            "750", "1000", "1500", "2500", "1/2", "1/3", "2/3", "1/4", "3/4", "1/8", "3/8", "5/8", "7/8",
            "1/16", "1/10", "5/6", "7/5", "1 1/2", "1 1/4", "2 1/3", "0.3", "2.5", "0.75", "1.25", "0.333", "0.05",
        ]
        var quantities = texts.compactMap { Rational($0) }.map(Quantity.exact)
        let ranges: [(Rational?, Rational?)] = [
            (Rational(2), Rational(3)), (Rational(1, 2), Rational(1)), (Rational(1), Rational(3, 2)),
            (Rational(200), Rational(300)), (Rational(1, 4), Rational(1, 3)),
        ]
        quantities += ranges.compactMap { low, high in low.flatMap { low in high.map { .range(low, $0) } } }
        // Far past any kitchen: Rational's overflow fallback must agree too.
        quantities += [Rational(Int.max / 3), Rational(1, 999_999_937), Rational(4_611_686_018_427_387_903, 7)]
            .compactMap { $0 }.map(Quantity.exact)
        return quantities
    }()

    static let units: [(MeasureUnit?, String?)] = [(nil, nil), (nil, "blorps")]
        + ["mg", "g", "kg", "oz", "lb", "ml", "cl", "dl", "l", "tsp", "tbsp", "fl-oz", "cup", "pint", "quart", "gallon",
           "dozen", "pinch", "can", "clove"].map { (UnitCatalog.unit(id: $0), nil) }

    /// servings, base: halving, doubling, thirds, tiny and huge factors.
    static let factors: [(Int, Int)] = [
        (1, 4), (3, 4), (5, 4), (6, 4), (8, 4), (2, 3), (7, 3), (10, 6), (5, 6), (12, 5), (1, 999), (999, 1), (999, 7),
    ]

    static let systems: [UnitSystem?] = [nil, .metric, .us]

    static var cases: [Case] {
        var cases: [Case] = []
        for quantity in quantities {
            for (unit, name) in units {
                for (servings, base) in factors {
                    for system in systems {
                        cases.append(Case(quantity: quantity, unit: unit, unitName: name, servings: servings, base: base, system: system))
                    }
                }
            }
        }
        // Foods weighed in metric kitchens, and packages with their size.
        let volumes = units.compactMap(\.0).filter { $0.dimension == .volume }
        let sizes: [PackageSize] = [
            PackageSize(quantity: .exact(400), unit: .gram), PackageSize(quantity: .exact(15), unit: .ounce),
            PackageSize(quantity: .exact(Rational(1, 2) ?? .one), unit: .litre),
            PackageSize(quantity: .range(400, 500), unit: .gram), PackageSize(quantity: .exact(3), unit: nil, unitName: "sheets"),
        ]
        for quantity in quantities.prefix(30) {
            for (servings, base) in factors {
                for system in systems {
                    for food in ["flour", "sugar", "butter", "rolled oats"] {
                        for unit in volumes {
                            cases.append(Case(quantity: quantity, unit: unit, unitName: nil, food: food, servings: servings, base: base, system: system))
                        }
                    }
                    for size in sizes {
                        for unit in [UnitCatalog.unit(id: "can"), nil] {
                            cases.append(Case(quantity: quantity, unit: unit, unitName: nil, size: size, servings: servings, base: base, system: system))
                        }
                    }
                }
            }
        }
        // A deterministic spread of other amounts (a linear congruential walk).
        var seed: UInt64 = 14
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        for _ in 0..<3_000 {
            guard let value = Rational(1 + next(5_000), 1 + next(64)) else { continue }
            let (unit, name) = units[next(units.count)]
            let system = systems[next(3)]
            let food = ["thing", "flour", "sugar"][next(3)]
            cases.append(Case(
                quantity: .exact(value), unit: unit, unitName: name, food: food, servings: 1 + next(40), base: 1 + next(12), system: system
            ))
        }
        return cases
    }

    /// The script's own tables are Swift's: the fraction glyphs
    /// (``Rational/vulgarGlyphs``) and the units sold only whole
    /// (``PlanAmount/soldWhole``), read from larder.js as it ships.
    @Test func theScriptsTablesAreSwifts() throws {
        let script = try String(contentsOf: Self.script, encoding: .utf8)
        func literal(after marker: String, until end: Character) throws -> Substring {
            let start = try #require(script.range(of: marker)).upperBound
            return script[start...].prefix { $0 != end }
        }
        let glyphs = try literal(after: "var GLYPHS = {", until: "}")
        var table: [String: String] = [:]
        for pair in glyphs.split(separator: ",") {
            let parts = pair.split(separator: ":").map { $0.trimmingCharacters(in: .whitespacesAndNewlines.union(["\""])) }
            table[parts[0]] = parts[1]
        }
        let swift = Dictionary(uniqueKeysWithValues: Rational.vulgarGlyphs.map { ("\($0.key.numerator)/\($0.key.denominator)", String($0.value)) })
        #expect(table == swift)
        let soldWhole = try literal(after: "var SOLD_WHOLE = [", until: "]")
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines.union(["\""])) }
        #expect(Set(soldWhole) == PlanAmount.soldWhole)
        #expect(soldWhole.count == PlanAmount.soldWhole.count)
    }

    static func exact(_ quantity: Quantity) -> String {
        QuantityDisplay.exactValue(quantity)
    }

    @Test(.enabled(if: node != nil, "node is not installed"))
    func theScriptWritesEveryAmountAsTheCLIDoes() throws {
        let cases = Self.cases
        #expect(cases.count > 10_000)
        let folder = try TestFolder("amounts")
        let input = folder.url.appendingPathComponent("cases.json")
        let table = QuantityDisplay.unitTable(for: UnitCatalog.all)
        let rows = cases.map { item in
            "[" + [item.item, String(item.servings), String(item.base), item.system?.rawValue.jsonLiteral ?? "null"]
                .joined(separator: ",") + "]"
        }
        try folder.write("cases.json", "{\"units\": \(table.jsonLiteral), \"cases\": [" + rows.joined(separator: ",\n") + "]}")
        let program = """
            const { Amounts } = require(process.argv[1]);
            const input = JSON.parse(require("fs").readFileSync(process.argv[2], "utf8"));
            const units = Amounts.parseUnits(input.units);
            const out = input.cases.map(([[qty, unit, unitName, size, sizeUnit, sizeUnitName, gramsPerCup], servings, base, system]) =>
              Amounts.scaledAmount({ qty, unit, unitName, size, sizeUnit, sizeUnitName, gramsPerCup }, servings, base, system, units));
            process.stdout.write(JSON.stringify(out));
            """
        let run = try ProcessResult.run(
            URL(fileURLWithPath: try #require(Self.node)), ["-e", program, Self.script.path, input.path]
        )
        try #require(run.status == 0, "\(run.stderr)")
        let texts = try JSONDecoder().decode([String?].self, from: Data(run.stdout.utf8))
        try #require(texts.count == cases.count)
        var mismatches: [String] = []
        for (item, text) in zip(cases, texts) where text != item.expected {
            mismatches.append("\(item.quantity) \(item.unit?.id ?? item.unitName ?? "") ×\(item.servings)/\(item.base) "
                + "\(item.size.map { "size \($0.quantity) \($0.unit?.id ?? $0.unitName ?? "") " } ?? "")\(item.food) "
                + "in \(item.system?.rawValue ?? "own"): Swift \"\(item.expected)\", larder.js \"\(text ?? "nil")\"")
        }
        #expect(mismatches.count == 0, Comment(rawValue: "\(mismatches.count) of \(cases.count) differ:\n" + mismatches.prefix(40).joined(separator: "\n")))
    }

    // MARK: In the browser

    static let kitchenRecipe = """
        ---
        title: Everything
        servings: 4
        ---

        ## Ingredients

        - 1 ½ cups flour
        - 2 eggs
        - 250 ml milk
        - 1 tbsp sugar
        - 2-3 cloves garlic
        - 600 g potatoes
        - 1 pinch salt
        - ½ tsp vanilla
        - 1 lb chicken thighs
        - 2 cans beans
        - 3 blorps cheese
        - basil

        ## Directions

        1. Cook.

        """

    /// "[ ] flour — ≈ 340 g (3 cups) (Everything ×8)" → ("flour", "≈ 340 g (3 cups)");
    /// "[ ] eggs — 1 (Everything ×1: ½)" → ("eggs", "1").
    static func printedLine(_ line: Substring, servings: Int) -> (name: String, amount: String)? {
        guard line.hasPrefix("[ ] ") else { return nil }
        var text = line.dropFirst(4)
        if let source = text.range(of: " (Everything ×\(servings)", options: .backwards) { text = text[..<source.lowerBound] }
        guard let dash = text.range(of: " — ") else { return (String(text), "") }
        var amount = text[dash.upperBound...]
        if let note = amount.range(of: ", ") { amount = amount[..<note.lowerBound] }
        return (String(text[..<dash.lowerBound]), String(amount))
    }

    struct PageReport: Decodable {
        struct Line: Decodable { var name: String; var amount: String }
        var control: Bool
        var servings: [String: [Line]]
        var errors: [String]
    }

    static func readPage(_ page: URL, servings: [Int]) async throws -> PageReport {
        let script = Repository.root.appendingPathComponent("Tests/LarderEndToEndTests/Tools/servings_check.py")
        let result = try await ProcessResult.runDetached(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path, page.path] + servings.map(String.init)
        )
        guard result.status == 0, let report = try? JSONDecoder().decode(PageReport.self, from: Data(result.stdout.utf8)) else {
            throw ToolFailure(tool: "servings_check.py", status: result.status, output: result.stdout + result.stderr)
        }
        return report
    }

    /// Each kitchen setting of `units`: the page, set to N servings, reads
    /// what `larder print --recipe everything*N` prints; at the recipe's own
    /// servings it reads as written; a recipe without servings has no control.
    @Test(.enabled(
        if: SiteQualityTests.required || AxeChecker.isUsable,
        "Chromium through Playwright does not run here (scripts/setup-test-tools)"
    ), arguments: [nil, "metric", "us"])
    func theRecipePageReadsWhatPrintPrints(_ units: String?) async throws {
        let kitchen = try TestFolder()
        try kitchen.write("larder.json", "{\"title\": \"Servings\"" + (units.map { ", \"units\": \"\($0)\"" } ?? "") + "}")
        try kitchen.write("recipes/everything.md", Self.kitchenRecipe)
        try kitchen.write("recipes/plain.md", "---\ntitle: Plain\n---\n\n## Ingredients\n\n- 2 eggs\n\n## Directions\n\n1. Cook.\n")
        let out = try TestFolder("out")
        let site = out.url.appendingPathComponent("site")
        let secret = ["LARDER_SECRET": "servings-amount-tests-secret-0123"]
        let build = try ProcessResult.run(Repository.binary, ["build", kitchen.url.path, "-o", site.path], environment: secret)
        try #require(build.status == 0, "\(build.stderr)")

        let servings = [1, 3, 4, 6, 10, 999]
        let report = try await Self.readPage(site.appendingPathComponent("recipes/everything/index.html"), servings: servings)
        #expect(report.control)
        #expect(report.errors.isEmpty, "\(report.errors)")
        for count in servings {
            let shown = try #require(report.servings[String(count)])
            #expect(shown.count == 12)
            if count == 4 {
                #expect(shown.first.map { $0.name + ": " + $0.amount } == "flour: 1 ½ cups", "as written at its own servings")
                continue
            }
            let printed = try ProcessResult.run(Repository.binary, [
                "print", "--dir", kitchen.url.path, "--recipe", "everything*\(count)", "--format", "text", "--include-pantry",
            ], environment: PrintCLITests.environment)
            try #require(printed.status == 0, "\(printed.stderr)")
            let expected = Dictionary(
                printed.stdout.split(separator: "\n").compactMap { Self.printedLine($0, servings: count) }, uniquingKeysWith: { first, _ in first }
            )
            #expect(expected.count == 12, "\(printed.stdout)")
            for line in shown {
                #expect(expected[line.name] == line.amount, "\(units ?? "own") ×\(count): \(line.name)")
            }
        }
        let plain = try await Self.readPage(site.appendingPathComponent("recipes/plain/index.html"), servings: [3])
        #expect(!plain.control, "a recipe without servings has no servings control")
    }

    /// A recipe without `servings` cannot be scaled: its page has no
    /// servings control, and a list that asks for 6 servings of it does not
    /// say "6 servings" (the plan ignores them; `check` warns).
    @Test func aRecipeWithoutServingsHasNoControlAndNoServingsLabel() throws {
        let kitchen = try TestFolder()
        try kitchen.write("larder.json", "{\"title\": \"Servings\"}")
        try kitchen.write("recipes/plain.md", "---\ntitle: Plain\n---\n\n## Ingredients\n\n- 2 eggs\n\n## Directions\n\n1. Cook.\n")
        try kitchen.write("recipes/pancakes.md", "---\ntitle: Pancakes\nservings: 4\n---\n\n## Ingredients\n\n- 2 eggs\n\n## Directions\n\n1. Cook.\n")
        try kitchen.write("lists/weekly.md", """
            ---
            title: Weekly
            recipes:
              - recipe: plain
                servings: 6
              - recipe: pancakes
                servings: 8
            ---

            - [ ] bread

            """)
        let out = try TestFolder("out")
        let site = out.url.appendingPathComponent("site")
        let build = try ProcessResult.run(
            Repository.binary, ["build", kitchen.url.path, "-o", site.path],
            environment: ["LARDER_SECRET": "servings-amount-tests-secret-0123"]
        )
        try #require(build.status == 0, "\(build.stderr)")
        let plain = try String(contentsOf: site.appendingPathComponent("recipes/plain/index.html"), encoding: .utf8)
        #expect(!plain.contains("data-servings"))
        #expect(!plain.contains("×"))
        let list = try String(contentsOf: site.appendingPathComponent("lists/weekly/index.html"), encoding: .utf8)
        #expect(!list.contains("6 servings"))
        #expect(!list.contains("×6"))
        #expect(list.contains("8 servings"))
    }
}
