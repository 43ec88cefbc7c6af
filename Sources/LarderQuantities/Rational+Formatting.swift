extension Rational: CustomStringConvertible {
    /// A mixed fraction in ASCII: "2", "3/4", "1 1/2", "-1 1/2". Reads back
    /// with ``init(_:)``.
    public var description: String {
        let whole = wholePart
        let part = fractionalPart.magnitude
        if part.isZero { return String(whole) }
        let fraction = "\(part.numerator)/\(part.denominator)"
        if whole == 0 { return (isNegative ? "-" : "") + fraction }
        return "\(whole) \(fraction)"
    }

    /// To the nearest integer, halves away from zero.
    public var rounded: Int {
        let doubled = numerator * 2 + (numerator >= 0 ? denominator : -denominator)
        return doubled / (denominator * 2)
    }

    /// A decimal rounded half away from zero to at most `maxFractionDigits`
    /// digits, without trailing zeros: 1/3 → "0.33", 3/2 → "1.5", 2 → "2".
    public func decimalString(maxFractionDigits: Int = 2) -> String {
        let divisor = UInt(denominator)
        var (whole, remainder) = numerator.magnitude.quotientAndRemainder(dividingBy: divisor)
        var digits: [UInt] = []
        for _ in 0..<Swift.max(0, maxFractionDigits) {
            // remainder < divisor ≤ Int.max, so the quotient is one digit.
            let (digit, rest) = divisor.dividingFullWidth(remainder.multipliedFullWidth(by: 10))
            digits.append(digit)
            remainder = rest
        }
        if remainder >= divisor - remainder {  // remainder/divisor ≥ 1/2, without overflow
            var index = digits.count - 1
            while index >= 0, digits[index] == 9 {
                digits[index] = 0
                index -= 1
            }
            if index >= 0 { digits[index] += 1 } else { whole += 1 }
        }
        while digits.last == 0 { digits.removeLast() }
        let sign = isNegative && (whole != 0 || !digits.isEmpty) ? "-" : ""
        let fraction = digits.isEmpty ? "" : "." + digits.map(String.init).joined()
        return sign + String(whole) + fraction
    }
}

extension Rational {
    /// Unicode's vulgar fraction characters and their values.
    static let vulgarValues: [Unicode.Scalar: Rational] = [
        "¼": Rational(unchecked: 1, 4), "½": Rational(unchecked: 1, 2), "¾": Rational(unchecked: 3, 4),
        "⅐": Rational(unchecked: 1, 7), "⅑": Rational(unchecked: 1, 9), "⅒": Rational(unchecked: 1, 10),
        "⅓": Rational(unchecked: 1, 3), "⅔": Rational(unchecked: 2, 3),
        "⅕": Rational(unchecked: 1, 5), "⅖": Rational(unchecked: 2, 5),
        "⅗": Rational(unchecked: 3, 5), "⅘": Rational(unchecked: 4, 5),
        "⅙": Rational(unchecked: 1, 6), "⅚": Rational(unchecked: 5, 6),
        "⅛": Rational(unchecked: 1, 8), "⅜": Rational(unchecked: 3, 8),
        "⅝": Rational(unchecked: 5, 8), "⅞": Rational(unchecked: 7, 8),
    ]

    /// The inverse of ``vulgarValues``, for display (``QuantityDisplay``).
    static let vulgarGlyphs: [Rational: Unicode.Scalar] = Dictionary(
        uniqueKeysWithValues: vulgarValues.map { ($0.value, $0.key) })
}
