import LarderQuantities
import Testing

/// Lines the fuzzer (Fuzz/, target `line`) found problems with, minimized.
struct LineFuzzRegressionTests {
    /// A recipe link with an empty label added an empty word to the name,
    /// which left a trailing space ("flour ") that kept it from merging with
    /// "flour" on shopping lists.
    @Test(arguments: ["1 cup flour [](pizza-dough)", "1 cup flour [ ](pizza-dough)", "1 cup flour [\u{3000}](pizza-dough)"])
    func emptyLinkLabelAddsNoWord(_ text: String) {
        let line = LineParser.parseIngredient(text)
        #expect(line.name == "flour")
        #expect(line.recipe == "pizza-dough")
        #expect(line.problems.isEmpty)
    }

    @Test func emptyLinkLabelBeforeTheName() {
        let line = LineParser.parseIngredient("1 batch [](pizza-dough) dough")
        #expect(line.name == "dough")
        #expect(line.recipe == "pizza-dough")
    }

    /// "00-0 1/20" is the range 0 to 1/20, whose ASCII form "0-1/20" read back
    /// as the mixed number 1/20 ("1-1/2" is 1 1/2).
    @Test func rangeFromZeroToAFractionReadsBack() throws {
        let quantity = try #require(try? LineParser.parseQuantity("00-0 1/20").get())
        #expect(quantity == .range(.zero, Rational(1, 20)!))
        #expect(quantity.description == "0 - 1/20")
        #expect(try LineParser.parseQuantity(quantity.description).get() == quantity)
    }
}
