/// A heading and the blocks under it, up to the next heading of the same or a
/// higher level (a smaller number).
public struct MarkdownSection: Sendable, Hashable {
    public var heading: MarkdownHeading
    public var headingRange: MarkdownSourceRange
    /// The body: everything after the heading, subsections included.
    public var blocks: [MarkdownBlock]

    public init(heading: MarkdownHeading, headingRange: MarkdownSourceRange, blocks: [MarkdownBlock]) {
        self.heading = heading
        self.headingRange = headingRange
        self.blocks = blocks
    }

    /// Plain text of the heading.
    public var title: String { heading.text.plainText }

    /// From the heading to the end of the last body block.
    public var range: MarkdownSourceRange {
        blocks.last.map { headingRange.through($0.range) } ?? headingRange
    }

    /// Body blocks before the first subheading (of any level).
    public var leadingBlocks: [MarkdownBlock] { blocks.leadingBlocks }

    /// Subsections of the body, split by headings of `level` (say `###`
    /// groups inside `## Ingredients`).
    public func sections(level: Int) -> [MarkdownSection] { blocks.sections(level: level) }
}

extension Array where Element == MarkdownBlock {
    /// The blocks before the first heading of any level.
    public var leadingBlocks: [MarkdownBlock] {
        Array(prefix { $0.heading == nil })
    }

    /// Splits the blocks at headings of exactly `level`. A section runs to the
    /// next heading of `level` or lower number; blocks outside every section
    /// (before the first such heading, or under a higher-level heading) are not
    /// in the result.
    public func sections(level: Int) -> [MarkdownSection] {
        var sections: [MarkdownSection] = []
        var current: MarkdownSection?
        for block in self {
            if let heading = block.heading, heading.level <= level {
                if let done = current { sections.append(done) }
                current = heading.level == level
                    ? MarkdownSection(heading: heading, headingRange: block.range, blocks: [])
                    : nil
            } else {
                current?.blocks.append(block)
            }
        }
        if let done = current { sections.append(done) }
        return sections
    }
}
