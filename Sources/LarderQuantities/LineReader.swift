/// One pass over one line: the head (quantity, unit), then the name and what
/// follows it, which differs between items and ingredients.
struct LineReader {
    enum Kind { case item, ingredient }

    let text: [Unicode.Scalar]
    let kind: Kind
    var scanner: QuantityScanner { QuantityScanner(text: text) }
    /// Name words (and link texts) and notes go straight into `line.name`
    /// and `line.note` as they are read, so a line keeps no arrays of parts.
    var line = ParsedLine()

    init(_ string: String, kind: Kind) {
        // One allocation and one pass (Array(_:) counts the scalars first):
        // a line has at most as many scalars as UTF-8 bytes.
        var text: [Unicode.Scalar] = []
        text.reserveCapacity(string.utf8.count)
        // Most lines are ASCII: each byte is its scalar, with no decoding.
        let allASCII = string.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes {
                guard byte < 0x80 else { return false }
                text.append(Unicode.Scalar(byte))
            }
            return true
        }
        if allASCII != true {
            text.removeAll(keepingCapacity: true)
            for scalar in string.unicodeScalars { text.append(scalar) }
        }
        self.text = text
        self.kind = kind
    }

    mutating func parse() -> ParsedLine {
        let start = text.skippingSpaces(from: 0)
        let rest = readHead(from: start)
        switch kind {
        case .item: readItemRest(from: rest)
        case .ingredient: readIngredientRest(from: rest)
        }
        finish(nameStart: text.skippingSpaces(from: rest))
        return line
    }

    // MARK: - Head: quantity and unit

    /// What a number at the start of a line turned out to be.
    private enum Amount {
        /// No number, or a number that is part of a word ("7up", "2-inch").
        case none
        case problem(LineProblem, end: Int)
        /// A quantity, with the unit glued to it, if any ("500g").
        case found(Quantity, end: Int, unit: UnitMatch?)
    }

    /// A unit word. `unit` is `nil` for an ambiguous word such as "t",
    /// which is then a problem.
    private struct UnitMatch {
        var unit: Unit?
        var range: Range<Int>
        var problem: LineProblem?
    }

    private func readAmount(at start: Int) -> Amount {
        switch scanner.quantity(at: start) {
        case .none:
            return .none
        case .problem(let problem, let end):
            return .problem(problem, end: end)
        case .found(let quantity, let end):
            guard let next = text.at(end), !next.isSpace, next != "(", next != ",", next != "×",
                !isMultiplier(at: end)
            else { return .found(quantity, end: end, unit: nil) }
            guard let unit = readUnit(at: end) else { return .none }
            return .found(quantity, end: end, unit: unit)
        }
    }

    /// Reads "2 kg", "1 (14 oz) can", "2 x 400g", "a pinch of"; returns
    /// where the name starts (`start` when there is no quantity).
    private mutating func readHead(from start: Int) -> Int {
        if let end = readArticle(at: start) { return end }
        var i: Int
        switch readAmount(at: start) {
        case .none:
            return start
        case .problem(let problem, let end):
            line.problems.append(problem)
            i = end
        case .found(let quantity, let end, let unit):
            line.quantity = quantity
            line.quantityRange = start..<end
            if let unit { return accept(unit) }
            i = skipMultiplier(after: end)
            if i > end { return i }
        }
        i = readParenthesisedNote(from: i)  // "1 (14 oz) can tomatoes"
        guard let unit = readUnit(at: text.skippingSpaces(from: i)) else { return i }
        return accept(unit)
    }

    /// Takes the unit (or its problem) into the line; returns where the name starts.
    private mutating func accept(_ match: UnitMatch) -> Int {
        if let unit = match.unit {
            line.unit = unit
            line.unitRange = match.range
        }
        if let problem = match.problem { line.problems.append(problem) }
        return readAfterUnit(from: match.range.upperBound)
    }

    /// "a pinch of salt", "a dozen eggs": an article before a unit is one.
    private mutating func readArticle(at start: Int) -> Int? {
        let length = scanner.word("a", at: start) ? 1 : scanner.word("an", at: start) ? 2 : 0
        let unitStart = text.skippingSpaces(from: start + length)
        guard length > 0, let unit = readUnit(at: unitStart), unit.unit != nil else { return nil }
        line.quantity = .exact(.one)
        line.quantityRange = start..<start + length
        return accept(unit)
    }

    /// Skips "x" in "2x bread", "2 x bread", "2 × bread". What follows is
    /// the name, even a number: "2 x 400g tins" is two of "400g tins".
    private func skipMultiplier(after end: Int) -> Int {
        let sign = isMultiplier(at: end) ? end : text.skippingSpaces(from: end)
        return isMultiplier(at: sign) ? sign + 1 : end
    }

    private func isMultiplier(at index: Int) -> Bool {
        guard let scalar = text.at(index), scalar.isMultiplicationSign else { return false }
        return text.at(index + 1).map(\.isSpace) ?? true
    }

    /// After a unit: an alternative measure in parentheses ("1 cup (240 ml)
    /// milk") and a dropped "of" ("2 cups of sugar").
    private mutating func readAfterUnit(from start: Int) -> Int {
        let i = readParenthesisedNote(from: start)
        let of = text.skippingSpaces(from: i)
        return scanner.word("of", at: of) ? of + 2 : i
    }

    private mutating func readParenthesisedNote(from start: Int) -> Int {
        let open = text.skippingSpaces(from: start)
        guard text.at(open) == "(", let close = closingParenthesis(from: open) else { return start }
        addNote(text.trimmed(open + 1..<close))
        return close + 1
    }

    /// A unit word, or two ("fl oz", "fluid ounces"), at `start`.
    private func readUnit(at start: Int) -> UnitMatch? {
        guard let first = unitWord(at: start) else { return nil }
        let second = text.skippingSpaces(from: first.upperBound)
        if second > first.upperBound, UnitCatalog.startsTwoWordName(text[first]), let pair = unitWord(at: second),
            let unit = UnitCatalog.unit(named: text[start..<pair.upperBound])
        {
            return UnitMatch(unit: unit, range: start..<pair.upperBound)
        }
        if let unit = UnitCatalog.unit(named: text[first]) { return UnitMatch(unit: unit, range: first) }
        guard let hint = UnitCatalog.ambiguityHint(named: text[first]) else { return nil }
        let word = text.string(first)
        let problem = LineProblem(
            offset: start, code: "ambiguous-unit",
            message: "the unit \"\(word)\" could mean a teaspoon or a tablespoon", hint: hint)
        return UnitMatch(unit: nil, range: first, problem: problem)
    }

    /// Letters and dots, starting with a letter, ending at a word boundary.
    private func unitWord(at start: Int) -> Range<Int>? {
        guard text.at(start)?.isLetter == true else { return nil }
        var end = start + 1
        while let scalar = text.at(end), scalar.isLetter || scalar == "." { end += 1 }
        let boundary = text.at(end).map { $0.isSpace || $0 == "(" || $0 == ")" || $0 == "," } ?? true
        return boundary ? start..<end : nil
    }

    // MARK: - Shared pieces

    /// The index of the ")" that closes the "(" at `open`, or `nil`.
    func closingParenthesis(from open: Int) -> Int? {
        var depth = 0
        for index in open..<text.count {
            if text[index] == "(" { depth += 1 }
            if text[index] == ")" {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    /// The note in parentheses opening at `open`: its text (trimmed) and the
    /// index reading goes on from, or nil when it is never closed (reported;
    /// the note then runs to the end of the line).
    mutating func parenthesisedNote(at open: Int) -> (text: Range<Int>, next: Int?) {
        guard let close = closingParenthesis(from: open) else {
            unclosedNote(at: open)
            return (text.trimmed(open + 1..<text.count), nil)
        }
        return (text.trimmed(open + 1..<close), close + 1)
    }

    mutating func addNote(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        addNote(text.string(range), range: range)
    }

    /// Adds a note's text to `line.note`, joined with ", "; the first note's
    /// range is the line's `noteRange`.
    mutating func addNote(_ note: String, range: Range<Int>) {
        guard line.note != nil else {
            line.note = note
            line.noteRange = range
            return
        }
        line.note! += ", "
        line.note! += note
    }

    /// Adds a word (or a link's label) to `line.name`, joined with " ";
    /// `line.nameRange` runs from the first to the last.
    mutating func addNamePart(_ range: Range<Int>, _ part: String) {
        guard let nameRange = line.nameRange else {
            line.name = part
            line.nameRange = range
            return
        }
        line.name += " "
        line.name += part
        line.nameRange = nameRange.lowerBound..<range.upperBound
    }

    mutating func unclosedNote(at open: Int) {
        line.problems.append(LineProblem(
            offset: open, code: "unclosed-note", message: "the note in parentheses is not closed",
            hint: "end the note with \")\""))
    }

    mutating func strayParenthesis(at index: Int) {
        line.problems.append(LineProblem(
            offset: index, code: "stray-parenthesis", message: "this \")\" closes nothing",
            hint: "put notes in parentheses: (for the pancakes)"))
    }

    /// The end of a word of the name: up to white space or a parenthesis.
    func wordEnd(from start: Int) -> Int {
        var end = start
        while let scalar = text.at(end), !scalar.isSpace, scalar != "(", scalar != ")" { end += 1 }
        return end
    }

    private mutating func finish(nameStart: Int) {
        if line.nameRange == nil, let unit = line.unit, unit.dimension == .other, line.recipe == nil,
            let range = line.unitRange
        {
            // "2 cloves", "3 cans": the unit word is all there is, so it is the name.
            line.unit = nil
            line.unitRange = nil
            addNamePart(range, text.string(range))
        }
        if line.nameRange == nil {
            let (what, example) = kind == .item ? ("item", "2 avocados") : ("ingredient", "200 g flour")
            line.problems.append(LineProblem(
                offset: nameStart, code: "missing-name", message: "the \(what) has no name",
                hint: "write the name after the quantity and unit, as in \(example)"))
        }
        guard line.problems.count > 1 else { return }
        line.problems = line.problems.enumerated()
            .sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }
            .map(\.element)
    }
}
