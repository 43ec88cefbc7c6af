import LarderQuantities
import Testing

/// The parser answers ASCII text without Unicode property lookups and reads
/// unit names and notes in place; these pin that the fast paths read exactly
/// what the Unicode rules do, at the edges where the two could part.
@Suite("Line fast paths")
struct LineFastPathTests {
    @Test(arguments: [
        ("fl\toz", "fl-oz"), (" fl.\r\n oz. ", "fl-oz"), ("FL. OZ.", "fl-oz"), ("fluid  ounces", "fl-oz"),
        ("milligrammes", "mg"), ("Milli.grammes.", "mg"), ("Tb", "tbsp"), ("\u{212A}g", "kg"),
        ("fl\u{00A0}oz", "fl-oz"),
    ])
    func looksUpUnits(_ name: String, _ id: String) {
        #expect(UnitCatalog.unit(named: name)?.id == id)
    }

    @Test(arguments: ["milligrammess", "fluid ounces x", "tB", "t\u{0307}", "ｇ"])
    func doesNotLookUp(_ name: String) {
        #expect(UnitCatalog.unit(named: name) == nil)
    }

    @Test func readsWhiteSpaceOutsideASCII() {
        let line = LineParser.parseIngredient("2\u{00A0}cups\u{2003}flour")
        #expect(line.quantity == .exact(2))
        #expect(line.unit == .cup)
        #expect(line.name == "flour")
        #expect(line.unitRange == 2..<6)
    }

    @Test func readsNotes() {
        let line = LineParser.parseIngredient("1 cup milk,  warm\t ,, OPTIONAL")
        #expect(line.name == "milk")
        #expect(line.note == "warm")
        #expect(line.optional)
        let unicode = LineParser.parseIngredient("1 cup crème fraîche, chilled,  très  froide (Optional)")
        #expect(unicode.name == "crème fraîche")
        #expect(unicode.note == "chilled, très froide")
        #expect(unicode.optional)
    }

    @Test func readsArticlesAndOfInAnyCase() {
        let line = LineParser.parseIngredient("A Pinch OF salt")
        #expect(line.quantity == .exact(1))
        #expect(line.unit == .pinch)
        #expect(line.name == "salt")
    }
}
