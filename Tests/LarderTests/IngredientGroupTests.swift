import Testing
import LarderCore

@testable import Larder

/// `Recipe.ingredientGroupIndices` lists the groups as `ingredientGroups`
/// does: by first appearance, each in file order, however they interleave.
@Suite struct IngredientGroupTests {
    static func recipe(groups: [String?]) -> Recipe {
        var recipe = Recipe(id: "r", path: "recipes/r.md", title: "R")
        recipe.ingredients = groups.enumerated().map { index, group in
            var ingredient = Ingredient(name: "food \(index)", location: LarderCore.SourceLocation(path: "recipes/r.md", line: index + 1, column: 1))
            ingredient.group = group
            return ingredient
        }
        return recipe
    }

    @Test(arguments: [
        [], [nil], [nil, nil, nil], ["Sauce", "Sauce"], [nil, "Sauce", "Sauce", "Top"],
        ["Sauce", nil, "Sauce", "Top", nil, "Top", "Sauce"], ["A", "B", "A", "B"],
    ] as [[String?]])
    func indicesAreTheGroups(groups: [String?]) {
        let recipe = Self.recipe(groups: groups)
        let byIndex = recipe.ingredientGroupIndices
        #expect(byIndex.map(\.name) == recipe.ingredientGroups.map(\.name))
        #expect(byIndex.map { $0.indices.map { recipe.ingredients[$0] } } == recipe.ingredientGroups.map(\.ingredients))
        // By first appearance, file order within a group.
        var seen: [String?] = []
        for group in groups where !seen.contains(group) { seen.append(group) }
        #expect(byIndex.map(\.name) == seen)
        #expect(byIndex.map(\.indices) == seen.map { name in groups.indices.filter { groups[$0] == name } })
    }
}
