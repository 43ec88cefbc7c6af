import Testing

@testable import LarderMarkdown

@Suite struct MarkdownDocumentTests {
    static let recipe = """
        A *quick* weeknight pasta.

        Serves two.

        ## Ingredients
        - 200 g spaghetti
        ### For the sauce
        - 2 tomatoes

        ## Directions
        1. Boil.
        2. Toss.

        ## Notes
        Keeps for **two** days.

        > Freeze the sauce.
        """

    @Test func headingsGiveLevelTextAndTextPosition() throws {
        let document = Markdown.parse("# Title *é*\n\n###   Spaced ###  \n\n## Ünïcode **bold** #tag\n\n#\n")
        let headings = document.blocks.compactMap(\.heading)
        #expect(headings.map(\.level) == [1, 3, 2, 1])
        #expect(headings.map(\.text.source) == ["Title *é*", "Spaced", "Ünïcode **bold** #tag", ""])
        #expect(headings.map(\.text.plainText) == ["Title é", "Spaced", "Ünïcode bold #tag", ""])
        #expect(headings.map(\.text.start) == [
            MarkdownPosition(line: 1, column: 3), MarkdownPosition(line: 3, column: 7),
            MarkdownPosition(line: 5, column: 4), MarkdownPosition(line: 7, column: 2),
        ])
        // "**bold**" starts after "## Ünïcode " (11 scalars, 13 bytes).
        let strong = try #require(headings[2].text.inlines.first { if case .strong = $0.kind { true } else { false } })
        #expect(strong.range?.startColumn == 14)
        #expect(strong.range?.start == MarkdownPosition(line: 5, column: 12))
        #expect(document.blocks[0].range.start == MarkdownPosition(line: 1, column: 1))
    }

    /// An all-ASCII line takes byte columns as they are; a line with a
    /// non-ASCII character counts scalars. The ASCII lines of a document get
    /// the same positions whether another line has `é` or not, and its own
    /// line counts it once.
    @Test func asciiAndNonASCIIDocumentsGiveTheSamePositions() throws {
        let body = "- 2 eggs, *beaten*\n  > quoted `code`\n\n1. Boil [it](x).\n"
        let ascii = Markdown.parse(body + "\nEnd.\n")
        let unicode = Markdown.parse(body + "\nEnd é *x*.\n")
        #expect(ascii.blocks.dropLast() == unicode.blocks.dropLast())
        let last = try #require(unicode.blocks.last?.paragraph)
        #expect(last.inlines.last?.range?.start == MarkdownPosition(line: 6, column: 10))
        #expect(unicode.position(line: 6, byteColumn: 8) == MarkdownPosition(line: 6, column: 7))
        // Line ends of every kind end a line's ASCII-ness too.
        let mixed = Markdown.parse("é\r\n\rEnd *y*\r\nü *z*\n")
        let paragraph = try #require(mixed.blocks.last?.paragraph)
        #expect(paragraph.inlines.compactMap(\.range?.start) == [
            MarkdownPosition(line: 3, column: 1), MarkdownPosition(line: 3, column: 5),
            MarkdownPosition(line: 4, column: 1), MarkdownPosition(line: 4, column: 3),
        ])
    }

    @Test func setextHeadingsUseTheLinesAboveTheUnderline() throws {
        let document = Markdown.parse("Shopping *list*\nfor today\n===\n")
        let heading = try #require(document.blocks.first?.heading)
        #expect(heading.level == 1)
        #expect(heading.text.source == "Shopping *list*\nfor today")
        #expect(heading.text.plainText == "Shopping list for today")
        #expect(heading.text.lineStarts == [MarkdownPosition(line: 1, column: 1), MarkdownPosition(line: 2, column: 1)])
    }

    @Test func sectionsSplitByHeadingLevel() throws {
        let document = Markdown.parse(Self.recipe, lineOffset: 3)
        #expect(document.leadingBlocks.count == 2)
        #expect(document.source(of: document.leadingBlocks) == "A *quick* weeknight pasta.\n\nServes two.")
        #expect(document.leadingBlocks.plainText == "A quick weeknight pasta.\n\nServes two.")

        let sections = document.sections(level: 2)
        #expect(sections.map(\.title) == ["Ingredients", "Directions", "Notes"])
        #expect(sections.map(\.headingRange.start.line) == [8, 13, 17])
        #expect(sections.map { $0.heading.text.start } == [
            MarkdownPosition(line: 8, column: 4), MarkdownPosition(line: 13, column: 4),
            MarkdownPosition(line: 17, column: 4),
        ])

        let ingredients = sections[0]
        #expect(ingredients.leadingBlocks.compactMap(\.list).flatMap(\.items).map { $0.text?.source } == ["200 g spaghetti"])
        let groups = ingredients.sections(level: 3)
        #expect(groups.map(\.title) == ["For the sauce"])
        #expect(groups[0].blocks.compactMap(\.list).flatMap(\.items).map { $0.text?.source } == ["2 tomatoes"])
        #expect(ingredients.range.start == MarkdownPosition(line: 8, column: 1))
        #expect(ingredients.range.end == MarkdownPosition(line: 11, column: 12))

        let notes = sections[2]
        #expect(document.source(of: notes.blocks) == "Keeps for **two** days.\n\n> Freeze the sauce.")
        #expect(notes.blocks.plainText == "Keeps for two days.\n\nFreeze the sauce.")
        #expect(notes.range.end == MarkdownPosition(line: 20, column: 19))
    }

    @Test func sectionsStopAtAHigherLevelHeading() {
        let document = Markdown.parse("## A\none\n# Top\ntwo\n## B\nthree\n")
        let sections = document.sections(level: 2)
        #expect(sections.map(\.title) == ["A", "B"])
        #expect(sections.map { document.source(of: $0.blocks) } == ["one", "three"])
        #expect(document.sections(level: 1).map(\.title) == ["Top"])
    }

    @Test func rawSourceOfNestedBlocksDropsContainerPrefixes() throws {
        let document = Markdown.parse("""
            - item
              ```swift
              let x = 1
                indented()
              ```
            > quoted *one*
            > - two
            >   more
            """)
        let item = try #require(document.blocks.first?.list?.items.first)
        #expect(item.source == "item\n```swift\nlet x = 1\n  indented()\n```")
        let code = try #require(item.children.last)
        guard case .codeBlock(let block) = code.kind else {
            Issue.record("expected a code block, got \(code.kind)")
            return
        }
        #expect(block.info == "swift")
        #expect(block.code == "let x = 1\n  indented()\n")
        #expect(document.source(of: [code]) == "```swift\nlet x = 1\n  indented()\n```")

        guard case .blockQuote(let quoted) = document.blocks[1].kind else {
            Issue.record("expected a block quote")
            return
        }
        #expect(document.source(of: quoted) == "quoted *one*\n- two\n  more")
        #expect(document.source(of: [document.blocks[1]]) == "> quoted *one*\n> - two\n>   more")
        let quotedItem = try #require(quoted.last?.list?.items.first)
        #expect(quotedItem.source == "two\nmore")
        #expect(quotedItem.text?.lineStarts == [MarkdownPosition(line: 7, column: 5), MarkdownPosition(line: 8, column: 5)])
    }

    @Test func topLevelIndentedCodeKeepsItsIndent() {
        let document = Markdown.parse("para\n\n    code\n      deeper\n")
        #expect(document.source(of: Array(document.blocks.dropFirst())) == "    code\n      deeper")
        #expect(document.source(of: document.blocks) == "para\n\n    code\n      deeper")
    }

    @Test func tablesGiveAlignmentsAndCells() throws {
        let document = Markdown.parse("| Item | Qty | Note |\n|:--|--:|:-:|\n| é *oat* | 2 | ~~old~~ |\n| x | | |\n")
        guard case .table(let table) = try #require(document.blocks.first).kind else {
            Issue.record("expected a table")
            return
        }
        #expect(table.alignments == [.left, .right, .center])
        #expect(table.header.map(\.plainText) == ["Item", "Qty", "Note"])
        #expect(table.rows.map { $0.map(\.plainText) } == [["é oat", "2", "old"], ["x", "", ""]])
        #expect(table.rows[0].map(\.source) == ["é *oat*", "2", "~~old~~"])
        #expect(table.rows[0].map(\.start) == [
            MarkdownPosition(line: 3, column: 3), MarkdownPosition(line: 3, column: 13),
            MarkdownPosition(line: 3, column: 17),
        ])
        #expect(document.blocks[0].plainText == "Item\tQty\tNote\né oat\t2\told\nx\t\t")
    }

    /// A row with fewer cells than the header: cmark fills in empty cells
    /// that have no place in the source (column 0), which once made the
    /// tree builder index before the start of the line and crash `check`.
    @Test func shortTableRowsGetEmptyCells() throws {
        let document = Markdown.parse("| a | b |\n|---|---|\n| 3 |\n")
        guard case .table(let table) = try #require(document.blocks.first).kind else {
            Issue.record("expected a table")
            return
        }
        #expect(table.rows.map { $0.map(\.plainText) } == [["3", ""]])
        #expect(table.rows[0][0].start == MarkdownPosition(line: 3, column: 3))
    }

    @Test func otherBlocksAndInlines() throws {
        let document = Markdown.parse("""
            Text with `code`, a <b>tag</b>, ![alt *text*](img.png "T"), line  
            break and https://example.com.

            ***

            <div>raw</div>
            """)
        let paragraph = try #require(document.blocks.first?.paragraph)
        #expect(paragraph.plainText == "Text with code, a tag, alt text, line\nbreak and https://example.com.")
        #expect(paragraph.links.map(\.destination) == ["https://example.com"])
        #expect(paragraph.inlines.contains { $0.kind == .html("<b>") })
        #expect(paragraph.inlines.contains { $0.kind == .lineBreak && $0.range == nil })
        let image = try #require(paragraph.inlines.first { if case .image = $0.kind { true } else { false } })
        #expect(image.kind == .image(source: "img.png", title: "T", children: image.children))
        #expect(document.blocks[1].kind == .thematicBreak)
        #expect(document.blocks[2].kind == .htmlBlock("<div>raw</div>\n"))
        #expect(document.blocks[2].range.start == MarkdownPosition(line: 6, column: 1))
    }

    @Test func nulAndByteOrderMarkKeepColumnsInStep() throws {
        let document = Markdown.parse("\u{FEFF}# BOM\n\n- [ ] a\u{0}b [q](r)\n")
        #expect(document.blocks.first?.heading?.text.start == MarkdownPosition(line: 1, column: 4))
        let item = try #require(document.blocks.last?.list?.items.first)
        #expect(item.text?.source == "a\u{FFFD}b [q](r)")
        #expect(item.text?.links.first?.range?.start == MarkdownPosition(line: 3, column: 11))
    }

    @Test func smartPunctuationOnlyWhenAsked() throws {
        let plain = Markdown.parse("\"Chef's\" knife -- sharp...")
        let smart = Markdown.parse("\"Chef's\" knife -- sharp...", smartPunctuation: true)
        #expect(plain.blocks.first?.plainText == "\"Chef's\" knife -- sharp...")
        #expect(smart.blocks.first?.plainText == "“Chef’s” knife – sharp…")
        #expect(smart.blocks.first?.paragraph?.source == "\"Chef's\" knife -- sharp...")
    }

    @Test func emptyInput() {
        #expect(Markdown.parse("").blocks.isEmpty)
        #expect(Markdown.parse("\n\n  \n").blocks.isEmpty)
        #expect(Markdown.parse("").source(of: []) == "")
    }
}
