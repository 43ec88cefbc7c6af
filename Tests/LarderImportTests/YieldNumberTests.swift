import Testing

@testable import LarderImport

/// `ImportedRecipe.yieldNumber` scans by hand what a regex found before
/// (a regex literal is compiled on every evaluation): the same answers,
/// the regex run here beside it on yields as pages write them.
struct YieldNumberTests {
    static let yields = [
        "4 servings", "4-6", "4 - 6 people", "4–6", "6 to 8", "6 tot 8 personen", "4 à 6 personnes", "4 a 6 porciones",
        "2 bis 3", "4 til 6", "4 ou 6", "4 or 5", "4 and 6", "Serves 4 to", "one loaf", "", "12 cookies (2 dozen)",
        "4 To 6", "½ cake", "1½ loaves", "٤ أشخاص", "8-10 slices, 2 loaves", "10 to  12", "4\t-\t6", "x4", "4 tots",
        "3-", "abc 7 - x", "Makes 24 - 30 cookies", "4 —6", "5 a6",
    ]

    @Test(arguments: yields)
    func theScanAnswersAsTheRegex(_ yield: String) {
        var recipe = ImportedRecipe(title: "T", source: .jsonLD)
        recipe.yield = yield
        let match = yield.firstMatch(of: /(\d+)(?:\s*(?:-|–|—|to|à|a|bis|til|tot|ou|or)\s*(\d+))?/)
        #expect(recipe.yieldNumber == match.flatMap { Int($0.2 ?? $0.1) }, "\(yield)")
    }
}
