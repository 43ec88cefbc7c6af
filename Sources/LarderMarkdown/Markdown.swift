import CCmarkGFM

/// Markdown through libcmark-gfm, the one C library Larder calls. Callers get
/// plain Swift values; no C type leaves this module.
public enum Markdown {
    /// Parses `text` with the GFM extensions (table, strikethrough, autolink,
    /// tasklist), keeping source positions.
    ///
    /// - Parameters:
    ///   - lineOffset: added to every line number, for a body that starts
    ///     after front matter (pass the number of lines before it).
    ///   - smartPunctuation: curly quotes and dashes in the inlines' text (the
    ///     raw `source` strings are never changed).
    public static func parse(_ text: String, lineOffset: Int = 0, smartPunctuation: Bool = false) -> MarkdownDocument {
        let source = SourceText(text)
        var options = CMARK_OPT_SOURCEPOS
        if smartPunctuation { options |= CMARK_OPT_SMART }
        let blocks = Cmark.withDocument(source.bytes, options: options, extensions: Cmark.parseExtensions, inArena: true) { root, _ in
            var builder = CmarkTreeBuilder(source: source, lineOffset: lineOffset)
            return builder.build(root)
        }
        return MarkdownDocument(blocks: blocks, lineOffset: lineOffset, source: source)
    }

    /// Renders `text` to HTML in safe mode, with the GFM extensions and smart
    /// punctuation: raw HTML is dropped (replaced by an HTML comment) and the
    /// `href`/`src` of `javascript:`, `vbscript:`, `file:` and `data:` links
    /// (other than `data:image/png|gif|jpeg|webp`) is emptied.
    public static func html(_ text: String) -> String {
        if PlainLine.inert(text, forHTML: true) { return PlainLine.html(text) }
        return htmlViaCmark(text)
    }

    /// `html` always through cmark.
    static func htmlViaCmark(_ text: String) -> String {
        Cmark.withDocument(Array(text.utf8), options: CMARK_OPT_SMART, extensions: Cmark.renderExtensions) {
            Cmark.renderHTML($0, extensions: $1)
        }
    }

    /// The plain text of inline Markdown, such as a name or title taken from a
    /// line: `[Pizza *dough*](pizza-dough)` gives `Pizza dough`. Block syntax
    /// at the start of a line (`# `, `- `, `1. `, `> `, fences, rules) is read
    /// as text, not as a block. Lines are joined with a space.
    public static func plainText(inline text: String) -> String {
        if PlainLine.inert(text, forHTML: false) { return text }
        return plainTextViaCmark(inline: text)
    }

    /// `plainText(inline:)` always through cmark.
    static func plainTextViaCmark(inline text: String) -> String {
        plainTextBlocks(escapingBlockSyntax(lines: text)).joined(separator: " ")
    }

    /// Each line of `text` through `escapingBlockSyntax`, joined with "\n".
    static func escapingBlockSyntax(lines text: String) -> String {
        // Most steps and names: no line to split, no block to escape.
        if PlainLine.isOneLineStartingWithLetter(text) { return text }
        return escapingBlockSyntaxLineByLine(text)
    }

    /// `escapingBlockSyntax(lines:)` without its shortcut.
    static func escapingBlockSyntaxLineByLine(_ text: String) -> String {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            .map(escapingBlockSyntax)
            .joined(separator: "\n")
    }

    /// A step's HTML and its plain text on one line: `html(text)` and
    /// `plainText(inline: text)`, from one cmark run when one gives both.
    /// It does unless the text holds what smart punctuation changes (`'`,
    /// `"`, `--`, `..`: the HTML curls them, the plain text keeps them), a
    /// line that would start a block or has leading whitespace (the plain
    /// text reads it as text, the HTML as a list, a heading, code…), or NUL:
    /// then each comes from its own run, as before.
    public static func htmlAndPlainText(inline text: String) -> (html: String, plainText: String) {
        switch PlainLine.inertness(text) {
        case .forHTML: return (PlainLine.html(text), text)
        case .forText: return (htmlViaCmark(text), text)
        case .none: break
        }
        let escaped = escapingBlockSyntax(lines: text)
        // Bytes, not `==`: Unicode equivalence is not enough to give cmark the same input.
        guard escaped.utf8.elementsEqual(text.utf8), !smartPunctuationOrNUL(in: text) else {
            return (htmlViaCmark(text), plainTextBlocks(escaped).joined(separator: " "))
        }
        return Cmark.withDocument(Array(text.utf8), options: CMARK_OPT_SMART, extensions: Cmark.renderExtensions) {
            (Cmark.renderHTML($0, extensions: $1), CmarkPlainText.blocks($0).joined(separator: " "))
        }
    }

    /// Whether cmark's smart punctuation could change `text`: it holds a
    /// quote, `--` or `..` (or NUL, which the plain text's parse reads as
    /// U+FFFD: not worth a case of its own).
    static func smartPunctuationOrNUL(in text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            switch byte {
            case 0, UInt8(ascii: "'"), UInt8(ascii: "\""): return true
            case UInt8(ascii: "-"), UInt8(ascii: "."): if previous == byte { return true }
            default: break
            }
            previous = byte
        }
        return false
    }

    /// The plain text of `text`, blocks separated by blank lines: what
    /// `parse(text).blocks.plainText` gives, read straight off cmark's tree
    /// without building a `MarkdownDocument` (for renderers that only want text).
    public static func plainText(_ text: String) -> String {
        if PlainLine.inert(text, forHTML: false) { return text }
        return plainTextViaCmark(text)
    }

    /// `plainText(_:)` always through cmark.
    static func plainTextViaCmark(_ text: String) -> String {
        CmarkPlainText.joinedBlocks(plainTextBlocks(text))
    }

    /// Each top-level block's plain text, parsed as `parse` does.
    static func plainTextBlocks(_ text: String) -> [String] {
        // The bytes `parse` gives cmark (NUL as U+FFFD), without its line table when there is no NUL.
        let bytes = text.utf8.contains(0) ? SourceText(text).bytes : Array(text.utf8)
        return Cmark.withDocument(bytes, options: CMARK_OPT_SOURCEPOS, extensions: Cmark.parseExtensions, inArena: true) { root, _ in
            CmarkPlainText.blocks(root)
        }
    }

    /// `line` without leading whitespace, its first character escaped when it
    /// would start a block.
    static func escapingBlockSyntax(_ line: Substring) -> String {
        let line = line.drop { $0 == " " || $0 == "\t" }
        guard let first = line.first else { return "" }
        let blank: (Character?) -> Bool = { $0.map { $0 == " " || $0 == "\t" } ?? true }
        let run = line.prefix { $0 == first }.count
        let isRule = line.allSatisfy { $0 == first || $0 == " " || $0 == "\t" }
            && line.filter { $0 == first }.count >= 3
        let startsBlock: Bool
        switch first {
        case "-", "+", "*": startsBlock = blank(line.dropFirst().first) || isRule
        case "_", "=": startsBlock = isRule
        case ">": startsBlock = true
        case "#": startsBlock = run <= 6 && blank(line.dropFirst(run).first)
        case "`", "~": startsBlock = run >= 3
        case "[":
            // `[label]: destination` would be a link reference definition.
            startsBlock = line.firstIndex(of: "]").map { line[line.index(after: $0)...].first == ":" } ?? false
        default:
            // `1. ` / `1) ` would start an ordered list: escape the delimiter.
            let digits = line.prefix { $0.isASCII && $0.isNumber }
            let afterDigits = line.dropFirst(digits.count)
            if (1...9).contains(digits.count), let delimiter = afterDigits.first, delimiter == "." || delimiter == ")",
                blank(afterDigits.dropFirst().first)
            {
                return digits + "\\" + afterDigits
            }
            startsBlock = false
        }
        return startsBlock ? "\\" + line : String(line)
    }
}
