// Strings, numbers and the bare words true, false and null.
extension JSONReader.Parser {
    /// Reads a string whose opening quote is at `offset`.
    mutating func readString(openedAt position: SourcePosition) throws(JSONSyntaxError) -> String {
        offset += 1
        var segmentStart = offset
        var escaped = false
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == Byte.quote {
                let segment = UnsafeBufferPointer(rebasing: bytes[segmentStart..<offset])
                offset += 1
                // UTF-8 was validated while scanning, so decoding repairs nothing.
                guard escaped else { return String(decoding: segment, as: UTF8.self) }
                scratch.append(contentsOf: segment)
                return String(decoding: scratch, as: UTF8.self)
            } else if byte == Byte.backslash {
                if !escaped {
                    escaped = true
                    scratch.removeAll(keepingCapacity: true)
                }
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segmentStart..<offset]))
                try readEscape(inStringAt: position)
                segmentStart = offset
            } else if byte < 0x20 {
                throw controlCharacter(byte)
            } else if byte < 0x80 {
                offset += 1
            } else if let length = utf8Length(at: offset) {
                offset += length
            } else {
                throw invalidUTF8(at: offset)
            }
        }
        throw unterminatedString(at: position)
    }

    /// Reads the escape whose backslash is at `offset`, appending its UTF-8 to `scratch`.
    mutating func readEscape(inStringAt position: SourcePosition) throws(JSONSyntaxError) {
        let backslash = offset
        guard offset + 1 < bytes.count else {
            throw unterminatedString(at: position)
        }
        let byte = bytes[offset + 1]
        offset += 2
        switch byte {
        case Byte.quote, Byte.backslash, Byte.slash: scratch.append(byte)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(Byte.lineFeed)
        case UInt8(ascii: "r"): scratch.append(Byte.carriageReturn)
        case UInt8(ascii: "t"): scratch.append(Byte.tab)
        case UInt8(ascii: "u"):
            guard let unit = hexQuad(at: offset) else { throw invalidUnicodeEscape(at: backslash) }
            offset += 4
            var scalar = unit
            switch unit {
            case 0xD800...0xDBFF:
                guard offset + 1 < bytes.count, bytes[offset] == Byte.backslash,
                    bytes[offset + 1] == UInt8(ascii: "u"),
                    let low = hexQuad(at: offset + 2), (0xDC00...0xDFFF).contains(low)
                else { throw loneSurrogate(at: backslash) }
                offset += 6
                scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            case 0xDC00...0xDFFF:
                throw loneSurrogate(at: backslash)
            default:
                break
            }
            // Surrogates are excluded above, so the scalar is always valid.
            UTF8.encode(Unicode.Scalar(scalar)!) { scratch.append($0) }
        default:
            throw invalidEscape(at: backslash)
        }
    }

    /// The value of four hex digits at `index`, if there are four.
    func hexQuad(at index: Int) -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            let digit: UInt8
            switch byte {
            case Byte.zero...Byte.nine: digit = byte - Byte.zero
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// The length of the well-formed UTF-8 sequence at `index`, or nil
    /// (overlong forms, surrogates and values past U+10FFFF are not well formed).
    func utf8Length(at index: Int) -> Int? {
        func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            index + offset < bytes.count && range.contains(bytes[index + offset])
        }
        switch bytes[index] {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return continuation(1) ? 2 : nil
        case 0xE0: return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : nil
        case 0xED: return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : nil
        case 0xE1...0xEF: return continuation(1) && continuation(2) ? 3 : nil
        case 0xF0: return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : nil
        case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : nil
        case 0xF4: return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : nil
        default: return nil
        }
    }

    /// Reads a number starting at `offset` (a digit or '-').
    mutating func readNumber(at position: SourcePosition) throws(JSONSyntaxError) -> JSONValue {
        let start = offset
        var i = offset
        if bytes[i] == Byte.minus { i += 1 }
        let integerStart = i
        guard i < bytes.count, Byte.isDigit(bytes[i]) else {
            if isNaNOrInfinity(at: i) { throw notANumber(at: start) }
            throw invalidNumber(at: start, "expected a digit after '-'")
        }
        if bytes[i] == Byte.zero {
            i += 1
            if i < bytes.count, Byte.isDigit(bytes[i]) {
                throw invalidNumber(at: start, "leading zeros are not allowed")
            }
        } else {
            i = digitsEnd(from: i)
        }
        var isInteger = true
        if i < bytes.count, bytes[i] == Byte.dot {
            i += 1
            guard i < bytes.count, Byte.isDigit(bytes[i]) else {
                throw invalidNumber(at: start, "expected a digit after '.'")
            }
            i = digitsEnd(from: i)
            isInteger = false
        }
        if i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            if i < bytes.count, bytes[i] == Byte.plus || bytes[i] == Byte.minus { i += 1 }
            guard i < bytes.count, Byte.isDigit(bytes[i]) else {
                throw invalidNumber(at: start, "expected a digit in the exponent")
            }
            i = digitsEnd(from: i)
            isInteger = false
        }
        if i < bytes.count,
            Byte.isWord(bytes[i]) || bytes[i] == Byte.dot || bytes[i] == Byte.plus
                || bytes[i] == Byte.minus
        {
            let isHex =
                bytes[i] | 0x20 == UInt8(ascii: "x") && i == integerStart + 1 && bytes[integerStart] == Byte.zero
            throw invalidNumber(at: start, isHex ? "hexadecimal numbers are not allowed" : nil)
        }
        offset = i
        let literal = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        let value: Double
        if isInteger && i - integerStart <= 18 {
            // Exact, and faster than the general conversion.
            var magnitude = 0
            for digit in bytes[integerStart..<i] { magnitude = magnitude * 10 + Int(digit - Byte.zero) }
            value = integerStart > start ? -Double(magnitude) : Double(magnitude)
        } else if let parsed = Double(literal), parsed.isFinite {
            value = parsed
        } else {
            throw numberOutOfRange(start..<i)
        }
        return JSONValue(.number(JSONNumber(literal: literal, value: value)), at: position)
    }

    func digitsEnd(from index: Int) -> Int {
        var i = index
        while i < bytes.count, Byte.isDigit(bytes[i]) { i += 1 }
        return i
    }

    func wordEnd(from index: Int) -> Int {
        var i = index
        while i < bytes.count, Byte.isWord(bytes[i]) { i += 1 }
        return i
    }

    /// The bare word at `index`, shortened for messages.
    func word(at index: Int) -> String {
        shortened(index..<wordEnd(from: index))
    }

    func isNaNOrInfinity(at index: Int) -> Bool {
        ["nan", "inf", "infinity"].contains(word(at: index).lowercased())
    }

    /// Reads `true`, `false` or `null`; anything else at a value's place is an error.
    mutating func readLiteral(at position: SourcePosition, slot: Slot) throws(JSONSyntaxError) -> JSONValue {
        let end = wordEnd(from: offset)
        let word = UnsafeBufferPointer(rebasing: bytes[offset..<end])
        let kind: JSONValue.Kind
        if word.elementsEqual("true".utf8) {
            kind = .bool(true)
        } else if word.elementsEqual("false".utf8) {
            kind = .bool(false)
        } else if word.elementsEqual("null".utf8) {
            kind = .null
        } else {
            throw unexpectedValue(in: slot)
        }
        offset = end
        return JSONValue(kind, at: position)
    }
}
