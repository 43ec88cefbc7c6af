extension Rational: LosslessStringConvertible {
    /// Reads one number as people write them in lists and recipes: "2", "0.5",
    /// "3/4", "1 1/2", "1-1/2", "½", "1½", "1 ½", with an optional leading "-".
    /// Surrounding white space is allowed; anything else is `nil`. A decimal
    /// comma ("1,5") is not read: in lists "," separates.
    public init?(_ text: String) {
        var scalars = Array(text.unicodeScalars)
        let range = scalars.trimmed(scalars.indices)
        scalars = Array(scalars[range])
        let negative = scalars.first == "-" || scalars.first == "\u{2212}"
        if negative { scalars.removeFirst() }
        guard case .found(let value, let end) = QuantityScanner(text: scalars).number(at: 0),
            end == scalars.count
        else { return nil }
        self = negative ? value.negated : value
    }

    /// Reads a JSON number literal exactly: "-12.5", "1e3", "2.5E-2".
    /// `nil` if it is not one or does not fit.
    public init?(jsonNumber literal: String) {
        var mantissa = Substring(literal)
        var exponent = 0
        if let e = mantissa.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            guard let value = Int(mantissa[mantissa.index(after: e)...]) else { return nil }
            exponent = value
            mantissa = mantissa[..<e]
        }
        guard let base = Rational(String(mantissa)), !mantissa.contains(" "), !mantissa.contains("/"),
            let scale = Rational.powerOfTen(Swift.abs(exponent)).map({ Rational($0) })
        else { return nil }
        let (value, overflow) = exponent < 0
            ? base.dividedReportingOverflow(by: scale) ?? (.zero, true)
            : base.multipliedReportingOverflow(by: scale)
        guard !overflow else { return nil }
        self = value
    }
}
