import Foundation
import Synchronization
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

    /// cmark-gfm sets its extensions' trigger characters (`~`, `w`, `:`,
    /// `|`) in globals when an inline pass starts and clears them when it
    /// ends (`Cmark.inlinePass`): every parse on every thread must still see
    /// `~~struck~~`, a `www.` link and a table's cells, or the same file
    /// makes different pages from one build to the next.
    @Test func extensionSyntaxSurvivesParsesOnOtherThreads() {
        let text = "Made ~~twice~~ once, from www.example.org/soup.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
        let expected = Markdown.html(text)
        #expect(expected.contains("<del>twice</del>"))
        #expect(expected.contains("href=\"http://www.example.org/soup\""))
        #expect(expected.contains("<td>2</td>"))
        let differing = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 4000) { _ in
            if Markdown.html(text) != expected { differing.withLock { $0 += 1 } }
        }
        #expect(differing.withLock { $0 } == 0)
    }
}
