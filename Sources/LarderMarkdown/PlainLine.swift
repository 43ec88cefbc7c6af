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
        var text = text
        return text.withUTF8 { bytes in
            guard let first = bytes.first, let last = bytes.last,
                  (first | 0x20) >= UInt8(ascii: "a"), (first | 0x20) <= UInt8(ascii: "z"),
                  last != UInt8(ascii: " ")
            else { return false }
            var previous: UInt8 = 0
            var dots = 0
            for byte in bytes {
                switch byte {
                case 0x80...: break
                case 0..<0x20, 0x7F: return false
                case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"),
                     UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "<"), UInt8(ascii: ">"),
                     UInt8(ascii: "&"), UInt8(ascii: "~"), UInt8(ascii: "|"):
                    return false
                case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: ":"), UInt8(ascii: "@"):
                    if forHTML { return false }
                case UInt8(ascii: "-"):
                    if forHTML, previous == UInt8(ascii: "-") { return false }
                case UInt8(ascii: "."):
                    if forHTML {
                        // "..." is an ellipsis; "www." (any case) a link.
                        dots += 1
                        if dots == 3 { return false }
                        previous = byte
                        continue
                    }
                default: break
                }
                dots = 0
                previous = byte
            }
            return !forHTML || !containsWWW(bytes)
        }
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
