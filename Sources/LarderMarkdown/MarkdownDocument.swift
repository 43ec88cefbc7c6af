/// A parsed Markdown document: plain Swift values and the source they came
/// from, so callers can cut out the raw Markdown of any blocks.
public struct MarkdownDocument: Sendable, Hashable {
    public var blocks: [MarkdownBlock]
    /// Added to every line number (the line before the body's first line).
    public let lineOffset: Int
    let source: SourceText

    init(blocks: [MarkdownBlock], lineOffset: Int, source: SourceText) {
        self.blocks = blocks
        self.lineOffset = lineOffset
        self.source = source
    }

    /// Top-level blocks before the first heading: a description.
    public var leadingBlocks: [MarkdownBlock] { blocks.leadingBlocks }

    /// The top-level blocks split at headings of `level`.
    public func sections(level: Int = 2) -> [MarkdownSection] { blocks.sections(level: level) }

    /// Line `number` of the source (numbered like the ranges, offset
    /// included), without its line terminator; `nil` outside the document.
    public func line(_ number: Int) -> String? {
        let index = number - lineOffset - 1
        guard index >= 0, index < source.lineCount else { return nil }
        return String(decoding: source.line(index), as: UTF8.self)
    }

    /// Converts cmark's 1-based byte column on `line` (offset included) to a
    /// position with a 1-based Unicode-scalar column.
    public func position(line: Int, byteColumn: Int) -> MarkdownPosition {
        MarkdownPosition(line: line, column: source.scalarColumn(line: line - lineOffset - 1, byteColumn: byteColumn))
    }

    /// The raw Markdown of consecutive sibling blocks (say a section's body),
    /// from the first block's first character to the last block's end. Lines
    /// after the first lose the prefix of the blocks' container (a list item's
    /// indentation, a quote's `>`), so the result reads as a document of its own.
    public func source(of blocks: [MarkdownBlock]) -> String {
        guard let first = blocks.first, let last = blocks.last else { return "" }
        return source.markdown(from: first.range, to: last.range, container: first.container, lineOffset: lineOffset)
    }
}

extension SourceText {
    /// See `MarkdownDocument.source(of:)`.
    func markdown(
        from first: MarkdownSourceRange, to last: MarkdownSourceRange,
        container: [ContainerPrefix], lineOffset: Int
    ) -> String {
        let firstIndex = first.startLine - lineOffset - 1
        var (lastIndex, endOffset) = (last.endLine - lineOffset - 1, last.endColumn)
        if endOffset <= 0, lastIndex > firstIndex {
            // cmark's "ends at column 0 of the next line".
            lastIndex -= 1
            endOffset = length(ofLine: lastIndex)
        }
        guard firstIndex <= lastIndex else { return "" }
        func start(_ index: Int) -> Int {
            guard index == firstIndex else { return contentStart(line: index, container: container) }
            // After a marker (`- `, `> `) the block starts where cmark
            // says; after indentation only, keep what the container does
            // not own (an indented code block keeps its four spaces).
            let column = first.startColumn - 1
            let lead = line(index).prefix(column)
            return lead.allSatisfy(Self.isWhitespace) ? min(column, contentStart(line: index, container: container)) : column
        }
        func end(_ index: Int) -> Int { index == lastIndex ? endOffset : length(ofLine: index) }
        // One line (most list items): no array of lines to join.
        if firstIndex == lastIndex { return text(line: firstIndex, from: start(firstIndex), to: end(firstIndex)) }
        var lines: [String] = []
        lines.reserveCapacity(lastIndex - firstIndex + 1)
        for index in firstIndex...lastIndex {
            lines.append(text(line: index, from: start(index), to: end(index)))
        }
        while let tail = lines.last, tail.allSatisfy({ $0 == " " || $0 == "\t" }), lines.count > 1 {
            lines.removeLast()
        }
        return lines.joined(separator: "\n")
    }
}
