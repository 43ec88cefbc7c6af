import LarderQuantities

extension CooklangDocument.Amount {
    /// The quantity as an exact number when Cooklang reads it as one: an
    /// integer ("3"), a decimal ("1.5"), a fraction ("1/2", "1 / 2") or a
    /// whole number and a fraction ("1 1/2"); nil for anything else ("few",
    /// "7 k", "2-3", and "01/2": a number written with a leading zero is
    /// text, as in cooklang-rs). canonical.yaml writes these as YAML numbers.
    public var number: Rational? {
        var reader = NumberReader(scalars: Array(quantity.unicodeScalars))
        return reader.read()
    }
}

/// The numbers of cooklang-rs's quantity grammar (`num_val`), over scalars.
private struct NumberReader {
    let scalars: [Unicode.Scalar]
    var index = 0

    init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

    mutating func read() -> Rational? {
        skipSpaces()
        guard let first = integer() else { return nil }
        let value: Rational
        let afterFirst = index
        if peek == "." {
            index += 1
            guard let fraction = decimals() else { return nil }
            value = Rational(first) + fraction
        } else if let fraction = fraction(numerator: first) {
            value = fraction
        } else {
            index = afterFirst
            skipSpaces()
            if index > afterFirst, let numerator = integer(), let fraction = fraction(numerator: numerator) {
                value = Rational(first) + fraction
            } else {
                index = afterFirst
                value = Rational(first)
            }
        }
        skipSpaces()
        return index == scalars.count ? value : nil
    }

    var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    mutating func skipSpaces() {
        while let scalar = peek, scalar.properties.isWhitespace { index += 1 }
    }

    /// "0" or digits not starting with 0; nil (and nothing read) otherwise.
    mutating func integer() -> Int? {
        let start = index
        var value = 0
        while let scalar = peek, ("0"..."9").contains(scalar) {
            let (product, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = product.addingReportingOverflow(Int(scalar.value - 48))
            guard !overflow1, !overflow2 else {
                index = start
                return nil
            }
            value = sum
            index += 1
        }
        let digits = index - start
        guard digits > 0, digits == 1 || scalars[start] != "0" else {
            index = start
            return nil
        }
        return value
    }

    /// The digits after a decimal point, as a fraction ("25" is 25/100).
    mutating func decimals() -> Rational? {
        var numerator = 0
        var denominator = 1
        var digits = 0
        while let scalar = peek, ("0"..."9").contains(scalar) {
            guard digits < 15 else { return nil }
            numerator = numerator * 10 + Int(scalar.value - 48)
            denominator *= 10
            digits += 1
            index += 1
        }
        return digits > 0 ? Rational(numerator, denominator) : nil
    }

    /// `/ denominator` after `numerator`, spaces allowed around the slash.
    mutating func fraction(numerator: Int) -> Rational? {
        let start = index
        skipSpaces()
        guard peek == "/" else {
            index = start
            return nil
        }
        index += 1
        skipSpaces()
        guard let denominator = integer(), let value = Rational(numerator, denominator) else {
            index = start
            return nil
        }
        return value
    }
}
