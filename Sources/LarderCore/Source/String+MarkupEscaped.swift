extension String {
    /// The text with every character that means something in HTML or XML
    /// text and attribute values escaped (`& < > " '`), for markup built
    /// outside the templates (sitemaps, SVG, the preview's error page).
    public var markupEscaped: String {
        var out = ""
        out.reserveCapacity(utf8.count)
        for character in self {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
