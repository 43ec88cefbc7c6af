import LarderQuantities
import Testing

@Suite("Line table")
struct LineTableTests {
    @Test(arguments: itemLines + ingredientLines + headLines)
    func readsLine(_ expected: LineCase) {
        let line = expected.parse()
        #expect(line.problems == [])
        #expect(line.quantity?.description == expected.quantity)
        #expect(line.unit?.id == expected.unit)
        #expect(line.name == expected.name)
        #expect(line.note == expected.note)
        #expect(line.store == expected.store)
        #expect(line.category == expected.category)
        #expect(line.priority == expected.priority)
        #expect(line.recipe == expected.recipe)
        #expect(line.optional == expected.optional)
        #expect(line.size.map { "\($0.quantity) \($0.unit?.id ?? "?")" } == expected.size)
    }

    @Test func tableIsLargeEnough() {
        #expect(itemLines.count + ingredientLines.count >= 150)
    }

    /// Every range points at the text it stands for.
    @Test(arguments: itemLines + ingredientLines + headLines)
    func rangesPointAtTheirText(_ expected: LineCase) {
        let line = expected.parse()
        let scalars = Array(expected.text.unicodeScalars)
        func text(_ range: Range<Int>?) -> String? {
            range.map { String(String.UnicodeScalarView(scalars[$0])) }
        }
        let words = line.name.split(separator: " ").map(String.init)
        if line.recipe == nil, let written = text(line.nameRange) {
            #expect(written.hasPrefix(words.first ?? "-") && written.hasSuffix(words.last ?? "-"))
        }
        if let unit = line.unit, let written = text(line.unitRange) {
            #expect(UnitCatalog.unit(named: written) == unit)
        }
        if let store = line.store { #expect(text(line.storeRange) == "@" + store) }
        if let category = line.category { #expect(text(line.categoryRange) == "#" + category) }
        if let priority = line.priority { #expect(text(line.priorityRange) == "!" + priority) }
        if let recipe = line.recipe { #expect(text(line.recipeRange)?.contains(recipe) == true) }
        if let size = line.size, let unit = size.unit, let written = text(line.sizeRange) {
            #expect(written.first?.isNumber == true)
            // The unit is written after the last digit: "400 g", "15-ounce", "3½ to 4 pound".
            let unitText = String(written.reversed().prefix { !$0.isNumber }.reversed())
            #expect(UnitCatalog.unit(named: unitText.trimmingPrefix { $0 == "-" || $0 == " " }.description) == unit)
        }
    }
}
