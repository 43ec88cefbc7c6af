import Testing

@testable import LarderMarkdown

/// The line scan that refuses costly Markdown before cmark-gfm sees it, and
/// the tree builder's cost on what the scan lets through.
@Suite struct MarkdownShapeTests {
    static let limits = MarkdownLimits(
        nesting: 16, quoteNesting: 4, tableColumns: 64, bytesPerTableCell: 2, tableCellsFloor: 256,
        paragraphBytes: 16 * 1024, punctuatedQuotes: 256, textBytes: 256 * 1024
    )

    func excess(_ text: String) -> MarkdownExcess? {
        MarkdownShape.firstExcess(in: text, limits: Self.limits)
    }

    @Test func ordinaryMarkdownPasses() {
        #expect(excess("""
            Intro with "quotes", don't, and -- dashes.

            > A quote
            >> within a quote

            - [ ] 2 eggs
              - a detail
                1. deeper
                   > quoted

            | Flour | Sugar |
            |:------|------:|
            | 200 g | 50 g  |
            | 1 cup |

            ```
                                                                        indented code, no marker
            ```
            """) == nil)
    }

    @Test func nestingIsCountedOnEachLine() {
        #expect(excess(String(repeating: "- ", count: 16) + "x") == nil)
        #expect(excess(String(repeating: "- ", count: 17) + "x") == MarkdownExcess(kind: .nesting(depth: 17), line: 1, column: 33))
        #expect(excess("a\r\n" + String(repeating: "1. ", count: 17)) == MarkdownExcess(kind: .nesting(depth: 17), line: 2, column: 49))
        // Indentation: 4 columns (a tab) a level.
        #expect(excess(String(repeating: "\t", count: 16) + "- x") == MarkdownExcess(kind: .nesting(depth: 17), line: 1, column: 17))
        #expect(excess(">>>>") == nil)
        #expect(excess("> > > > > x") == MarkdownExcess(kind: .quoteNesting(depth: 5), line: 1, column: 9))
    }

    @Test func tablesAreLimitedInColumnsAndCells() {
        let head = { (columns: Int) in String(repeating: "| a ", count: columns) + "|\n" + String(repeating: "|---", count: columns) + "|\n" }
        #expect(excess(head(64) + String(repeating: "| x ", count: 64) + "|\n") == nil)
        #expect(excess("x\n\n" + head(65)) == MarkdownExcess(kind: .tableColumns(columns: 65), line: 4, column: 1))
        // Short rows are padded to the header's width, and the padding counts.
        let padded = head(64) + String(repeating: "|\n", count: 3)
        #expect(excess(padded) == MarkdownExcess(kind: .tableCells(cells: 320, bytes: 522), line: 5, column: 1))
        // A blank line ends the table: the next one starts counting again.
        #expect(excess(head(64) + "|\n\n" + head(64) + "|\n") == nil)
    }

    @Test func paragraphsAreLimitedInBytesAndQuoteMarks() {
        let long = String(repeating: "word ", count: 3_000)
        #expect(excess(long + "\n\n" + long) == nil)
        #expect(excess("# Title\n" + long + "\n" + long) == MarkdownExcess(kind: .paragraph(startLine: 2), line: 3, column: 1))
        #expect(excess(String(repeating: "'.", count: 256) + "\n") == nil)
        #expect(excess("- a\n  b\n  " + String(repeating: "'", count: 300)) == MarkdownExcess(kind: .quotes(startLine: 1), line: 3, column: 1))
    }

    /// The quote marks are counted eight bytes at a time where a word holds
    /// none: each is found wherever it falls in a word, and only between
    /// punctuation.
    @Test func quoteMarksAreFoundAtEveryOffset() {
        var limits = Self.limits
        limits.punctuatedQuotes = 2
        for offset in 0..<24 {
            let pad = String(repeating: "a", count: offset)
            for mark in ["'", "\""] {
                let three = pad + ".\(mark)." + pad + "(\(mark))" + pad + "-\(mark)-" + String(repeating: "b", count: 20)
                #expect(MarkdownShape.firstExcess(in: three, limits: limits) == MarkdownExcess(kind: .quotes(startLine: 1), line: 1, column: 1), "\(three)")
                let two = pad + ".\(mark)." + pad + "a\(mark)a" + pad + "-\(mark)-" + String(repeating: "b", count: 20)
                #expect(MarkdownShape.firstExcess(in: two, limits: limits) == nil, "\(two)")
            }
        }
    }

    @Test func theWholeTextIsLimited() {
        let text = String(repeating: "a\n\n", count: 100_000)
        #expect(excess(text) == MarkdownExcess(kind: .text, line: 174_763, column: 1))
    }

    /// Every inline of a paragraph found its line by a search through the
    /// paragraph's lines: 100,000 continuation lines took minutes.
    @Test func manyContinuationLinesParseInLinearTime() throws {
        let started = ContinuousClock.now
        let document = Markdown.parse("- 1 egg\n" + String(repeating: "x\n", count: 100_000))
        let took = ContinuousClock.now - started
        let text = try #require(document.blocks.first?.list?.items.first?.text)
        #expect(text.lineStarts.count == 100_001)
        #expect(text.lineStarts.last == MarkdownPosition(line: 100_001, column: 1))
        #expect(took < .seconds(20), "parsing took \(took)")
    }
}
