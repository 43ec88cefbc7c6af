import LarderQuantities
import Testing

@Suite("Line heads")
struct LineHeadTests {
    /// The head reads these as written, and says so: each warning whole.
    @Test(arguments: [
        ("2 blobs of butter", LineProblem(
            offset: 2, code: "unsure-amount", message: "\"blobs\" is not a unit Larder knows",
            hint: "read as 2 \"blobs of butter\"")),
        ("2 3 eggs", LineProblem(
            offset: 2, code: "unsure-amount", message: "a second amount was not read",
            hint: "read as 2 \"3 eggs\"")),
        ("2 x 400g tins 3 tomatoes", LineProblem(
            offset: 14, code: "unsure-amount", message: "a second amount was not read",
            hint: "read as 2 tins (400 g each) of \"3 tomatoes\"")),
        ("About 1 cup 2 cups milk", LineProblem(
            offset: 12, code: "unsure-amount", message: "a second amount was not read",
            hint: "read as 1 cup of \"2 cups milk\"")),
    ])
    func warnsWhenUnsure(_ text: String, _ warning: LineProblem) {
        let line = LineParser.parseIngredient(text)
        #expect(line.problems == [])
        #expect(line.warnings == [warning])
    }

    /// A head the reader is sure of gives no warning about its amount
    /// (the name may have its own).
    @Test(arguments: headLines)
    func readsSurelyWithoutWarning(_ expected: LineCase) {
        #expect(expected.parse().warnings.filter { $0.code == "unsure-amount" } == [])
    }

    /// The size is not the amount: it never scales with the count and
    /// never ends up in the name.
    @Test func sizeIsKeptApartFromTheName() throws {
        let line = LineParser.parseIngredient("2 x 400g tins chopped tomatoes")
        let size = try #require(line.size)
        #expect(size == PackageSize(quantity: .exact(Rational(400)), unit: .gram))
        #expect(line.sizeRange == 4..<8)
        #expect(line.quantityRange == 0..<1)
        #expect(line.unitRange == 9..<13)
        #expect(line.nameRange == 14..<30)
    }

    /// A measure with no number stands for its own amount.
    @Test func bareMeasurePointsAtTheMeasure() {
        let line = LineParser.parseIngredient("Pinch of salt")
        #expect(line.quantityRange == 0..<5)
        #expect(line.unitRange == 0..<5)
    }
}
