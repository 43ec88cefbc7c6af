extension String {
    /// The text with every character that means something in HTML or XML
    /// text and attribute values escaped (`& < > " '`), for markup built
    /// outside the templates (sitemaps, SVG, the preview's error page).
    ///
    /// Goes by Unicode scalar, not by `Character`: `"` followed by a
    /// combining mark (U+0301) or a joiner is one Character that is not
    /// equal to `"`, yet a browser still ends the attribute at the quote.
    public var markupEscaped: String {
        var out = ""
        out.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
