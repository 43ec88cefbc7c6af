// The rest of a recipe ingredient after its quantity and unit: the name (with
// notes in parentheses and perhaps a recipe link), then notes after the first
// comma. The cook's words in the name (CookWords) go to the note; a comma
// after words that are all cook's words ("boneless, skinless chicken") does
// not end the name.
extension LineReader {
    mutating func readIngredientRest(from start: Int) {
        var nameStart = start
        var comma = topLevelComma(from: start) ?? text.count
        // "1 lb. boneless, skinless chicken thighs": the part before the
        // comma only says how the food is cut; in "lean, boneless beef" the
        // comma parts two such words. "½ cup (120 g), honey": nothing
        // before the comma, so the name follows it.
        while comma < text.count, startsName(at: comma + 1) {
            let next = topLevelComma(from: comma + 1) ?? text.count
            let before = text.trimmed(nameStart..<comma)
            guard before.isEmpty || isOnlyCookWords(before)
                || (wordCount(before) == 1 && startsWithDescriptor(comma + 1..<next)),
                !isOnlyCookWords(comma + 1..<next)  // "2 cups, sifted" has no name
            else { break }
            if !before.isEmpty { addIngredientNote(before) }
            (nameStart, comma) = (comma + 1, next)
        }
        comma = alternativesEnd(nameStart, comma)
        // "Egg yolks 4 (72 grams)": the name ends before the amount.
        var nameEnd = comma
        if line.quantity == nil, line.problems.isEmpty, let end = readTrailingAmount(nameStart..<comma) {
            nameEnd = end
        }
        var unsure: Unsure?
        if text[nameStart..<nameEnd].contains("[") {
            readIngredientName(nameStart..<nameEnd)  // a recipe link: its label is the name
        } else {
            unsure = readIngredientWords(nameStart..<nameEnd)
        }
        if comma < text.count {
            readAmountAfterName(from: comma + 1)
        }
        // One warning a line: a misread head has already said so.
        if let unsure, line.problems.isEmpty, line.warnings.isEmpty { warn(unsure) }
    }

    /// "corn, peanut or vegetable oil", "orange, yellow or red bell
    /// peppers": one-word alternatives before an "or" whose last
    /// alternative has more words share its food, so the list is the name
    /// (where "farro, spelt or barley" is farro, with a note). Returns where
    /// the name ends: the end of the list, or `comma`.
    private func alternativesEnd(_ nameStart: Int, _ comma: Int) -> Int {
        guard comma < text.count, wordCount(nameStart..<comma) == 1 else { return comma }
        var end = comma
        while end < text.count {
            let next = topLevelComma(from: end + 1) ?? text.count
            let segment = text.trimmed(end + 1..<next)
            var i = segment.lowerBound
            var wordsAfterOr: Int?
            var words = 0
            while i < segment.upperBound {
                let wordEnd = min(text.endOfWord(from: i), segment.upperBound)
                if let count = wordsAfterOr {
                    if count == 0, !startsName(at: i) || text[i].isASCIIDigit
                        || CookWords.notesAfterOr.contains(text.string(i..<wordEnd).lowercased())
                    {
                        return comma
                    }
                    wordsAfterOr = count + 1
                } else if CookWords.kind(of: text[i..<wordEnd]) == .or {
                    wordsAfterOr = 0
                }
                words += 1
                i = text.skippingSpaces(from: wordEnd)
            }
            if let count = wordsAfterOr { return count > 1 ? next : comma }
            guard words == 1 else { return comma }
            end = next
        }
        return comma
    }

    private func wordCount(_ range: Range<Int>) -> Int {
        var (i, count) = (text.skippingSpaces(from: range.lowerBound), 0)
        while i < range.upperBound {
            count += 1
            i = text.skippingSpaces(from: min(text.endOfWord(from: i), range.upperBound))
        }
        return count
    }

    /// "sugar, 6 tablespoons", "Butter, 2 tbsp, softened": with no amount
    /// before the name, one right after the comma is the line's; the rest
    /// is the note.
    private mutating func readAmountAfterName(from start: Int) {
        var noteStart = start
        let at = text.skippingSpaces(from: start)
        if line.quantity == nil, line.problems.isEmpty, case .found(let quantity, let end) = scanner.quantity(at: at) {
            let unitStart = text.skippingSpaces(from: end)
            let unitEnd = unitWordEnd(from: unitStart)
            let unit = unitEnd > unitStart ? UnitCatalog.unit(named: text[unitStart..<unitEnd]) : nil
            let after = unit == nil ? end : unitEnd
            if text.at(text.skippingSpaces(from: after)).map({ $0 == "," }) ?? true {
                line.quantity = quantity
                line.quantityRange = at..<end
                if let unit {
                    line.unit = unit
                    line.unitRange = unitStart..<unitEnd
                }
                noteStart = after
            }
        }
        guard noteStart < text.count else { return }
        checkParentheses(noteStart..<text.count)
        var note = text.trimmed(noteStart..<text.count)
        if text.at(note.lowerBound) == "," { note = text.trimmed(note.lowerBound + 1..<note.upperBound) }
        addIngredientNote(note)
    }

    /// "Egg yolks 4 (72 grams)", "Powdered sugar 1/4 cup": with no amount
    /// before the name, an amount (and unit) that ends the name, followed by
    /// nothing but a note in parentheses, is the line's. Returns where the
    /// name ends, or nil when the name does not end so.
    private mutating func readTrailingAmount(_ range: Range<Int>) -> Int? {
        var i = text.skippingSpaces(from: range.lowerBound)
        var previousWordEnd: Int?
        while i < range.upperBound {
            let wordEnd = min(text.endOfWord(from: i), range.upperBound)
            if let nameEnd = previousWordEnd, text[i].isASCIIDigit || text[i].vulgarFraction != nil,
                case .found(let quantity, let end) = scanner.quantity(at: i), end <= range.upperBound
            {
                let unitStart = text.skippingSpaces(from: end)
                let unitEnd = min(unitWordEnd(from: unitStart), range.upperBound)
                let unit = unitEnd > unitStart ? UnitCatalog.unit(named: text[unitStart..<unitEnd]) : nil
                let after = text.skippingSpaces(from: unit == nil ? end : unitEnd)
                var note: Range<Int>?
                if text.at(after) == "(", let close = closingParenthesis(from: after), close < range.upperBound {
                    note = text.trimmed(after + 1..<close)
                    if text.skippingSpaces(from: close + 1) < range.upperBound { note = nil }
                } else if after < range.upperBound {
                    note = nil
                } else {
                    note = after..<after
                }
                if let note, unit != nil || end == wordEnd {
                    line.quantity = quantity
                    line.quantityRange = i..<end
                    if let unit {
                        line.unit = unit
                        line.unitRange = unitStart..<unitEnd
                    }
                    addIngredientNote(note)
                    return nameEnd
                }
            }
            previousWordEnd = wordEnd
            i = text.skippingSpaces(from: wordEnd)
        }
        return nil
    }

    /// The end of the letters and dots at `start` ("tbsp.").
    private func unitWordEnd(from start: Int) -> Int {
        var end = start
        while let scalar = text.at(end), scalar.isLetter || scalar == "." { end += 1 }
        return end
    }

    /// A name with a recipe link in it, read as written.
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

    // MARK: - Words of the name

    /// A note in parentheses between the words of the name, before the word
    /// at `word` (`words.count` after the last). Notes are rare: kept apart
    /// from the words, most lines make no array of them at all.
    private typealias Note = (word: Int, text: Range<Int>)

    /// The words of the name in `range` (no recipe link in it): cook's
    /// words at the front and back go to the note, as does everything from
    /// a word that starts a note ("for garnish", "or dark rum", "to taste").
    private mutating func readIngredientWords(_ range: Range<Int>) -> Unsure? {
        var notes: [Note] = []
        var words: [Range<Int>] = []
        var i = range.lowerBound
        scan: while i < range.upperBound {
            switch text[i] {
            case let scalar where scalar.isSpace:
                i += 1
            case "(":
                let note = parenthesisedNote(at: i)
                notes.append((words.count, note.text))
                guard let next = note.next else { break scan }
                i = next
            case ")":
                strayParenthesis(at: i)
                i += 1
            default:
                let end = min(wordEnd(from: i), range.upperBound)
                words.append(i..<end)
                i = end
            }
        }
        let kinds = words.map { CookWords.kind(of: text[$0]) }
        let cut = noteCut(words, kinds)
        var lead = leadingCookWords(kinds[..<cut])
        var onlyCookWords = false
        if lead == cut {
            // Only cook's words ("1 lb boneless"): keep them as the name, and say so.
            lead = 0
            onlyCookWords = cut > 0
        }
        let trail = trailingPreparation(words, kinds[lead..<cut])
        var plan = NamePlan(lead: lead, nameEnd: trail, cut: cut)
        if line.quantity == nil { splitSeasonings(words, kinds, &plan) }
        unitAfterFood(words, kinds, &plan)
        emit(words, notes, plan, range: range)
        return onlyCookWords ? .onlyCookWords : unsureName(words, kinds, plan.lead..<plan.nameEnd)
    }

    /// Where the words of the name end and a note begins: at the first
    /// word after the first that starts a note ("for", "to", "plus"), at an
    /// "or" before an amount or a note ("or 2 cups chopped tomatoes", "or
    /// more to taste"), at "and their" ("oysters and their liquor"). Other
    /// alternatives stay in the name, as the corpora label them: "veal or
    /// beef stock" is neither veal nor stock.
    private func noteCut(_ words: [Range<Int>], _ kinds: [CookWords.Kind?]) -> Int {
        for index in words.indices.dropFirst() {
            switch kinds[index] {
            case .noteStart:
                // "medium to large potatoes": a range of sizes, not a note.
                if index + 1 < words.count, kinds[index - 1] == .size, kinds[index + 1] == .size,
                    isWord(words[index], "to") || isWord(words[index], "or")
                {
                    continue
                }
                return index
            case .or where index + 1 < words.count:
                // "medium- or long-grain rice": the "or" joins two words.
                if text[words[index - 1].upperBound - 1] == "-" { continue }
                // "black pepper or crushed black pepper", "brown sugar or raw
                // sugar": both sides name a whole food; the first is the name.
                if index >= 2, let last = words.last, sameWord(words[index - 1], last) { return index }
                let next = words[index + 1]
                if text[next.lowerBound].isASCIIDigit || text[next.lowerBound].vulgarFraction != nil
                    || CookWords.notesAfterOr.contains(text.string(next).lowercased())
                {
                    return index
                }
            default:
                if index + 1 < words.count, isWord(words[index], "and"),
                    CookWords.notesAfterAnd.contains(text.string(words[index + 1]).lowercased())
                {
                    return index
                }
            }
        }
        return words.count
    }

    /// How many words at the front are cook's words: sizes, descriptors and
    /// preparation ("large", "boneless", "finely chopped"). After a
    /// container unit or a package size ("1 can chopped tomatoes", "2 x 400g
    /// chopped tomatoes") preparation stays: the tin is sold so.
    private func leadingCookWords(_ kinds: ArraySlice<CookWords.Kind?>) -> Int {
        let keepsPreparation = line.size != nil || (line.unit.map(Self.containers.contains) ?? false)
        var end = kinds.startIndex
        var afterAdverb = false
        for index in kinds.indices {
            switch kinds[index] {
            case .size, .descriptor:
                end = index + 1
            case .preparation where !keepsPreparation, .ground where afterAdverb && !keepsPreparation:
                end = index + 1
            case .adverb:
                break
            case .noteStart, .or where index > kinds.startIndex && kinds[index - 1] == .size
                && index + 1 < kinds.endIndex && kinds[index + 1] == .size:
                break  // "medium to large", "small or medium"
            default:
                return end
            }
            afterAdverb = kinds[index] == .adverb
        }
        return end
    }

    private static let containers: Set<Unit> = [.can, .tin, .jar, .bottle, .pack, .bag, .box]

    /// Where preparation words at the end of the name start ("onions
    /// finely chopped", "carrots peeled and diced", "lamb ground coarsely");
    /// `kinds.endIndex` when there are none. At least one word stays in the
    /// name.
    private func trailingPreparation(_ words: [Range<Int>], _ kinds: ArraySlice<CookWords.Kind?>) -> Int {
        var start = kinds.endIndex
        var preparation = false
        scan: while start - 1 > kinds.startIndex {
            switch kinds[start - 1] {
            case .preparation, .ground, .preparationAfter: preparation = true
            case .adverb: break
            default: break scan
            }
            start -= 1
        }
        guard preparation else { return kinds.endIndex }
        // "carrots and peeled": a run of cook's words does not start with "and".
        while start < kinds.endIndex - 1, isWord(words[start], "and") { start += 1 }
        return start
    }

    /// Which words of the name are what: ``readIngredientWords(_:)`` first
    /// decides, then writes name and notes in the order of the text.
    private struct NamePlan {
        /// Words before this index go to the note ("large", "chopped").
        var lead: Int
        /// The name is the words `lead..<nameEnd`; the words after it up
        /// to `cut` go to the note ("finely chopped").
        var nameEnd: Int
        /// From this word on, the text is a note ("for garnish").
        var cut: Int
        /// "Salt and freshly ground pepper": the second seasoning's words
        /// (its preparation words go to the note; `nameEnd` is the "and").
        var also: Range<Int>?
        /// "2 garlic cloves": the word that is the unit.
        var unitWord: Int?
    }

    /// "Salt and pepper", "Kosher salt and freshly ground black pepper":
    /// two seasonings bought each on its own; the second is in `alsoNames`.
    private func splitSeasonings(_ words: [Range<Int>], _ kinds: [CookWords.Kind?], _ plan: inout NamePlan) {
        guard let and = (plan.lead..<plan.nameEnd).first(where: { isWord(words[$0], "and") }),
            and > plan.lead, and + 1 < plan.nameEnd
        else { return }
        let second = leadingCookWords(kinds[(and + 1)..<plan.nameEnd])
        guard second < plan.nameEnd, CookWords.seasonings.contains(lowercased(words[plan.lead..<and])),
            CookWords.seasonings.contains(lowercased(words[second..<plan.nameEnd]))
        else { return }
        plan.also = second..<plan.nameEnd
        plan.nameEnd = and
    }

    /// "2 garlic cloves", "3 celery stalks": a count whose last word is a
    /// unit its food is counted in (``CookWords/unitsAfterFood``).
    private func unitAfterFood(_ words: [Range<Int>], _ kinds: [CookWords.Kind?], _ plan: inout NamePlan) {
        let last = plan.nameEnd - 1
        guard line.unit == nil, line.quantity != nil, last > plan.lead, kinds[last] == .unitAfterFood,
            let unit = UnitCatalog.unit(named: text[words[last]]),
            CookWords.unitsAfterFood[unit.id]?.contains(lowercased(words[plan.lead..<last])) == true
        else { return }
        plan.unitWord = last
        plan.nameEnd = last
    }

    /// The words in `words`, lower-cased and joined with single spaces.
    private func lowercased(_ words: ArraySlice<Range<Int>>) -> String {
        words.map { text.string($0).lowercased() }.joined(separator: " ")
    }

    /// Writes the plan into the line: name words into the name, runs of
    /// cook's words and parenthesised notes into the note, in text order.
    private mutating func emit(_ words: [Range<Int>], _ notes: [Note], _ plan: NamePlan, range: Range<Int>) {
        var run: Range<Int>?  // cook's words waiting to become one note
        var alsoName: Range<Int>?
        var nextNote = 0
        /// The notes before word `wordIndex`, each ending the run before it.
        func addNotes(before wordIndex: Int) {
            while nextNote < notes.count, notes[nextNote].word == wordIndex {
                flush(&run)
                addIngredientNote(notes[nextNote].text)
                nextNote += 1
            }
        }
        for (wordIndex, word) in words.enumerated() {
            addNotes(before: wordIndex)
            if wordIndex == plan.cut {
                flush(&run)
                checkParentheses(word.lowerBound..<range.upperBound)
                addIngredientNote(text.trimmed(word.lowerBound..<range.upperBound))
                // The notes after it are in that one.
                nextNote = notes.count
                break
            }
            if wordIndex == plan.unitWord {
                line.unit = UnitCatalog.unit(named: text[word])
                line.unitRange = word
            } else if plan.also?.contains(wordIndex) == true {
                alsoName = (alsoName?.lowerBound ?? word.lowerBound)..<word.upperBound
            } else if (plan.lead..<plan.nameEnd).contains(wordIndex) {
                addNamePart(word, text.string(word))
            } else if plan.also != nil, wordIndex == plan.nameEnd {
                continue  // the "and" between two seasonings
            } else {
                run = (run?.lowerBound ?? word.lowerBound)..<word.upperBound
                continue
            }
            flush(&run)
        }
        addNotes(before: words.count)
        flush(&run)
        if let alsoName { line.alsoNames.append(text.string(alsoName).split(whereSeparator: \.isWhitespace).joined(separator: " ")) }
    }

    private mutating func flush(_ run: inout Range<Int>?) {
        guard let words = run else { return }
        addIngredientNote(words)
        run = nil
    }

    /// Whether every word in `range` is a size, descriptor or preparation
    /// word, so that a comma after them does not end the name.
    private func isOnlyCookWords(_ range: Range<Int>) -> Bool {
        var i = text.skippingSpaces(from: range.lowerBound)
        guard i < range.upperBound else { return false }
        while i < range.upperBound {
            let end = min(text.endOfWord(from: i), range.upperBound)
            switch CookWords.kind(of: text[i..<end]) {
            case .size, .descriptor, .preparation, .preparationAfter, .ground, .adverb: break
            default: return false
            }
            i = text.skippingSpaces(from: end)
        }
        return true
    }

    private func startsWithDescriptor(_ range: Range<Int>) -> Bool {
        let i = text.skippingSpaces(from: range.lowerBound)
        return i < range.upperBound && CookWords.kind(of: text[i..<min(text.endOfWord(from: i), range.upperBound)]) == .descriptor
    }

    /// Whether the text at `start` can be a name: not a note ("to taste",
    /// "for serving") nor an amount.
    private func startsName(at start: Int) -> Bool {
        let i = text.skippingSpaces(from: start)
        guard let first = text.at(i), first.isLetter else { return false }
        return CookWords.kind(of: text[i..<text.endOfWord(from: i)]) != .noteStart
    }

    // MARK: - Warnings

    /// Why the name read may be wrong.
    enum Unsure: Equatable {
        /// "1 lb boneless": nothing but cook's words, kept as the name.
        case onlyCookWords
        /// "plus 2 tablespoons sugar", "or 3 carrots": an amount or a note
        /// word in the name.
        case amount(String)
        /// "heaping cup flour": a measure inside the name.
        case unit(String)
        /// "but ripe mango": a joining word where the name starts.
        case start(String)
        /// "* prepared sushi rice": a sign no food's name has.
        case symbol(String)
        /// "Riesling or other white wine": one food or any of a kind.
        case alternatives
    }

    /// Whether the name words `names` hold an amount or a measure, which
    /// means the head of the line was misread.
    private func unsureName(_ words: [Range<Int>], _ kinds: [CookWords.Kind?], _ names: Range<Int>) -> Unsure? {
        // The head has warned (unsure-amount: "2 3 eggs"): one warning a
        // line. Otherwise an amount the head left ("2-3-lb roast") is the
        // name's to warn about.
        if unsure != nil { return nil }
        for index in names {
            let word = words[index]
            if index == names.lowerBound, kinds[index] == .noteStart || kinds[index] == .or {
                return .amount(text.string(word))
            }
            // "but ripe mango", "of fresh basil": a name does not start
            // with a joining word; the words before it were misread.
            if index == names.lowerBound, names.count > 1, CookWords.joiningWords.contains(text.string(word).lowercased()) {
                return .start(text.string(word))
            }
            // "1-inch-thick chunks", "juice ½ lemon", "2-3-lb roast",
            // "x400g": a number left in the name means an amount or a note
            // was not read. Names have numbers too, written so no amount
            // is: "00 flour", "2% milk", "A1 sauce", "V8 juice".
            // "1 cup 7 Up": the number is the product's name's.
            if startsNumberedName(at: word.lowerBound) { continue }
            let scan = WordScan(text[word])
            let first = text[word.lowerBound]
            // The Unicode property lookup last: most words have no digit.
            if scan.hasNumber, first != "0", !scan.hasPercent, !first.properties.isUppercase {
                return .amount(text.string(word))
            }
            // "thin strips of basil", "strands of saffron": a plural before
            // "of" is a measure the reader does not know ("cream of
            // tartar", "loin of lamb" are names).
            if index > names.lowerBound, index + 1 < names.upperBound, isWord(word, "of"),
                text[words[index - 1].upperBound - 1].lowercases(to: "s"), words[index - 1].count > 3
            {
                return .unit(text.string(words[index - 1]))
            }
            // "Riesling or other white wine": which food to buy is left open.
            if index + 1 < names.upperBound, kinds[index] == .or, isWord(words[index + 1], "other") {
                return .alternatives
            }
            // "* prepared rice", "water 90°": a sign left over from a note.
            if scan.hasSymbol {
                return .symbol(text.string(word))
            }
            if case .found(_, let end) = scanner.quantity(at: word.lowerBound) {
                let unitStart = text.at(end)?.isRangeDash == true ? end + 1 : end
                if end >= word.upperBound || UnitCatalog.unit(named: text[unitStart..<word.upperBound]) != nil {
                    return .amount(text.string(word))
                }
            }
            // A measure inside the name ("heaping cup flour"), or any unit
            // in its first two words with more after it ("small bunch
            // basil" read as "bunch basil", "thumb-sized piece ginger").
            if scan.letters > 1, let unit = UnitCatalog.unit(named: text[word]),
                unit.dimension == .mass || unit.dimension == .volume
                    || (index - names.lowerBound < 2 && index + 1 < names.upperBound)
            {
                return .unit(text.string(word))
            }
        }
        return nil
    }

    /// What ``unsureName(_:_:_:)`` asks of every word of a name, found in
    /// one pass without allocating (it runs on every name word of every line).
    private struct WordScan {
        /// An ASCII digit or a vulgar fraction (½).
        var hasNumber = false
        var hasPercent = false
        /// One of ``CookWords/symbolsOutOfNames``.
        var hasSymbol = false
        /// Letters (Unicode Alphabetic).
        var letters = 0

        init(_ word: ArraySlice<Unicode.Scalar>) {
            for scalar in word {
                if scalar.isLetter {
                    letters += 1  // no letter is a digit, a `%` or a symbol
                    continue
                }
                if scalar.isASCIIDigit || scalar.vulgarFraction != nil { hasNumber = true }
                if scalar == "%" { hasPercent = true }
                if CookWords.symbolsOutOfNames.contains(scalar) { hasSymbol = true }
            }
        }
    }

    /// Warns (``ParsedLine/warnings``) at the name when it may be read
    /// wrongly, with a hint that shows how the line was read.
    private mutating func warn(_ unsure: Unsure) {
        let message = switch unsure {
        case .onlyCookWords: "the name \"\(line.name)\" says how to prepare the food, not what it is"
        case .amount(let word): "the name \"\(line.name)\" has \"\(word)\" in it, which looks like an amount"
        case .unit(let word): "the name \"\(line.name)\" has the unit \"\(word)\" in it"
        case .start(let word): "the name \"\(line.name)\" starts with \"\(word)\", so words before it may be misread"
        case .alternatives: "the name \"\(line.name)\" leaves open which food to buy"
        case .symbol(let word): "the name \"\(line.name)\" has \"\(word)\" in it, which is no part of a food's name"
        }
        var read: [String] = []
        if let range = line.quantityRange { read.append(text.string(range)) }
        if let range = line.unitRange { read.append(text.string(range)) }
        read.append("\"\(line.name)\"")
        if let note = line.note { read.append("(\(note))") }
        line.warnings.append(LineProblem(
            offset: line.nameRange?.lowerBound ?? 0, code: "unsure-name", message: message,
            hint: "read as: \(read.joined(separator: " ")); " + (unsure == .alternatives
                ? "name the food to buy, and the others after a comma, as in 1 cup Riesling, or another white wine"
                : "write the amount first and notes after a comma, as in 2 cups flour, sifted")))
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

    /// Whether two words are spelled alike, ignoring case and a plural "s"
    /// (only asked at an "or").
    private func sameWord(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        func stem(_ range: Range<Int>) -> String {
            let word = text.string(range).lowercased()
            return word.count > 3 && word.hasSuffix("s") ? String(word.dropLast()) : word
        }
        return stem(a) == stem(b)
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
