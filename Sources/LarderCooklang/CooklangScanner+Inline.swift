import LarderCore

// The text of one line of a step or note: comments removed, markers
// (`@ingredient`, `#cookware`, `~timer`) read into parts.
extension CooklangScanner {
    /// What a sigil started.
    enum Marker {
        /// A marker, appended to `parts` (after the text before it); the
        /// text goes on at `next`.
        case appended(next: Int)
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
                switch marker(at: index, end: end, textStart: textStart) {
                case .appended(let next):
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
                // Most bytes are plain text: skip them without the switch.
                index += 1
                while index < end && !Self.mayStartMarkup(bytes[index]) { index += 1 }
            }
        }
        appendText(textStart, end)
    }

    /// `-`, `[`, `@`, `#`, `~` or `\`: bytes the switch above must look at.
    @inline(__always)
    static func mayStartMarkup(_ byte: UInt8) -> Bool {
        // One bit per ASCII byte, in two words, instead of six comparisons.
        let low: UInt64 = 1 << 0x23 | 1 << 0x2D  // # -
        let high: UInt64 = 1 << (0x40 - 64) | 1 << (0x5B - 64) | 1 << (0x5C - 64) | 1 << (0x7E - 64)  // @ [ \ ~
        return byte < 64 ? (low >> byte) & 1 != 0 : byte < 128 && (high >> (byte - 64)) & 1 != 0
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

    /// Adds `start..<end` of the file to the pending text. A text that is
    /// one run of the file (the usual case) is kept as a range and made a
    /// String straight from the file's bytes.
    mutating func appendText(_ start: Int, _ end: Int) {
        guard start < end else { return }
        if pending.isEmpty {
            if let run = pendingRun, run.upperBound != start {
                pending.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run]))
                pendingRun = nil
            } else {
                pendingRun = (pendingRun?.lowerBound ?? start)..<end
                return
            }
        }
        pending.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
    }

    /// Adds one byte (the space joining two lines) to the pending text.
    mutating func appendByte(_ byte: UInt8) {
        if let run = pendingRun {
            pending.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run]))
            pendingRun = nil
        }
        pending.append(byte)
    }

    /// Makes the pending text a part. The first part of a step and its
    /// last lose the white space at their outer edge (indentation, the space
    /// before a trailing comment).
    mutating func flushText(last: Bool = false) {
        if let run = pendingRun {
            let text = trimmed(UnsafeBufferPointer(rebasing: bytes[run]), leading: parts.isEmpty, trailing: last)
            pendingRun = nil
            if let text { parts.append(.text(text)) }
        } else if !pending.isEmpty {
            let text = pending.withUnsafeBufferPointer { trimmed($0, leading: parts.isEmpty, trailing: last) }
            pending.removeAll(keepingCapacity: true)
            if let text { parts.append(.text(text)) }
        }
    }

    /// The text, without white space at the start (`leading`) or end
    /// (`trailing`); nil when nothing is left.
    func trimmed(_ text: UnsafeBufferPointer<UInt8>, leading: Bool, trailing: Bool) -> String? {
        var lower = 0
        var upper = text.count
        if leading {
            while lower < upper, let width = whitespaceWidth(in: text, at: lower) { lower += width }
        }
        if trailing {
            while upper > lower {
                var scalarStart = upper - 1
                while scalarStart > lower && text[scalarStart] & 0xC0 == 0x80 { scalarStart -= 1 }
                guard whitespaceWidth(in: text, at: scalarStart) != nil else { break }
                upper = scalarStart
            }
        }
        return lower < upper ? String(decoding: UnsafeBufferPointer(rebasing: text[lower..<upper]), as: UTF8.self) : nil
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
    /// (several words), or a single word; then a `(note)`. Appended here,
    /// after the text from `textStart`, rather than returned: parts are
    /// large values, and moving them through returns showed in profiles.
    mutating func marker(at sigil: Int, end: Int, textStart: Int) -> Marker {
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
                return recipeReference(
                    at: sigil, pathStart: index, end: end, modifiers: modifiers, textStart: textStart)
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
        let note = kind == UInt8(ascii: "~") ? nil : note(at: &next, end: end)
        appendText(textStart, sigil)
        flushText()
        switch kind {
        case UInt8(ascii: "@"):
            var ingredient = Document.Ingredient(name: string(name), position: position)
            ingredient.amount = amount
            ingredient.note = note
            (ingredient.optional, ingredient.hidden, ingredient.reference) = modifiers
            parts.append(.ingredient(ingredient))
        case UInt8(ascii: "#"):
            var cookware = Document.Cookware(name: string(name), position: position)
            cookware.amount = amount
            cookware.note = note
            parts.append(.cookware(cookware))
        default:
            var timer = Document.Timer(name: string(name), position: position)
            timer.amount = amount
            parts.append(.timer(timer))
        }
        return .appended(next: next)
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
            case UInt8(ascii: "-"):
                let run = dashRun(at: index, end: end)
                if run == 2 { return nil }
                index += run
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
        at sigil: Int, pathStart: Int, end: Int, modifiers: (optional: Bool, hidden: Bool, reference: Bool),
        textStart: Int
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
        appendText(textStart, sigil)
        flushText()
        parts.append(.ingredient(ingredient))
        return .appended(next: next)
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
        // Once a `(` is found open, every later one on the line is too: said
        // once, and not searched again (a line of `@a(` would otherwise be
        // read over and over, quadratic in its length).
        if let open = unclosedNote, open.line == lineNumber, open.offset < next { return nil }
        var close = next + 1
        while close < end && bytes[close] != UInt8(ascii: ")") { close += 1 }
        guard close < end else {
            unclosedNote = (lineNumber, next)
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
