import LarderCore

// The text of one line of a step or note: comments removed, markers
// (`@ingredient`, `#cookware`, `~timer`) read into parts.
extension CooklangScanner {
    /// What a sigil starts.
    enum Marker {
        case part(Document.Part, next: Int)
        /// Not a marker: the sigil is text.
        case text
        /// A marker that cannot be read (an unclosed `{`): the rest of the
        /// line is text.
        case restOfLine
    }

    /// Reads `start..<end` of the current line into `pending` text and, in a
    /// step, marker parts.
    mutating func scanInline(from start: Int, to end: Int, markers: Bool) {
        var index = start
        if openComment != nil {
            guard let close = find("-]", from: index, to: end) else { return }
            openComment = nil
            index = close + 2
        }
        var textStart = index
        while index < end {
            switch bytes[index] {
            case UInt8(ascii: "-"):
                let run = dashRun(at: index, end: end)
                if run == 2 {
                    // `--` comment: the rest of the line is not read.
                    appendText(textStart, index)
                    return
                }
                index += run
            case UInt8(ascii: "[") where index + 1 < end && bytes[index + 1] == UInt8(ascii: "-"):
                appendText(textStart, index)
                guard let close = find("-]", from: index + 2, to: end) else {
                    openComment = position(index)
                    return
                }
                index = close + 2
                textStart = index
            case UInt8(ascii: "@"), UInt8(ascii: "#"), UInt8(ascii: "~"):
                guard markers else {
                    index += 1
                    continue
                }
                switch marker(at: index, end: end) {
                case .part(let part, let next):
                    appendText(textStart, index)
                    flushText()
                    parts.append(part)
                    index = next
                    textStart = next
                case .text:
                    index += 1
                case .restOfLine:
                    appendText(textStart, end)
                    return
                }
            case UInt8(ascii: "\\") where index + 1 < end && Self.escapable(bytes[index + 1]):
                // `\@` is a literal `@` (and so for the other markup).
                appendText(textStart, index)
                textStart = index + 1
                index += 2
            default:
                index += 1
            }
        }
        appendText(textStart, end)
    }

    static func escapable(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "@"), UInt8(ascii: "#"), UInt8(ascii: "~"), UInt8(ascii: "{"), UInt8(ascii: "}"),
            UInt8(ascii: "["), UInt8(ascii: "-"), UInt8(ascii: "\\"), UInt8(ascii: ">"), UInt8(ascii: "="),
            UInt8(ascii: "%"):
            true
        default:
            false
        }
    }

    mutating func appendText(_ start: Int, _ end: Int) {
        guard start < end else { return }
        pending.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
    }

    mutating func flushText() {
        guard !pending.isEmpty else { return }
        parts.append(.text(String(decoding: pending, as: UTF8.self)))
        pending.removeAll(keepingCapacity: true)
    }

    func find(_ pattern: StaticString, from start: Int, to end: Int) -> Int? {
        var index = start
        while index < end {
            if starts(with: pattern, at: index, end: end) { return index }
            index += 1
        }
        return nil
    }

    // MARK: Markers

    /// The marker whose sigil is at `sigil`: modifiers (ingredients), then a
    /// recipe reference `./path{}`, a name up to `{...}` on the same line
    /// (several words), or a single word; then a `(note)`.
    mutating func marker(at sigil: Int, end: Int) -> Marker {
        let kind = bytes[sigil]
        var index = sigil + 1
        var modifiers: (optional: Bool, hidden: Bool, reference: Bool) = (false, false, false)
        if kind == UInt8(ascii: "@") {
            modifierLoop: while index < end {
                switch bytes[index] {
                case UInt8(ascii: "?"): modifiers.optional = true
                case UInt8(ascii: "-"): modifiers.hidden = true
                case UInt8(ascii: "&"): modifiers.reference = true
                default: break modifierLoop
                }
                index += 1
            }
            if starts(with: "./", at: index, end: end) || starts(with: "../", at: index, end: end) {
                return recipeReference(at: sigil, pathStart: index, end: end, modifiers: modifiers)
            }
        }
        guard index < end else { return .text }
        let name: Range<Int>
        var amount: Document.Amount?
        var next: Int
        if bytes[index] == UInt8(ascii: "{") {
            guard kind == UInt8(ascii: "~") else {
                diagnose(
                    .error, "cook-empty-name", "\(Self.noun(kind)) has no name", at: position(sigil),
                    hint: "write the name between `\(Self.sigil(kind))` and `{`, e.g. \(Self.example(kind))")
                return .text
            }
            name = index..<index
            switch braces(at: index, end: end) {
            case .closed(let read, let after): (amount, next) = (read, after)
            case .unclosed: return .restOfLine
            }
        } else {
            guard wordWidth(at: index) > 0 else { return .text }
            guard case .read(let read, let readAmount, let after) = body(from: index, end: end, path: false) else {
                return .restOfLine
            }
            (name, amount, next) = (read, readAmount, after)
        }
        let position = position(sigil)
        switch kind {
        case UInt8(ascii: "@"):
            var ingredient = Document.Ingredient(name: string(name), position: position)
            ingredient.amount = amount
            ingredient.note = note(at: &next, end: end)
            (ingredient.optional, ingredient.hidden, ingredient.reference) = modifiers
            return .part(.ingredient(ingredient), next: next)
        case UInt8(ascii: "#"):
            var cookware = Document.Cookware(name: string(name), position: position)
            cookware.amount = amount
            cookware.note = note(at: &next, end: end)
            return .part(.cookware(cookware), next: next)
        default:
            var timer = Document.Timer(name: string(name), position: position)
            timer.amount = amount
            return .part(.timer(timer), next: next)
        }
    }

    enum Body {
        case read(name: Range<Int>, amount: Document.Amount?, next: Int)
        /// `{` not closed on the line (diagnosed).
        case unclosed
    }

    /// A marker's name (or a reference's path) and amount: up to `{...}` on
    /// the same line, else one word (a path: up to white space or
    /// punctuation other than `/ . - _`, without a final full stop, which
    /// ends the sentence).
    mutating func body(from start: Int, end: Int, path: Bool) -> Body {
        if let open = braceAfterName(from: start, end: end) {
            guard case .closed(let amount, let next) = braces(at: open, end: end) else { return .unclosed }
            return .read(name: trimmed(start, open), amount: amount, next: next)
        }
        var wordEnd = start
        while wordEnd < end {
            var width = wordWidth(at: wordEnd)
            if path && width == 0 {
                switch bytes[wordEnd] {
                case UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"): width = 1
                default: break
                }
            }
            if width == 0 { break }
            wordEnd += width
        }
        if path {
            while wordEnd > start && bytes[wordEnd - 1] == UInt8(ascii: ".") { wordEnd -= 1 }
        }
        return .read(name: start..<wordEnd, amount: nil, next: wordEnd)
    }

    /// The `{` ending a name of several words: on the same line, before any
    /// other marker or comment. nil: the name is a single word.
    func braceAfterName(from start: Int, end: Int) -> Int? {
        var index = start
        while index < end {
            switch bytes[index] {
            case UInt8(ascii: "{"):
                return index
            case UInt8(ascii: "@"), UInt8(ascii: "#"), UInt8(ascii: "~"):
                return nil
            case UInt8(ascii: "-") where dashRun(at: index, end: end) == 2:
                return nil
            case UInt8(ascii: "[") where index + 1 < end && bytes[index + 1] == UInt8(ascii: "-"):
                return nil
            default:
                index += 1
            }
        }
        return nil
    }

    /// `@./sauces/pesto{}`, `@./Shared/Pizza Dough{2%servings}`: another
    /// recipe, by its path from the top of the folder.
    mutating func recipeReference(
        at sigil: Int, pathStart: Int, end: Int, modifiers: (optional: Bool, hidden: Bool, reference: Bool)
    ) -> Marker {
        guard case .read(let path, let amount, var next) = body(from: pathStart, end: end, path: true) else {
            return .restOfLine
        }
        var components = string(path).split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        if components.first == "." { components.removeFirst() }
        if let last = components.last, last.hasSuffix(".cook") {
            components[components.count - 1] = String(last.dropLast(5))
        }
        let position = position(sigil)
        guard let name = components.last, !name.isEmpty, name != "." else {
            diagnose(
                .error, "cook-empty-name", "recipe reference has no recipe name", at: position,
                hint: "name the recipe after `./`, e.g. @./sauces/pesto{}")
            return .text
        }
        var ingredient = Document.Ingredient(name: name, position: position)
        if components.contains("..") || components.contains(".") {
            diagnose(
                .error, "cook-reference-outside-folder",
                "recipe reference `\(string(path))` is not a path from the top of the folder", at: position,
                hint: "references start with `./` and go down from the top of the folder, e.g. @./sauces/\(name){}")
        } else {
            ingredient.recipePath = components.joined(separator: "/")
        }
        ingredient.amount = amount
        ingredient.note = note(at: &next, end: end)
        (ingredient.optional, ingredient.hidden, ingredient.reference) = modifiers
        return .part(.ingredient(ingredient), next: next)
    }

    enum Braces {
        case closed(Document.Amount?, after: Int)
        case unclosed
    }

    /// `{quantity%unit}` at `open`, closed on the same line. An empty one
    /// (`{}`, `{ }`) is no amount.
    mutating func braces(at open: Int, end: Int) -> Braces {
        var close = open + 1
        while close < end && bytes[close] != UInt8(ascii: "}") && bytes[close] != UInt8(ascii: "{") { close += 1 }
        guard close < end, bytes[close] == UInt8(ascii: "}") else {
            diagnose(
                .error, "cook-unclosed-brace", "`{` is not closed on this line", at: position(open),
                hint: "close the amount with `}` on the same line, e.g. @flour{250%g}; the rest of the line is read as text")
            return .unclosed
        }
        var content = trimmed(open + 1, close)
        guard !content.isEmpty else { return .closed(nil, after: close + 1) }
        var fixed = false
        if bytes[content.lowerBound] == UInt8(ascii: "=") {
            fixed = true
            content = trimmed(content.lowerBound + 1, content.upperBound)
        }
        var percent = content.lowerBound
        while percent < content.upperBound && bytes[percent] != UInt8(ascii: "%") { percent += 1 }
        let quantity = trimmed(content.lowerBound, percent)
        var amount = Document.Amount(
            quantity: string(quantity), unit: "", quantityPosition: position(quantity.lowerBound))
        amount.fixed = fixed
        if percent < content.upperBound {
            let unit = trimmed(percent + 1, content.upperBound)
            amount.unit = string(unit)
            amount.unitPosition = position(unit.lowerBound)
            if quantity.isEmpty {
                diagnose(
                    .error, "cook-unit-without-quantity", "unit `\(amount.unit)` has no quantity before it",
                    at: position(quantity.lowerBound),
                    hint: "write the quantity before `%`, e.g. {100%\(amount.unit)}, or leave the braces empty")
            }
        }
        return .closed(amount, after: close + 1)
    }

    /// `(finely chopped)` right after an ingredient or cookware, closed on
    /// the same line; moves `next` past it.
    mutating func note(at next: inout Int, end: Int) -> String? {
        guard next < end, bytes[next] == UInt8(ascii: "(") else { return nil }
        var close = next + 1
        while close < end && bytes[close] != UInt8(ascii: ")") { close += 1 }
        guard close < end else {
            diagnose(
                .warning, "cook-unclosed-note", "`(` after the marker is not closed on this line",
                at: position(next), hint: "close the note with `)` on the same line; it is read as text")
            return nil
        }
        let text = string(trimmed(next + 1, close))
        next = close + 1
        return text
    }

    static func noun(_ sigil: UInt8) -> String {
        sigil == UInt8(ascii: "@") ? "ingredient" : sigil == UInt8(ascii: "#") ? "cookware" : "timer"
    }

    static func sigil(_ sigil: UInt8) -> String { String(UnicodeScalar(sigil)) }

    static func example(_ sigil: UInt8) -> String {
        sigil == UInt8(ascii: "@") ? "@flour{250%g}" : "#frying pan{}"
    }
}
