/// A strict JSON (RFC 8259) reader that keeps the position of every value and
/// key and explains in plain words what is wrong with a file.
///
/// It never recurses per nesting level: it runs on secondary threads with small
/// stacks, so nesting is kept on an explicit stack and limited to
/// `maximumDepth`.
public enum JSONReader {
    /// Arrays and objects nested deeper than this are rejected (`.tooDeep`).
    public static let maximumDepth = 512

    /// Parses one JSON text (RFC 8259). A leading UTF-8 BOM is skipped.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in try parse(buffer) }
    }

    /// Parses one JSON text (RFC 8259) from raw memory, e.g. `Data.withUnsafeBytes`.
    public static func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONSyntaxError) -> JSONValue {
        try bytes.withMemoryRebound(to: UInt8.self) { buffer throws(JSONSyntaxError) in try parse(buffer) }
    }

    /// Parses one JSON text (RFC 8259) held in a string.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    /// Parses one JSON text (RFC 8259). A leading UTF-8 BOM is skipped.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        var parser = Parser(bytes)
        return try parser.parseDocument()
    }
}

extension JSONReader {
    /// The state of one parse. Containers being read live on `containers`, their
    /// finished elements on `values` and their keys on `keys`, so depth costs
    /// heap, not stack.
    struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        /// The first byte after a BOM.
        let start: Int
        var offset: Int

        // Line tracking: `line` and `lineStart` follow the line breaks consumed
        // so far; (`columnOffset`, `column`) is the last position computed on
        // that line, so counting columns along a long line stays linear.
        var line = 1
        var lineStart: Int
        var columnOffset: Int
        var column = 1

        var containers: [Container] = []
        var values: [JSONValue] = []
        var keys: [Key] = []
        /// Reused buffer for strings with escapes.
        var scratch: [UInt8] = []
        /// Where the last ',' was, for "trailing comma" errors.
        var lastComma = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            let hasBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
            start = hasBOM ? 3 : 0
            offset = start
            lineStart = start
            columnOffset = start
        }
    }

    /// An array or object whose closing bracket has not been read yet.
    struct Container {
        let isObject: Bool
        let position: SourcePosition
        /// Where its elements (or member values) start in `Parser.values`.
        let valueBase: Int
        /// Where its keys start in `Parser.keys`.
        let keyBase: Int
        /// Key -> index in `Parser.keys`, built once the object outgrows a
        /// linear scan.
        var keyIndex: [String: Int]?

        var closer: UInt8 { isObject ? Byte.closeBrace : Byte.closeBracket }
        var kindName: String { isObject ? "object" : "array" }
    }

    struct Key {
        let name: String
        let position: SourcePosition
    }

    /// What the value being read is for, to say what was expected.
    enum Slot {
        case document, firstElement, element, memberValue
    }

    /// Objects up to this many members look for duplicates by a linear scan.
    static let linearKeySearchLimit = 8

    enum Byte {
        static let tab: UInt8 = 0x09
        static let lineFeed: UInt8 = 0x0A
        static let carriageReturn: UInt8 = 0x0D
        static let space: UInt8 = 0x20
        static let quote = UInt8(ascii: "\"")
        static let apostrophe = UInt8(ascii: "'")
        static let plus = UInt8(ascii: "+")
        static let comma = UInt8(ascii: ",")
        static let minus = UInt8(ascii: "-")
        static let dot = UInt8(ascii: ".")
        static let slash = UInt8(ascii: "/")
        static let star = UInt8(ascii: "*")
        static let zero = UInt8(ascii: "0")
        static let nine = UInt8(ascii: "9")
        static let colon = UInt8(ascii: ":")
        static let equals = UInt8(ascii: "=")
        static let openBracket = UInt8(ascii: "[")
        static let backslash = UInt8(ascii: "\\")
        static let closeBracket = UInt8(ascii: "]")
        static let openBrace = UInt8(ascii: "{")
        static let closeBrace = UInt8(ascii: "}")

        static func isDigit(_ byte: UInt8) -> Bool { byte &- zero < 10 }
        static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 }
        /// Bytes of a bare word such as `true` or `True` or `undefined`.
        static func isWord(_ byte: UInt8) -> Bool {
            isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
        }
    }
}

extension JSONReader.Parser {
    typealias Byte = JSONReader.Byte
    typealias Slot = JSONReader.Slot

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        if looksLikeUTF16 {
            throw error(.invalidUTF8, "the file is UTF-16, not UTF-8", at: start, hint: "save the file as UTF-8")
        }
        var slot = Slot.document
        parsing: while true {
            skipWhitespace()
            guard offset < bytes.count else { throw endOfFile(expecting: slot) }
            let position = position(at: offset)
            var value: JSONValue
            switch bytes[offset] {
            case Byte.openBracket, Byte.openBrace:
                let isObject = bytes[offset] == Byte.openBrace
                guard containers.count < JSONReader.maximumDepth else {
                    throw JSONSyntaxError(
                        .tooDeep,
                        "arrays and objects are nested more than \(JSONReader.maximumDepth) levels deep",
                        at: position, hint: "flatten the data")
                }
                offset += 1
                skipWhitespace()
                if offset < bytes.count, bytes[offset] == (isObject ? Byte.closeBrace : Byte.closeBracket) {
                    offset += 1
                    value = JSONValue(isObject ? .object(JSONObject()) : .array([]), at: position)
                } else {
                    containers.append(
                        JSONReader.Container(
                            isObject: isObject, position: position,
                            valueBase: values.count, keyBase: keys.count))
                    if isObject {
                        try readKey(afterComma: false)
                        slot = .memberValue
                    } else {
                        slot = .firstElement
                    }
                    continue parsing
                }
            case Byte.quote:
                value = JSONValue(.string(try readString(openedAt: position)), at: position)
            case Byte.minus, Byte.zero...Byte.nine:
                value = try readNumber(at: position)
            default:
                value = try readLiteral(at: position, slot: slot)
            }

            // A value is complete: add it to its container, and close every
            // container that ends right after it.
            while let container = containers.last {
                values.append(value)
                skipWhitespace()
                guard offset < bytes.count else { throw unclosed(container) }
                let byte = bytes[offset]
                if byte == Byte.comma {
                    lastComma = offset
                    offset += 1
                    if container.isObject {
                        try readKey(afterComma: true)
                        slot = .memberValue
                    } else {
                        slot = .element
                    }
                    continue parsing
                }
                guard byte == container.closer else { throw missingSeparator(in: container) }
                offset += 1
                value = close(containers.removeLast())
            }

            skipWhitespace()
            guard offset == bytes.count else {
                throw specialError() ?? error(.syntax, "unexpected text after the JSON value", at: offset)
            }
            return value
        }
    }

    /// A UTF-16 BOM, or ASCII interleaved with NUL bytes (which JSON text
    /// never starts with).
    var looksLikeUTF16: Bool {
        let count = bytes.count
        let bom = count >= 2 && ((bytes[0], bytes[1]) == (0xFF, 0xFE) || (bytes[0], bytes[1]) == (0xFE, 0xFF))
        return bom || (count >= 4 && ((bytes[0] == 0 && bytes[2] == 0) || (bytes[1] == 0 && bytes[3] == 0)))
    }

    /// Reads `"key"` and the `:` after it, rejecting a duplicate key.
    mutating func readKey(afterComma: Bool) throws(JSONSyntaxError) {
        skipWhitespace()
        guard offset < bytes.count else { throw unclosed(containers[containers.count - 1]) }
        guard bytes[offset] == Byte.quote else { throw badKey(afterComma: afterComma) }
        let position = position(at: offset)
        let key = try readString(openedAt: position)
        try register(JSONReader.Key(name: key, position: position))
        skipWhitespace()
        guard offset < bytes.count else { throw unclosed(containers[containers.count - 1]) }
        guard bytes[offset] == Byte.colon else { throw missingColon(after: key) }
        offset += 1
    }

    mutating func register(_ key: JSONReader.Key) throws(JSONSyntaxError) {
        let top = containers.count - 1
        let base = containers[top].keyBase
        let first: Int?
        if let index = containers[top].keyIndex {
            first = index[key.name]
        } else {
            first = keys[base...].firstIndex { $0.name == key.name }
        }
        if let first {
            let earlier = keys[first].position
            throw JSONSyntaxError(
                .duplicateKey,
                "duplicate key \(key.name.jsonLiteral) (first at line \(earlier.line), column \(earlier.column))",
                at: key.position, hint: "remove one of them")
        }
        keys.append(key)
        if containers[top].keyIndex != nil {
            containers[top].keyIndex![key.name] = keys.count - 1
        } else if keys.count - base > JSONReader.linearKeySearchLimit {
            var index: [String: Int] = [:]
            for i in base..<keys.count { index[keys[i].name] = i }
            containers[top].keyIndex = index
        }
    }

    mutating func close(_ container: JSONReader.Container) -> JSONValue {
        let kind: JSONValue.Kind
        if container.isObject {
            var members: [JSONMember] = []
            members.reserveCapacity(values.count - container.valueBase)
            for (key, value) in zip(keys[container.keyBase...], values[container.valueBase...]) {
                members.append(JSONMember(key: key.name, keyPosition: key.position, value: value))
            }
            keys.removeSubrange(container.keyBase...)
            kind = .object(JSONObject(members))
        } else {
            kind = .array(Array(values[container.valueBase...]))
        }
        values.removeSubrange(container.valueBase...)
        return JSONValue(kind, at: container.position)
    }

    /// Skips JSON whitespace, counting CRLF, LF and a lone CR as one line break each.
    @inline(__always)
    mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case Byte.space, Byte.tab:
                offset += 1
            case Byte.lineFeed:
                offset += 1
                startLine()
            case Byte.carriageReturn:
                offset += 1
                if offset < bytes.count, bytes[offset] == Byte.lineFeed { offset += 1 }
                startLine()
            default:
                return
            }
        }
    }

    mutating func startLine() {
        line += 1
        lineStart = offset
        columnOffset = offset
        column = 1
    }

    /// The position of the byte at `target`, which is usually at or after the
    /// last position computed on the current line; only continuation bytes
    /// since then are skipped, so a long line costs linear time overall.
    mutating func position(at target: Int) -> SourcePosition {
        if target < columnOffset {
            guard target >= lineStart else { return positionFromStart(of: target) }
            columnOffset = lineStart
            column = 1
        }
        var i = columnOffset
        var column = self.column
        while i < target {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        columnOffset = target
        self.column = column
        return SourcePosition(line: line, column: column)
    }

    /// The position of a byte on an earlier line (only for errors pointing back).
    func positionFromStart(of target: Int) -> SourcePosition {
        var line = 1
        var column = 1
        var i = start
        while i < target {
            let byte = bytes[i]
            if byte == Byte.lineFeed || byte == Byte.carriageReturn {
                if byte == Byte.carriageReturn, i + 1 < target, bytes[i + 1] == Byte.lineFeed { i += 1 }
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        return SourcePosition(line: line, column: column)
    }
}
