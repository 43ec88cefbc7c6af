/// Text that Markdown leaves as it is: one line with none of the characters
/// that start inline syntax, which most recipe steps, names and summaries
/// are. Rendering it needs no cmark run (a parser, four extensions and a tree
/// per call, several per recipe page); anything else goes through cmark.
///
/// Tests compare each shortcut with cmark on every ASCII character in every
/// position and on autolinks, smart punctuation and block starts.
enum PlainLine {
    /// What cmark gives for `text` as one paragraph, or nil when it might
    /// give something else. The line must start with a letter (so that it
    /// starts no block: no list marker, heading, fence, quote, indented code
    /// or HTML), end with neither space nor tab (a paragraph's end is
    /// trimmed), and hold no control character (no line break, tab or NUL)
    /// and none of `\ ` * _ [ ] < > & ~ |`: no escape, code span, emphasis,
    /// link, image, autolink, raw HTML, entity, strikethrough or table.
    /// `forHTML` refuses more: what smart punctuation changes (`'`, `"`,
    /// `--`, `...`) and what the autolink extension links (`:`, `@`, `www.`),
    /// and with all that refused, HTML escaping (of `&<>"`) has nothing to do.
    static func inert(_ text: String, forHTML: Bool) -> Bool {
        inertness(text) >= (forHTML ? .forHTML : .forText)
    }

    /// How far `text` is inert, both ways from one scan: not at all, as
    /// plain text, or for HTML too (which implies plain text).
    enum Inertness: Comparable {
        case none, forText, forHTML
    }

    /// `inert(_:forHTML:)` for both values of `forHTML`, reading `text` once.
    static func inertness(_ text: String) -> Inertness {
        var text = text
        return text.withUTF8 { bytes in
            guard let first = bytes.first, let last = bytes.last,
                  (first | 0x20) >= UInt8(ascii: "a"), (first | 0x20) <= UInt8(ascii: "z"),
                  last != UInt8(ascii: " ")
            else { return .none }
            var forHTML = true
            var previous: UInt8 = 0
            var dots = 0
            for byte in bytes {
                switch byte {
                case 0x80...: break
                case 0..<0x20, 0x7F: return .none
                case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"),
                     UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "<"), UInt8(ascii: ">"),
                     UInt8(ascii: "&"), UInt8(ascii: "~"), UInt8(ascii: "|"):
                    return .none
                case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: ":"), UInt8(ascii: "@"):
                    forHTML = false
                case UInt8(ascii: "-"):
                    if previous == UInt8(ascii: "-") { forHTML = false }
                case UInt8(ascii: "."):
                    // "..." is an ellipsis; "www." (any case) a link.
                    dots += 1
                    if dots == 3 { forHTML = false }
                    previous = byte
                    continue
                default: break
                }
                dots = 0
                previous = byte
            }
            return forHTML && !containsWWW(bytes) ? .forHTML : .forText
        }
    }

    /// Whether `text` is one line that starts with an ASCII letter, which
    /// starts no block: what `Markdown.escapingBlockSyntax(lines:)` gives
    /// back as it is. A byte of any line break Swift splits at (\n, \v, \f,
    /// \r, and the last bytes of U+0085, U+2028 and U+2029) refuses it.
    static func isOneLineStartingWithLetter(_ text: String) -> Bool {
        guard let first = text.utf8.first, (first | 0x20) >= UInt8(ascii: "a"), (first | 0x20) <= UInt8(ascii: "z")
        else { return false }
        var previous: UInt8 = 0
        for byte in text.utf8 {
            switch (previous, byte) {
            case (_, 0x0A...0x0D), (0xC2, 0x85), (0x80, 0xA8), (0x80, 0xA9): return false
            default: previous = byte
            }
        }
        return true
    }

    /// "www." in any case.
    private static func containsWWW(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var run = 0
        for byte in bytes {
            if byte | 0x20 == UInt8(ascii: "w") {
                run += 1
            } else {
                if byte == UInt8(ascii: "."), run >= 3 { return true }
                run = 0
            }
        }
        return false
    }

    /// cmark's HTML for an inert line: the line as a paragraph.
    static func html(_ text: String) -> String {
        "<p>" + text + "</p>\n"
    }
}
