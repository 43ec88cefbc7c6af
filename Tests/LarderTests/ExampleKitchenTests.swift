import Foundation
@testable import LarderTestSupport
import Larder
import LarderQuantities
import Testing

/// The example folder is the product's showcase: it must check clean and
/// resolve into a Kitchen that uses every part of the model.
@Suite struct ExampleKitchenTests {
    let result: LoadResult

    init() throws {
        result = try KitchenLoader.load(Repository.examples)
    }

    @Test func checksWithoutErrorsOrWarnings() {
        #expect(result.report.diagnostics == [], "\(FixtureCase.render(result.report.diagnostics))")
    }

    @Test func hasTheBreadthTheIssueAsksFor() {
        let kitchen = result.kitchen
        #expect(kitchen.recipes.count >= 8)
        #expect(kitchen.lists.count >= 5)
        #expect(kitchen.stores.count >= 3)
        #expect(kitchen.stores.allSatisfy { !$0.aisles.isEmpty })
        #expect(Set(kitchen.recipes.map { ($0.path as NSString).pathExtension }) == ["md", "json"])
        #expect(Set(kitchen.lists.map { ($0.path as NSString).pathExtension }) == ["md", "json"])
        #expect(Set(kitchen.lists.map(\.kind)) == Set(ShoppingList.Kind.allCases))
        #expect(kitchen.lists.contains { $0.visibility == .unlisted })
        #expect(kitchen.lists.contains { !$0.recipes.isEmpty })
        #expect(kitchen.recipes.contains { $0.ingredients.contains { $0.group != nil } })
        #expect(kitchen.recipes.contains { $0.ingredients.contains { $0.recipe != nil } })
        #expect(kitchen.recipes.contains { !$0.nutrition.isEmpty })
        #expect(kitchen.recipes.contains { $0.directions.contains { $0.title != nil } })
        #expect(!kitchen.favorites.recipes.isEmpty)
        #expect(!kitchen.config.pantry.isEmpty)
        #expect(kitchen.currentList != nil)
    }

    @Test func markdownListItemsCarryTheirMarkers() throws {
        let items = result.kitchen.lists.flatMap(\.items)
        #expect(items.contains { $0.store != nil })
        #expect(items.contains { $0.priority == .high })
        #expect(items.contains { $0.checked })
        #expect(items.contains { $0.note != nil })
        #expect(items.contains { $0.quantity != nil && $0.unit != nil })
        #expect(items.contains { !$0.details.isEmpty })
    }

    @Test func recipesKeepExactQuantitiesAndTimes() throws {
        let recipes = result.kitchen.recipes
        #expect(recipes.allSatisfy { !$0.ingredients.isEmpty && !$0.directions.isEmpty })
        #expect(recipes.contains { $0.totalTime != nil })
        let fractions = recipes.flatMap(\.ingredients).compactMap(\.quantity).filter {
            if case .exact(let value) = $0 { return !value.isInteger }
            return false
        }
        #expect(!fractions.isEmpty, "some example ingredient should use a fraction")
    }
}
