import LarderCore

/// A fast reader for the plain YAML nearly all front matter is written in:
/// `key: value` lines, nested mappings, block lists (`- value`, `- key: value`)
/// and one-line flow lists (`[a, b]`) of plain one-line scalars, and quoted
/// one-line values (`title: "Soup: the best"`).
///
/// It gives exactly the positioned value the Yams path gives (same values,
/// same positions: libyaml's marks, columns in Unicode scalars) and gives up
/// (`nil`) on anything else: quotes in flow lists, comments, tabs, anchors, tags, empty
/// values, multi-line scalars, duplicate keys, blank-but-not-empty lines,
/// unusual characters. The caller then reads the block with Yams, so every
/// diagnostic still comes from one place.
struct PlainYAML {
    private struct Unsupported: Error {}

    private let bytes: [UInt8]
    /// Byte range of each line, without its `\n`.
    private var lines: [Range<Int>] = []
    private let lineOffset: Int
    private var row = 0
    private var nodes = 0
    private var depth = 0

    /// The front matter `yaml` as a value, or nil when it is outside the subset.
    static func read(_ yaml: String, lineOffset: Int) -> JSONValue? {
        guard var reader = PlainYAML(yaml, lineOffset: lineOffset) else { return nil }
        return try? reader.document()
    }

    private init?(_ yaml: String, lineOffset: Int) {
        bytes = Array(yaml.utf8)
        self.lineOffset = lineOffset
        var start = 0
        var nonASCII = false
        for index in bytes.indices {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                lines.append(start..<index)
                start = index + 1
            } else if byte < 0x20 || byte == 0x7F {
                return nil  // tabs, `\r`, control characters
            } else if byte >= 0x80 {
                nonASCII = true
            }
        }
        if start < bytes.count { lines.append(start..<bytes.count) }
        if nonASCII {
            // libyaml rejects non-printable characters and treats these as
            // line breaks (U+0085, U+2028, U+2029); leave them to it.
            for scalar in yaml.unicodeScalars where scalar.value >= 0x80 {
                let value = scalar.value
                if value < 0xA0 || value == 0x2028 || value == 0x2029 || value == 0xFEFF || value == 0xFFFE
                    || value == 0xFFFF
                {
                    return nil
                }
            }
        }
    }

    private mutating func document() throws -> JSONValue {
        skipBlank()
        guard row < lines.count else { throw Unsupported() }
        let value = try mapping(indent: indent(row), firstKey: nil)
        guard row == lines.count else { throw Unsupported() }
        return value
    }

    // MARK: - Lines

    private mutating func skipBlank() {
        while row < lines.count, lines[row].isEmpty { row += 1 }
    }

    /// Leading spaces of line `index` (a line of spaces only is unsupported).
    private func indent(_ index: Int) throws -> Int {
        let line = lines[index]
        var offset = line.lowerBound
        while offset < line.upperBound, bytes[offset] == UInt8(ascii: " ") { offset += 1 }
        guard offset < line.upperBound else { throw Unsupported() }
        return offset - line.lowerBound
    }

    /// Whether line `index` holds a list entry (`- `) at byte `offset`.
    private func isEntry(_ index: Int, at offset: Int) -> Bool {
        let line = lines[index]
        return offset + 1 < line.upperBound && bytes[offset] == UInt8(ascii: "-") && bytes[offset + 1] == UInt8(ascii: " ")
    }

    /// libyaml's mark of byte `offset` on line `index`: 1-based line and
    /// Unicode-scalar column, with the line offset added.
    private func position(_ index: Int, _ offset: Int) -> SourcePosition {
        var column = 1
        for byte in bytes[lines[index].lowerBound..<offset] where byte & 0xC0 != 0x80 { column += 1 }
        return SourcePosition(line: index + 1 + lineOffset, column: column)
    }

    private mutating func countNode() throws {
        nodes += 1
        guard nodes <= Limits.maximumYAMLNodes else { throw Unsupported() }
    }

    // MARK: - Structure

    /// The end of a plain key (`[A-Za-z_][A-Za-z0-9_-]*`) at `offset` when a
    /// `:` and a space or the line's end follow it.
    private func keyEnd(_ index: Int, at offset: Int) -> Int? {
        let end = lines[index].upperBound
        var cursor = offset
        while cursor < end, Self.isKeyByte(bytes[cursor], first: cursor == offset) { cursor += 1 }
        guard cursor > offset, cursor < end, bytes[cursor] == UInt8(ascii: ":") else { return nil }
        guard cursor + 1 == end || bytes[cursor + 1] == UInt8(ascii: " ") else { return nil }
        return cursor
    }

    private static func isKeyByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"): true
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"): !first
        default: false
        }
    }

    /// A block mapping whose keys start at column `indent`; `firstKey` is the
    /// byte offset of its first key when that sits after a `- ` on the line.
    private mutating func mapping(indent: Int, firstKey: Int?) throws -> JSONValue {
        try countNode()
        depth += 1
        defer { depth -= 1 }
        guard depth <= Limits.maximumYAMLDepth else { throw Unsupported() }
        let start = firstKey ?? lines[row].lowerBound + indent
        let at = position(row, start)
        var members: [JSONMember] = []
        var keyOffset = start
        while true {
            guard let keyEnd = keyEnd(row, at: keyOffset) else { throw Unsupported() }
            let key = String(decoding: bytes[keyOffset..<keyEnd], as: UTF8.self)
            guard !members.contains(where: { $0.key == key }) else { throw Unsupported() }
            let keyPosition = position(row, keyOffset)
            let value = try mappingValue(indent: indent, after: keyEnd + 1)
            members.append(JSONMember(key: key, keyPosition: keyPosition, value: value))
            skipBlank()
            guard row < lines.count else { break }
            let next = try self.indent(row)
            if next < indent { break }
            guard next == indent else { throw Unsupported() }
            keyOffset = lines[row].lowerBound + indent
            // An indentless list ends at a key; a list entry here would be a
            // syntax error, which is Yams' to report.
            if isEntry(row, at: keyOffset) { throw Unsupported() }
        }
        return JSONValue(.object(JSONObject(members)), at: at)
    }

    /// The value after a key's `:` at byte `offset`: inline on the line, or a
    /// nested block on the lines below.
    private mutating func mappingValue(indent: Int, after offset: Int) throws -> JSONValue {
        let line = lines[row]
        var cursor = offset
        while cursor < line.upperBound, bytes[cursor] == UInt8(ascii: " ") { cursor += 1 }
        if cursor < line.upperBound {
            let value = try inline(row, from: cursor)
            row += 1
            return value
        }
        row += 1
        skipBlank()
        guard row < lines.count else { throw Unsupported() }  // an empty value
        let next = try self.indent(row)
        let nested = lines[row].lowerBound + next
        if isEntry(row, at: nested), next >= indent { return try sequence(indent: next) }
        guard next > indent else { throw Unsupported() }
        return try mapping(indent: next, firstKey: nil)
    }

    /// A block list whose `- ` markers sit at column `indent`.
    private mutating func sequence(indent: Int) throws -> JSONValue {
        try countNode()
        depth += 1
        defer { depth -= 1 }
        guard depth <= Limits.maximumYAMLDepth else { throw Unsupported() }
        let at = position(row, lines[row].lowerBound + indent)
        var elements: [JSONValue] = []
        while true {
            let content = lines[row].lowerBound + indent + 2
            guard content < lines[row].upperBound, bytes[content] != UInt8(ascii: " ") else { throw Unsupported() }
            if keyEnd(row, at: content) != nil {
                elements.append(try mapping(indent: indent + 2, firstKey: content))
            } else {
                elements.append(try inline(row, from: content))
                row += 1
            }
            skipBlank()
            guard row < lines.count else { break }
            let next = try self.indent(row)
            guard next == indent, isEntry(row, at: lines[row].lowerBound + indent) else {
                if next > indent { throw Unsupported() }
                break
            }
        }
        return JSONValue(.array(elements), at: at)
    }

    // MARK: - Scalars

    /// A one-line value starting at byte `offset` of line `index`: a flow
    /// list or a plain scalar running to the end of the line.
    private mutating func inline(_ index: Int, from offset: Int) throws -> JSONValue {
        var end = lines[index].upperBound
        while end > offset, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
        if bytes[offset] == UInt8(ascii: "\"") || bytes[offset] == UInt8(ascii: "'") {
            return try quoted(index, offset..<end)
        }
        guard bytes[offset] == UInt8(ascii: "[") else { return try plain(index, offset..<end, flow: false) }
        try countNode()
        guard depth < Limits.maximumYAMLDepth, bytes[end - 1] == UInt8(ascii: "]"), end - 1 > offset else {
            throw Unsupported()
        }
        let at = position(index, offset)
        var elements: [JSONValue] = []
        let inside = offset + 1..<end - 1
        if inside.contains(where: { bytes[$0] != UInt8(ascii: " ") }) {
            var itemStart = inside.lowerBound
            while itemStart <= inside.upperBound {
                var itemEnd = itemStart
                while itemEnd < inside.upperBound, bytes[itemEnd] != UInt8(ascii: ",") { itemEnd += 1 }
                var lower = itemStart
                var upper = itemEnd
                while lower < upper, bytes[lower] == UInt8(ascii: " ") { lower += 1 }
                while upper > lower, bytes[upper - 1] == UInt8(ascii: " ") { upper -= 1 }
                elements.append(try plain(index, lower..<upper, flow: true))
                itemStart = itemEnd + 1
            }
        }
        return JSONValue(.array(elements), at: at)
    }

    /// A quoted scalar filling `range` of line `index`, its closing quote the
    /// last character: always a string. Single quotes double a quote inside
    /// (`'it''s'`); double quotes take the escapes `\\`, `\"`, `\/`, `\n`,
    /// `\t` and `\uXXXX` (a printable character). Anything else — other
    /// escapes, a scalar running onto the next line, text after the closing
    /// quote — is left to Yams.
    private mutating func quoted(_ index: Int, _ range: Range<Int>) throws -> JSONValue {
        try countNode()
        let quote = bytes[range.lowerBound]
        var text: [UInt8] = []
        text.reserveCapacity(range.count)
        var cursor = range.lowerBound + 1
        while true {
            guard cursor < range.upperBound else { throw Unsupported() }  // not closed on this line
            let byte = bytes[cursor]
            if byte == quote {
                if quote == UInt8(ascii: "'"), cursor + 1 < range.upperBound, bytes[cursor + 1] == quote {
                    text.append(quote)
                    cursor += 2
                    continue
                }
                break
            }
            if quote == UInt8(ascii: "\""), byte == UInt8(ascii: "\\") {
                cursor = try escape(after: cursor, in: range, into: &text)
                continue
            }
            text.append(byte)
            cursor += 1
        }
        guard cursor == range.upperBound - 1 else { throw Unsupported() }
        return JSONValue(.string(String(decoding: text, as: UTF8.self)), at: position(index, range.lowerBound))
    }

    /// The escape whose `\` is at `backslash`, appended as UTF-8; returns the
    /// offset after it.
    private func escape(after backslash: Int, in range: Range<Int>, into text: inout [UInt8]) throws -> Int {
        let next = backslash + 1
        guard next < range.upperBound else { throw Unsupported() }
        switch bytes[next] {
        case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "/"):
            text.append(bytes[next])
        case UInt8(ascii: "n"):
            text.append(UInt8(ascii: "\n"))
        case UInt8(ascii: "t"):
            text.append(UInt8(ascii: "\t"))
        case UInt8(ascii: "u"):
            let digits = next + 1..<next + 5
            guard digits.upperBound <= range.upperBound else { throw Unsupported() }
            var value: UInt32 = 0
            for offset in digits {
                guard let digit = Self.hexValue(bytes[offset]) else { throw Unsupported() }
                value = value << 4 | digit
            }
            // Printable characters only: control characters, surrogates and
            // the characters libyaml treats specially are Yams' to handle.
            guard value >= 0x20, value != 0x7F, !(0x80..<0xA0).contains(value), !(0xD800..<0xE000).contains(value),
                value != 0x2028, value != 0x2029, value != 0xFEFF, value < 0xFFFE,
                let scalar = Unicode.Scalar(value)
            else { throw Unsupported() }
            text.append(contentsOf: String(scalar).utf8)
            return digits.upperBound
        default:
            throw Unsupported()
        }
        return next + 1
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// A plain scalar filling `range` of line `index`. In a flow list
    /// (`flow`), only characters that cannot start or end anything else; in
    /// block context also what libyaml reads as part of the text there
    /// (`p. 112, 2nd ed`, `https://example.org`, `C#`): `,[]{}` after the
    /// first character, a `:` not followed by a space, a `#` not after one.
    private mutating func plain(_ index: Int, _ range: Range<Int>, flow: Bool) throws -> JSONValue {
        try countNode()
        guard let first = range.first else { throw Unsupported() }
        switch bytes[first] {
        case UInt8(ascii: "-"):
            // `-12` is a number; `- ` or `--` is something else.
            guard first + 1 < range.upperBound, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[first + 1]) else {
                throw Unsupported()
            }
        case UInt8(ascii: "?"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "|"), UInt8(ascii: ">"),
            UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"), UInt8(ascii: "&"), UInt8(ascii: "*"),
            UInt8(ascii: "!"), UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "#"), UInt8(ascii: ","),
            UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"):
            throw Unsupported()
        default: break
        }
        for offset in range {
            switch bytes[offset] {
            case UInt8(ascii: ":"):
                // `: ` (or `:` at the end) is a mapping value: Yams reports it.
                if flow || offset + 1 == range.upperBound || bytes[offset + 1] == UInt8(ascii: " ") {
                    throw Unsupported()
                }
            case UInt8(ascii: "#"):
                // ` #` starts a comment.
                if flow || bytes[offset - 1] == UInt8(ascii: " ") { throw Unsupported() }
            case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"):
                if flow { throw Unsupported() }
            default: continue
            }
        }
        let text = String(decoding: bytes[range], as: UTF8.self)
        return FrontMatter.plainScalar(text, at: position(index, first))
    }
}
