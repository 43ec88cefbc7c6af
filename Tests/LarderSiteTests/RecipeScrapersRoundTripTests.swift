import Foundation
import LarderTestSupport
import Larder
import Testing

@testable import LarderSite

/// The JSON-LD read back by a real consumer: PyPI `recipe-scrapers`, which
/// reads schema.org data the way recipe apps and importers do. Skipped (with
/// a note) when it is not installed.
@Suite struct RecipeScrapersRoundTripTests {
    static let available = RecipeScrapers.isInstalled

    @Test(.enabled(if: available, "recipe-scrapers is not installed (pip install recipe-scrapers)"))
    func exampleRecipesReadBack() throws {
        let kitchen = try KitchenLoader.load(RenderFixtures.examples).kitchen
        try #require(kitchen.recipes.count >= 5)
        let pages = kitchen.recipes.map { recipe in
            RecipeScrapers.page(RecipeJSONLD.json(
                for: recipe, kitchen: kitchen,
                pageURL: "https://example.org/kitchen/recipes/\(recipe.id)/",
                imageURL: recipe.image.map { "https://example.org/kitchen/\($0)" }
            ))
        }
        let results = try RecipeScrapers.read(pages)
        try #require(results.count == kitchen.recipes.count)

        for (recipe, result) in zip(kitchen.recipes, results) {
            #expect(result.error == nil, "\(recipe.id): \(result.error ?? "")")
            #expect(result.title == recipe.title, "\(recipe.id)")
            #expect(result.ingredients == recipe.ingredients.map { normalized($0.writtenLine) }, "\(recipe.id)")
            #expect(result.instructions == expectedInstructions(recipe), "\(recipe.id)")
            #expect(result.totalTime == RecipeJSONLD.totalTime(recipe).map { ($0.seconds + 59) / 60 }, "\(recipe.id)")
            checkYield(result.yields, recipe)
        }

        // A few values written out, so the test does not only compare the
        // consumer with our own functions.
        let pancakes = try #require(zip(kitchen.recipes, results).first { $0.0.id == "pancakes" }?.1)
        #expect(pancakes.ingredients?.first == "1 ½ cups all-purpose flour")
        #expect(pancakes.ingredients?.last == "maple syrup, to serve")
        #expect(pancakes.yields == "12 pancakes")
        #expect(pancakes.totalTime == 30)
        let curry = try #require(zip(kitchen.recipes, results).first { $0.0.id == "chicken-curry" }?.1)
        #expect(curry.instructions?.first == "Marinate")
        #expect(curry.ingredients?.contains("1–2 tsp chili powder") == true)
        #expect(curry.yields == "4 servings")
        #expect(curry.totalTime == 90)
    }

    /// `</script>` in a title neither ends the element nor breaks the JSON:
    /// the consumer still finds the whole recipe.
    @Test(.enabled(if: available, "recipe-scrapers is not installed (pip install recipe-scrapers)"))
    func hostileTitleStillParses() throws {
        let kitchen = try RenderFixtures.kitchen(RenderFixtures.small)
        let recipe = try #require(kitchen.recipe("toast"))
        let result = try #require(try RecipeScrapers.read([
            RecipeScrapers.page(RecipeJSONLD.json(for: recipe, kitchen: kitchen, pageURL: nil, imageURL: nil)),
        ]).first)
        #expect(result.error == nil)
        // recipe-scrapers strips anything that looks like a tag from titles.
        #expect(result.title == "Cheese toast")
        #expect(result.ingredients == ["4 slices bread", "100 g cheddar, grated", "1 ½ tbsp butter (optional)"])
        #expect(result.instructions == ["Toast the bread.", "Top with cheddar and grill until it bubbles."])
        #expect(result.yields == "4 slices")
        #expect(result.totalTime == 15)
    }

    /// recipe-scrapers lists a `HowToSection`'s name as a line of its own,
    /// before the section's steps; steps read as their plain text.
    private func expectedInstructions(_ recipe: Recipe) -> [String] {
        recipe.directions.flatMap { section in
            (section.title.map { [$0] } ?? []) + section.steps.map(RecipeJSONLD.stepText)
        }.map(normalized)
    }

    /// recipe-scrapers' yield rules: of several values it takes the first
    /// naming a unit it knows ("12 pancakes", "1 loaf"), else the first
    /// ("4 servings"); a bare count reads as servings.
    private func checkYield(_ yields: String?, _ recipe: Recipe) {
        guard let yields else {
            #expect(recipe.servings == nil && recipe.yield == nil, "\(recipe.id): no yield read back")
            return
        }
        let count = Int(yields.prefix { $0.isNumber })
        let yieldCount = recipe.yield.flatMap { Int($0.prefix { $0.isNumber }) }
        if yields.hasSuffix("serving") || yields.hasSuffix("servings") {
            #expect(count == recipe.servings ?? yieldCount, "\(recipe.id): \(yields)")
        } else {
            #expect(count == yieldCount, "\(recipe.id): \(yields)")
        }
    }

    /// What recipe-scrapers does to every string: runs of white space to one space.
    private func normalized(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}

/// Runs recipe-scrapers in one Python process over a batch of pages.
enum RecipeScrapers {
    struct Result: Decodable {
        var title: String?
        var ingredients: [String]?
        var instructions: [String]?
        var yields: String?
        var totalTime: Int?
        /// The exception the scraper raised, if any.
        var error: String?
    }

    static var isInstalled: Bool {
        (try? run(["-c", "import recipe_scrapers"]).status) == 0
    }

    /// A minimal page holding the JSON-LD the way the recipe page does.
    static func page(_ jsonLD: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>Recipe</title>
        <script type="application/ld+json">\(jsonLD)</script>
        </head><body><h1>Recipe</h1></body></html>
        """
    }

    static let script = """
        import json, sys
        from recipe_scrapers import scrape_html
        results = []
        for html in json.load(open(sys.argv[1], encoding="utf-8")):
            try:
                s = scrape_html(html, org_url="https://example.org/", supported_only=False)
                results.append({"title": s.title(), "ingredients": s.ingredients(),
                                "instructions": s.instructions_list(), "yields": s.yields(),
                                "totalTime": s.total_time()})
            except Exception as e:
                results.append({"error": f"{type(e).__name__}: {e}"})
        print(json.dumps(results))
        """

    static func read(_ pages: [String]) throws -> [Result] {
        let folder = try RenderFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("pages.json")
        try JSONEncoder().encode(pages).write(to: input)
        let (status, output, errors) = try run(["-c", script, input.path])
        guard status == 0 else {
            Issue.record("python3 exited with \(status): \(errors)")
            return []
        }
        return try JSONDecoder().decode([Result].self, from: Data(output.utf8))
    }

    private static func run(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let folder = try RenderFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // stderr to a file, so a chatty Python cannot fill a pipe nobody reads.
        let errorFile = folder.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let errorHandle = try FileHandle(forWritingTo: errorFile)
        defer { try? errorHandle.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        process.standardError = errorHandle
        let outData = try ChildProcess.start(process, captureErrors: false).output!.readDataToEndOfFile()
        process.waitUntilExit()
        let errors = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), errors)
    }
}
