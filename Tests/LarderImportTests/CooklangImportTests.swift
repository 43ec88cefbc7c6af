import Foundation
import Larder
import LarderCore
@testable import LarderImport
@testable import LarderTestSupport
import Testing

/// Cooklang files imported as Markdown recipes: mapped as `larder check`
/// reads Cooklang, written as a person would write them, passing check.
struct CooklangImportTests {
    static let soup = """
        ---
        title: Tomato Soup
        servings: 4
        tags: soup, quick
        course: lunch
        prep time: 10 minutes
        source: https://example.com/soup
        ---

        == Base ==

        Fry @onion{1}(chopped) in @olive oil{2%tbsp} in a #pot{} for ~{5%minutes}.

        Add @plain flour{200%g}(sifted) and a_bit of @-salt.

        == Finish ==

        Stir in @./Shared/Pizza Dough{1%batch} and @?basil{a handful}.

        > Keeps *3* days.
        """

    static var conformance: URL {
        Repository.root.appendingPathComponent("../shared/conformance/imports/cooklang-tandoor").standardizedFileURL
    }

    static func read(_ text: String, name: String) throws -> ImportedRecipe {
        let folder = try TestFolder()
        try folder.write(name, text)
        let recipes = try RecipeImporter(folder: folder.url).read(source: folder.url.appendingPathComponent(name).path)
        return try #require(recipes.first)
    }

    @Test("a .cook file becomes the Markdown a person would write")
    func wholeFile() throws {
        let recipe = try Self.read(Self.soup, name: "Tomato Soup.cook")
        #expect(recipe.source == .cooklang)
        #expect(recipe.cooklangID == "tomato-soup")
        #expect(RecipeMarkdown(recipe).dropped == ["the cookware list (pot): the steps still name it"])
        #expect(RecipeMarkdown(recipe).text == """
            ---
            title: Tomato Soup
            category: lunch
            tags: [soup, quick]
            servings: 4
            prep_time: 10 min
            source: "https://example.com/soup"
            ---

            ## Ingredients

            ### Base

            - 1 onion, chopped
            - 2 tbsp olive oil
            - 200 g plain flour, sifted

            ### Finish

            - 1 batch [Pizza Dough](shared-pizza-dough)
            - basil, a handful (optional)

            ## Directions

            ### Base

            1. Fry onion in olive oil in a pot for 5 minutes.
            2. Add plain flour and a\\_bit of salt.

            ### Finish

            1. Stir in Pizza Dough and basil.

            ## Notes

            Keeps \\*3\\* days.

            """)
    }

    @Test("Markdown escapes are undone once, a lone backslash kept")
    func unescaping() {
        #expect(CooklangSource.unescaped(#"a\_b \*c\* \\ d\e"#) == #"a_b *c* \ d\e"#)
        #expect(CooklangSource.unescaped(#"end\"#) == #"end\"#)
    }

    @Test("a .cook file with errors is a failure with its positions")
    func errors() throws {
        let folder = try TestFolder()
        try folder.write("Bad.cook", "Serves two.\n\nMix @flour{1/0%cup}.\n")
        let path = folder.url.appendingPathComponent("Bad.cook").path
        #expect {
            try RecipeImporter(folder: folder.url).read(source: path)
        } throws: { error in
            guard case .cooklang(let at, let errors) = error as? RecipeImporter.Failure else { return false }
            return at == path && !errors.isEmpty && (error as? RecipeImporter.Failure)?.description.hasPrefix("\(path):3:12: the quantity \"1/0\" divides by zero (write") == true
        }
    }

    /// Imports every file of `source` into a new data folder as the
    /// command does (ids reserved first), and loads the result.
    static func importFolder(_ source: URL) throws -> (files: [AuthoredFile], loaded: LoadResult) {
        let folder = try TestFolder()
        var importer = RecipeImporter(folder: folder.url)
        var reserved: [RecipeImporter.Reserved] = []
        for file in RecipeImporter.files(in: source.path) where file.hasSuffix(".cook") {
            let recipes = try importer.read(source: source.appendingPathComponent(file).path, relativePath: file)
            reserved += recipes.map { importer.reserve($0, fallbackTitle: file) }
        }
        let files = reserved.map { importer.render($0).file }
        try FileCreator(folder: folder.url).create(files)
        return (files, try KitchenLoader.load(folder.url))
    }

    @Test("every recipe of Examples/cooklang imports, its sub-recipe linked to the imported one, and checks")
    func examples() throws {
        let (files, loaded) = try Self.importFolder(Repository.root.appendingPathComponent("Examples/cooklang"))
        #expect(files.count == 9)
        let errors = loaded.report.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.prefix(5).map { "\(String(describing: $0.location)): \($0.message)" })")
        #expect(loaded.kitchen.recipes.count == 9)
        let pizza = try #require(loaded.kitchen.recipes.first { $0.title == "Margherita Pizza" })
        let pancakes = URL(fileURLWithPath: Repository.root.path + "/Examples/cooklang/Breakfast/Easy Pancakes.cook")
        #expect(CooklangSource.picturesBeside(pancakes) == ["Easy Pancakes.4.jpg", "Easy Pancakes.jpg"])
        #expect(pizza.ingredients.contains { $0.recipe == "pizza-dough" })
        #expect(pizza.directions.map(\.title) == ["Sauce", "Pizzas"])
    }

    @Test(
        "Tandoor's Cooklang files import with the counts its README gives, and check",
        .enabled(if: FileManager.default.fileExists(atPath: conformance.path), "conformance imports not found; skipping")
    )
    func tandoor() throws {
        let (files, loaded) = try Self.importFolder(Self.conformance)
        #expect(files.count == 3)
        let errors = loaded.report.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.prefix(5).map { "\(String(describing: $0.location)): \($0.message)" })")
        let counts = loaded.kitchen.recipes.sorted { $0.title < $1.title }.map {
            [$0.ingredients.count, $0.directions.map(\.steps.count).reduce(0, +)]
        }
        #expect(counts == [[7, 7], [14, 11], [6, 7]])
    }
}
