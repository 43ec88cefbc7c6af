import Testing

@testable import LarderMarkdown

/// `PlainLine` answers for cmark when a line has no Markdown in it: each
/// time it does, the answer must be cmark's, byte for byte.
@Suite struct PlainLineTests {
    /// Every printable ASCII character (and tab) at the start, inside (once,
    /// twice, three times) and at the end of a line, and lines that look
    /// plain but are not.
    static let lines: [String] = {
        var lines: [String] = []
        for byte in [UInt8(0x09)] + Array(UInt8(0x20)...UInt8(0x7E)) {
            let c = String(UnicodeScalar(byte))
            lines += [c + "word", c, "Ab" + c + "cd", "Ab " + c + " cd", "A" + c + c + "b", "A" + c + c + c + "b", "Word" + c]
        }
        lines += [
            "Do step 1 carefully, stirring now and then until it is done and smells good.",
            "Visit www.example.com now", "Visit WWW.example.com now", "Visit wwww.example.com", "See http://example.org/x.",
            "Mail me@example.org today", "Wait... then stir", "Wait.. then stir", "A -- B", "A --- B", "A - B",
            "Don't stir", "A \"quoted\" word", "Crème brûlée — 350°F", "Word  ", "Two\nlines", "Two\r\nlines",
            "A 1. b", "Heat (gently) to 180 C; stir 2-3 min, 50% off!", "Setext\n===", "A\u{0}b", "Tab\there",
            "Price $5 #1 ^ {braces} = + ? , /", "Non\u{A0}breaking\u{A0}", "Zero\u{200B}width", "a", "Z",
        ]
        return lines
    }()

    @Test(arguments: lines)
    func plainTextIsCmarks(line: String) {
        guard PlainLine.inert(line, forHTML: false) else { return }
        #expect(Markdown.plainText(inline: line) == Markdown.plainTextViaCmark(inline: line))
        #expect(Markdown.plainText(line) == Markdown.plainTextViaCmark(line))
    }

    @Test(arguments: lines + MarkdownFastPlainTextTests.samples)
    func oneLineNeedsNoEscaping(text: String) {
        guard PlainLine.isOneLineStartingWithLetter(text) else { return }
        #expect(Markdown.escapingBlockSyntaxLineByLine(text) == text)
    }

    @Test(arguments: lines + ["A\u{85}b", "A\u{2028}b", "A\u{2029}b", "A\u{0B}b", "A\u{0C}b", "A\rb", "A\r\nb", "1. A", " A"])
    func oneLineIsOneLine(text: String) {
        let oneLine = text.first.map { $0.isASCII && $0.isLetter } == true && !text.contains(where: \.isNewline)
        #expect(PlainLine.isOneLineStartingWithLetter(text) == oneLine)
    }

    @Test(arguments: lines)
    func htmlIsCmarks(line: String) {
        guard PlainLine.inert(line, forHTML: true) else { return }
        #expect(Markdown.html(line) == Markdown.htmlViaCmark(line))
    }

    /// The shortcut is taken where it should be, and refused where cmark
    /// changes the text.
    @Test func takenForPlainSteps() {
        #expect(PlainLine.inert("Do step 1 carefully, stirring until done.", forHTML: true))
        #expect(PlainLine.inert("Heat to 350°F, then rest.", forHTML: true))
        #expect(PlainLine.inert("Don't stir: wait.", forHTML: false))
        #expect(!PlainLine.inert("Don't stir", forHTML: true))
        #expect(!PlainLine.inert("See www.example.org", forHTML: true))
        #expect(!PlainLine.inert("Wait...", forHTML: true))
        #expect(!PlainLine.inert("1. First", forHTML: false))
        #expect(!PlainLine.inert("Some *emphasis*", forHTML: false))
        #expect(!PlainLine.inert("Two\nlines", forHTML: false))
        #expect(!PlainLine.inert("Trailing ", forHTML: false))
    }
}
