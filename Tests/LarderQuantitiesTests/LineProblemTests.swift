import LarderCore
import LarderQuantities
import Testing

/// Lines that cannot be read, each with the whole problem it must produce.
struct ProblemCase: Sendable, CustomTestStringConvertible {
    var text: String
    var isItem: Bool
    var problems: [LineProblem]

    var testDescription: String { text }
}

private let quantityHint =
    "write a whole number (2), a decimal (0.5), a fraction (1/2, 1 1/2, ½) or a range (1-2)"
private let itemNameHint = "write the name after the quantity and unit, as in 2 avocados"

private func problem(_ offset: Int, _ code: String, _ message: String, _ hint: String?) -> LineProblem {
    LineProblem(offset: offset, code: code, message: message, hint: hint)
}

private func badStore(_ offset: Int, _ written: String) -> LineProblem {
    problem(
        offset, "bad-marker", "\"\(written)\" is not a store id",
        "write a store id in lowercase letters, digits and -, as in @farmers-market")
}

private func badCategory(_ offset: Int, _ written: String) -> LineProblem {
    problem(
        offset, "bad-marker", "\"\(written)\" is not a category id",
        "write a category id in lowercase letters, digits and -, as in #dairy")
}

private func unclosedNote(_ offset: Int) -> LineProblem {
    problem(offset, "unclosed-note", "the note in parentheses is not closed", "end the note with \")\"")
}

private let problemCases: [ProblemCase] = [
    ProblemCase(text: "1//2 apples", isItem: true, problems: [
        problem(0, "bad-quantity", "cannot read the quantity \"1//2\"", quantityHint),
    ]),
    ProblemCase(text: "1/0 pears", isItem: true, problems: [
        problem(0, "bad-quantity", "the quantity \"1/0\" divides by zero", quantityHint),
    ]),
    ProblemCase(text: "2- eggs", isItem: true, problems: [
        problem(0, "bad-quantity", "the range \"2-\" has no upper bound", "write both ends of a range, as in 1-2"),
    ]),
    ProblemCase(text: "3-1 lemons", isItem: true, problems: [
        problem(0, "bad-quantity", "the range \"3-1\" goes down", "write the smaller number first: 1-3"),
    ]),
    ProblemCase(text: "  2 to 1/2 cups milk", isItem: false, problems: [
        problem(2, "bad-quantity", "the range \"2 to 1/2\" goes down", "write the smaller number first: 1/2-2"),
    ]),
    ProblemCase(text: "1 1/2/3 cups flour", isItem: false, problems: [
        problem(0, "bad-quantity", "cannot read the quantity \"1 1/2/3\"", quantityHint),
    ]),
    ProblemCase(text: "1 3/2 cups flour", isItem: false, problems: [
        problem(
            0, "bad-quantity",
            "cannot read the quantity \"1 3/2\": the fraction after a whole number must be less than 1",
            quantityHint),
    ]),
    ProblemCase(text: "1.2.3 kg rice", isItem: true, problems: [
        problem(0, "bad-quantity", "cannot read the quantity \"1.2.3\"", quantityHint),
    ]),
    ProblemCase(text: "1,5 kg potatoes", isItem: true, problems: [
        problem(
            0, "bad-quantity", "the quantity \"1,5\" has a comma in it",
            "write decimals with a point (1.5) and no thousands separators"),
    ]),
    ProblemCase(text: "0 eggs", isItem: true, problems: [
        problem(
            0, "bad-quantity", "the quantity \"0\" is zero", "leave the quantity out, or give an amount above zero"),
    ]),
    ProblemCase(text: "99999999999999999999 g sugar", isItem: false, problems: [
        problem(0, "bad-quantity", "the quantity \"99999999999999999999\" is too large or too precise", nil),
    ]),
    ProblemCase(text: "9223372036854775807 1/2 cups", isItem: false, problems: [
        problem(0, "bad-quantity", "the quantity \"9223372036854775807\" is too large or too precise", nil),
    ]),
    ProblemCase(text: "2 bread x3", isItem: true, problems: [
        problem(8, "bad-quantity", "the quantity is given twice: 2 and x3", "keep one quantity"),
    ]),
    ProblemCase(text: "Apples @Farmers Market", isItem: true, problems: [
        badStore(7, "@Farmers"),
    ]),
    ProblemCase(text: "1 l oat milk #Dairy", isItem: true, problems: [
        badCategory(13, "#Dairy"),
    ]),
    ProblemCase(text: "Coffee @ #", isItem: true, problems: [
        badStore(7, "@"),
        badCategory(9, "#"),
    ]),
    ProblemCase(text: "eggs !urgent", isItem: true, problems: [
        problem(5, "unknown-priority", "\"!urgent\" is not a priority", "write !high or !low"),
    ]),
    ProblemCase(text: "Milk @aldi @lidl", isItem: true, problems: [
        problem(11, "duplicate-marker", "the item already has a store: @aldi", "keep one store marker"),
    ]),
    ProblemCase(text: "bread (sourdough", isItem: true, problems: [
        unclosedNote(6),
    ]),
    ProblemCase(text: "bread sourdough)", isItem: true, problems: [
        problem(
            15, "stray-parenthesis", "this \")\" closes nothing", "put notes in parentheses: (for the pancakes)"),
    ]),
    ProblemCase(text: "4 cups chicken stock (or water", isItem: false, problems: [
        unclosedNote(21),
    ]),
    ProblemCase(text: "salt, to taste (or more", isItem: false, problems: [
        unclosedNote(15),
    ]),
    ProblemCase(text: "", isItem: true, problems: [
        problem(0, "missing-name", "the item has no name", itemNameHint),
    ]),
    ProblemCase(text: "2 kg", isItem: true, problems: [
        problem(4, "missing-name", "the item has no name", itemNameHint),
    ]),
    ProblemCase(text: "2 tbsp (optional)", isItem: false, problems: [
        problem(
            17, "missing-name", "the ingredient has no name",
            "write the name after the quantity and unit, as in 200 g flour"),
    ]),
    ProblemCase(text: "1 t salt", isItem: false, problems: [
        problem(
            2, "ambiguous-unit", "the unit \"t\" could mean a teaspoon or a tablespoon",
            "write tsp (teaspoon) or tbsp (tablespoon)"),
    ]),
    ProblemCase(text: "[Bread](https://example.com/bread)", isItem: false, problems: [
        problem(
            8, "bad-recipe-link", "\"https://example.com/bread\" is not a recipe id",
            "link a recipe by its id, as in [Pizza dough](pizza-dough)"),
    ]),
    ProblemCase(text: "[Dough](dough) and [Sauce](sauce)", isItem: false, problems: [
        problem(
            27, "bad-recipe-link", "the ingredient already links to the recipe \"dough\"",
            "link one recipe per ingredient"),
    ]),
    // Several problems on one line are all reported, in order.
    ProblemCase(text: "1/0 cup sugar @Aldi !asap (fine", isItem: true, problems: [
        problem(0, "bad-quantity", "the quantity \"1/0\" divides by zero", quantityHint),
        badStore(14, "@Aldi"),
        problem(20, "unknown-priority", "\"!asap\" is not a priority", "write !high or !low"),
        unclosedNote(26),
    ]),
]

@Suite("Line problems")
struct LineProblemTests {
    @Test(arguments: problemCases)
    func reportsProblem(_ expected: ProblemCase) {
        let line = expected.isItem ? LineParser.parseItem(expected.text) : LineParser.parseIngredient(expected.text)
        #expect(line.problems == expected.problems)
    }

    @Test func readsTheRestOfALineWithAProblem() {
        let line = LineParser.parseItem("1/0 cup sugar @Aldi !asap (fine")
        #expect(line.quantity == nil)
        #expect(line.unit == .cup)
        #expect(line.name == "sugar")
        #expect(line.note == "fine")
        #expect(line.store == nil)
    }

    @Test func offsetsCountUnicodeScalars() {
        // "è" and "½" are one scalar each, so the marker starts at offset 8.
        let line = LineParser.parseItem("½ crème @Épicerie")
        #expect(line.problems.map(\.offset) == [8])
        #expect(line.quantityRange == 0..<1)
        #expect(line.nameRange == 2..<7)
    }

    @Test func problemBecomesADiagnosticAtItsColumn() {
        let problem = LineParser.parseItem("eggs !urgent").problems[0]
        // In "- [ ] eggs !urgent" on line 7 the item text starts at column 7.
        let diagnostic = problem.diagnostic(path: "lists/weekly.md", textStart: SourcePosition(line: 7, column: 7))
        #expect(diagnostic == .error(
            "unknown-priority", "\"!urgent\" is not a priority",
            at: SourceLocation(path: "lists/weekly.md", line: 7, column: 12), hint: "write !high or !low"))
    }
}
