import Testing

@testable import LarderImport

/// Telling a recipe the folder has already: by its source, or by its title
/// and ingredient lines as the file holds them.
struct ImportedIndexTests {
    static func file(title: String, source: String? = nil, ingredients: [String]) -> String {
        var recipe = ImportedRecipe(title: title, source: .jsonLD)
        recipe.url = source
        recipe.ingredientGroups = [.init(lines: ingredients)]
        recipe.directionSections = [.init(steps: [.init(text: "Stir.")])]
        return RecipeMarkdown(recipe).text
    }

    @Test func aRecipeIsFoundByItsSourceOrItsContent() {
        var index = ImportedIndex()
        index.add(text: Self.file(title: "Mum's \"best\" soup: v2", source: "https://a.example/soup", ingredients: ["1 l stock", "2 leeks"]), file: "recipes/soup.md")
        // The same address, other content.
        #expect(index.existing(text: Self.file(title: "Soup", source: "https://a.example/soup", ingredients: ["1 onion"]))?.bySource == true)
        // Another address (or none): the title (quoted in the file) and lines, case and spacing aside.
        let again = index.existing(text: Self.file(title: "mum's \"BEST\"  soup: v2", ingredients: ["1 l  stock", "2 Leeks"]))
        #expect(again?.file == "recipes/soup.md")
        #expect(again?.bySource == false)
        // Another line, another order, another title: another recipe.
        #expect(index.existing(text: Self.file(title: "Mum's \"best\" soup: v2", ingredients: ["1 l stock"])) == nil)
        #expect(index.existing(text: Self.file(title: "Mum's \"best\" soup: v2", ingredients: ["2 leeks", "1 l stock"])) == nil)
        #expect(index.existing(text: Self.file(title: "Soup", ingredients: ["1 l stock", "2 leeks"])) == nil)
    }

    /// A source several files have (an app's home page kept as the source
    /// of each recipe) names none of them: another recipe from it is new.
    @Test func aSourceSeveralFilesShareIsNoMatch() {
        var index = ImportedIndex()
        index.add(text: Self.file(title: "Soup", source: "https://site.example/", ingredients: ["1 l stock"]), file: "recipes/soup.md")
        index.add(text: Self.file(title: "Stew", source: "https://site.example/", ingredients: ["1 kg beef"]), file: "recipes/stew.md")
        #expect(index.existing(text: Self.file(title: "Salad", source: "https://site.example/", ingredients: ["1 lettuce"])) == nil)
        // Each is still itself by its content.
        #expect(index.existing(text: Self.file(title: "Stew", source: "https://site.example/", ingredients: ["1 kg beef"]))?.file == "recipes/stew.md")
    }

    /// A recipe of this run is matched by its content only: the second
    /// recipe of one page is not the first.
    @Test func aRecipeOfThisRunIsMatchedByContentOnly() {
        var index = ImportedIndex()
        let cake = Self.file(title: "Cake", source: "https://a.example/cake", ingredients: ["200 g flour"])
        index.addImported(ImportedIndex.summary(of: cake), file: "recipes/cake.md")
        #expect(index.existing(text: Self.file(title: "Frosting", source: "https://a.example/cake", ingredients: ["50 g butter"])) == nil)
        #expect(index.existing(text: cake)?.file == "recipes/cake.md")
    }

    /// The short text the importer keys a recipe by gives the summary
    /// its whole file gives (front matter and body around it aside).
    @Test func theIdentityTextSummarisesAsTheFile() {
        var recipe = ImportedRecipe(title: "Mum's \"best\" soup: v2", source: .jsonLD)
        recipe.url = "https://a.example/soup?x=1"
        recipe.categories = ["Soup", "Starter"]
        recipe.author = "Mum"
        recipe.description = "- a list? ## Ingredients"
        recipe.ingredientGroups = [.init(lines: ["1,5 l stock", "2  leeks"]), .init(name: "To serve", lines: ["- bread"])]
        recipe.directionSections = [.init(steps: [.init(text: "- Stir.")])]
        recipe.notes = ["* not an ingredient"]
        let markdown = RecipeMarkdown(recipe)
        #expect(ImportedIndex.summary(of: markdown.identityText) == ImportedIndex.summary(of: markdown.text))
        #expect(ImportedIndex.summary(of: markdown.text).contentKey?.split(separator: "\n").count == 4)
    }

    @Test func aRecipeWithoutIngredientsIsNotMatchedByItsTitleAlone() {
        var index = ImportedIndex()
        index.add(text: "---\ntitle: Notes\n---\nJust words.\n", file: "recipes/notes.md")
        #expect(index.existing(text: "---\ntitle: Notes\n---\nOther words.\n") == nil)
    }
}
