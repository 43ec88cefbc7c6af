import Foundation
import Larder
@testable import LarderTestSupport
import Testing

/// `Examples/cooklang`, a Cooklang folder as the `cook` CLI keeps it (no
/// larder.json), through the real binary: it checks, builds recipe pages
/// with marked steps and the menu's page, shares the menu with everything it
/// references at its servings, and prints a sheet grouped by aisle.conf's
/// categories with what pantry.conf has in stock taken off.
@Suite struct CooklangExampleTests {
    static let folder = Repository.root.appendingPathComponent("Examples/cooklang")
    static let menu = "plans-this-week"
    /// aisle.conf's categories, in the file's (walking) order.
    static let aisles = [
        "produce", "bakery", "meat", "dairy", "baking", "pantry", "oils and vinegars", "spices", "household",
    ]

    func larder(_ arguments: [String]) throws -> ProcessResult {
        try ProcessResult.run(Repository.binary, arguments, environment: ["SOURCE_DATE_EPOCH": "1750000000"])
    }

    @Test
    func checksWithNoProblem() throws {
        // `difficulty:` and `locale:` are Cooklang's own keys, with no Larder
        // field: kept (the page shows them), with no warning.
        let result = try larder(["check", Self.folder.path, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let diagnostics = try #require(report?["diagnostics"] as? [[String: Any]], "\(result.stdout)")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        // The nine recipes and the menu.
        #expect(report?["files"] as? Int ?? 0 >= 10, "\(result.stdout)")
    }

    @Test
    func buildMakesMarkedRecipePagesAndTheMenusPage() throws {
        let output = try TestFolder("site")
        let site = output.url.appendingPathComponent("_site")
        let result = try larder(["build", Self.folder.path, "-o", site.path])
        #expect(result.status == 0, "\(result.stderr)")
        func page(_ path: String) throws -> String {
            try String(contentsOf: site.appendingPathComponent(path), encoding: .utf8)
        }

        let pancakes = try page("recipes/breakfast-easy-pancakes/index.html")
        #expect(pancakes.contains(##"<a class="step-ingredient" href="#ingredient-1">plain flour</a>"##))
        #expect(pancakes.contains(#"<span class="cookware">large bowl</span>"#))
        #expect(pancakes.contains(#"<time class="timer" datetime="PT10M">10 minutes</time>"#))
        // The picture beside the file, and the one of step 4, published.
        #expect(pancakes.contains(#"<img class="recipe-img" src="../../Breakfast/Easy%20Pancakes.jpg""#))
        #expect(pancakes.contains(#"<img class="step-img" src="../../Breakfast/Easy%20Pancakes.4.jpg" alt="Step 4""#))
        for picture in ["Breakfast/Easy Pancakes.jpg", "Breakfast/Easy Pancakes.4.jpg"] {
            #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent(picture).path), "\(picture)")
        }
        #expect(pancakes.contains("<h3>Cookware</h3>"))

        let curry = try page("recipes/dinner-chicken-curry/index.html")
        #expect(curry.contains(#"(<span class="timer-name">simmer</span>)"#))
        #expect(curry.contains("<div><dt>Difficulty</dt><dd>easy</dd></div>"))
        #expect(curry.contains("<h3>Rice</h3>"))

        // The pizza's dough is a sub-recipe, linked from its line.
        let pizza = try page("recipes/dinner-margherita-pizza/index.html")
        #expect(pizza.contains(#"<a class="subrecipe" href="../../recipes/shared-pizza-dough/index.html">"#))

        // Every step's link leads to an ingredient line of its page.
        for recipe in try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("recipes").path)
        where !recipe.hasSuffix(".txt") {
            let html = try page("recipes/\(recipe)/index.html")
            #expect(html.contains(#"class="step-ingredient""#), "\(recipe) has no marked step")
            for match in html.matches(of: /href="#(ingredient-\d+)"/) {
                #expect(html.contains(#"id="\#(match.output.1)""#), "\(recipe): \(match.output.1) leads nowhere")
            }
        }

        let menu = try page("lists/\(Self.menu)/index.html")
        #expect(menu.contains("This Week"))
        for title in ["Spaghetti Bolognese", "Weeknight Chicken Curry", "Margherita Pizza", "Easy Pancakes"] {
            #expect(menu.contains(title), "the menu's page does not name \(title)")
        }
    }

    /// The ingredient lines of a text share or sheet: "[ ] 300 g chicken thighs".
    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("[ ]") || $0.hasPrefix("[x]") }
    }

    @Test
    func shareOfTheMenuShopsForWhatItReferencesAtItsServings() throws {
        let result = try larder(["share", Self.menu, "--dir", Self.folder.path, "--ascii"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = Self.lines(result.stdout)
        // The curry (written for 4) at 2 servings; the Bolognese at its own 4;
        // the pizza's dough, a sub-recipe, once; the menu's own items.
        for line in ["[ ] 300 g chicken thighs", "[ ] 400 g spaghetti", "[ ] 500 g strong white flour",
                     "[ ] 250 g mozzarella", "[ ] 6 bananas", "[ ] 250 g coffee beans"] {
            #expect(lines.contains(line), "no \"\(line)\" in:\n\(result.stdout)")
        }
    }

    @Test
    func printGroupsTheSheetByAisleConfAndTakesOffWhatIsInStock() throws {
        let result = try larder(["print", Self.menu, "--dir", Self.folder.path, "--format", "text"])
        #expect(result.status == 0, "\(result.stderr)")
        let text = result.stdout
        // The headings of the sheet, in order: each line just before an item
        // that is not an item itself.
        let rows = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var headings: [String] = []
        for (index, row) in rows.enumerated() where index + 1 < rows.count && rows[index + 1].hasPrefix("[ ]") {
            if !row.hasPrefix("[") && !row.isEmpty { headings.append(row.lowercased()) }
        }
        #expect(headings.first == "produce", "\(headings)")
        let positions = headings.map { Self.aisles.firstIndex(of: $0) }
        #expect(!positions.contains(nil), "headings not from aisle.conf: \(headings)")
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(), "not in aisle.conf's order: \(headings)")

        // "[ ] milk — 1.5 l (…)": the name first on a sheet.
        let lines = Self.lines(text)
        func line(_ name: String) -> String? {
            lines.first { line in
                let rest = line.dropFirst(4).drop { $0 == "!" || $0 == " " }
                return rest == name || rest.hasPrefix(name + " —")
            }
        }
        // "unlim" and more than enough in stock: left off.
        for name in ["salt", "water", "plain flour", "basmati rice", "olive oil"] {
            #expect(line(name) == nil, "\(name) is in stock but on the sheet: \(line(name) ?? "")")
        }
        // Not enough milk in stock (1 l of about 2.5 l): the rest is bought,
        // in whole litres as milk is sold.
        let milk = try #require(line("milk"), "\(text)")
        let litres = try #require(milk.firstMatch(of: /— ([0-9.]+) l\b/).flatMap { Double($0.output.1) }, "\(milk)")
        #expect((1.5...2).contains(litres) && milk.contains("1 l in stock"), "\(milk)")
        // What pantry.conf does not have is bought whole.
        #expect(line("chicken thighs")?.contains("300 g") == true, "\(text)")
    }
}
