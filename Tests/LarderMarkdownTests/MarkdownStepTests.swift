import Testing

@testable import LarderMarkdown

/// `Markdown.htmlAndPlainText(inline:)` makes a step's HTML and plain text
/// from one cmark run when it can: each must be what its own run gives.
@Suite struct MarkdownStepTests {
    static let steps: [String] = PlainLineTests.lines + MarkdownFastPlainTextTests.samples + [
        "Blend until smooth. **Do not** fill the blender more than half full.",
        "Stir in the *cream* and `salt`, then see [the sauce](sauce) or https://example.org.",
        "Don't **stir**", "A \"quoted\" *word*", "Wait... *then* stir", "A -- *B*", "A - *B*",
        "1. **first**", "- *item*", "# *heading*", "> *quote*", "    *indented*", " *one space*",
        "**Two**\nlines", "**CR LF**\r\nlines", "**Line**\u{2028}separator", "*A*\u{0}b",
        "Cre\u{300}me **bru\u{302}le\u{301}e**", "<b>raw</b> *html*", "*a* <script>x</script>",
        "| a | *b* |", "~~struck~~ and ~one~", "[ ] *task*", "*a*  \nhard", "&amp; *x*",
    ]

    @Test(arguments: steps)
    func matchesTwoRuns(step: String) {
        let both = Markdown.htmlAndPlainText(inline: step)
        #expect(both.html == Markdown.html(step))
        #expect(both.plainText == Markdown.plainText(inline: step))
    }

    @Test func oneRunOnlyWhenSmartPunctuationCannotApply() {
        #expect(!Markdown.smartPunctuationOrNUL(in: "Stir **well**, then rest - briefly. Serve."))
        for text in ["Don't", "\"a\"", "a--b", "wait..", "a\u{0}b"] {
            #expect(Markdown.smartPunctuationOrNUL(in: text))
        }
    }
}
