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
    /// Where and why the head may be read wrongly; it becomes a warning,
    /// with a hint showing the reading, once the name is known.
    var unsure: (offset: Int, message: String)?

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
        checkLeftoverAmount(at: text.skippingSpaces(from: rest))
        switch kind {
        case .item: readItemRest(from: rest)
        case .ingredient: readIngredientRest(from: rest)
        }
        finish(nameStart: text.skippingSpaces(from: rest))
        return line
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

    /// "2 3 eggs": a second amount where the name should start was not
    /// read; the line is read as written, with a warning.
    private mutating func checkLeftoverAmount(at start: Int) {
        guard unsure == nil, line.quantity != nil, line.problems.isEmpty, startsNumber(at: start),
            !startsNumberedName(at: start), case .found = readAmount(at: start)
        else { return }
        unsure = (start, "a second amount was not read")
    }

    /// How the line was read, for a hint: `2 tins (400 g each) of "chopped tomatoes"`.
    private var reading: String {
        var reading = line.quantity?.description ?? ""
        if let unit = line.unit, let quantity = line.quantity { reading += " " + unit.displayName(for: quantity) }
        if let size = line.size, let unit = size.unit {
            reading += " (\(size.quantity) \(unit.displayName(for: size.quantity)) each)"
        }
        return reading + (line.unit == nil ? " " : " of ") + "\"\(line.name)\""
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
        if let unsure {
            line.warnings.append(LineProblem(
                offset: unsure.offset, code: "unsure-amount", message: unsure.message, hint: "read as \(reading)"))
            if line.warnings.count > 1 { line.warnings.sort { $0.offset < $1.offset } }
        }
        guard line.problems.count > 1 else { return }
        line.problems = line.problems.enumerated()
            .sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }
            .map(\.element)
    }
}
