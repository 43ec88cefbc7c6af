import LarderCore

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
    var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .string(let value): out += Self.literal(value)
        case .int(let value): out += String(value)
        case .array(let elements):
            out += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { out += "," }
                element.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                out += Self.literal(member.key)
                out += ":"
                member.value.write(to: &out)
            }
            out += "}"
        }
    }

    /// `value` as a JSON string literal that also escapes `<`, `>` and `&`
    /// (so `</script>` or `<!--` in user data cannot end or confuse the
    /// `<script>` element it sits in) and U+2028/U+2029 (line terminators in
    /// older JavaScript). Still plain JSON: any reader gets the same string.
    static func literal(_ value: String) -> String {
        let literal = value.jsonLiteral
        guard literal.unicodeScalars.contains(where: { needsEscape($0) }) else { return literal }
        var out = ""
        out.unicodeScalars.reserveCapacity(literal.unicodeScalars.count + 12)
        for scalar in literal.unicodeScalars {
            switch scalar {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "<", ">", "&", "\u{2028}", "\u{2029}": true
        default: false
        }
    }
}
