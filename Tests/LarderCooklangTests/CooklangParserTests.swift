import LarderCooklang
import LarderCore
import LarderQuantities
import Testing

/// What canonical.yaml does not cover: sections, notes, comments over
/// lines, `>>` metadata, modifiers, references, notes after markers, fixed
/// amounts, Unicode, CRLF, and the position of everything.
struct CooklangParserTests {
    typealias Document = CooklangDocument

    static func parse(_ text: String) -> Document {
        CooklangParser.parse(text, path: "r.cook")
    }

    static func at(_ line: Int, _ column: Int) -> SourcePosition {
        SourcePosition(line: line, column: column)
    }

    static func steps(_ document: Document) -> [Document.Step] {
        document.sections.flatMap(\.blocks).compactMap { if case .step(let step) = $0 { step } else { nil } }
    }

    /// The parts of the only step.
    static func parts(_ text: String) -> [Document.Part] {
        let steps = steps(parse(text))
        #expect(steps.count == 1)
        return steps.first?.parts ?? []
    }

    static func ingredient(_ text: String) -> Document.Ingredient? {
        parse(text).ingredients.first
    }

    static func amount(_ quantity: String, _ unit: String = "", at q: SourcePosition, unitAt u: SourcePosition? = nil)
        -> Document.Amount
    {
        Document.Amount(quantity: quantity, unit: unit, quantityPosition: q, unitPosition: u)
    }

    // MARK: Sections and notes

    @Test func sectionsInBothForms() {
        let document = Self.parse(
            """
            Preheat the #oven.

            = Dough

            Mix @flour{200%g}.

            == Filling ==
            Add @cheese{100%g}.

            ==Sauce
            ====
            Serve.
            """)
        #expect(document.sections.map(\.name) == [nil, "Dough", "Filling", "Sauce", nil])
        #expect(document.sections.map(\.position) == [Self.at(1, 1), Self.at(3, 1), Self.at(7, 1), Self.at(10, 1), Self.at(11, 1)])
        #expect(document.sections.map(\.blocks.count) == [1, 1, 1, 0, 1])
        #expect(document.diagnostics == [])
    }

    @Test func firstSectionLeftOutWhenEmpty() {
        let document = Self.parse("== Only ==\nStir.\n")
        #expect(document.sections.map(\.name) == ["Only"])
    }

    @Test func aSectionLineEndsAStep() {
        let document = Self.parse("Mix.\n== Next ==\nStir.")
        #expect(document.sections.map(\.name) == [nil, "Next"])
        #expect(Self.steps(document).map(\.parts) == [[.text("Mix.")], [.text("Stir.")]])
    }

    @Test func notesAreBlocksOfTheirOwn() {
        let document = Self.parse(
            """
            > Don't burn the roux!
            > It burns fast.

            Mash @potato{2%kg}.
            >   A second note
            without a marker -- and a comment
            """)
        let blocks = document.sections.flatMap(\.blocks)
        #expect(blocks.count == 3)
        #expect(blocks.first == .note(Document.Note(text: "Don't burn the roux! It burns fast.", position: Self.at(1, 1))))
        #expect(blocks.last == .note(Document.Note(text: "A second note without a marker", position: Self.at(5, 1))))
        #expect(document.ingredients.map(\.name) == ["potato"])
    }

    // MARK: Steps and comments

    @Test func stepsAreParagraphsJoinedWithOneSpace() {
        let document = Self.parse("  A step,\n   the same step.   \n\n\n\tAnother one.\n")
        #expect(Self.steps(document).map(\.parts) == [[.text("A step, the same step.")], [.text("Another one.")]])
        #expect(Self.steps(document).map(\.position) == [Self.at(1, 3), Self.at(5, 2)])
    }

    @Test func blockCommentsOverLines() {
        let parts = Self.parts("Add @milk{4%cup} [- TODO\n\nchange units -], keep mixing\nthen rest.")
        #expect(parts.count == 3)
        #expect(parts.last == .text(" , keep mixing then rest."))
        #expect(Self.parse("Add [- a -] salt [- b -].").diagnostics == [])
    }

    @Test func aLineOfOnlyACommentSeparatesSteps() {
        let document = Self.parse("Mix.\n-- why\nStir. -- later\n--- is text")
        #expect(Self.steps(document).map(\.parts) == [[.text("Mix.")], [.text("Stir.  --- is text")]])
    }

    @Test func escapedMarkup() {
        let source = "Mail me \\@ home, \\#1 \\-- not a comment"
        #expect(Self.parts(source) == [.text("Mail me @ home, #1 -- not a comment")])
    }

    // MARK: Metadata

    @Test func olderMetadataLinesWithPositions() {
        let document = Self.parse(">> servings: 4\n  >>source :  https://example.org/a--b\n>> empty:\nStir.")
        #expect(
            document.metadata == [
                Document.MetadataEntry(key: "servings", value: "4", keyPosition: Self.at(1, 4), valuePosition: Self.at(1, 14)),
                Document.MetadataEntry(
                    key: "source", value: "https://example.org/a--b", keyPosition: Self.at(2, 5), valuePosition: Self.at(2, 15)),
                Document.MetadataEntry(key: "empty", value: "", keyPosition: Self.at(3, 4), valuePosition: Self.at(3, 10)),
            ])
        #expect(Self.steps(document).count == 1)
    }

    @Test func frontMatterIsRawWithItsFirstLine() {
        let document = Self.parse("---\ntitle: Soup\ntags: [a, b]\n---\nStir @salt.\n")
        #expect(document.frontMatter == Document.FrontMatterBlock(text: "title: Soup\ntags: [a, b]\n", firstLine: 2))
        #expect(document.ingredients.first?.position == Self.at(5, 6))
        #expect(document.frontMatter?.looseEntries.map(\.key) == ["title", "tags"])
        #expect(document.frontMatter?.looseEntries.last?.valuePosition == Self.at(3, 7))
    }

    @Test func frontMatterOnlyAtTheTop() {
        let document = Self.parse("\n---\na: b\n---\n")
        #expect(document.frontMatter == nil)
        #expect(Self.steps(document).map(\.parts) == [[.text("--- a: b ---")]])
    }

    // MARK: Ingredients

    @Test func modifiers() {
        let document = Self.parse("Add @?thyme, @-salt{} and @&flour{300%g}, then @?-&pepper.")
        let flags = document.ingredients.map { [$0.optional, $0.hidden, $0.reference] }
        #expect(document.ingredients.map(\.name) == ["thyme", "salt", "flour", "pepper"])
        #expect(flags == [[true, false, false], [false, true, false], [false, false, true], [true, true, true]])
    }

    @Test func recipeReferences() {
        let document = Self.parse(
            "Pour @./sauces/Hollandaise{150%g} over, with @./Shared/Pizza Dough{} and @./sides/slaw.cook{1}(cold). Or @./x.")
        let references = document.ingredients
        #expect(references.map(\.name) == ["Hollandaise", "Pizza Dough", "slaw", "x"])
        #expect(references.map(\.recipePath) == ["sauces/Hollandaise", "Shared/Pizza Dough", "sides/slaw", "x"])
        #expect(references[0].amount == Self.amount("150", "g", at: Self.at(1, 28), unitAt: Self.at(1, 32)))
        #expect(references[2].note == "cold")
        #expect(document.diagnostics == [])
        #expect(Self.steps(document).first?.parts.last == .text("."))
    }

    @Test func aMenuIsTheSameGrammar() {
        let document = Self.parse(
            """
            ---
            servings: 10
            ---

            == Day 1 ==

            Breakfast:
            - @./Breakfast/Easy Pancakes{10%servings}

            Dinner:
            - @./Mains/Chili{2%servings}
            - @bread{1%loaf}

            == Day 2 ==
            > Leftovers.
            """)
        #expect(document.sections.map(\.name) == ["Day 1", "Day 2"])
        #expect(document.ingredients.map(\.recipePath) == ["Breakfast/Easy Pancakes", "Mains/Chili", nil])
        #expect(document.ingredients.map(\.amount?.unit) == ["servings", "servings", "loaf"])
        #expect(document.ingredients.first?.position == Self.at(8, 3))
        #expect(document.diagnostics == [])
    }

    @Test func preparationNotes() {
        let document = Self.parse("Mix @onion{1}(peeled and finely chopped) and @garlic(minced), in a #bowl(large).")
        #expect(document.ingredients.map(\.note) == ["peeled and finely chopped", "minced"])
        #expect(Self.steps(document).first?.parts[4] == .text(", in a "))
        guard case .cookware(let bowl) = Self.steps(document).first?.parts[5] else {
            Issue.record("no cookware")
            return
        }
        #expect(bowl.note == "large")
    }

    @Test func fixedAmounts() {
        let salt = Self.ingredient("Add @salt{=1%tsp}.")
        #expect(salt?.amount?.fixed == true)
        #expect(salt?.amount?.quantity == "1")
        #expect(salt?.amount?.unit == "tsp")
        #expect(salt?.amount?.quantityPosition == Self.at(1, 12))
        #expect(Self.ingredient("Add @salt{1%tsp}.")?.amount?.fixed == false)
    }

    @Test func unicodeNamesAndColumns() {
        let document = Self.parse("Añade @jalapeño{2} y @crème fraîche{1%cucharada} — #wok 🍳 ~{5%min}")
        #expect(document.ingredients.map(\.name) == ["jalapeño", "crème fraîche"])
        #expect(document.ingredients.map(\.position) == [Self.at(1, 7), Self.at(1, 22)])
        #expect(document.ingredients.last?.amount?.unitPosition == Self.at(1, 39))
        let parts = Self.steps(document).first?.parts ?? []
        #expect(parts.count == 8)
        if case .timer(let timer) = parts.last {
            #expect(timer.position == Self.at(1, 59))
            #expect(timer.name == "")
        } else {
            Issue.record("no timer at the end: \(parts)")
        }
    }

    @Test func crlfLineEndings() {
        let document = Self.parse(">> a: b\r\n---\r\nMix @flour{1%kg}\r\nwell.\r\n\r\n== Bake ==\r\nBake ~{20%min}.\r\n")
        #expect(document.metadata.first?.value == "b")
        #expect(Self.steps(document).map(\.parts.last) == [.text(" well."), .text(".")])
        #expect(document.sections.last?.position == Self.at(6, 1))
        #expect(document.ingredients.first?.position == Self.at(3, 5))
        #expect(Self.parse("---\r\na: 1\r\n---\r\nStir.").frontMatter?.text == "a: 1\r\n")
    }

    @Test func loneCarriageReturnsBreakLines() {
        let document = Self.parse("Mix @a.\r\rStir @b.")
        #expect(Self.steps(document).count == 2)
        #expect(document.ingredients.last?.position == Self.at(3, 6))
    }

    @Test func positionsOfEverything() {
        let document = Self.parse("Boil @eggs{2}\nin a #pot{1} for ~eggs{3 % minutes}.")
        let parts = Self.steps(document).first?.parts ?? []
        #expect(
            parts == [
                .text("Boil "),
                .ingredient(
                    {
                        var eggs = Document.Ingredient(name: "eggs", position: Self.at(1, 6))
                        eggs.amount = Self.amount("2", at: Self.at(1, 12))
                        return eggs
                    }()),
                .text(" in a "),
                .cookware(
                    {
                        var pot = Document.Cookware(name: "pot", position: Self.at(2, 6))
                        pot.amount = Self.amount("1", at: Self.at(2, 11))
                        return pot
                    }()),
                .text(" for "),
                .timer(
                    {
                        var timer = Document.Timer(name: "eggs", position: Self.at(2, 18))
                        timer.amount = Self.amount("3", "minutes", at: Self.at(2, 24), unitAt: Self.at(2, 28))
                        return timer
                    }()),
                .text("."),
            ])
    }

    // MARK: Numbers

    @Test(arguments: [
        ("3", Rational(3)), ("0", Rational(0)), ("1.5", Rational(3, 2)), ("0.25", Rational(1, 4)),
        ("1/2", Rational(1, 2)), ("1 / 2", Rational(1, 2)), (" 3/4 ", Rational(3, 4)), ("1 1/2", Rational(3, 2)),
        ("01/2", nil), ("7 k", nil), ("few", nil), ("2-3", nil), ("1/0", nil), ("05", nil), ("1.", nil),
        ("", nil), ("1 2", nil), ("99999999999999999999", nil),
    ] as [(String, Rational?)])
    func numbers(quantity: String, number: Rational?) {
        #expect(Self.amount(quantity, at: .start).number == number)
    }
}
