extension String {
    /// The string as a JSON string literal, quotes included, escaping what
    /// RFC 8259 requires (`"`, `\` and control characters), for messages and
    /// for writing JSON by hand. DEL, the C1 controls, U+2028, U+2029 and the
    /// bidi embeddings, overrides and isolates are escaped too, which JSON
    /// allows: printed to a terminal (`check --format json`, `share --format
    /// json`), the data cannot drive it, and a line reader cannot split a
    /// value.
    public var jsonLiteral: String {
        var result = "\""
        for scalar in unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{2028}"..."\u{202E}", "\u{2066}"..."\u{2069}":
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
