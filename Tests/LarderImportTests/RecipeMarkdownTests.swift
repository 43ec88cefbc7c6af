import Foundation
import Larder
import LarderCore
@testable import LarderImport
@testable import LarderTestSupport
import Testing

/// The writer: an imported recipe as the Markdown recipe file people write
/// by hand, which `larder check` passes.
struct RecipeMarkdownTests {
    static var sample: ImportedRecipe {
        var recipe = ImportedRecipe(title: "Crème brûlée: the *best*", source: .jsonLD)
        recipe.description = "Rich & smooth <custard> # not a heading"
        recipe.url = "https://example.com/creme-brulee/"
        recipe.author = "Ann"
        recipe.yield = "Serves 4-6"
        recipe.prepTime = .init(text: "PT20M", minutes: 20)
        recipe.cookTime = .init(text: "1 hr 10 mins", minutes: 70)
        recipe.totalTime = .init(text: "soon", minutes: nil)
        recipe.categories = ["Dessert", "French classics"]
        recipe.keywords = ["custard", "French classics"]
        recipe.ingredientGroups = [
            .init(lines: ["500 ml cream", "1,5 dl milk", "- 4 egg yolks *fresh*"]),
            .init(name: "For the top", lines: ["2 tbsp sugar"]),
        ]
        recipe.directionSections = [
            .init(steps: [.init(name: "Step 1", text: "Heat the cream."), .init(name: "Whisk", text: "2. Whisk in [the] yolks.")]),
            .init(name: "Bake", steps: [.init(text: "Bake at 150 °C for 40 min.")]),
        ]
        recipe.notes = ["Keeps 2 days_ chilled."]
        recipe.nutrition = [("calories", "310 kcal"), ("rating", "5")]
        recipe.images = ["https://example.com/cb.jpg"]
        return recipe
    }

    @Test("the whole file: front matter, groups, sections, escapes, servings from the yield")
    func wholeFile() {
        let markdown = RecipeMarkdown(Self.sample)
        #expect(markdown.text == """
            ---
            title: "Crème brûlée: the *best*"
            category: Dessert
            tags: [French classics, custard]
            servings: 6
            prep_time: 20 min
            cook_time: 1 h 10 min
            source: "https://example.com/creme-brulee/"
            author: Ann
            nutrition:
              calories: "310 kcal"
            ---
            Rich \\& smooth \\<custard\\> # not a heading

            ## Ingredients

            - 500 ml cream
            - 1.5 dl milk
            - 4 egg yolks *fresh*

            ### For the top

            - 2 tbsp sugar

            ## Directions

            1. Heat the cream.
            2. **Whisk.** 2\\. Whisk in \\[the\\] yolks.

            ### Bake

            1. Bake at 150 °C for 40 min.

            ## Notes

            Keeps 2 days\\_ chilled.

            """)
        // The image is the importer's to fetch and name (RecipeImporter.picture).
        #expect(markdown.dropped == [
            "the total time 'soon' is not a duration",
            "nutrition Larder has no field for: rating",
        ])
    }

    @Test func thePictureIsNamedAsByHand() {
        var recipe = ImportedRecipe(title: "Soup", source: .jsonLD)
        recipe.author = "Ann"
        #expect(RecipeMarkdown(recipe, image: "images/soup.jpg").text == "---\ntitle: Soup\nauthor: Ann\nimage: images/soup.jpg\n---\n")
        #expect(RecipeMarkdown(recipe).text == "---\ntitle: Soup\nauthor: Ann\n---\n")
    }

    @Test("a yield that is not servings stays the yield", arguments: [
        ("12 cookies", nil, "12 cookies"), ("4", 4, nil), ("4 personnes", 4, nil), ("1 loaf", nil, "1 loaf"),
    ] as [(String, Int?, String?)])
    func yields(written: String, servings: Int?, yield: String?) {
        var recipe = ImportedRecipe(title: "Bake", source: .jsonLD)
        recipe.yield = written
        let (s, y) = RecipeMarkdown(recipe).servingsAndYield
        #expect(s == servings)
        #expect(y == yield)
    }

    @Test("a step that starts like a list item is escaped")
    func escapes() {
        #expect(RecipeMarkdown.escaped("2. Whisk") == "2\\. Whisk")
        #expect(RecipeMarkdown.escaped("- or not") == "\\- or not")
        #expect(RecipeMarkdown.escaped("a_b*c") == "a\\_b\\*c")
        #expect(RecipeMarkdown.escaped("2) Whisk") == "2\\) Whisk")
        #expect(RecipeMarkdown.escaped("12.") == "12\\.")
        #expect(RecipeMarkdown.escaped("2.5 cups") == "2.5 cups")
        #expect(RecipeMarkdown.ingredientLine("1,25 kg potatoes") == "1.25 kg potatoes")
        #expect(RecipeMarkdown.ingredientLine("1,250 g flour") == "1,250 g flour")
        #expect(RecipeMarkdown.ingredientLine("2 eggs, beaten") == "2 eggs, beaten")
    }

    @Test("the written file passes larder check and reads back with its words")
    func passesCheck() throws {
        let folder = try TestFolder()
        let file = RecipeMarkdown(Self.sample).text
        try folder.write("recipes/creme-brulee.md", file)
        let loaded = try KitchenLoader.load(folder.url)
        #expect(loaded.report.diagnostics.filter { $0.severity == .error } == [])
        let recipe = try #require(loaded.kitchen.recipes.first)
        #expect(recipe.title == "Crème brûlée: the *best*")
        #expect(recipe.servings == 6)
        #expect(recipe.ingredients.count == 4)
        #expect(recipe.source == "https://example.com/creme-brulee/")
    }

    @Test(
        "every recipe read from the 80 saved pages is written as a file that larder check passes",
        .enabled(if: !RecipePagesTests.pages.isEmpty, "recipe pages not found; skipping")
    )
    func savedPagesPassCheck() throws {
        let folder = try TestFolder()
        var importer = RecipeImporter(folder: folder.url)
        var files: [AuthoredFile] = []
        for page in RecipePagesTests.pages {
            guard let recipes = try? importer.read(source: page.html.path) else { continue }
            for recipe in recipes { files.append(importer.plan(recipe, fallbackTitle: page.key).file) }
        }
        #expect(files.count >= 73)
        #expect(Set(files.map(\.path)).count == files.count)
        try FileCreator(folder: folder.url).create(files)
        let report = try KitchenLoader.load(folder.url).report
        let errors = report.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.prefix(5).map { "\(String(describing: $0.location)): \($0.message)" })")
        #expect(report.fileCount == files.count)
    }
}
