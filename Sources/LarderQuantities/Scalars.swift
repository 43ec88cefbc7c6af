/// Character classes of the line grammar, on Unicode scalars because offsets
/// and columns count scalars.
extension Unicode.Scalar {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
    var isASCII: Bool { value < 0x80 }
    /// Unicode White_Space. Most scalars in a line are ASCII, so they are
    /// answered here without the (slow) Unicode property lookup; the ASCII
    /// white space is tab, LF, VT, FF, CR and space.
    var isSpace: Bool {
        isASCII ? value == 0x20 || (0x09...0x0D).contains(value) : properties.isWhitespace
    }
    /// Unicode Alphabetic, with an ASCII fast path as in ``isSpace``.
    var isLetter: Bool {
        isASCII ? (0x61...0x7A).contains(value | 0x20) : properties.isAlphabetic
    }
    /// Whether the scalar lowercases to `lowercase` (one scalar), as
    /// `properties.lowercaseMapping` says, answered without building a String
    /// for an ASCII scalar.
    func lowercases(to lowercase: Unicode.Scalar) -> Bool {
        guard isASCII else { return properties.lowercaseMapping == String(lowercase) }
        return (0x41...0x5A).contains(value) ? value | 0x20 == lowercase.value : self == lowercase
    }
    /// `/` or U+2044 FRACTION SLASH, as in "1⁄2".
    var isFractionSlash: Bool { self == "/" || self == "\u{2044}" }
    /// Hyphen-minus, hyphen, en dash, em dash, minus sign: "1-2", "1–2".
    var isRangeDash: Bool {
        switch self {
        case "-", "\u{2010}", "\u{2013}", "\u{2014}", "\u{2212}": true
        default: false
        }
    }
    /// "x", "X" or "×", as in "2x bread", "bread x2", "2 × baguettes".
    var isMultiplicationSign: Bool { self == "x" || self == "X" || self == "\u{D7}" }
    /// The value of a vulgar fraction character such as ½, or `nil`.
    var vulgarFraction: Rational? { isASCII ? nil : Rational.vulgarValues[self] }  // none is ASCII
}

extension Array where Element == Unicode.Scalar {
    /// The scalar at `index`, or `nil` past either end, so lookahead needs no
    /// bounds checks.
    func at(_ index: Int) -> Unicode.Scalar? {
        indices.contains(index) ? self[index] : nil
    }

    func string(_ range: Range<Int>) -> String {
        // UTF-8 written straight into the String's storage: one allocation
        // at most (none for up to 15 bytes), where appending scalars to a
        // UnicodeScalarView grows it step by step.
        var byteCount = 0
        for index in range { byteCount += UTF8.width(self[index]) }
        return String(unsafeUninitializedCapacity: byteCount) { buffer in
            var written = 0
            for index in range {
                UTF8.encode(self[index]) { byte in
                    buffer[written] = byte
                    written += 1
                }
            }
            return written
        }
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
