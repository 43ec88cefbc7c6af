import LarderCooklang
import LarderCore
import Testing

/// `config/aisle.conf`: categories, items, `|` synonyms, comments, and each
/// problem as a whole diagnostic with its line and column.
struct AisleConfTests {
    static let path = "config/aisle.conf"

    func at(_ line: Int, _ column: Int) -> LarderCore.SourceLocation { LarderCore.SourceLocation(path: Self.path, line: line, column: column) }

    @Test func readsCategoriesItemsAndSynonyms() {
        let conf = AisleConf.parse(
            """
            // the corner shop, walked front to back
            [produce]
            spring onion|scallion | green onion
            potatoes   // by the door

            [Dairy]
            milk
            """, path: Self.path)
        #expect(conf.diagnostics == [])
        #expect(conf.categories == [
            AisleConf.Category(name: "produce", position: SourcePosition(line: 2, column: 1), items: [
                AisleConf.Item(names: ["spring onion", "scallion", "green onion"], position: SourcePosition(line: 3, column: 1)),
                AisleConf.Item(names: ["potatoes"], position: SourcePosition(line: 4, column: 1)),
            ]),
            AisleConf.Category(name: "Dairy", position: SourcePosition(line: 6, column: 1), items: [
                AisleConf.Item(names: ["milk"], position: SourcePosition(line: 7, column: 1)),
            ]),
        ])
    }

    @Test func anEmptyFileAndAnEmptyCategoryAreFine() {
        #expect(AisleConf.parse("", path: Self.path) == AisleConf())
        let conf = AisleConf.parse("[empty]\r\n\r\n[other]\r\nrice", path: Self.path)
        #expect(conf.diagnostics == [])
        #expect(conf.categories.map(\.name) == ["empty", "other"])
        #expect(conf.categories[1].items.first?.position == SourcePosition(line: 4, column: 1))
    }

    @Test func reportsEachProblemAndReadsTheRest() {
        let conf = AisleConf.parse(
            """
            rice
            [produce]
            apples|  Apples
            [ ]
            pears
            [frozen
            peas
            [dairy]
            milk
            [Produce]
            leeks|apples
            """, path: Self.path)
        #expect(conf.diagnostics == [
            .warning("aisle-no-category", "\"rice\" comes before any [category] and is ignored", at: at(1, 1),
                     hint: "put a category heading such as [produce] above the items of that aisle"),
            .warning("aisle-duplicate-item", "\"Apples\" is already an item in [produce] (line 3); the first one counts",
                     at: at(3, 10), hint: "keep each name under one category, once"),
            .error("aisle-bad-category", "the category has no name", at: at(4, 1),
                   hint: "name the aisle between the brackets, such as [produce]; | separates the names of an item"),
            .warning("aisle-no-category", "\"pears\" comes before any [category] and is ignored", at: at(5, 1),
                     hint: "put a category heading such as [produce] above the items of that aisle"),
            .error("aisle-bad-category", "the category heading \"[frozen\" is not closed", at: at(6, 1),
                   hint: "write the category in brackets on a line of its own, such as [produce]"),
            .warning("aisle-no-category", "\"peas\" comes before any [category] and is ignored", at: at(7, 1),
                     hint: "put a category heading such as [produce] above the items of that aisle"),
            .warning("aisle-duplicate-category", "the category \"Produce\" is already on line 2", at: at(10, 1),
                     hint: "keep one [Produce] heading; the items under this one are added to the first"),
            .warning("aisle-duplicate-item", "\"apples\" is already an item in [produce] (line 3); the first one counts",
                     at: at(11, 7), hint: "keep each name under one category, once"),
        ])
        // A category written twice is one; the items under the second join the first.
        #expect(conf.categories.map(\.name) == ["produce", "dairy"])
        #expect(conf.categories[0].items.map(\.names) == [["apples"], ["leeks"]])
    }
}
