/// A point in the Markdown source as people count: `line` (with the parse's
/// `lineOffset` added) and `column` in Unicode scalars, both 1-based. A tab is
/// one column. This is the convention of `LarderCore.SourcePosition`, so a
/// caller can copy the two numbers across.
public struct MarkdownPosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: MarkdownPosition, rhs: MarkdownPosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(line):\(column)" }

    /// The position `count` scalars further along the same line.
    public func advanced(by count: Int) -> MarkdownPosition {
        MarkdownPosition(line: line, column: column + count)
    }
}

/// The source range of a block, list item or inline.
///
/// `startLine`…`endColumn` are cmark's numbers (`CMARK_OPT_SOURCEPOS`) with the
/// line offset added: columns are 1-based UTF-8 *byte* columns and the end is
/// inclusive. cmark reports `endColumn == 0` for a block that ends just before
/// a blank line (its end is really the end of the previous line).
///
/// `start` and `end` are the same places in Unicode-scalar columns, with that
/// `endColumn == 0` case moved to the last character of the previous line;
/// use them for diagnostics.
public struct MarkdownSourceRange: Sendable, Hashable, CustomStringConvertible {
    public var startLine: Int
    public var startColumn: Int
    public var endLine: Int
    public var endColumn: Int
    /// First character, Unicode-scalar column.
    public var start: MarkdownPosition
    /// Last character (inclusive), Unicode-scalar column.
    public var end: MarkdownPosition

    public init(
        startLine: Int, startColumn: Int, endLine: Int, endColumn: Int,
        start: MarkdownPosition, end: MarkdownPosition
    ) {
        self.startLine = startLine
        self.startColumn = startColumn
        self.endLine = endLine
        self.endColumn = endColumn
        self.start = start
        self.end = end
    }

    /// From the start of `self` to the end of `other`.
    public func through(_ other: MarkdownSourceRange) -> MarkdownSourceRange {
        MarkdownSourceRange(
            startLine: startLine, startColumn: startColumn,
            endLine: other.endLine, endColumn: other.endColumn,
            start: start, end: other.end
        )
    }

    public var description: String { "\(start)-\(end)" }
}
