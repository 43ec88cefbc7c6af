/// Character classes of the line grammar, on Unicode scalars because offsets
/// and columns count scalars.
extension Unicode.Scalar {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
    var isSpace: Bool { properties.isWhitespace }
    var isLetter: Bool { properties.isAlphabetic }
    /// `/` or U+2044 FRACTION SLASH, as in "1⁄2".
    var isFractionSlash: Bool { self == "/" || self == "\u{2044}" }
    /// Hyphen-minus, hyphen, en dash, em dash, minus sign: "1-2", "1–2".
    var isRangeDash: Bool { ["-", "\u{2010}", "\u{2013}", "\u{2014}", "\u{2212}"].contains(self) }
    /// The value of a vulgar fraction character such as ½, or `nil`.
    var vulgarFraction: Rational? { Rational.vulgarValues[self] }
}

extension Array where Element == Unicode.Scalar {
    /// The scalar at `index`, or `nil` past either end, so lookahead needs no
    /// bounds checks.
    func at(_ index: Int) -> Unicode.Scalar? {
        indices.contains(index) ? self[index] : nil
    }

    func string(_ range: Range<Int>) -> String {
        var result = String.UnicodeScalarView()
        result.append(contentsOf: self[range])
        return String(result)
    }

    /// The first index at or after `index` that is not white space.
    func skippingSpaces(from index: Int) -> Int {
        var i = index
        while i < count, self[i].isSpace { i += 1 }
        return i
    }

    /// The end of the run of non-space scalars starting at `index`.
    func endOfWord(from index: Int) -> Int {
        var i = index
        while i < count, !self[i].isSpace { i += 1 }
        return i
    }

    /// `range` shrunk past white space at both ends.
    func trimmed(_ range: Range<Int>) -> Range<Int> {
        var (lower, upper) = (range.lowerBound, range.upperBound)
        while lower < upper, self[lower].isSpace { lower += 1 }
        while upper > lower, self[upper - 1].isSpace { upper -= 1 }
        return lower..<upper
    }
}
