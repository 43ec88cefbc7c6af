// The head of a line: its amount and unit, the size of what it counts, and
// the words around them that are notes. Grammar (docs/format.md, "Amounts"):
//
//   head     = ["Optional:"] [leading] amount [open] [size] [qualifier] [unit [more] [other] ["of"]]
//            | ["Optional:"] [qualifier] measure ["of"]   "Pinch of salt"
//   leading  = qualifiers ("About", "Scant") or a part ("Juice of", "Zest of")
//   amount   = number | range | number word ("One", "a", "half a", "a couple of")
//   open     = "or more" | "or less" | "or so"
//   size     = ["x"] number unit | "(" number unit ")" | number "-" unit
//   more     = ["plus" | "+" | "and" | "minus" | "less"] number unit   "1 cup plus 2 tablespoons"
//   other    = "/" number unit | "or" number unit | "(" note ")"
extension LineReader {
    /// What a number at the start of a line turned out to be.
    enum Amount {
        /// No number, or a number that is part of a word ("7up", "2-inch").
        case none
        case problem(LineProblem, end: Int)
        /// A quantity, with the unit glued to it, if any ("500g").
        case found(Quantity, end: Int, unit: UnitMatch?)
    }

    /// A unit word. `unit` is `nil` for an ambiguous word such as "t",
    /// which is then a problem.
    struct UnitMatch {
        var unit: Unit?
        var range: Range<Int>
        var problem: LineProblem?
    }

    /// A number with a known mass or volume unit: "400g", "7 oz", "15-ounce".
    struct Measure {
        var quantity: Quantity
        var unit: Unit
        var range: Range<Int>
        /// Written as one word with a hyphen, as an adjective: "15-ounce can".
        var hyphenated: Bool

        /// Whether this amount, written right after one in `unit` with no
        /// word between, adds to it: a smaller unit of the same kind and
        /// system, as in "1 lb 2 oz". ("1 cup 240 ml" is one amount twice.)
        func adds(to unit: Unit) -> Bool {
            !hyphenated && self.unit.dimension == unit.dimension && self.unit.system == unit.system
                && self.unit.factor < unit.factor
        }
    }

    /// Cooks' measures that need no number and no "of": "Pinch salt".
    private static let measuresWithoutOf: Set<String> = ["pinch", "dash", "handful", "splash", "knob"]

    /// Reads the head; returns where the name starts (`start` when there is
    /// no quantity).
    mutating func readHead(from lineStart: Int) -> Int {
        var start = lineStart
        // "Optional: 1 tsp cornstarch": the whole ingredient is optional.
        while kind == .ingredient, scanner.word("optional", at: start), text.at(start + 8) == ":" {
            line.optional = true
            start = text.skippingSpaces(from: start + 9)
        }
        if startsNumberedName(at: start) { return start }
        // The first word is looked up once: it may lead ("About"), count
        // ("One") or be neither.
        let first = headWord(at: start)
        if let end = readVagueAmount(at: start, first: first) { return end }
        if let phrase = leadingPhrase(at: start, first: first) {
            let saved = line
            addNote(text.string(phrase.note).lowercased(), range: phrase.note)
            let word = headWord(at: phrase.next)
            if let end = readAmountAndUnit(at: phrase.next, word: word, bareMeasure: !phrase.ofAFood) { return end }
            line = saved  // "Large eggs": no amount follows, so the word is the name's
        }
        return readAmountAndUnit(at: start, word: first, bareMeasure: true) ?? start
    }

    /// Vague amounts that may start a line on their own: "Few sprigs
    /// cilantro", "Several basil leaves". "little", "bit", "touch" and "lot"
    /// need an "a" ("a little water"): "Little Gem lettuce" is a food.
    private static let vagueWithoutArticle: Set<String> = ["few", "several", "some"]

    /// "A few sprigs of thyme", "a little lukewarm water", "Several basil
    /// leaves": no number to read. The words go to the note, a unit after
    /// them is the line's (with no quantity), and the name follows; a
    /// shopper decides how much. Returns where the name starts, or `nil`.
    private mutating func readVagueAmount(at start: Int, first: (word: HeadWord, end: Int)?) -> Int? {
        guard let first else { return nil }
        var end = first.end
        switch first.word {
        case .article:
            guard case (.vague, let vagueEnd)? = headWord(at: text.skippingSpaces(from: first.end)) else { return nil }
            end = vagueEnd
        case .vague where Self.vagueWithoutArticle.contains(text.string(start..<first.end).lowercased()):
            break
        default:
            return nil
        }
        var next = text.skippingSpaces(from: end)
        guard next > end, next < text.count, text.at(next)?.isLetter == true else { return nil }
        addNote(text.string(start..<end).lowercased(), range: start..<end)
        if scanner.word("of", at: next) { next = text.skippingSpaces(from: next + 2) }
        if let match = readUnit(at: next), match.unit != nil { return accept(match) }
        return next
    }

    /// "About", "Generous", "Juice of", "Finely grated zest of": words
    /// before the amount kept as a note; `next` is where the amount starts.
    private func leadingPhrase(at start: Int, first: (word: HeadWord, end: Int)?) -> (note: Range<Int>, next: Int, ofAFood: Bool)? {
        var (i, noteEnd, sawPart, sawModifier) = (start, start, false, false)
        words: for _ in 0..<5 {
            guard let (word, end) = i == start ? first : headWord(at: i) else { break }
            switch word {
            case .qualifier where !sawPart && !sawModifier: break
            case .part: sawPart = true
            case .partModifier: sawModifier = true
            default: break words
            }
            noteEnd = end
            i = text.skippingSpaces(from: end)
        }
        guard noteEnd > start else { return nil }
        guard sawPart || sawModifier else { return (start..<noteEnd, i, false) }
        guard sawPart else { return nil }
        let length = scanner.word("of", at: i) ? 2 : scanner.word("from", at: i) ? 4 : 0
        // "zest and juice 1 lemon", "juice ½ lime": the "of" left out.
        if length == 0, startsNumber(at: i) { return (start..<noteEnd, i, true) }
        guard length > 0 else { return nil }
        return (start..<noteEnd, text.skippingSpaces(from: i + length), true)
    }

    /// The amount, the size and the unit from `start`, where `word` (the
    /// head word there, if any) stands; where the name starts, or `nil`
    /// when there is no amount. With `bareMeasure`, a measure with no
    /// number is one of it ("Pinch of salt").
    private mutating func readAmountAndUnit(at start: Int, word: (word: HeadWord, end: Int)?, bareMeasure: Bool) -> Int? {
        var amount = readAmount(at: start)
        if case .none = amount, let word = wordAmount(word) {
            amount = .found(word.quantity, end: word.end, unit: nil)
        }
        var i: Int
        switch amount {
        case .none:
            return bareMeasure ? readBareMeasure(at: start) : nil
        case .problem(let problem, let end):
            line.problems.append(problem)
            i = end
        case .found(let quantity, let end, let unit):
            line.quantity = quantity
            line.quantityRange = start..<end
            if let unit { return accept(unit) }
            if let next = readMultipliedSize(after: end) { return next }
            i = readOrMore(after: end)
        }
        i = readSizeOrNote(from: i)  // "1 (14 oz) can", "1 28-oz can"
        let unitStart = text.skippingSpaces(from: i)
        if let unit = readUnit(at: unitStart) ?? qualifiedUnit(at: unitStart) { return accept(unit) }
        checkUnknownMeasure(at: unitStart)
        return i
    }

    func readAmount(at start: Int) -> Amount {
        switch scanner.quantity(at: start) {
        case .none:
            return .none
        case .problem(let problem, let end):
            return .problem(problem, end: end)
        case .found(let quantity, let end):
            guard let next = text.at(end), !next.isSpace, next != "(", next != ",", next != "×",
                !isMultiplier(at: end)
            else { return .found(quantity, end: end, unit: nil) }
            guard let unit = readUnit(at: end) else { return wholeBeforeLength(start, end) }
            return .found(quantity, end: end, unit: unit)
        }
    }

    /// "8 1/2-inch slices": the fraction belongs to the length, so the
    /// amount is the whole number before it. Otherwise a number glued to a
    /// word is part of it ("2-inch", "7up"): no amount.
    private func wholeBeforeLength(_ start: Int, _ end: Int) -> Amount {
        guard text.at(end)?.isRangeDash == true, let space = text[start..<end].firstIndex(where: \.isSpace)
        else { return .none }
        var whole = 0
        for scalar in text[start..<space] {
            guard scalar.isASCIIDigit, whole < 1_000_000 else { return .none }
            whole = whole * 10 + Int(scalar.value - 48)
        }
        return whole > 0 ? .found(.exact(Rational(whole)), end: space, unit: nil) : .none
    }

    // MARK: Words

    /// A word of the head (see ``HeadWord``) at `start`, and its end.
    func headWord(at start: Int) -> (word: HeadWord, end: Int)? {
        guard text.at(start)?.isLetter == true else { return nil }
        var end = start + 1
        while let scalar = text.at(end), scalar.isLetter || scalar == "-" || scalar == "." { end += 1 }
        guard text.at(end).map({ $0.isSpace || $0 == "," || $0 == "(" }) ?? true else { return nil }
        return HeadWord.word(text[start..<end]).map { ($0, end) }
    }

    /// An amount written in words: "One", "Two", "a", "an", "half a", "a
    /// half", "a couple of", "one and a half". Only before something else:
    /// a line that is just "One" has a name, not an amount.
    private func wordAmount(_ found: (word: HeadWord, end: Int)?) -> (quantity: Quantity, end: Int)? {
        guard let (word, end) = found else { return nil }
        let next = text.skippingSpaces(from: end)
        guard next > end, next < text.count else { return nil }
        let half = Rational(unchecked: 1, 2)
        switch word {
        case .number(let value):
            if let halfEnd = andAHalf(at: next) { return (.exact(Rational(value) + half), halfEnd) }
            return (.exact(Rational(value)), end)
        case .article:
            switch headWord(at: next) {
            case (.vague, _)?: return nil  // "a few sprigs": no number to read
            case (.half, let halfEnd)?: return (.exact(half), halfEnd)
            case (.couple, let coupleEnd)?: return (.exact(Rational(2)), afterOf(coupleEnd))
            default: return (.exact(.one), end)
            }
        case .half:
            // "half a lemon", "half a cup", "half cup"; not "Half-and-half"
            // (one word) or "Half and half".
            if case (.article, let articleEnd)? = headWord(at: next) { return (.exact(half), articleEnd) }
            guard readUnit(at: next)?.unit != nil else { return nil }
            return (.exact(half), end)
        case .couple:
            return (.exact(Rational(2)), afterOf(end))
        default:
            return nil
        }
    }

    /// "8 or more slices", "2 or so cups": the words are a note.
    private mutating func readOrMore(after end: Int) -> Int {
        let or = text.skippingSpaces(from: end)
        guard or > end, scanner.word("or", at: or) else { return end }
        let word = text.skippingSpaces(from: or + 2)
        let length = scanner.word("more", at: word) || scanner.word("less", at: word) ? 4 : scanner.word("so", at: word) ? 2 : 0
        guard word > or + 2, length > 0 else { return end }
        addNote(or..<word + length)
        return word + length
    }

    /// The end of "and a half" at `start`, or `nil`.
    private func andAHalf(at start: Int) -> Int? {
        guard scanner.word("and", at: start) else { return nil }
        let a = text.skippingSpaces(from: start + 3)
        guard scanner.word("a", at: a) else { return nil }
        let half = text.skippingSpaces(from: a + 1)
        return scanner.word("half", at: half) ? half + 4 : nil
    }

    /// After "of" when it follows `end` ("a couple of eggs"), else `end`.
    private func afterOf(_ end: Int) -> Int {
        let of = text.skippingSpaces(from: end)
        return scanner.word("of", at: of) ? of + 2 : end
    }

    /// "2 large cloves", "1 heaping tablespoon", "1 scant cup", "1 3-inch
    /// knob": a size or qualifier between the number and a unit goes to the
    /// note. Without a unit after it ("4 medium carrots") it is left to the
    /// name.
    private mutating func qualifiedUnit(at start: Int) -> UnitMatch? {
        let end: Int
        // "8 very thin slices", "2 extra large cloves": an adverb first.
        let adverb = scanner.word("very", at: start) ? 4 : scanner.word("extra", at: start) ? 5 : 0
        let qualifier = adverb > 0 ? text.skippingSpaces(from: start + adverb) : start
        if qualifier > start + adverb || adverb == 0, case (.qualifier, let wordEnd)? = headWord(at: qualifier) {
            end = wordEnd
        } else if text.at(start)?.isASCIIDigit == true, case let wordEnd = text.endOfWord(from: start),
            text[wordEnd - 1].isLetter
        {
            end = wordEnd  // a length: "3-inch", "1/2-inch-thick"
        } else {
            return nil
        }
        guard let unit = readUnit(at: text.skippingSpaces(from: end)), unit.unit != nil else { return nil }
        addNote(text.string(start..<end).lowercased(), range: start..<end)
        return unit
    }

    /// "Pinch of salt", "Sprigs of watercress", "Bunch of parsley": a
    /// measure with no number is one of it.
    private mutating func readBareMeasure(at start: Int) -> Int? {
        guard let match = readUnit(at: start), let unit = match.unit, unit.dimension == .other else { return nil }
        let after = text.skippingSpaces(from: match.range.upperBound)
        guard scanner.word("of", at: after)
            || (Self.measuresWithoutOf.contains(unit.id) && after > match.range.upperBound && after < text.count)
        else { return nil }
        line.quantity = .exact(.one)
        line.quantityRange = match.range
        return accept(match)
    }

    /// "2 blobs of butter": a word that is no unit where a unit stands,
    /// followed by "of". The line reads as a count of "blobs of butter",
    /// which may be wrong: a warning says so.
    private mutating func checkUnknownMeasure(at start: Int) {
        guard line.quantity != nil, line.problems.isEmpty, let word = unitWord(at: start) else { return }
        guard scanner.word("of", at: text.skippingSpaces(from: word.upperBound)) else { return }
        unsure = (start, "\"\(text.string(word))\" is not a unit Larder knows")
    }

    // MARK: Sizes and multipliers

    /// "2 x 400g tins", "1x120g tub", "2 × 400 g": a count of packages of
    /// a size; where the name starts, or `nil` with no multiplier. "4 x
    /// yoghurt" is just the count.
    private mutating func readMultipliedSize(after end: Int) -> Int? {
        let afterSign = skipMultiplier(after: end)
        guard afterSign > end else { return nil }
        guard let size = measure(at: text.skippingSpaces(from: afterSign)) else { return afterSign }
        setSize(size)
        let i = readParenthesisedNote(from: size.range.upperBound)
        guard let unit = readUnit(at: text.skippingSpaces(from: i)) else { return i }
        return accept(unit)
    }

    /// After a count: its size ("1 (14 oz) can", "1 28-oz can", "One
    /// 15-ounce can", "4 6 oz fillets"), or a note in parentheses.
    private mutating func readSizeOrNote(from start: Int) -> Int {
        let open = text.skippingSpaces(from: start)
        if text.at(open) == "(" { return readParenthesised(from: start, sizeAllowed: line.size == nil) }
        guard line.size == nil, line.quantity != nil, open > start, let size = measure(at: open) else { return start }
        setSize(size)
        return readParenthesisedNote(from: size.range.upperBound)  // "2 15-ounce (426-g) cans"
    }

    /// A parenthesised note after `start`: the size of a package when it is
    /// one ("(14 oz)", "(about 2 pounds)") and `sizeAllowed`, else a note.
    private mutating func readParenthesised(from start: Int, sizeAllowed: Bool) -> Int {
        let open = text.skippingSpaces(from: start)
        guard text.at(open) == "(", let close = closingParenthesis(from: open) else { return start }
        var inside = text.trimmed(open + 1..<close)
        if case (.qualifier, let end)? = headWord(at: inside.lowerBound) {
            inside = text.skippingSpaces(from: end)..<inside.upperBound
        }
        if sizeAllowed, let size = measure(at: inside.lowerBound), endsSize(size.range.upperBound, inside.upperBound) {
            setSize(size)
        } else {
            addNote(text.trimmed(open + 1..<close))
        }
        return close + 1
    }

    /// Whether a size ending at `end` is all there is up to `limit`, or
    /// followed by "each" ("(8 ounces each)").
    private func endsSize(_ end: Int, _ limit: Int) -> Bool {
        let next = text.skippingSpaces(from: end)
        return next >= limit || (scanner.word("each", at: next) && next + 4 == limit)
    }

    private mutating func setSize(_ size: Measure) {
        line.size = PackageSize(quantity: size.quantity, unit: size.unit)
        line.sizeRange = size.range
    }

    /// A number and a mass or volume unit at `start`: "400g", "400 g",
    /// "15-ounce", "28-oz", "2 tablespoons".
    func measure(at start: Int) -> Measure? {
        guard startsNumber(at: start), case .found(let quantity, let end) = scanner.quantity(at: start) else { return nil }
        var unitStart = end
        let hyphenated = text.at(end)?.isRangeDash == true && text.at(end + 1)?.isLetter == true
        if hyphenated {
            unitStart = end + 1
        } else if text.at(end)?.isLetter != true {
            unitStart = text.skippingSpaces(from: end)
        }
        guard let match = readUnit(at: unitStart), let unit = match.unit,
            unit.dimension == .mass || unit.dimension == .volume
        else { return nil }
        return Measure(quantity: quantity, unit: unit, range: start..<match.range.upperBound, hyphenated: hyphenated)
    }

    /// Whether a number may start at `start`: asked after every unit and
    /// before every name, where the answer is mostly no, so it is answered
    /// without the scanner.
    func startsNumber(at start: Int) -> Bool {
        guard let scalar = text.at(start) else { return false }
        return scalar.isASCIIDigit || scalar.vulgarFraction != nil
            || (scalar == "." && text.at(start + 1)?.isASCIIDigit == true)
    }

    /// Skips "x" in "2x bread", "2 x bread", "2 × bread", "1x120g".
    private func skipMultiplier(after end: Int) -> Int {
        let sign = isMultiplier(at: end) ? end : text.skippingSpaces(from: end)
        return isMultiplier(at: sign) ? sign + 1 : end
    }

    /// An "x" or "×" standing alone or before a number: "2 x", "1x120g".
    private func isMultiplier(at index: Int) -> Bool {
        guard let scalar = text.at(index), scalar.isMultiplicationSign else { return false }
        return text.at(index + 1).map { $0.isSpace || $0.isASCIIDigit } ?? true
    }

    // MARK: Units

    /// Takes the unit (or its problem) into the line; returns where the name starts.
    private mutating func accept(_ match: UnitMatch) -> Int {
        if let unit = match.unit {
            line.unit = unit
            line.unitRange = match.range
        }
        if let problem = match.problem { line.problems.append(problem) }
        return readAfterUnit(from: match.range.upperBound)
    }

    /// After a unit: more of it ("plus 2 tablespoons"), the same in other
    /// units ("/7oz", "/½ oz/1 tablespoon", "(240 ml)") or a container's size ("1 can (15 oz)"),
    /// and a dropped "of" ("2 cups of sugar").
    private mutating func readAfterUnit(from start: Int) -> Int {
        var i = readCompound(from: start)
        // Cookbooks give up to three systems: "14 g/½ oz/1 tablespoon".
        for _ in 0..<3 {
            let next = readAlternative(from: i)
            guard next > i else { break }
            i = next
        }
        let container = line.unit?.dimension == .other && line.size == nil
        i = readParenthesised(from: i, sizeAllowed: container)
        let of = text.skippingSpaces(from: i)
        return scanner.word("of", at: of) ? of + 2 : i
    }

    /// "1 cup plus 2 tablespoons", "1 tablespoon + 1 teaspoon", "1 lb 2
    /// oz", "3 cups minus 2 tablespoons": one amount, in the first unit. Amounts of different kinds do
    /// not add: "plus 2 oz" after cups is kept as a note.
    private mutating func readCompound(from start: Int) -> Int {
        guard let first = line.unit, first.dimension == .mass || first.dimension == .volume,
            case .exact(let value) = line.quantity
        else { return start }
        let connector = text.skippingSpaces(from: start)
        guard let next = text.at(connector), connector > start || next == "+",
            next == "+" || next.isLetter || startsNumber(at: connector)
        else { return start }
        var i = connector
        var minus = false
        if text.at(i) == "+" {
            i = text.skippingSpaces(from: i + 1)
        } else if scanner.word("plus", at: i) {
            i = text.skippingSpaces(from: i + 4)
        } else if scanner.word("and", at: i) {
            i = text.skippingSpaces(from: i + 3)
        } else if scanner.word("minus", at: i) || scanner.word("less", at: i) {
            minus = true
            i = text.skippingSpaces(from: i + (text.at(i)?.lowercases(to: "m") == true ? 5 : 4))
        }
        let joined = i > connector
        guard let more = measure(at: i), !more.hyphenated, case .exact(let amount) = more.quantity else {
            // "plus 1 pinch": more of something that does not add is a note.
            guard joined, !scanner.word("and", at: connector), let end = countedAmountEnd(at: i) else { return start }
            addNote(text.trimmed(connector..<end))
            return end
        }
        guard let converted = UnitCatalog.convert(amount, from: more.unit, to: first), joined || more.adds(to: first)
        else {
            guard joined, !scanner.word("and", at: connector) else { return start }
            addNote(text.trimmed(connector..<more.range.upperBound))
            return more.range.upperBound
        }
        let (sum, overflow) = minus ? value.subtractingReportingOverflow(converted) : value.addingReportingOverflow(converted)
        guard !overflow, sum > .zero else { return start }
        line.quantity = .exact(sum)
        return more.range.upperBound
    }

    /// The end of an amount and its unit, of any kind, at `start`: "1
    /// pinch", "2 sticks".
    private func countedAmountEnd(at start: Int) -> Int? {
        guard case .found(_, let end, let glued) = readAmount(at: start),
            let unit = glued ?? readUnit(at: text.skippingSpaces(from: end)), unit.unit != nil
        else { return nil }
        return unit.range.upperBound
    }

    /// "200g/7oz", "200 g / 7 oz", "1 stick or 1/2 cup", "1 cup 240 ml":
    /// the amount is the first; the other is kept as a note.
    private mutating func readAlternative(from start: Int) -> Int {
        let i = text.skippingSpaces(from: start)
        let slash = text.at(i) == "/"
        let or = !slash && i > start && scanner.word("or", at: i)
        let next = slash || or ? text.skippingSpaces(from: i + (slash ? 1 : 2)) : i
        guard next > start, let other = measure(at: next) else { return start }
        // With nothing between, only the same kind of measure in another
        // system: "1 cup 240 ml water", not "1 cup 2% milk".
        guard slash || or || (other.unit.dimension == line.unit?.dimension && other.unit.system != line.unit?.system)
        else { return start }
        var end = other.range.upperBound
        if let more = measure(at: text.skippingSpaces(from: end)), more.adds(to: other.unit) { end = more.range.upperBound }
        addNote(text.trimmed((or ? i : next)..<end))  // "1lb 2oz" in "500g/1lb 2oz"
        return end
    }

    private mutating func readParenthesisedNote(from start: Int) -> Int {
        readParenthesised(from: start, sizeAllowed: false)
    }

    /// A unit word, or two ("fl oz", "fluid ounces"), at `start`.
    func readUnit(at start: Int) -> UnitMatch? {
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

    /// Letters and dots, starting with a letter, ending at a word boundary
    /// (a "/" or "+" too: "200g/7oz", "1 tbsp+1 tsp").
    private func unitWord(at start: Int) -> Range<Int>? {
        guard text.at(start)?.isLetter == true else { return nil }
        var end = start + 1
        while let scalar = text.at(end), scalar.isLetter || scalar == "." { end += 1 }
        let boundary = text.at(end).map { $0.isSpace || $0 == "(" || $0 == ")" || $0 == "," || $0 == "/" || $0 == "+" } ?? true
        return boundary ? start..<end : nil
    }
}
