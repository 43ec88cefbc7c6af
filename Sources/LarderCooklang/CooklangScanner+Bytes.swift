import LarderCore

// Lines, positions and character classes on the UTF-8 bytes.
extension CooklangScanner {
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")

    /// The offset of the line break (`\n`, `\r\n` or a lone `\r`, as
    /// SourceText counts lines) ending the line at `offset`, or the end.
    func lineEnd(from offset: Int) -> Int {
        var end = offset
        while end < bytes.count {
            let byte = bytes[end]
            if byte == Self.newline || byte == Self.carriageReturn { break }
            end += 1
        }
        return end
    }

    func afterLineBreak(at end: Int) -> Int {
        guard end < bytes.count else { return end }
        if bytes[end] == Self.carriageReturn, end + 1 < bytes.count, bytes[end + 1] == Self.newline {
            return end + 2
        }
        return end + 1
    }

    /// Line and column of `offset`, which is on the current line: the
    /// column counts Unicode scalars (bytes that do not continue one).
    func position(_ offset: Int) -> SourcePosition {
        var column = 1
        var index = lineStart
        while index < offset {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return SourcePosition(line: lineNumber, column: column)
    }

    func skipSpaces(from start: Int, to end: Int) -> Int {
        var index = start
        while index < end && (bytes[index] == Self.space || bytes[index] == Self.tab) { index += 1 }
        return index
    }

    /// `end` without the spaces and tabs before it.
    func trimmedLineEnd(_ start: Int, _ end: Int) -> Int {
        var index = end
        while index > start && (bytes[index - 1] == Self.space || bytes[index - 1] == Self.tab) { index -= 1 }
        return index
    }

    /// The range without white space at either end (ASCII, and the Unicode
    /// spaces such as U+2009 and U+00A0).
    func trimmed(_ start: Int, _ end: Int) -> Range<Int> {
        var lower = start
        while lower < end, let width = whitespaceWidth(at: lower) { lower += width }
        var upper = end
        while upper > lower {
            var scalarStart = upper - 1
            while scalarStart > lower && bytes[scalarStart] & 0xC0 == 0x80 { scalarStart -= 1 }
            guard whitespaceWidth(at: scalarStart) != nil else { break }
            upper = scalarStart
        }
        return lower..<upper
    }

    func trimmed(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).trimmingWhitespace()
    }

    func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// The number of `-` in the run starting at `offset`: exactly two is a
    /// `--` comment; one is a hyphen and three or more are text
    /// (`hello ---` is text in canonical.yaml).
    func dashRun(at offset: Int, end: Int) -> Int {
        var index = offset
        while index < end && bytes[index] == UInt8(ascii: "-") { index += 1 }
        return index - offset
    }

    func starts(with ascii: StaticString, at offset: Int, end: Int) -> Bool {
        let count = ascii.utf8CodeUnitCount
        guard offset + count <= end else { return false }
        let pattern = ascii.utf8Start
        for index in 0..<count where bytes[offset + index] != pattern[index] { return false }
        return true
    }

    // MARK: Scalars

    /// The scalar starting at `offset` and its length in bytes (the text came
    /// from a String, so it is valid UTF-8).
    func scalar(at offset: Int) -> (Unicode.Scalar, Int) {
        let lead = UInt32(bytes[offset])
        if lead < 0x80 { return (Unicode.Scalar(UInt8(lead)), 1) }
        let width = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        var value = lead & (0xFF >> (width + 1))
        for index in 1..<width { value = value << 6 | UInt32(bytes[offset + index] & 0x3F) }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", width)
    }

    /// The width of the white space scalar at `offset`, nil when it is not one.
    func whitespaceWidth(at offset: Int) -> Int? {
        let byte = bytes[offset]
        if byte < 0x80 { return byte == Self.space || (0x09...0x0D).contains(byte) ? 1 : nil }
        let (scalar, width) = scalar(at: offset)
        return scalar.properties.isWhitespace ? width : nil
    }

    /// The width of the scalar at `offset` when it belongs to a single-word
    /// name (`@salt`, `#pot`, `~rest`), 0 when it ends one: white space and
    /// punctuation (ASCII and Unicode) end a name, as in cooklang-rs's
    /// lexer; letters, digits, symbols and emoji do not.
    func wordWidth(at offset: Int) -> Int {
        let byte = bytes[offset]
        if byte < 0x80 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "$"), UInt8(ascii: "<"), UInt8(ascii: "^"),
                UInt8(ascii: "`"):
                return 1
            default:
                return 0
            }
        }
        let (scalar, width) = scalar(at: offset)
        if scalar.properties.isWhitespace { return 0 }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
            .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return 0
        default:
            return width
        }
    }
}

extension StringProtocol {
    func trimmingWhitespace() -> String {
        var text = Substring(self)
        while let first = text.unicodeScalars.first, first.properties.isWhitespace {
            text.unicodeScalars.removeFirst()
        }
        while let last = text.unicodeScalars.last, last.properties.isWhitespace {
            text.unicodeScalars.removeLast()
        }
        return String(text)
    }
}
