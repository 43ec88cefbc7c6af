// The rest of a recipe ingredient after its quantity and unit: the name (with
// notes in parentheses and perhaps a recipe link), then notes after the first
// comma.
extension LineReader {
    mutating func readIngredientRest(from start: Int) {
        let comma = topLevelComma(from: start) ?? text.count
        readIngredientName(start..<comma)
        guard comma < text.count else { return }
        checkParentheses(comma + 1..<text.count)
        addIngredientNote(text.trimmed(comma + 1..<text.count))
    }

    private mutating func readIngredientName(_ range: Range<Int>) {
        var i = range.lowerBound
        while i < range.upperBound {
            switch text[i] {
            case let scalar where scalar.isSpace:
                i += 1
            case "(":
                let note = parenthesisedNote(at: i)
                addIngredientNote(note.text)
                guard let next = note.next else { return }
                i = next
            case ")":
                strayParenthesis(at: i)
                i += 1
            case "[" where link(at: i) != nil:
                guard let (label, target) = link(at: i) else { return }
                readRecipeLink(label: label, target: target)
                i = target.upperBound + 1
            default:
                let end = min(wordEnd(from: i), range.upperBound)
                addNamePart(i..<end, text.string(i..<end))
                i = end
            }
        }
    }

    /// "[label](target)" at `start`: the ranges of label and target.
    private func link(at start: Int) -> (label: Range<Int>, target: Range<Int>)? {
        guard let close = text[start...].firstIndex(of: "]"), text.at(close + 1) == "(",
            let end = closingParenthesis(from: close + 1)
        else { return nil }
        return (start + 1..<close, close + 2..<end)
    }

    private mutating func readRecipeLink(label: Range<Int>, target: Range<Int>) {
        let labelRange = text.trimmed(label)
        let labelText: String
        if text[labelRange].allSatisfy(\.isASCII) {
            var label: [UInt8] = []
            appendWords(labelRange, to: &label)
            labelText = String(decoding: label, as: UTF8.self)
        } else {
            labelText = text.string(labelRange).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        // An empty label ("[](pizza-dough)") adds no word to the name: an
        // empty part would leave a stray space in it.
        if !labelText.isEmpty {
            addNamePart(labelRange, labelText)
        }
        let written = text.string(text.trimmed(target))
        guard line.recipe == nil else {
            line.problems.append(LineProblem(
                offset: target.lowerBound, code: "bad-recipe-link",
                message: "the ingredient already links to the recipe \"\(line.recipe ?? "")\"",
                hint: "link one recipe per ingredient"))
            return
        }
        guard let id = recipeID(linkedAs: written) else {
            line.problems.append(LineProblem(
                offset: target.lowerBound, code: "bad-recipe-link",
                message: "\"\(written)\" is not a recipe id",
                hint: "link a recipe by its id, as in [Pizza dough](pizza-dough)"))
            return
        }
        line.recipe = id
        line.recipeRange = text.trimmed(target)
    }

    /// The recipe id in a link target: "pizza-dough", also written as a path
    /// to the file ("../recipes/pizza-dough.md"), which Markdown editors make.
    private func recipeID(linkedAs target: String) -> String? {
        var id = Substring(target)
        for prefix in ["./", "../", "recipes/"] where id.hasPrefix(prefix) { id = id.dropFirst(prefix.count) }
        for suffix in [".md", ".json"] where id.hasSuffix(suffix) { id = id.dropLast(suffix.count) }
        return isID(String(id)) ? String(id) : nil
    }

    /// A note, minus an "optional" part, which sets `optional` instead:
    /// "optional", "optional, for garnish", "sifted (optional)".
    private mutating func addIngredientNote(_ range: Range<Int>) {
        guard !text[range].allSatisfy(\.isASCII) else { return addASCIIIngredientNote(range) }
        var kept: [String] = []
        for part in text.string(range).split(separator: ",") {
            var words = part.split(whereSeparator: \.isWhitespace)
            if words.last?.lowercased() == "(optional)" || words.last?.lowercased() == "optional" {
                line.optional = true
                words.removeLast()
            }
            if !words.isEmpty { kept.append(words.joined(separator: " ")) }
        }
        guard !kept.isEmpty else { return }
        addNote(kept.joined(separator: ", "), range: range)
    }

    /// ``addIngredientNote(_:)`` for ASCII text, whose characters are its
    /// scalars: the same note, read in place instead of through a String per
    /// part and per word (most ingredients with a comma have a note).
    private mutating func addASCIIIngredientNote(_ range: Range<Int>) {
        var note: [UInt8] = []
        var partStart = range.lowerBound
        while partStart < range.upperBound {
            let partEnd = text[partStart..<range.upperBound].firstIndex(of: ",") ?? range.upperBound
            var words = text.trimmed(partStart..<partEnd)
            let lastWord = (text[words].lastIndex(where: \.isSpace).map { $0 + 1 } ?? words.lowerBound)..<words.upperBound
            if isWord(lastWord, "optional") || isWord(lastWord, "(optional)") {
                line.optional = true
                words = text.trimmed(words.lowerBound..<lastWord.lowerBound)
            }
            if !words.isEmpty {
                if !note.isEmpty { note += [UInt8(ascii: ","), UInt8(ascii: " ")] }
                appendWords(words, to: &note)
            }
            partStart = partEnd + 1
        }
        guard !note.isEmpty else { return }
        addNote(String(decoding: note, as: UTF8.self), range: range)
    }

    /// Whether the text in `range` is `lowercaseWord`, ignoring case.
    private func isWord(_ range: Range<Int>, _ lowercaseWord: String) -> Bool {
        range.count == lowercaseWord.unicodeScalars.count
            && zip(text[range], lowercaseWord.unicodeScalars).allSatisfy { $0.lowercases(to: $1) }
    }

    /// Appends the words of `range` (trimmed ASCII text) as UTF-8, with each
    /// run of white space between them made one space: bytes, because
    /// growing a String scalar by scalar costs far more.
    private func appendWords(_ range: Range<Int>, to result: inout [UInt8]) {
        var spaceBefore = false
        for scalar in text[range] {
            if scalar.isSpace {
                spaceBefore = true
            } else {
                if spaceBefore { result.append(UInt8(ascii: " ")) }
                spaceBefore = false
                result.append(UInt8(truncatingIfNeeded: scalar.value))
            }
        }
    }

    /// The first "," outside parentheses and brackets.
    private func topLevelComma(from start: Int) -> Int? {
        var depth = 0
        for index in start..<text.count {
            switch text[index] {
            case "(", "[": depth += 1
            case ")", "]": depth = max(0, depth - 1)
            case "," where depth == 0: return index
            default: break
            }
        }
        return nil
    }

    /// Reports an unclosed "(" or a stray ")" in free-form note text.
    private mutating func checkParentheses(_ range: Range<Int>) {
        var open: [Int] = []
        for index in range {
            if text[index] == "(" { open.append(index) }
            if text[index] == ")" {
                if open.popLast() == nil { strayParenthesis(at: index) }
            }
        }
        if let first = open.first { unclosedNote(at: first) }
    }
}
