import Testing

@testable import LarderMarkdown

@Suite struct MarkdownConcurrencyTests {
    /// The first parses race to register cmark's extensions; every task must
    /// still see task lists and tables.
    @Test func parsesFromConcurrentTasks() async {
        let text = "## Produce\n- [ ] 2 avocados\n- [x] é apples\n\n| a |\n|---|\n| b |\n"
        let expected = Markdown.parse(text)
        let results = await withTaskGroup(of: (MarkdownDocument, String).self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var last = (Markdown.parse(text), "")
                    for _ in 0..<50 { last = (Markdown.parse(text), Markdown.html(text)) }
                    return last
                }
            }
            var all: [(MarkdownDocument, String)] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 8)
        for (document, html) in results {
            #expect(document == expected)
            #expect(document.blocks.compactMap(\.list).first?.items.map(\.taskState) == [.unchecked, .checked])
            #expect(html.contains("<table>"))
            #expect(html.contains("checkbox"))
        }
    }
}
