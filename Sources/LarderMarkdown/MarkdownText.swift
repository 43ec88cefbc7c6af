/// The content of a paragraph, heading or table cell: its raw Markdown source
/// with positions, its inlines and its plain text.
public struct MarkdownText: Sendable, Hashable {
    /// The raw Markdown source, lines joined with "\n". The first line starts
    /// at the first character of the content (after `## `, after a list item's
    /// `- [ ] ` marker); later lines have their container prefix (list
    /// indentation, `> `) and leading whitespace removed.
    public var source: String
    /// Where each line of `source` starts in the file (Unicode-scalar column of
    /// its first character). Never empty.
    public var lineStarts: [MarkdownPosition]
    public var inlines: [MarkdownInline]

    public init(source: String, lineStarts: [MarkdownPosition], inlines: [MarkdownInline]) {
        self.source = source
        self.lineStarts = lineStarts
        self.inlines = inlines
    }

    /// Position of the first character of `source`.
    public var start: MarkdownPosition { lineStarts[0] }

    /// Plain text of the inlines (markup removed).
    public var plainText: String { inlines.plainText }

    /// Links in the content, in source order.
    public var links: [MarkdownLink] { inlines.links }

    /// The file position of the `column`-th Unicode scalar (1-based) of line
    /// `line` (0-based) of `source`: how a caller that parses `source` itself
    /// reports a problem at the right place.
    public func position(line: Int = 0, column: Int) -> MarkdownPosition {
        let start = lineStarts[min(max(line, 0), lineStarts.count - 1)]
        return start.advanced(by: column - 1)
    }
}
