// The rest of a shopping-list item after its quantity and unit: name words,
// markers and parenthesised notes, in any order.
extension LineReader {
    mutating func readItemRest(from start: Int) {
        var i = start
        while i < text.count {
            switch text[i] {
            case let scalar where scalar.isSpace:
                i += 1
            case "(":
                let note = parenthesisedNote(at: i)
                addNote(note.text)
                guard let next = note.next else { return }
                i = next
            case ")":
                strayParenthesis(at: i)
                i += 1
            case _ where startsMarker(at: i):
                let end = wordEnd(from: i)
                readMarker(i..<end)
                i = end
            default:
                let end = wordEnd(from: i)
                if !readTrailingCount(i..<end) {
                    addNamePart(i..<end, text.string(i..<end))
                }
                i = end
            }
        }
    }

    /// "@store", "#category", "!priority". A "#" before a digit is a number
    /// sign and part of the name: "size #4 nails", "#10 can".
    private func startsMarker(at index: Int) -> Bool {
        switch text[index] {
        case "@", "!": true
        case "#": text.at(index + 1)?.isASCIIDigit != true
        default: false
        }
    }

    private mutating func readMarker(_ range: Range<Int>) {
        let sigil = text[range.lowerBound]
        let value = text.string(range.lowerBound + 1..<range.upperBound)
        let written = text.string(range)
        if sigil == "!" {
            guard ["high", "low", "normal"].contains(value) else {
                line.problems.append(LineProblem(
                    offset: range.lowerBound, code: "unknown-priority",
                    message: "\"\(written)\" is not a priority", hint: "write !high or !low"))
                return
            }
            set(\.priority, \.priorityRange, to: value, range, kind: "priority")
            return
        }
        let (kind, example) = sigil == "@" ? ("store", "@farmers-market") : ("category", "#dairy")
        guard isID(value) else {
            line.problems.append(LineProblem(
                offset: range.lowerBound, code: "bad-marker",
                message: "\"\(written)\" is not a \(kind) id",
                hint: "write a \(kind) id in lowercase letters, digits and -, as in \(example)"))
            return
        }
        if sigil == "@" {
            set(\.store, \.storeRange, to: value, range, kind: kind)
        } else {
            set(\.category, \.categoryRange, to: value, range, kind: kind)
        }
    }

    private mutating func set(
        _ field: WritableKeyPath<ParsedLine, String?>, _ rangeField: WritableKeyPath<ParsedLine, Range<Int>?>,
        to value: String, _ range: Range<Int>, kind: String
    ) {
        if line[keyPath: field] != nil, let first = line[keyPath: rangeField] {
            line.problems.append(LineProblem(
                offset: range.lowerBound, code: "duplicate-marker",
                message: "the item already has a \(kind): \(text.string(first))",
                hint: "keep one \(kind) marker"))
            return
        }
        line[keyPath: field] = value
        line[keyPath: rangeField] = range
    }

    /// "bread x2": a count after the name. Returns whether `range` was one.
    private mutating func readTrailingCount(_ range: Range<Int>) -> Bool {
        guard line.nameRange != nil, range.count > 1, text[range.lowerBound].isMultiplicationSign,
            text[range.lowerBound + 1].isASCIIDigit
        else { return false }
        switch scanner.quantity(at: range.lowerBound + 1) {
        case .found(let quantity, let end) where end == range.upperBound:
            guard line.quantity == nil else {
                line.problems.append(.badQuantity(
                    at: range.lowerBound, "the quantity is given twice: \(text.string(line.quantityRange ?? range)) and \(text.string(range))",
                    hint: "keep one quantity"))
                return true
            }
            line.quantity = quantity
            line.quantityRange = range
            return true
        case .problem(let problem, _):
            line.problems.append(problem)
            return true
        default:
            return false
        }
    }
}

/// Whether `text` is an id: lowercase ASCII letters, digits and "-".
func isID(_ text: String) -> Bool {
    !text.isEmpty && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || $0.isASCIIDigit || $0 == "-" }
}
