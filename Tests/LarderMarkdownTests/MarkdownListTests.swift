import Testing

@testable import LarderMarkdown

@Suite struct MarkdownListTests {
    private func onlyList(_ document: MarkdownDocument) throws -> MarkdownList {
        let lists = document.blocks.compactMap(\.list)
        try #require(lists.count == 1)
        return lists[0]
    }

    @Test func taskItemsCarryStateTextAndPositions() throws {
        let document = Markdown.parse("""
            ## Produce
            - [ ] 2 avocados
            - [x] 1 kg apples @farmers-market
            - [X] 3 lemons !high (for the pancakes)
            - plain item
            """)
        let list = try onlyList(document)
        #expect(!list.isOrdered)
        #expect(list.start == nil)
        #expect(list.items.map(\.taskState) == [.unchecked, .checked, .checked, nil])
        #expect(list.items.map { $0.text?.source } == [
            "2 avocados", "1 kg apples @farmers-market", "3 lemons !high (for the pancakes)", "plain item",
        ])
        #expect(list.items.map { $0.text?.start } == [
            MarkdownPosition(line: 2, column: 7), MarkdownPosition(line: 3, column: 7),
            MarkdownPosition(line: 4, column: 7), MarkdownPosition(line: 5, column: 3),
        ])
        let first = list.items[0].range
        #expect((first.startLine, first.startColumn, first.start) == (2, 1, MarkdownPosition(line: 2, column: 1)))
        #expect(first.end == MarkdownPosition(line: 2, column: 16))
        #expect(list.items[0].source == "2 avocados")
        #expect(list.items[1].plainText == "1 kg apples @farmers-market")
    }

    @Test func multibyteCharactersBeforeTheTextShiftByteColumnsNotScalarColumns() throws {
        // "é" is 2 bytes, "🥑" is 4: cmark's byte columns run ahead of ours.
        let document = Markdown.parse("> é\n\n- [ ] 🥑 é avocado @store\n")
        let item = try onlyList(document).items[0]
        #expect(item.text?.source == "🥑 é avocado @store")
        #expect(item.text?.start == MarkdownPosition(line: 3, column: 7))
        // A caller that finds "@store" at scalar 13 of the source reports it here:
        let at = try #require(item.text?.source.unicodeScalars.firstIndex(of: "@"))
        let column = item.text!.source.unicodeScalars.distance(from: item.text!.source.unicodeScalars.startIndex, to: at) + 1
        #expect(item.text?.position(column: column) == MarkdownPosition(line: 3, column: 19))
        #expect(document.line(3).map { Array($0.unicodeScalars)[18] } == "@")
        // The paragraph's range is still cmark's bytes; `start`/`end` are scalars.
        let paragraph = try #require(item.children.first)
        #expect(paragraph.range.startColumn == 7)
        #expect(paragraph.range.endColumn == 7 + "🥑 é avocado @store".utf8.count - 1)
        #expect(paragraph.range.end == MarkdownPosition(line: 3, column: 7 + 18 - 1))
        #expect(document.position(line: 3, byteColumn: 12) == MarkdownPosition(line: 3, column: 9))
    }

    @Test func multibyteTextBeforeTheMarkerOnTheSameLine() throws {
        // Inside a quote the marker is preceded by "> "; in a list item after
        // a multibyte first item a nested one is indented by spaces only, so
        // take a table-free case: a tab before the text.
        let document = Markdown.parse("-\t[ ] tabbed\n- [ ]\téclair\n")
        let items = try onlyList(document).items
        #expect(items.map(\.taskState) == [.unchecked, .unchecked])
        #expect(items.map { $0.text?.source } == ["tabbed", "éclair"])
        #expect(items.map { $0.text?.start } == [
            MarkdownPosition(line: 1, column: 7), MarkdownPosition(line: 2, column: 7),
        ])
    }

    @Test func nestedListsKeepTheirOwnItemsAndPositions() throws {
        let document = Markdown.parse("""
            - [ ] pasta
              - [x] 500 g penne
              - [ ] parmesan
            - [ ] wine
            """)
        let items = try onlyList(document).items
        #expect(items.count == 2)
        #expect(items[0].text?.source == "pasta")
        let nested = try #require(items[0].children.compactMap(\.list).first)
        #expect(nested.items.map(\.taskState) == [.checked, .unchecked])
        #expect(nested.items.map { $0.text?.source } == ["500 g penne", "parmesan"])
        #expect(nested.items.map { $0.text?.start } == [
            MarkdownPosition(line: 2, column: 9), MarkdownPosition(line: 3, column: 9),
        ])
        #expect(nested.items[0].range.start == MarkdownPosition(line: 2, column: 3))
        // The outer item's raw Markdown keeps the nested list, de-indented.
        #expect(items[0].source == "pasta\n- [x] 500 g penne\n- [ ] parmesan")
        #expect(items[0].plainText == "pasta\n\n500 g penne\nparmesan")
    }

    @Test func crlfInputGivesTheSamePositions() throws {
        let unix = Markdown.parse("# List\n\n- [ ] 2 avocados\n- [x] é apples\n")
        let windows = Markdown.parse("# List\r\n\r\n- [ ] 2 avocados\r\n- [x] é apples\r\n")
        let items = try onlyList(windows).items
        #expect(items.map { $0.text?.source } == ["2 avocados", "é apples"])
        #expect(items.map { $0.text?.start } == [
            MarkdownPosition(line: 3, column: 7), MarkdownPosition(line: 4, column: 7),
        ])
        #expect(windows.blocks == unix.blocks)
        #expect(windows.line(4) == "- [x] é apples")
    }

    @Test func lineOffsetMovesEveryLine() throws {
        let document = Markdown.parse("## Dairy\n- [ ] 1 l oat milk #dairy\n", lineOffset: 4)
        let heading = try #require(document.blocks.first?.heading)
        #expect(heading.text.start == MarkdownPosition(line: 5, column: 4))
        #expect(document.blocks[0].range.startLine == 5)
        let item = try onlyList(document).items[0]
        #expect(item.range.startLine == 6)
        #expect(item.text?.start == MarkdownPosition(line: 6, column: 7))
        #expect(item.text?.inlines.first?.range?.start == MarkdownPosition(line: 6, column: 7))
        #expect(document.line(6) == "- [ ] 1 l oat milk #dairy")
        #expect(document.line(4) == nil)
        #expect(document.position(line: 6, byteColumn: 7) == MarkdownPosition(line: 6, column: 7))
    }

    @Test func emptyAndMalformedTaskItems() throws {
        // "- [ ]" with nothing after it is not a task item in GFM: its text is "[ ]".
        let document = Markdown.parse("- [ ] \n- [ ]\n- [ ]x\n")
        let items = try onlyList(document).items
        #expect(items.map(\.taskState) == [.unchecked, nil, nil])
        #expect(items.map { $0.text?.source } == [nil, "[ ]", "[ ]x"])
        #expect(items[0].source == "")
        #expect(items[0].range.start == MarkdownPosition(line: 1, column: 1))
    }

    @Test func orderedListsWithMultiParagraphItems() throws {
        let document = Markdown.parse("""
            ## Directions

            3. Heat the *oven* to 200 °C.
            4. Mix the flour
               and the water.

               Rest for 10 min.
            """)
        let list = try onlyList(document)
        #expect(list.isOrdered)
        #expect(list.start == 3)
        #expect(!list.isTight)
        #expect(list.items.map(\.taskState) == [nil, nil])
        #expect(list.items[0].text?.source == "Heat the *oven* to 200 °C.")
        #expect(list.items[0].text?.plainText == "Heat the oven to 200 °C.")
        #expect(list.items[0].text?.start == MarkdownPosition(line: 3, column: 4))
        let second = list.items[1]
        #expect(second.children.count == 2)
        #expect(second.source == "Mix the flour\nand the water.\n\nRest for 10 min.")
        #expect(second.plainText == "Mix the flour and the water.\n\nRest for 10 min.")
        #expect(second.text?.source == "Mix the flour\nand the water.")
        #expect(second.text?.lineStarts == [
            MarkdownPosition(line: 4, column: 4), MarkdownPosition(line: 5, column: 4),
        ])
        #expect(second.text?.position(line: 1, column: 5) == MarkdownPosition(line: 5, column: 8))
        #expect(second.range.start == MarkdownPosition(line: 4, column: 1))
        #expect(second.range.end == MarkdownPosition(line: 7, column: 19))
        #expect(Markdown.html(second.source) == "<p>Mix the flour\nand the water.</p>\n<p>Rest for 10 min.</p>\n")
    }

    @Test func linksInItemsGiveTextDestinationAndPosition() throws {
        let document = Markdown.parse("""
            ## Ingredients
            - 1 [Pizza dough](pizza-dough "Base")
            - 200 g tomatoes, [see *sauce*](tomato-sauce)
              and [more](extra) on the next line
            """)
        let items = try onlyList(document).items
        let dough = try #require(items[0].text?.links.first)
        #expect(dough.text == "Pizza dough")
        #expect(dough.destination == "pizza-dough")
        #expect(dough.title == "Base")
        #expect(dough.range?.start == MarkdownPosition(line: 2, column: 5))
        #expect(dough.range?.end == MarkdownPosition(line: 2, column: 37))
        #expect(items[0].text?.plainText == "1 Pizza dough")

        let links = try #require(items[1].text?.links)
        #expect(links.map(\.text) == ["see sauce", "more"])
        #expect(links.map(\.destination) == ["tomato-sauce", "extra"])
        #expect(links.map { $0.range?.start } == [
            MarkdownPosition(line: 3, column: 19), MarkdownPosition(line: 4, column: 7),
        ])
        #expect(links[1].range?.end == MarkdownPosition(line: 4, column: 19))
    }

    @Test func inlinePositionsOnDeeperIndentedContinuationLines() throws {
        // cmark counts these from the paragraph's start column; we repair them.
        let document = Markdown.parse("1. é\n    é [u](v)\n\nline\n   more [w](x)\n")
        let item = try #require(document.blocks.first?.list?.items.first)
        #expect(item.text?.links.first?.range?.start == MarkdownPosition(line: 2, column: 7))
        let paragraph = try #require(document.blocks.last?.paragraph)
        #expect(paragraph.source == "line\nmore [w](x)")
        #expect(paragraph.links.first?.range?.start == MarkdownPosition(line: 5, column: 9))
        #expect(paragraph.lineStarts[1] == MarkdownPosition(line: 5, column: 4))
    }
}
