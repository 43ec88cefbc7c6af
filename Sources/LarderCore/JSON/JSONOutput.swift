/// JSON that Larder writes: the site's JSON-LD and search index, `larder
/// share --format json`, `larder check --format json`. Members keep the order
/// given, so the same input gives the same bytes, and the text goes straight
/// to UTF-8 bytes with no intermediate strings.
///
/// Two layouts (``Layout``) and two sets of escapes (``Escaping``): what goes
/// into a page is compact and safe inside `<script>`; what goes to a
/// terminal is readable and cannot drive it.
public indirect enum JSONOutput: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    /// A number as a JSON literal, such as "1.25" (``Rational`` decimals).
    case number(String)
    case string(String)
    case array([JSONOutput])
    case object([Member])
    /// An array or object written one element a line in the ``Layout/readable``
    /// layout (as the compact one, otherwise).
    case lines(JSONOutput)

    public struct Member: Sendable, Hashable {
        public var key: String
        public var value: JSONOutput

        public init(key: String, value: JSONOutput) {
            self.key = key
            self.value = value
        }
    }

    /// Where the text goes.
    public enum Escaping: Sendable {
        /// Into an HTML page: `<`, `>` and `&` escaped too (so `</script>` or
        /// `<!--` in user data cannot end or confuse the `<script>` element it
        /// sits in), and U+2028/U+2029 (line terminators in older JavaScript).
        case script
        /// To a terminal or a file: DEL, the C1 controls, U+2028–U+202E and
        /// U+2066–U+2069 (line separators and bidi controls) escaped too, so
        /// the data cannot drive a terminal and a line reader cannot split a
        /// value.
        case terminal
    }

    /// How the text is laid out.
    public enum Layout: Sendable {
        /// No spaces or line breaks: `{"a":1,"b":[1,2]}`.
        case compact
        /// A space after `,` and `:`, and each element of a ``lines(_:)``
        /// container on a line of its own, indented two spaces a level.
        case readable
    }

    /// An object from `(key, value)` pairs, leaving out nil values.
    public static func fields(_ members: KeyValuePairs<String, JSONOutput?>) -> JSONOutput {
        .object(members.compactMap { key, value in value.map { Member(key: key, value: $0) } })
    }

    /// Compact JSON safe inside `<script>`.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Compact JSON safe inside `<script>`, as UTF-8.
    public var bytes: [UInt8] { bytes(layout: .compact, escaping: .script) }

    public func text(layout: Layout, escaping: Escaping) -> String {
        String(decoding: bytes(layout: layout, escaping: escaping), as: UTF8.self)
    }

    public func bytes(layout: Layout, escaping: Escaping) -> [UInt8] {
        var out: [UInt8] = []
        write(to: &out, layout: layout, escaping: escaping, level: 0)
        return out
    }

    public func write(to out: inout [UInt8], layout: Layout, escaping: Escaping) {
        write(to: &out, layout: layout, escaping: escaping, level: 0)
    }

    /// `level`: the indentation of the line being written, in the readable
    /// layout.
    private func write(to out: inout [UInt8], layout: Layout, escaping: Escaping, level: Int) {
        let readable = layout == .readable
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .int(let value): out.append(contentsOf: String(value).utf8)
        case .number(let literal): out.append(contentsOf: literal.utf8)
        case .string(let value): Self.appendLiteral(value, escaping: escaping, to: &out)
        case .lines(let container):
            container.writeContainer(to: &out, layout: layout, escaping: escaping, level: level, broken: readable)
        case .array, .object:
            writeContainer(to: &out, layout: layout, escaping: escaping, level: level, broken: false)
        }
    }

    /// An array or an object; `broken`: one element a line.
    private func writeContainer(to out: inout [UInt8], layout: Layout, escaping: Escaping, level: Int, broken: Bool) {
        let spaced = layout == .readable
        let inner = broken ? level + 1 : level
        /// Before each element: the comma, then a line break or a space.
        func separate(_ index: Int) {
            if index > 0 {
                out.append(UInt8(ascii: ","))
                if spaced && !broken { out.append(UInt8(ascii: " ")) }
            }
            if broken { Self.newline(to: &out, level: inner) }
        }
        switch self {
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for index in elements.indices {
                separate(index)
                elements[index].write(to: &out, layout: layout, escaping: escaping, level: inner)
            }
            if broken && !elements.isEmpty { Self.newline(to: &out, level: level) }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for index in members.indices {
                separate(index)
                Self.appendLiteral(members[index].key, escaping: escaping, to: &out)
                out.append(UInt8(ascii: ":"))
                if spaced { out.append(UInt8(ascii: " ")) }
                members[index].value.write(to: &out, layout: layout, escaping: escaping, level: inner)
            }
            if broken && !members.isEmpty { Self.newline(to: &out, level: level) }
            out.append(UInt8(ascii: "}"))
        default:
            // `lines` of a scalar: nothing to break.
            write(to: &out, layout: layout, escaping: escaping, level: level)
        }
    }

    private static func newline(to out: inout [UInt8], level: Int) {
        out.append(UInt8(ascii: "\n"))
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * level))
    }

    // MARK: Strings

    /// `value` as a JSON string literal, quotes included.
    public static func literal(_ value: String, escaping: Escaping = .script) -> String {
        var out: [UInt8] = []
        appendLiteral(value, escaping: escaping, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The same, appended as UTF-8.
    public static func appendLiteral(_ value: String, escaping: Escaping = .script, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        appendEscaped(value, escaping: escaping, json: true, to: &out)
        out.append(UInt8(ascii: "\""))
    }

    /// `text` with what `escaping` asks escaped as `\u` escapes and, when
    /// `json`, quotes, backslashes and control characters as in any JSON
    /// string (`json` false: text that is JSON already, made safe for
    /// `<script>`); in one pass over its UTF-8, runs without any copied whole.
    public static func appendEscaped(_ text: String, escaping: Escaping = .script, json: Bool, to out: inout [UInt8]) {
        let script = escaping == .script
        // Most bytes need nothing: one table look-up each.
        let mask = (json ? ByteClass.json : 0) | (script ? ByteClass.script | ByteClass.e2 : ByteClass.e2 | ByteClass.terminal)
        let classes = byteClasses
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                guard classes[Int(byte)] & mask != 0 else {
                    index += 1
                    continue
                }
                var length = 1
                let escaped: UInt32
                switch byte {
                case UInt8(ascii: "<") where script, UInt8(ascii: ">") where script, UInt8(ascii: "&") where script:
                    escaped = UInt32(byte)
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80
                    && (script ? 0xA8...0xA9 : 0xA8...0xAE).contains(bytes[index + 2]):
                    // U+2028…U+202E
                    escaped = 0x2000 + UInt32(bytes[index + 2] & 0x3F)
                    length = 3
                case 0xE2 where !script && index + 2 < bytes.count && bytes[index + 1] == 0x81
                    && (0xA6...0xA9).contains(bytes[index + 2]):
                    // U+2066…U+2069
                    escaped = 0x2040 + UInt32(bytes[index + 2] & 0x3F)
                    length = 3
                case 0xC2 where !script && index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]):
                    escaped = UInt32(bytes[index + 1])
                    length = 2
                case 0x7F where !script && json:
                    escaped = 0x7F
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"),
                    0..<0x20:
                    guard json else {
                        index += 1
                        continue
                    }
                    escaped = UInt32(byte)
                default:
                    index += 1
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                appendEscape(escaped, to: &out)
                index += length
                runStart = index
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
    }

    /// What a byte may start, for ``appendEscaped(_:escaping:json:to:)``.
    private enum ByteClass {
        /// Escaped in any JSON string: `"`, `\`, C0 controls.
        static let json: UInt8 = 1
        /// `<`, `>`, `&`.
        static let script: UInt8 = 2
        /// 0xE2, the first byte of U+2028–U+202E and U+2066–U+2069.
        static let e2: UInt8 = 4
        /// DEL, and 0xC2, the first byte of the C1 controls.
        static let terminal: UInt8 = 8
    }

    private static let byteClasses: [UInt8] = (0...255).map { byte -> UInt8 in
        switch byte {
        case 0..<0x20, 0x22, 0x5C: ByteClass.json
        case 0x3C, 0x3E, 0x26: ByteClass.script
        case 0xE2: ByteClass.e2
        case 0x7F, 0xC2: ByteClass.terminal
        default: 0
        }
    }

    /// `\"`, `\\`, `\n`, `\r`, `\t`, else `\uXXXX`: upper-case hex, but
    /// `\u003c` and `\u003e` in lower case, as the site has always written them.
    private static func appendEscape(_ scalar: UInt32, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\\"))
        switch scalar {
        case 0x22: out.append(UInt8(ascii: "\""))
        case 0x5C: out.append(UInt8(ascii: "\\"))
        case 0x0A: out.append(UInt8(ascii: "n"))
        case 0x0D: out.append(UInt8(ascii: "r"))
        case 0x09: out.append(UInt8(ascii: "t"))
        default:
            let letterA = scalar == 0x3C || scalar == 0x3E ? UInt8(ascii: "a") : UInt8(ascii: "A")
            out.append(UInt8(ascii: "u"))
            for shift in stride(from: 12, through: 0, by: -4) {
                let digit = UInt8((scalar >> UInt32(shift)) & 0xF)
                out.append(digit < 10 ? UInt8(ascii: "0") + digit : letterA + digit - 10)
            }
        }
    }
}
