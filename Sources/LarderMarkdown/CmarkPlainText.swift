import CCmarkGFM

/// The plain text of a cmark document read straight off cmark's nodes: the
/// same text as `MarkdownDocument.blocks` gives through `plainText`, without
/// building the Swift tree (no source positions, no `MarkdownText` sources),
/// for callers that only want the text, such as each recipe page.
///
/// It walks with cmark's iterator and its own stack, as `CmarkTreeBuilder`
/// does, so deeply nested input cannot overflow a worker thread's stack.
struct CmarkPlainText {
    /// What a finished node gives its parent; the cases mirror
    /// `CmarkTreeBuilder`'s, each carrying its plain text.
    private enum Piece {
        case block(String)
        case inline(String)
        case item(String)
        case row(isHeader: Bool, cells: [String])
        case cell(String)

        var block: String? { if case .block(let text) = self { text } else { nil } }
        var inline: String? { if case .inline(let text) = self { text } else { nil } }
        var item: String? { if case .item(let text) = self { text } else { nil } }
        var cell: String? { if case .cell(let text) = self { text } else { nil } }
    }

    private enum Role {
        case passThrough, blockQuote, list, item, paragraph, table, row(isHeader: Bool), cell, inlineContainer
    }

    private struct Frame {
        let role: Role
        var pieces: [Piece] = []
    }

    /// The plain text of each top-level block, in order (empty ones kept).
    static func blocks(_ root: OpaquePointer) -> [String] {
        guard let iterator = cmark_iter_new(root) else { return [] }
        defer { cmark_iter_free(iterator) }
        var stack: [Frame] = []
        var top: [Piece] = []
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            if event == CMARK_EVENT_ENTER {
                if let piece = leaf(node) {
                    stack[stack.count - 1].pieces.append(piece)
                } else {
                    stack.append(Frame(role: role(of: node)))
                }
            } else if event == CMARK_EVENT_EXIT, let frame = stack.popLast() {
                let finished = finish(frame)
                if stack.isEmpty {
                    top = finished
                } else {
                    stack[stack.count - 1].pieces.append(contentsOf: finished)
                }
            }
        }
        return top.compactMap(\.block)
    }

    /// A leaf's piece; nil for a container.
    private static func leaf(_ node: OpaquePointer) -> Piece? {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_CODE_BLOCK:
            let code = Cmark.string(cmark_node_get_literal(node))
            return .block(code.hasSuffix("\n") ? String(code.dropLast()) : code)
        case CMARK_NODE_HTML_BLOCK, CMARK_NODE_THEMATIC_BREAK: return .block("")
        case CMARK_NODE_TEXT, CMARK_NODE_CODE: return .inline(Cmark.string(cmark_node_get_literal(node)))
        case CMARK_NODE_HTML_INLINE: return .inline("")
        case CMARK_NODE_SOFTBREAK: return .inline(" ")
        case CMARK_NODE_LINEBREAK: return .inline("\n")
        default: return nil
        }
    }

    private static func role(of node: OpaquePointer) -> Role {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_BLOCK_QUOTE: return .blockQuote
        case CMARK_NODE_LIST: return .list
        case CMARK_NODE_ITEM: return .item
        case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING: return .paragraph
        case CMARK_NODE_EMPH, CMARK_NODE_STRONG, CMARK_NODE_LINK, CMARK_NODE_IMAGE: return .inlineContainer
        case CMARK_NODE_DOCUMENT: return .passThrough
        default:
            switch Cmark.string(cmark_node_get_type_string(node)) {
            case "table": return .table
            case "table_header": return .row(isHeader: true)
            case "table_row": return .row(isHeader: false)
            case "table_cell": return .cell
            case "strikethrough": return .inlineContainer
            default: return .passThrough
            }
        }
    }

    private static func finish(_ frame: Frame) -> [Piece] {
        let pieces = frame.pieces
        func inlines() -> String { pieces.compactMap(\.inline).joined() }
        switch frame.role {
        case .passThrough: return pieces
        case .blockQuote: return [.block(joinedBlocks(pieces.compactMap(\.block)))]
        case .item: return [.item(joinedBlocks(pieces.compactMap(\.block)))]
        case .list: return [.block(pieces.compactMap(\.item).joined(separator: "\n"))]
        case .paragraph: return [.block(inlines())]
        case .inlineContainer: return [.inline(inlines())]
        case .cell: return [.cell(inlines())]
        case .row(let isHeader): return [.row(isHeader: isHeader, cells: pieces.compactMap(\.cell))]
        case .table:
            var header: [String] = []
            var rows: [[String]] = []
            for case .row(let isHeader, let cells) in pieces {
                if isHeader { header = cells } else { rows.append(cells) }
            }
            return [.block(([header] + rows).map { $0.joined(separator: "\t") }.joined(separator: "\n"))]
        }
    }

    /// As `[MarkdownBlock].plainText`: empty blocks skipped, blank lines between.
    static func joinedBlocks(_ texts: [String]) -> String {
        texts.filter { !$0.isEmpty }.joined(separator: "\n\n")
    }
}

