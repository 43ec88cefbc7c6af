/// One piece of inline content, with its source range where cmark gives one.
public struct MarkdownInline: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case text(String)
        case code(String)
        case softBreak
        case lineBreak
        /// Raw inline HTML: kept in the tree, dropped by `Markdown.html`.
        case html(String)
        case emphasis([MarkdownInline])
        case strong([MarkdownInline])
        case strikethrough([MarkdownInline])
        case link(destination: String, title: String, children: [MarkdownInline])
        case image(source: String, title: String, children: [MarkdownInline])
    }

    public var kind: Kind
    /// `nil` for line breaks, which cmark gives no position.
    public var range: MarkdownSourceRange?

    public init(kind: Kind, range: MarkdownSourceRange?) {
        self.kind = kind
        self.range = range
    }

    public var children: [MarkdownInline] {
        switch kind {
        case .text, .code, .softBreak, .lineBreak, .html:
            return []
        case .emphasis(let children), .strong(let children), .strikethrough(let children),
            .link(_, _, let children), .image(_, _, let children):
            return children
        }
    }

    /// The text a reader sees: markup removed, a soft break as a space, a hard
    /// break as a newline, an image as its alt text, raw HTML dropped.
    public var plainText: String {
        switch kind {
        case .text(let text), .code(let text): return text
        case .softBreak: return " "
        case .lineBreak: return "\n"
        case .html: return ""
        default: return children.plainText
        }
    }
}

/// A link found in inline content, for callers that look for references
/// (`[Pizza dough](pizza-dough)`).
public struct MarkdownLink: Sendable, Hashable {
    /// Plain text of the link's label.
    public var text: String
    public var destination: String
    public var title: String
    public var range: MarkdownSourceRange?

    public init(text: String, destination: String, title: String, range: MarkdownSourceRange?) {
        self.text = text
        self.destination = destination
        self.title = title
        self.range = range
    }
}

extension Array where Element == MarkdownInline {
    /// The plain text of a run of inlines.
    public var plainText: String { map(\.plainText).joined() }

    /// Every link, depth first, in source order (autolinks included).
    public var links: [MarkdownLink] {
        flatMap { inline -> [MarkdownLink] in
            if case .link(let destination, let title, let children) = inline.kind {
                return [MarkdownLink(text: children.plainText, destination: destination, title: title, range: inline.range)]
                    + children.links
            }
            return inline.children.links
        }
    }
}
