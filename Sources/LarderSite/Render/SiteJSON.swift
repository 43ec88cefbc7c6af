
/// JSON the site writes (JSON-LD, the search index): members in the order
/// given, so the same input gives the same bytes; compact; and safe inside an
/// HTML `<script>` element.
indirect enum SiteJSON: Sendable, Hashable {
    case string(String)
    case int(Int)
    case array([SiteJSON])
    case object([Member])

    struct Member: Sendable, Hashable {
        var key: String
        var value: SiteJSON
    }

    /// An object from `(key, value)` pairs, leaving out nil values.
    static func fields(_ members: KeyValuePairs<String, SiteJSON?>) -> SiteJSON {
        .object(members.compactMap { key, value in value.map { Member(key: key, value: $0) } })
    }

    /// Compact JSON text.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Compact JSON, as UTF-8.
    var bytes: [UInt8] {
        var out: [UInt8] = []
        write(to: &out)
        return out
    }

    private func write(to out: inout [UInt8]) {
        switch self {
        case .string(let value): Self.appendLiteral(value, to: &out)
        case .int(let value): out.append(contentsOf: String(value).utf8)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                element.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                Self.appendLiteral(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                member.value.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// `value` as a JSON string literal that also escapes `<`, `>` and `&`
    /// (so `</script>` or `<!--` in user data cannot end or confuse the
    /// `<script>` element it sits in) and U+2028/U+2029 (line terminators in
    /// older JavaScript). Still plain JSON: any reader gets the same string.
    static func literal(_ value: String) -> String {
        var out: [UInt8] = []
        appendLiteral(value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The same, appended as UTF-8.
    static func appendLiteral(_ value: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        appendEscaped(value, json: true, to: &out)
        out.append(UInt8(ascii: "\""))
    }

    /// `text` with `<`, `>`, `&`, U+2028 and U+2029 as `\u` escapes and,
    /// when `json`, quotes, backslashes and control characters as in any JSON
    /// string; in one pass over its UTF-8, runs without any copied whole.
    static func appendEscaped(_ text: String, json: Bool, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                var length = 1
                let escape: String
                switch byte {
                case UInt8(ascii: "<"): escape = "\\u003c"
                case UInt8(ascii: ">"): escape = "\\u003e"
                case UInt8(ascii: "&"): escape = "\\u0026"
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80
                    && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    escape = bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                    length = 3
                case UInt8(ascii: "\"") where json: escape = "\\\""
                case UInt8(ascii: "\\") where json: escape = "\\\\"
                case UInt8(ascii: "\n") where json: escape = "\\n"
                case UInt8(ascii: "\r") where json: escape = "\\r"
                case UInt8(ascii: "\t") where json: escape = "\\t"
                case 0..<0x20 where json: escape = "\\u00" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
                default:
                    index += 1
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                out.append(contentsOf: escape.utf8)
                index += length
                runStart = index
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
    }
}
