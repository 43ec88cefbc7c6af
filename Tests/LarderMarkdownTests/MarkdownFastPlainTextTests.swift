import Testing

@testable import LarderMarkdown

/// `Markdown.plainText(_:)` reads cmark's nodes directly; it must give
/// exactly what the full tree (`parse(_:).blocks.plainText`) gives.
@Suite struct MarkdownFastPlainTextTests {
    static let samples: [String] = [
        "",
        "   \n\n  ",
        "Plain words.",
        "Crème **fraîche** and *emph* and ~~struck~~ and `code`.",
        "Two\nlines, soft.\nThird  \nhard break\\\nanother",
        "First paragraph.\n\nSecond paragraph.\n\n\nThird.",
        "# Heading\n\nText under it.\n\n## Sub *heading*",
        "Setext\n======\n\nbody",
        "- one\n- two\n  - nested *three*\n\n    still three\n- [ ] task\n- [x] done",
        "1. first\n2. second\n\n3. loose",
        "> quoted\n> > deeper\n>\n> more\n\nafter",
        "```swift\nlet x = 1\n```\n\n    indented code\n\n~~~\nno newline at end",
        "<div>raw block</div>\n\nInline <b>html</b> here.",
        "---\n\n***\n\nafter rules",
        "[link *text*](https://example.org \"title\") and ![alt *img*](a.png) and https://auto.example.org",
        "| a | b |\n|---|:-:|\n| 1 | *2* |\n| 3 | 4 |\n",
        "| only | header |\n|---|---|",
        "Text with \u{0} NUL and \r\nCRLF\r\n\r\nnext",
        "Smart \"quotes\" -- and ... stay straight",
        "[ref]\n\n[ref]: https://example.org",
        "* a\n\n  > quote in item\n\n  ```\n  code in item\n  ```\n* b",
        String(repeating: "> ", count: 300) + "deep",
        String(repeating: "- ", count: 200) + "deep list",
        "&amp; &copy; &#65; \\* escaped",
    ]

    @Test(arguments: samples)
    func matchesTheTree(markdown: String) {
        #expect(Markdown.plainText(markdown) == Markdown.parse(markdown).blocks.plainText)
    }

    @Test(arguments: samples)
    func blocksMatchTheTree(markdown: String) {
        #expect(Markdown.plainTextBlocks(markdown) == Markdown.parse(markdown).blocks.map(\.plainText))
    }

    /// A row shorter than the header gets empty cells. (Not compared with the
    /// tree: `parse` traps on such a row's missing cells today.)
    @Test func shortTableRow() {
        #expect(Markdown.plainText("| a | b |\n|---|:-:|\n| 1 | *2* |\n| 3 |\n") == "a\tb\n1\t2\n3\t")
    }
}
