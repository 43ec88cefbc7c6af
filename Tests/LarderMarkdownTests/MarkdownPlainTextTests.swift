import Testing

@testable import LarderMarkdown

@Suite struct MarkdownPlainTextTests {
    @Test(arguments: [
        ("[Pizza *dough*](pizza-dough)", "Pizza dough"),
        ("Crème **fraîche**", "Crème fraîche"),
        ("- not a list", "- not a list"),
        ("# not a heading", "# not a heading"),
        ("#hashtag", "#hashtag"),
        ("1. not a list", "1. not a list"),
        ("2024) year", "2024) year"),
        ("> not a quote", "> not a quote"),
        ("---", "---"),
        ("```", "```"),
        ("*emph* start", "emph start"),
        ("[label]: not-a-definition", "[label]: not-a-definition"),
        ("  indented name", "indented name"),
        ("two\nlines", "two lines"),
        ("", ""),
    ])
    func inlinePlainText(markdown: String, plain: String) {
        #expect(Markdown.plainText(inline: markdown) == plain)
    }
}
