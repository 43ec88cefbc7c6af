import CCmarkGFM

/// Turns a cmark document into `MarkdownBlock` values in one walk of cmark's
/// iterator. Positions come from `CMARK_OPT_SOURCEPOS`; the raw source of text
/// blocks is cut from `source` (the exact bytes cmark parsed).
struct CmarkTreeBuilder {
    let source: SourceText
    let lineOffset: Int

    private enum NodeKind: Equatable {
        case document, blockQuote, list, item, codeBlock, htmlBlock, paragraph, heading, thematicBreak
        case table, tableRow(isHeader: Bool), tableCell
        case text, softBreak, lineBreak, code, htmlInline, emphasis, strong, strikethrough, link, image
        /// A node this module does not model: its children go to its parent.
        case other

        /// cmark's iterator reports these once (enter), never an exit.
        var isLeaf: Bool {
            switch self {
            case .codeBlock, .htmlBlock, .thematicBreak, .text, .softBreak, .lineBreak, .code, .htmlInline: true
            default: false
            }
        }
    }

    /// What a node's children built, one array per kind of value: each
    /// parent takes the one kind it holds (a list its items, a paragraph its
    /// inlines), so no value is wrapped, filtered or copied on the way up.
    private struct Children {
        var blocks: [MarkdownBlock] = []
        var inlines: [MarkdownInline] = []
        var items: [MarkdownListItem] = []
        var rows: [(isHeader: Bool, cells: [MarkdownText])] = []
        var cells: [MarkdownText] = []

        /// The children of a node this module does not model, for its parent.
        mutating func adopt(_ other: Children) {
            blocks += other.blocks
            inlines += other.inlines
            items += other.items
            rows += other.rows
            cells += other.cells
        }
    }

    /// Where a text block's content lies, line by line (0-based line index,
    /// 0-based byte offsets).
    private struct TextLayout {
        var lines: Lines
        /// cmark gives inlines on a paragraph's later lines a column counted
        /// from the paragraph's start column instead of the line's content
        /// start; this undoes that.
        var repairsContinuationColumns: Bool
        var firstLine: Int
        var startColumn: Int

        func repaired(line: Int, column: Int) -> Int {
            // `lines` holds consecutive line indices from `firstLine`, so the
            // line is found by subtraction: a search here ran once per inline
            // and made a paragraph of many lines quadratic.
            let position = line - 1 - firstLine
            guard repairsContinuationColumns, position > 0, position < lines.count, lines[position].index == line - 1
            else { return column }
            return column - startColumn + lines[position].start + 1
        }
    }

    /// A text block's lines, the first held inline: most blocks (an
    /// ingredient, a step, a heading) are one line, and an array for each
    /// was a malloc and a free per block.
    private struct Lines {
        typealias Line = (index: Int, start: Int, end: Int)
        var first: Line
        var rest: [Line] = []

        var count: Int { rest.count + 1 }
        subscript(position: Int) -> Line { position == 0 ? first : rest[position - 1] }
    }

    private struct Frame {
        let node: OpaquePointer
        let kind: NodeKind
        /// Prefixes of this node's own continuation lines.
        let container: [ContainerPrefix]
        /// Prefixes of its children's continuation lines.
        var childContainer: [ContainerPrefix]
        var layout: TextLayout?
        var children = Children()
    }

    private var stack: [Frame] = []
    private var blocks: [MarkdownBlock] = []
    /// The last list item's container, content indent and the prefixes of
    /// its children made from them: the items of a list mostly share both,
    /// and each `container + [.indent(…)]` was an array allocated per item.
    private var lastItem: (container: [ContainerPrefix], indent: Int, childContainer: [ContainerPrefix])?

    init(source: SourceText, lineOffset: Int) {
        self.source = source
        self.lineOffset = lineOffset
    }

    mutating func build(_ root: OpaquePointer) -> [MarkdownBlock] {
        guard let iterator = cmark_iter_new(root) else { return [] }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            if event == CMARK_EVENT_ENTER {
                enter(node)
            } else if event == CMARK_EVENT_EXIT {
                exit()
            }
        }
        return blocks
    }

    // MARK: - Walking

    private mutating func enter(_ node: OpaquePointer) {
        let kind = Self.kind(of: node)
        // Subscripted, not `stack.last?`: that copies the whole frame.
        let container = stack.isEmpty ? [] : stack[stack.count - 1].childContainer
        if kind.isLeaf {
            var siblings = takeParentChildren()
            leaf(node, kind: kind, container: container, into: &siblings)
            stack[stack.count - 1].children = siblings
            return
        }
        var frame = Frame(node: node, kind: kind, container: container, childContainer: container)
        switch kind {
        // Sized once: an ingredient list's items or a document's blocks
        // appended one by one reallocated the array as it grew.
        case .document: frame.children.blocks.reserveCapacity(Self.childCount(of: node))
        case .list: frame.children.items.reserveCapacity(Self.childCount(of: node))
        case .blockQuote: frame.childContainer = container + [.quote]
        case .item: frame.childContainer = itemChildContainer(container, indent: contentIndent(ofItem: node, container: container))
        case .paragraph: frame.layout = paragraphLayout(node, container: container)
        case .heading: frame.layout = headingLayout(node, container: container)
        case .tableCell: frame.layout = cellLayout(node)
        default: break
        }
        stack.append(frame)
    }

    private mutating func itemChildContainer(_ container: [ContainerPrefix], indent: Int) -> [ContainerPrefix] {
        if let lastItem, lastItem.indent == indent, lastItem.container == container { return lastItem.childContainer }
        let childContainer = container + [.indent(indent)]
        lastItem = (container, indent, childContainer)
        return childContainer
    }

    private mutating func exit() {
        guard var frame = stack.popLast() else { return }
        if frame.kind == .document {
            blocks = frame.children.blocks
            return
        }
        guard !stack.isEmpty else { return }
        var siblings = takeParentChildren()
        container(&frame, layout: layout, into: &siblings)
        stack[stack.count - 1].children = siblings
    }

    /// The children of the innermost open node, moved out (not copied) so
    /// that appending to them never copies their arrays; put them back after.
    private mutating func takeParentChildren() -> Children {
        var children = Children()
        swap(&children, &stack[stack.count - 1].children)
        return children
    }

    /// The innermost text block being built (for inline positions).
    private var layout: TextLayout? {
        var index = stack.count - 1
        while index >= 0 {
            if let layout = stack[index].layout { return layout }
            index -= 1
        }
        return nil
    }

    private func leaf(_ node: OpaquePointer, kind: NodeKind, container: [ContainerPrefix], into parent: inout Children) {
        func literal() -> String { Cmark.string(cmark_node_get_literal(node)) }
        func block(_ blockKind: MarkdownBlock.Kind) {
            parent.blocks.append(MarkdownBlock(kind: blockKind, range: range(of: node) ?? emptyRange, container: container))
        }
        func inline(_ inlineKind: MarkdownInline.Kind) {
            parent.inlines.append(MarkdownInline(kind: inlineKind, range: range(of: node, layout: layout)))
        }
        switch kind {
        case .codeBlock:
            block(.codeBlock(MarkdownCodeBlock(info: Cmark.string(cmark_node_get_fence_info(node)), code: literal())))
        case .htmlBlock: block(.htmlBlock(literal()))
        case .thematicBreak: block(.thematicBreak)
        case .text: inline(.text(literal()))
        case .code: inline(.code(literal()))
        case .htmlInline: inline(.html(literal()))
        case .softBreak: parent.inlines.append(MarkdownInline(kind: .softBreak, range: nil))
        case .lineBreak: parent.inlines.append(MarkdownInline(kind: .lineBreak, range: nil))
        default: break
        }
    }

    /// Builds the value of a finished container node into its parent's
    /// children; `layout` is the text block around it (for inline positions).
    private func container(_ frame: inout Frame, layout: TextLayout?, into parent: inout Children) {
        let node = frame.node
        func block(_ kind: MarkdownBlock.Kind) {
            parent.blocks.append(MarkdownBlock(kind: kind, range: range(of: node) ?? emptyRange, container: frame.container))
        }
        func inline(_ kind: MarkdownInline.Kind) {
            parent.inlines.append(MarkdownInline(kind: kind, range: range(of: node, layout: layout)))
        }
        // Moved out, not copied: the frame is done with them.
        var children = Children()
        swap(&children, &frame.children)
        switch frame.kind {
        case .document, .other:
            parent.adopt(children)
        case .blockQuote:
            block(.blockQuote(children.blocks))
        case .list:
            let isOrdered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
            block(.list(MarkdownList(
                isOrdered: isOrdered,
                start: isOrdered ? Int(cmark_node_get_list_start(node)) : nil,
                isTight: cmark_node_get_list_tight(node) != 0,
                items: children.items
            )))
        case .item:
            parent.items.append(item(node, children: children.blocks, childContainer: frame.childContainer))
        case .paragraph:
            block(.paragraph(text(frame.layout, inlines: children.inlines, node: node)))
        case .heading:
            let heading = MarkdownHeading(
                level: Int(cmark_node_get_heading_level(node)),
                text: text(frame.layout, inlines: children.inlines, node: node)
            )
            block(.heading(heading))
        case .table:
            var header: [MarkdownText] = []
            var rows: [[MarkdownText]] = []
            for (isHeader, cells) in children.rows {
                if isHeader { header = cells } else { rows.append(cells) }
            }
            block(.table(MarkdownTable(alignments: alignments(of: node), header: header, rows: rows)))
        case .tableRow(let isHeader):
            parent.rows.append((isHeader: isHeader, cells: children.cells))
        case .tableCell:
            parent.cells.append(text(frame.layout, inlines: children.inlines, node: node))
        case .emphasis: inline(.emphasis(children.inlines))
        case .strong: inline(.strong(children.inlines))
        case .strikethrough: inline(.strikethrough(children.inlines))
        case .link:
            inline(.link(
                destination: Cmark.string(cmark_node_get_url(node)),
                title: Cmark.string(cmark_node_get_title(node)),
                children: children.inlines
            ))
        case .image:
            inline(.image(
                source: Cmark.string(cmark_node_get_url(node)),
                title: Cmark.string(cmark_node_get_title(node)),
                children: children.inlines
            ))
        case .codeBlock, .htmlBlock, .thematicBreak, .text, .softBreak, .lineBreak, .code, .htmlInline:
            break  // leaves never get here
        }
    }

    private func item(_ node: OpaquePointer, children: [MarkdownBlock], childContainer: [ContainerPrefix]) -> MarkdownListItem {
        var taskState: MarkdownListItem.TaskState?
        if Cmark.typeName(of: node, is: "tasklist") {
            taskState = cmark_gfm_extensions_get_tasklist_item_checked(node) ? .checked : .unchecked
        }
        var markdown = ""
        if let first = children.first, let last = children.last {
            markdown = source.markdown(from: first.range, to: last.range, container: childContainer, lineOffset: lineOffset)
        }
        return MarkdownListItem(
            taskState: taskState,
            range: range(of: node) ?? emptyRange,
            text: children.first?.paragraph,
            children: children,
            source: markdown
        )
    }

    private func alignments(of table: OpaquePointer) -> [MarkdownTable.Alignment] {
        let count = Int(cmark_gfm_extensions_get_table_columns(table))
        guard let raw = cmark_gfm_extensions_get_table_alignments(table) else {
            return Array(repeating: .none, count: count)
        }
        return (0..<count).map { column in
            switch raw[column] {
            case UInt8(ascii: "l"): .left
            case UInt8(ascii: "c"): .center
            case UInt8(ascii: "r"): .right
            default: .none
            }
        }
    }

    // MARK: - Positions

    private var emptyRange: MarkdownSourceRange {
        let start = MarkdownPosition(line: lineOffset + 1, column: 1)
        return MarkdownSourceRange(
            startLine: lineOffset + 1, startColumn: 1, endLine: lineOffset + 1, endColumn: 0,
            start: start, end: start
        )
    }

    /// The node's range with the line offset added; `nil` where cmark gives none.
    private func range(of node: OpaquePointer, layout: TextLayout? = nil) -> MarkdownSourceRange? {
        let startLine = Int(cmark_node_get_start_line(node))
        let endLine = Int(cmark_node_get_end_line(node))
        guard startLine > 0, endLine > 0 else { return nil }
        var startColumn = Int(cmark_node_get_start_column(node))
        var endColumn = Int(cmark_node_get_end_column(node))
        if let layout {
            startColumn = layout.repaired(line: startLine, column: startColumn)
            endColumn = layout.repaired(line: endLine, column: endColumn)
        }
        let start = MarkdownPosition(
            line: startLine + lineOffset,
            column: source.scalarColumn(line: startLine - 1, byteColumn: startColumn)
        )
        let end: MarkdownPosition
        if endColumn <= 0, endLine > startLine {
            // "Column 0 of the next line": the end of the line before.
            let line = endLine - 1
            let length = source.length(ofLine: line - 1)
            end = MarkdownPosition(
                line: line + lineOffset,
                column: max(source.scalarColumn(line: line - 1, byteColumn: length + 1) - 1, 1)
            )
        } else {
            // The inclusive end byte may sit inside a multibyte character:
            // the character's column is one before the next character's.
            end = MarkdownPosition(
                line: endLine + lineOffset,
                column: max(source.scalarColumn(line: endLine - 1, byteColumn: endColumn + 1) - 1, 1)
            )
        }
        return MarkdownSourceRange(
            startLine: startLine + lineOffset, startColumn: startColumn,
            endLine: endLine + lineOffset, endColumn: endColumn,
            start: start, end: end
        )
    }

    private func text(_ layout: TextLayout?, inlines: [MarkdownInline], node: OpaquePointer) -> MarkdownText {
        guard let lines = layout?.lines else {
            let start = range(of: node)?.start ?? emptyRange.start
            return MarkdownText(source: "", lineStarts: [start], inlines: inlines)
        }
        let text = lines.count == 1
            ? source.text(line: lines.first.index, from: lines.first.start, to: lines.first.end)
            : (0..<lines.count).map { source.text(line: lines[$0].index, from: lines[$0].start, to: lines[$0].end) }
                .joined(separator: "\n")
        return MarkdownText(
            source: text,
            lineStarts: (0..<lines.count).map { position in
                let line = lines[position]
                return MarkdownPosition(
                    line: line.index + 1 + lineOffset,
                    column: source.scalarColumn(line: line.index, byteColumn: line.start + 1)
                )
            },
            inlines: inlines
        )
    }

    /// 0-based first line and 0-based start offset, 0-based last line and
    /// exclusive end offset of a node, as cmark reports it.
    private func bounds(_ node: OpaquePointer) -> (first: Int, start: Int, last: Int, end: Int) {
        (
            Int(cmark_node_get_start_line(node)) - 1, Int(cmark_node_get_start_column(node)) - 1,
            Int(cmark_node_get_end_line(node)) - 1, Int(cmark_node_get_end_column(node))
        )
    }

    /// A paragraph starts where cmark says; each later line at its content
    /// (container prefix and leading whitespace removed).
    private func paragraphLayout(_ node: OpaquePointer, container: [ContainerPrefix]) -> TextLayout? {
        let (first, start, last, end) = bounds(node)
        guard first >= 0, last >= first else { return nil }
        func line(_ index: Int) -> Lines.Line {
            let lineStart = index == first
                ? start : source.skippingWhitespace(line: index, from: source.contentStart(line: index, container: container))
            let lineEnd = index == last ? end : source.length(ofLine: index)
            return (index: index, start: lineStart, end: max(lineStart, lineEnd))
        }
        var lines = Lines(first: line(first))
        if last > first { lines.rest = (first + 1...last).map(line) }
        return TextLayout(lines: lines, repairsContinuationColumns: true, firstLine: first, startColumn: start + 1)
    }

    /// An ATX heading's text lies between `#…# ` and an optional closing
    /// `#` run; a setext heading's on the lines above its underline.
    private func headingLayout(_ node: OpaquePointer, container: [ContainerPrefix]) -> TextLayout? {
        let (first, start, last, end) = bounds(node)
        guard first >= 0, last >= first else { return nil }
        if first == last {
            let line = Array(source.line(first))
            var textStart = source.skippingWhitespace(line: first, from: start)
            while textStart < line.count, line[textStart] == UInt8(ascii: "#") { textStart += 1 }
            textStart = source.skippingWhitespace(line: first, from: textStart)
            var textEnd = source.trimmingWhitespace(line: first, upTo: min(end, line.count), floor: textStart)
            var closing = textEnd
            while closing > textStart, line[closing - 1] == UInt8(ascii: "#") { closing -= 1 }
            if closing < textEnd, closing == textStart || SourceText.isWhitespace(line[closing - 1]) {
                textEnd = source.trimmingWhitespace(line: first, upTo: closing, floor: textStart)
            }
            return TextLayout(
                lines: Lines(first: (first, textStart, max(textStart, textEnd))),
                repairsContinuationColumns: false, firstLine: first, startColumn: start + 1
            )
        }
        func line(_ index: Int) -> Lines.Line {
            let from = index == first ? start : source.contentStart(line: index, container: container)
            let lineStart = source.skippingWhitespace(line: index, from: from)
            let lineEnd = source.trimmingWhitespace(line: index, upTo: source.length(ofLine: index), floor: lineStart)
            return (index: index, start: lineStart, end: lineEnd)
        }
        var lines = Lines(first: line(first))
        if last > first + 1 { lines.rest = (first + 1..<last).map(line) }
        return TextLayout(lines: lines, repairsContinuationColumns: true, firstLine: first, startColumn: start + 1)
    }

    /// A table cell: its range without the padding around the content.
    private func cellLayout(_ node: OpaquePointer) -> TextLayout? {
        let (first, start, _, end) = bounds(node)
        // A cell cmark adds to a short row has no place in the source (column 0).
        guard first >= 0, start >= 0 else { return nil }
        let cellStart = source.skippingWhitespace(line: first, from: start)
        let cellEnd = source.trimmingWhitespace(line: first, upTo: end, floor: cellStart)
        return TextLayout(
            lines: Lines(first: (first, cellStart, max(cellStart, cellEnd))),
            repairsContinuationColumns: false, firstLine: first, startColumn: start + 1
        )
    }

    /// How far a list item's continuation lines are indented, relative to its
    /// container: the marker's own indent, the marker (`-`, `12.`), and the
    /// spaces after it (one when there are none or more than four).
    private func contentIndent(ofItem node: OpaquePointer, container: [ContainerPrefix]) -> Int {
        let (first, start, _, _) = bounds(node)
        // Read in place (offsets from the slice's start), not copied per item.
        let line = source.line(first)
        func byte(_ offset: Int) -> UInt8 { line[line.startIndex + offset] }
        let consumed = min(source.contentStart(line: first, container: container), start)
        var offset = start
        while offset < line.count, byte(offset) >= UInt8(ascii: "0"), byte(offset) <= UInt8(ascii: "9") { offset += 1 }
        offset += 1  // the bullet, or the `.` / `)` after the digits
        var spaces = 0
        var probe = offset
        while probe < line.count, SourceText.isWhitespace(byte(probe)) {
            let column = offset + spaces
            spaces += byte(probe) == UInt8(ascii: "\t") ? 4 - column % 4 : 1
            probe += 1
        }
        if probe >= line.count || spaces > 4 { spaces = 1 }
        return (start - consumed) + (offset - start) + spaces
    }

    private static func childCount(of node: OpaquePointer) -> Int {
        var count = 0
        var child = cmark_node_first_child(node)
        while let next = child {
            count += 1
            child = cmark_node_next(next)
        }
        return count
    }

    private static func kind(of node: OpaquePointer) -> NodeKind {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_DOCUMENT: return .document
        case CMARK_NODE_BLOCK_QUOTE: return .blockQuote
        case CMARK_NODE_LIST: return .list
        case CMARK_NODE_ITEM: return .item
        case CMARK_NODE_CODE_BLOCK: return .codeBlock
        case CMARK_NODE_HTML_BLOCK: return .htmlBlock
        case CMARK_NODE_PARAGRAPH: return .paragraph
        case CMARK_NODE_HEADING: return .heading
        case CMARK_NODE_THEMATIC_BREAK: return .thematicBreak
        case CMARK_NODE_TEXT: return .text
        case CMARK_NODE_SOFTBREAK: return .softBreak
        case CMARK_NODE_LINEBREAK: return .lineBreak
        case CMARK_NODE_CODE: return .code
        case CMARK_NODE_HTML_INLINE: return .htmlInline
        case CMARK_NODE_EMPH: return .emphasis
        case CMARK_NODE_STRONG: return .strong
        case CMARK_NODE_LINK: return .link
        case CMARK_NODE_IMAGE: return .image
        default:
            // Extension node types are numbered at registration; their names are stable.
            if Cmark.typeName(of: node, is: "table_cell") { return .tableCell }
            if Cmark.typeName(of: node, is: "table_row") { return .tableRow(isHeader: false) }
            if Cmark.typeName(of: node, is: "table_header") { return .tableRow(isHeader: true) }
            if Cmark.typeName(of: node, is: "table") { return .table }
            if Cmark.typeName(of: node, is: "strikethrough") { return .strikethrough }
            return .other
        }
    }
}
