/// Reads numbers and quantities at a position in a line of scalars.
///
/// Grammar of a number: `2`, `0.5`, `.5`, `3/4`, `1 1/2`, `1-1/2` (the US
/// cookbook mixed form), `½`, `1½`, `1 ½`. A quantity is a number or a range
/// of two: `1-2`, `1–2`, `1 - 2`, `1 to 2`, `2 or 3`.
struct QuantityScanner {
    enum Scan<Value> {
        /// Nothing number-like starts here.
        case none
        case found(Value, end: Int)
        /// Looks like a quantity but cannot be read.
        case problem(LineProblem, end: Int)
    }

    let text: [Unicode.Scalar]

    // MARK: Quantities

    func quantity(at start: Int) -> Scan<Quantity> {
        let low: Rational, lowEnd: Int
        switch number(at: start) {
        case .none: return .none
        case .problem(let problem, let end): return .problem(problem, end: end)
        case .found(let value, let end): (low, lowEnd) = (value, end)
        }
        let afterLow = text.skippingSpaces(from: lowEnd)
        var highStart: Int?
        if let dash = text.at(afterLow), dash.isRangeDash {
            let candidate = text.skippingSpaces(from: afterLow + 1)
            if case .none = number(at: candidate) {
                // "2-inch": the number is part of a word; let the caller decide.
                if afterLow == lowEnd, text.at(afterLow + 1)?.isLetter == true {
                    return .found(.exact(low), end: lowEnd)
                }
                let end = afterLow + 1
                return .problem(.badQuantity(
                    at: start, "the range \"\(text.string(start..<end))\" has no upper bound",
                    hint: "write both ends of a range, as in 1-2"), end: end)
            }
            highStart = candidate
        } else if afterLow > lowEnd, word("to", at: afterLow) {
            let candidate = text.skippingSpaces(from: afterLow + 2)
            if candidate > afterLow + 2, case .found = number(at: candidate) { highStart = candidate }
        } else if afterLow > lowEnd, word("or", at: afterLow) {
            // "2 or 3 cloves" is a range; "1 or 1/2" is not one, and only
            // the first number is read.
            let candidate = text.skippingSpaces(from: afterLow + 2)
            if candidate > afterLow + 2, case .found(let high, _) = number(at: candidate), low < high {
                highStart = candidate
            }
        }
        guard let highStart else { return checkedNonZero(.exact(low), start: start, end: lowEnd) }
        switch number(at: highStart) {
        case .none: return .none  // unreachable: checked above
        case .problem(let problem, let end): return .problem(problem, end: end)
        case .found(let high, let end):
            guard low <= high else {
                return .problem(.badQuantity(
                    at: start, "the range \"\(text.string(start..<end))\" goes down",
                    hint: "write the smaller number first: \(text.string(highStart..<end))-\(text.string(start..<lowEnd))"),
                    end: end)
            }
            return checkedNonZero(.range(low, high), start: start, end: end)
        }
    }

    private func checkedNonZero(_ quantity: Quantity, start: Int, end: Int) -> Scan<Quantity> {
        guard quantity.upperBound.isZero else { return .found(quantity, end: end) }
        return .problem(.badQuantity(
            at: start, "the quantity \"\(text.string(start..<end))\" is zero",
            hint: "leave the quantity out, or give an amount above zero"), end: end)
    }

    /// Whether `word` (lower-case ASCII: "a", "of", "to") stands at `index`
    /// as a whole word, case-insensitively. A StaticString, read as bytes:
    /// the parser asks for every line whether it starts with "a" or "an".
    func word(_ word: StaticString, at index: Int) -> Bool {
        var i = index
        for offset in 0..<word.utf8CodeUnitCount {
            let scalar = Unicode.Scalar(word.utf8Start[offset])
            guard let written = text.at(i), written.lowercases(to: scalar) else { return false }
            i += 1
        }
        return text.at(i).map { !$0.isLetter } ?? true
    }

    // MARK: Numbers

    func number(at start: Int) -> Scan<Rational> {
        guard let first = text.at(start) else { return .none }
        if let vulgar = first.vulgarFraction { return .found(vulgar, end: start + 1) }
        let startsDecimal = first == "." && text.at(start + 1)?.isASCIIDigit == true
        guard first.isASCIIDigit || startsDecimal else { return .none }

        let whole = digits(from: start)
        guard let wholeValue = whole.value else { return tooLarge(start, at: start) }
        var i = whole.end
        let next = text.at(i)

        if next == ".", text.at(i + 1)?.isASCIIDigit == true {
            let fraction = digits(from: i + 1)
            guard let fractionValue = fraction.value,
                let scale = Rational.powerOfTen(fraction.end - i - 1),
                let part = Rational.normalised(fractionValue, scale)
            else { return tooLarge(start, at: start) }
            return mixed(wholeValue, part, start: start, end: fraction.end)
        }
        if next == ",", text.at(i + 1)?.isASCIIDigit == true {
            let end = text.endOfWord(from: start)
            return .problem(.badQuantity(
                at: start, "the quantity \"\(text.string(start..<end))\" has a comma in it",
                hint: "write decimals with a point (1.5) and no thousands separators"), end: end)
        }
        if let slash = next, slash.isFractionSlash {
            return fraction(numerator: wholeValue, from: start, slash: i)
        }
        if let vulgar = next?.vulgarFraction {
            return mixed(wholeValue, vulgar, start: start, end: i + 1)
        }
        // Mixed numbers: "1 1/2", "1 ½", and "1-1/2".
        let afterSpaces = text.skippingSpaces(from: i)
        if afterSpaces > i, let vulgar = text.at(afterSpaces)?.vulgarFraction {
            return mixed(wholeValue, vulgar, start: start, end: afterSpaces + 1)
        }
        let integer = endsCleanly(Rational(wholeValue), start: start, end: whole.end)
        if next?.isRangeDash == true {
            i += 1
        } else if afterSpaces > i {
            i = afterSpaces
        } else {
            return integer
        }
        let top = digits(from: i)
        guard top.end > i, let slash = text.at(top.end), slash.isFractionSlash,
            text.at(top.end + 1)?.isASCIIDigit == true
        else { return integer }
        // After a dash, anything but a proper fraction makes a range: "1-3/2".
        let dashed = next?.isRangeDash == true
        guard let topValue = top.value else { return dashed ? integer : tooLarge(start, at: top.end) }
        switch fraction(numerator: topValue, from: start, slash: top.end) {
        case .found(let part, let end) where part < .one:
            return mixed(wholeValue, part, start: start, end: end)
        case _ where dashed:
            return integer
        case .found(_, let end):
            return .problem(.badQuantity(
                at: start, "cannot read the quantity \"\(text.string(start..<end))\": the fraction after a whole number must be less than 1"),
                end: end)
        case let problem:
            return problem
        }
    }

    /// `whole` plus a proper fraction, as long as it fits.
    private func mixed(_ whole: Int, _ part: Rational, start: Int, end: Int) -> Scan<Rational> {
        let (sum, overflow) = Rational(whole).addingReportingOverflow(part)
        return overflow ? tooLarge(start, at: start) : endsCleanly(sum, start: start, end: end)
    }

    /// `numerator/denominator`, with the slash at `slash`; problems point at `start`.
    private func fraction(numerator: Int, from start: Int, slash: Int) -> Scan<Rational> {
        let bottom = digits(from: slash + 1)
        guard bottom.end > slash + 1 else { return malformed(start, at: slash) }
        guard let denominator = bottom.value else { return tooLarge(start, at: slash) }
        guard denominator != 0 else {
            let end = text.endOfWord(from: slash)
            return .problem(.badQuantity(
                at: start, "the quantity \"\(text.string(start..<end))\" divides by zero"), end: end)
        }
        return endsCleanly(Rational.normalised(numerator, denominator) ?? .zero, start: start, end: bottom.end)
    }

    /// A number must not run on into more number syntax: "1/2/3", "1.2.3", "½2".
    private func endsCleanly(_ value: Rational, start: Int, end: Int) -> Scan<Rational> {
        guard let next = text.at(end) else { return .found(value, end: end) }
        let runsOn = next.isFractionSlash || next.isASCIIDigit || next.vulgarFraction != nil
            || ((next == "." || next == ",") && text.at(end + 1)?.isASCIIDigit == true)
        return runsOn ? malformed(start, at: end) : .found(value, end: end)
    }

    /// The quoted text of a problem runs from `start` to the end of the word
    /// in which reading failed (at `failure`).
    private func malformed(_ start: Int, at failure: Int) -> Scan<Rational> {
        let end = text.endOfWord(from: failure)
        return .problem(.badQuantity(at: start, "cannot read the quantity \"\(text.string(start..<end))\""), end: end)
    }

    private func tooLarge(_ start: Int, at failure: Int) -> Scan<Rational> {
        let end = text.endOfWord(from: failure)
        return .problem(.badQuantity(
            at: start, "the quantity \"\(text.string(start..<end))\" is too large or too precise",
            hint: nil), end: end)
    }

    /// ASCII digits from `start`; `value` is nil when they overflow `Int`.
    private func digits(from start: Int) -> (value: Int?, end: Int) {
        var value: Int? = 0
        var i = start
        while let scalar = text.at(i), scalar.isASCIIDigit {
            if let current = value {
                let (times10, o1) = current.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times10.addingReportingOverflow(Int(scalar.value - 48))
                value = o1 || o2 ? nil : sum
            }
            i += 1
        }
        return (value, i)
    }
}
