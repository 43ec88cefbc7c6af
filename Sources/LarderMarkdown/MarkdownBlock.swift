/// A block of a Markdown document with its source range.
public struct MarkdownBlock: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case heading(MarkdownHeading)
        case paragraph(MarkdownText)
        case list(MarkdownList)
        case blockQuote([MarkdownBlock])
        case codeBlock(MarkdownCodeBlock)
        /// Raw HTML: kept in the tree, dropped by `Markdown.html`.
        case htmlBlock(String)
        case thematicBreak
        case table(MarkdownTable)
    }

    public var kind: Kind
    public var range: MarkdownSourceRange
    /// The container prefixes (list indentation, `>`) that its continuation
    /// lines carry; lets `MarkdownDocument.source(of:)` cut nested blocks out.
    var container: [ContainerPrefix]

    init(kind: Kind, range: MarkdownSourceRange, container: [ContainerPrefix]) {
        self.kind = kind
        self.range = range
        self.container = container
    }

    public var heading: MarkdownHeading? {
        if case .heading(let heading) = kind { return heading }
        return nil
    }

    public var paragraph: MarkdownText? {
        if case .paragraph(let text) = kind { return text }
        return nil
    }

    public var list: MarkdownList? {
        if case .list(let list) = kind { return list }
        return nil
    }

    /// The text a reader sees, blocks separated by blank lines.
    public var plainText: String {
        switch kind {
        case .heading(let heading): return heading.text.plainText
        case .paragraph(let text): return text.plainText
        case .list(let list): return list.items.map(\.plainText).joined(separator: "\n")
        case .blockQuote(let blocks): return blocks.plainText
        case .codeBlock(let code): return code.code.hasSuffix("\n") ? String(code.code.dropLast()) : code.code
        case .htmlBlock, .thematicBreak: return ""
        case .table(let table):
            return ([table.header] + table.rows)
                .map { $0.map(\.plainText).joined(separator: "\t") }
                .joined(separator: "\n")
        }
    }
}

extension Array where Element == MarkdownBlock {
    /// Plain text of the blocks, separated by blank lines; empty blocks skipped.
    public var plainText: String {
        map(\.plainText).filter { !$0.isEmpty }.joined(separator: "\n\n")
    }
}

public struct MarkdownHeading: Sendable, Hashable {
    /// 1 to 6.
    public var level: Int
    /// The heading's content: `text.start` is the first character after `## `.
    public var text: MarkdownText

    public init(level: Int, text: MarkdownText) {
        self.level = level
        self.text = text
    }
}

public struct MarkdownList: Sendable, Hashable {
    public var isOrdered: Bool
    /// The first number of an ordered list; `nil` for a bullet list.
    public var start: Int?
    public var isTight: Bool
    public var items: [MarkdownListItem]

    public init(isOrdered: Bool, start: Int?, isTight: Bool, items: [MarkdownListItem]) {
        self.isOrdered = isOrdered
        self.start = start
        self.isTight = isTight
        self.items = items
    }
}

public struct MarkdownListItem: Sendable, Hashable {
    /// A GFM task list item's box.
    public enum TaskState: Sendable, Hashable {
        case unchecked
        case checked
    }

    /// `nil` when the item is not a task item (`- [ ] ` / `- [x] `).
    public var taskState: TaskState?
    /// From the list marker to the end of the item's content.
    public var range: MarkdownSourceRange
    /// The item's first paragraph, when its content starts with one: its raw
    /// source starts after the marker (`- `, `1. `, `- [ ] `) and `text.start`
    /// is the file position of its first character. `nil` for an empty item.
    public var text: MarkdownText?
    public var children: [MarkdownBlock]
    /// The raw Markdown of the item's content (marker removed, continuation
    /// lines de-indented), ready for `Markdown.html(_:)`.
    public var source: String

    public init(
        taskState: TaskState?, range: MarkdownSourceRange, text: MarkdownText?,
        children: [MarkdownBlock], source: String
    ) {
        self.taskState = taskState
        self.range = range
        self.text = text
        self.children = children
        self.source = source
    }

    /// Plain text of the whole item, paragraphs separated by blank lines.
    public var plainText: String { children.plainText }
}

public struct MarkdownCodeBlock: Sendable, Hashable {
    /// The fence's info string (`swift` in ```` ```swift ````); empty when
    /// indented or bare.
    public var info: String
    /// The code, with its final newline.
    public var code: String

    public init(info: String, code: String) {
        self.info = info
        self.code = code
    }
}

public struct MarkdownTable: Sendable, Hashable {
    public enum Alignment: Sendable, Hashable {
        case none, left, center, right
    }

    public var alignments: [Alignment]
    public var header: [MarkdownText]
    public var rows: [[MarkdownText]]

    public init(alignments: [Alignment], header: [MarkdownText], rows: [[MarkdownText]]) {
        self.alignments = alignments
        self.header = header
        self.rows = rows
    }
}
