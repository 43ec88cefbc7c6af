// The errors, worded for the person who wrote the file. Each points at the
// offending character; none of this runs unless the text is invalid.
extension JSONReader.Parser {
    mutating func error(
        _ reason: JSONSyntaxError.Reason, _ message: String, at index: Int, hint: String? = nil
    ) -> JSONSyntaxError {
        JSONSyntaxError(reason, message, at: position(at: index), hint: hint)
    }

    /// Mistakes recognised wherever they occur: comments, single quotes, bad UTF-8.
    mutating func specialError() -> JSONSyntaxError? {
        let byte = bytes[offset]
        if byte == Byte.slash, offset + 1 < bytes.count,
            bytes[offset + 1] == Byte.slash || bytes[offset + 1] == Byte.star
        {
            return error(.syntax, "comments are not allowed in JSON", at: offset, hint: "remove the comment")
        }
        if byte == Byte.apostrophe {
            return error(.syntax, "single quotes are not allowed; use \"", at: offset)
        }
        if byte >= 0x80, utf8Length(at: offset) == nil {
            return invalidUTF8(at: offset)
        }
        return nil
    }

    /// "<expected>, found <the character at offset>", with the given hint or
    /// one about the character itself.
    mutating func unexpected(_ expected: String, hint: String? = nil) -> JSONSyntaxError {
        if let special = specialError() { return special }
        let (found, scalar) = describeCharacter(at: offset)
        var hint = hint
        if hint == nil, let scalar {
            if "\u{201C}\u{201D}\u{201E}\u{2018}\u{2019}".unicodeScalars.contains(scalar) {
                hint = "use straight double quotes (\")"
            } else if scalar.properties.isWhitespace || scalar.properties.generalCategory == .format {
                hint = "only spaces, tabs and line breaks may separate JSON tokens"
            }
        }
        return error(.syntax, "\(expected), found \(found)", at: offset, hint: hint)
    }

    /// How to name the character at `index` in a message (a bare word whole),
    /// and the scalar it is, if the bytes are valid UTF-8.
    func describeCharacter(at index: Int, wholeWord: Bool = true) -> (String, Unicode.Scalar?) {
        if wholeWord, Byte.isLetter(bytes[index]) { return ("'\(word(at: index))'", nil) }
        let length = utf8Length(at: index) ?? 1
        guard
            let scalar = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<index + length]), as: UTF8.self)
                .unicodeScalars.first
        else { return ("byte 0x\(hex(bytes[index], digits: 2))", nil) }
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator,
            .privateUse, .surrogate, .unassigned:
            return ("U+\(hex(scalar.value, digits: 4))", scalar)
        default:
            return ("'\(scalar)'", scalar)
        }
    }

    mutating func endOfFile(expecting slot: Slot) -> JSONSyntaxError {
        guard let container = containers.last, slot != .document else {
            return error(.syntax, "unexpected end of file: expected a JSON value", at: bytes.count)
        }
        return unclosed(container)
    }

    mutating func unclosed(_ container: JSONReader.Container) -> JSONSyntaxError {
        let opened = container.position
        return error(
            .syntax,
            "unexpected end of file: the \(container.kindName) opened at line \(opened.line), "
                + "column \(opened.column) is not closed",
            at: bytes.count, hint: "add the missing '\(Character(Unicode.Scalar(container.closer)))'")
    }

    /// A hint for a closing bracket that does not match the innermost container.
    func mismatch(_ byte: UInt8) -> String? {
        guard byte == Byte.closeBrace || byte == Byte.closeBracket, let container = containers.last,
            byte != container.closer
        else { return nil }
        let opened = container.position
        return "the \(container.kindName) opened at line \(opened.line), column \(opened.column) "
            + "must be closed with '\(Character(Unicode.Scalar(container.closer)))'"
    }

    mutating func trailingComma() -> JSONSyntaxError {
        error(
            .syntax, "trailing comma before '\(Character(Unicode.Scalar(bytes[offset])))'", at: lastComma,
            hint: "remove the comma")
    }

    /// Something other than ',' or the closing bracket after an element or member.
    mutating func missingSeparator(in container: JSONReader.Container) -> JSONSyntaxError {
        let byte = bytes[offset]
        let expected =
            container.isObject
            ? "expected ',' or '}' after an object member" : "expected ',' or ']' after an array element"
        var hint = mismatch(byte)
        if startsValue(byte) {
            hint = container.isObject ? "add a comma between members" : "add a comma between elements"
        }
        return unexpected(expected, hint: hint)
    }

    /// Something other than a value where one must be.
    mutating func unexpectedValue(in slot: Slot) -> JSONSyntaxError {
        let byte = bytes[offset]
        let next = offset + 1 < bytes.count ? bytes[offset + 1] : 0
        if slot == .element, byte == Byte.closeBracket { return trailingComma() }
        if Byte.isWord(byte) || (byte == Byte.plus && Byte.isLetter(next)) {
            let start = byte == Byte.plus ? offset + 1 : offset
            return isNaNOrInfinity(at: start) ? notANumber(at: offset) : unknownWord()
        }
        if byte == Byte.dot, Byte.isDigit(next) {
            return invalidNumber(at: offset, "a number cannot start with '.'", hint: "write a 0 before the '.'")
        }
        if byte == Byte.plus, Byte.isDigit(next) {
            return invalidNumber(at: offset, "a leading '+' is not allowed", hint: "remove the '+'")
        }
        let expected =
            switch slot {
            case .document: "expected a JSON value"
            case .memberValue: "expected a value after ':'"
            case .firstElement, .element: "expected a value"
            }
        return unexpected(expected, hint: mismatch(byte))
    }

    /// A bare word that is not `true`, `false` or `null`.
    mutating func unknownWord() -> JSONSyntaxError {
        let word = word(at: offset)
        let lowercased = word.lowercased()
        let suggestion =
            ["true", "false", "null"].first { $0 == lowercased || (lowercased.count >= 2 && $0.hasPrefix(lowercased)) }
            ?? (["none", "nil", "undefined"].contains(lowercased) ? "null" : nil)
        return error(
            .syntax, "unexpected word '\(word)'", at: offset,
            hint: suggestion.map { "did you mean \($0)?" } ?? "put text in double quotes: \"\(word)\"")
    }

    mutating func notANumber(at index: Int) -> JSONSyntaxError {
        error(.syntax, "NaN/Infinity are not JSON", at: index, hint: "use null, or write the value as a string")
    }

    mutating func invalidNumber(at start: Int, _ detail: String?, hint: String? = nil) -> JSONSyntaxError {
        var end = start
        while end < bytes.count,
            Byte.isWord(bytes[end]) || [Byte.dot, Byte.plus, Byte.minus].contains(bytes[end])
        {
            end += 1
        }
        return error(
            .syntax, "invalid number '\(shortened(start..<end))'" + (detail.map { ": \($0)" } ?? ""), at: start,
            hint: hint)
    }

    mutating func numberOutOfRange(_ range: Range<Int>) -> JSONSyntaxError {
        error(
            .syntax, "number '\(shortened(range))' is out of range", at: range.lowerBound,
            hint: "the largest magnitude a number can have is about 1.8e308")
    }

    /// The ASCII text of `range`, cut short for a message.
    func shortened(_ range: Range<Int>) -> String {
        let end = min(range.upperBound, range.lowerBound + 40)
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range.lowerBound..<end]), as: UTF8.self)
        return end < range.upperBound ? text + "…" : text
    }

    /// Something other than `"` where an object key must start.
    mutating func badKey(afterComma: Bool) -> JSONSyntaxError {
        let byte = bytes[offset]
        if afterComma, byte == Byte.closeBrace { return trailingComma() }
        if Byte.isWord(byte) {
            let word = word(at: offset)
            return error(
                .syntax, "expected a string key in double quotes, found '\(word)'", at: offset,
                hint: "write \"\(word)\"")
        }
        return unexpected(
            afterComma ? "expected a string key after ','" : "expected a string key or '}'", hint: mismatch(byte))
    }

    mutating func missingColon(after key: String) -> JSONSyntaxError {
        let byte = bytes[offset]
        let hint = byte == Byte.equals || startsValue(byte) ? "write ':' between a key and its value" : nil
        return unexpected("expected ':' after the key \(key.jsonLiteral)", hint: hint)
    }

    func startsValue(_ byte: UInt8) -> Bool {
        byte == Byte.quote || byte == Byte.minus || byte == Byte.openBrace || byte == Byte.openBracket
            || Byte.isWord(byte)
    }

    mutating func unterminatedString(at position: SourcePosition) -> JSONSyntaxError {
        JSONSyntaxError(.syntax, "unterminated string", at: position, hint: "add the closing '\"'")
    }

    mutating func controlCharacter(_ byte: UInt8) -> JSONSyntaxError {
        // A line break inside a string is almost always a missing closing quote.
        if byte == Byte.lineFeed || byte == Byte.carriageReturn {
            return error(
                .syntax, "the string is not closed before the end of the line", at: offset,
                hint: "add the closing \" (write \\n for a line break inside a string)")
        }
        let escape =
            switch byte {
            case 0x08: "\\b"
            case Byte.tab: "\\t"
            case Byte.lineFeed: "\\n"
            case 0x0C: "\\f"
            case Byte.carriageReturn: "\\r"
            default: "\\u\(hex(byte, digits: 4))"
            }
        return error(
            .syntax, "control character U+\(hex(byte, digits: 4)) must be escaped in a string", at: offset,
            hint: "write \(escape)")
    }

    mutating func invalidUTF8(at index: Int) -> JSONSyntaxError {
        let byte = bytes[index]
        let what =
            (0xC2...0xF4).contains(byte)
            ? "invalid UTF-8 sequence starting with byte" : "invalid UTF-8 byte"
        return error(.invalidUTF8, "\(what) 0x\(hex(byte, digits: 2))", at: index, hint: "save the file as UTF-8")
    }

    /// A backslash followed by something that is not an escape.
    mutating func invalidEscape(at backslash: Int) -> JSONSyntaxError {
        let next = backslash + 1
        if bytes[next] >= 0x80, utf8Length(at: next) == nil { return invalidUTF8(at: next) }
        let (found, scalar) = describeCharacter(at: next, wholeWord: false)
        let message =
            if let scalar, found.hasPrefix("'") { "invalid escape '\\\(scalar)'" } else {
                "invalid escape: '\\' followed by \(found)"
            }
        let hint =
            bytes[next] == Byte.apostrophe
            ? "a single quote needs no escape: write '"
            : "valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX"
        return error(.syntax, message, at: backslash, hint: hint)
    }

    mutating func invalidUnicodeEscape(at backslash: Int) -> JSONSyntaxError {
        var end = backslash + 2
        while end < bytes.count, end < backslash + 6, (0x21...0x7E).contains(bytes[end]),
            bytes[end] != Byte.quote, bytes[end] != Byte.backslash
        {
            end += 1
        }
        let written = String(decoding: UnsafeBufferPointer(rebasing: bytes[backslash..<end]), as: UTF8.self)
        return error(.syntax, "invalid escape '\(written)': \\u needs four hex digits", at: backslash)
    }

    mutating func loneSurrogate(at backslash: Int) -> JSONSyntaxError {
        let written = String(decoding: UnsafeBufferPointer(rebasing: bytes[backslash..<backslash + 6]), as: UTF8.self)
        return error(
            .syntax, "invalid escape '\(written)': a lone surrogate is not a character", at: backslash,
            hint: "a high surrogate \\uD800-\\uDBFF must be followed by a low surrogate \\uDC00-\\uDFFF")
    }

    func hex(_ value: some BinaryInteger, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
