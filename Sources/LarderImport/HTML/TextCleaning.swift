import Foundation

/// Cleaning of the text pages put in their recipes: entities decoded, tags
/// stripped, whitespace collapsed (the "text is cleaned").
public enum TextCleaning {
    /// `text` with runs of whitespace (no-break spaces included) as one
    /// space, trimmed (and mojibake repaired, see below).
    public static func collapseWhitespace(_ text: String) -> String {
        let text = repairingMojibake(text)
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace || scalar == "\u{200B}" || scalar == "\u{FEFF}" {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.unicodeScalars.append(" ") }
                pendingSpace = false
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` decoded again when it is UTF-8 that was read as Latin-1 or
    /// Windows-1252 on its way into the page ("1Â¼ cups" for "1¼ cups",
    /// "donâ€™t" for "don’t"): only when every character maps back to one
    /// byte and those bytes are valid UTF-8 with a multi-byte character, so
    /// real text ("ação", "SÃO") is never touched.
    static func repairingMojibake(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "Ã" || $0 == "Â" || $0 == "â" || $0 == "Å" }) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar.value < 0x80 || (scalar.value >= 0xA0 && scalar.value <= 0xFF) {
                bytes.append(UInt8(scalar.value))
            } else if let byte = windows1252[scalar] {
                bytes.append(byte)
            } else {
                return text
            }
        }
        guard bytes.contains(where: { $0 >= 0xC0 }), let decoded = String(validating: bytes, as: UTF8.self) else {
            return text
        }
        return decoded
    }

    private static let windows1252: [Unicode.Scalar: UInt8] = [
        "€": 0x80, "‚": 0x82, "ƒ": 0x83, "„": 0x84, "…": 0x85, "†": 0x86, "‡": 0x87, "ˆ": 0x88, "‰": 0x89,
        "Š": 0x8A, "‹": 0x8B, "Œ": 0x8C, "Ž": 0x8E, "‘": 0x91, "’": 0x92, "“": 0x93, "”": 0x94, "•": 0x95,
        "–": 0x96, "—": 0x97, "˜": 0x98, "™": 0x99, "š": 0x9A, "›": 0x9B, "œ": 0x9C, "ž": 0x9E, "Ÿ": 0x9F,
    ]

    /// A string from a page's data (JSON-LD often carries `&amp;`, `&#8217;`
    /// or a little HTML): entities decoded and tags stripped by the same HTML
    /// parser as the page, then whitespace collapsed.
    public static func clean(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") }) else {
            return collapseWhitespace(text)
        }
        return HTMLDocument(fragment: "<body><div>" + text + "</div></body>").root.text
    }

    /// Whether `text` holds HTML elements (not just a `<` in prose).
    static func looksLikeHTML(_ text: String) -> Bool {
        guard let open = text.firstIndex(of: "<") else { return false }
        let next = text[text.index(after: open)...].first
        return next.map { $0.isLetter || $0 == "/" } ?? false
    }

    /// A line without the bullet a page typed before it ("- 300 g", "• 1
    /// egg").
    static func withoutBullet(_ line: String) -> String {
        for bullet in ["- ", "– ", "• ", "* ", "· "] where line.hasPrefix(bullet) {
            return String(line.dropFirst(bullet.count))
        }
        return line
    }

    /// `text` with the named entities libxml2 (which knows HTML 4's) leaves
    /// as they are decoded: the HTML5 ones recipes use, fractions first.
    /// One pass over the bytes: attribute values (addresses with `&` in
    /// their queries) come through here by the thousand.
    static func decodingHTML5Entities(_ text: String) -> String {
        // A byte scan: Foundation's `contains` on every text node of a page
        // was a fifth of the reading time.
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let tail = rest[amp...]
            if let semicolon = tail.prefix(10).firstIndex(of: ";"), let value = html5Entities[String(tail[...semicolon])] {
                out += value
                rest = tail[tail.index(after: semicolon)...]
            } else {
                out.append("&")
                rest = tail.dropFirst()
            }
        }
        return out + rest
    }

    private static let html5Entities: [String: String] = [
        "&frac13;": "⅓", "&frac23;": "⅔", "&frac15;": "⅕", "&frac25;": "⅖", "&frac35;": "⅗",
        "&frac45;": "⅘", "&frac16;": "⅙", "&frac56;": "⅚", "&frac18;": "⅛", "&frac38;": "⅜",
        "&frac58;": "⅝", "&frac78;": "⅞", "&half;": "½", "&apos;": "'", "&NewLine;": "\n",
        "&Tab;": "\t",
    ]
}
