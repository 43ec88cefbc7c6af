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

    @Test func aRecipeWithoutIngredientsIsNotMatchedByItsTitleAlone() {
        var index = ImportedIndex()
        index.add(text: "---\ntitle: Notes\n---\nJust words.\n", file: "recipes/notes.md")
        #expect(index.existing(text: "---\ntitle: Notes\n---\nOther words.\n") == nil)
    }
}
