import Foundation

/// An element of a parsed page: its name (lower case), its attributes in
/// order, and its children.
public struct HTMLElement: Sendable, Hashable {
    public struct Attribute: Sendable, Hashable {
        public var name: String
        public var value: String
    }

    public var name: String
    public var attributes: [Attribute] = []
    public var children: [HTMLNode] = []

    public init(name: String, attributes: [Attribute] = [], children: [HTMLNode] = []) {
        self.name = name
        self.attributes = attributes
        self.children = children
    }

    /// The value of attribute `name` (lower case), or nil.
    public subscript(attribute name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// The element's class names (split at ASCII whitespace, as HTML
    /// does; bytes, not characters: the card readers ask every element).
    public var classes: [Substring] {
        let value = self[attribute: "class"] ?? ""
        return value.utf8.split(whereSeparator: HTMLElement.isSpace).compactMap { Substring($0) }
    }

    public func hasClass(_ name: String) -> Bool {
        guard let value = self[attribute: "class"] else { return false }
        return value.utf8.split(whereSeparator: HTMLElement.isSpace).contains { $0.elementsEqual(name.utf8) }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    /// The child elements.
    public var elements: [HTMLElement] {
        children.compactMap { if case .element(let e) = $0 { e } else { nil } }
    }

    /// Every element below this one, in document order, depth first.
    public func descendants(where matches: (HTMLElement) -> Bool) -> [HTMLElement] {
        var found: [HTMLElement] = []
        collect(into: &found, where: matches)
        return found
    }

    private func collect(into found: inout [HTMLElement], where matches: (HTMLElement) -> Bool) {
        for child in elements {
            if matches(child) { found.append(child) }
            child.collect(into: &found, where: matches)
        }
    }

    /// The first element below this one that matches, in document order.
    public func first(where matches: (HTMLElement) -> Bool) -> HTMLElement? {
        for child in elements {
            if matches(child) { return child }
            if let found = child.first(where: matches) { return found }
        }
        return nil
    }

    /// The elements below this one that match, without looking inside a
    /// match (the outermost ones).
    public func outermost(where matches: (HTMLElement) -> Bool) -> [HTMLElement] {
        var found: [HTMLElement] = []
        for child in elements {
            if matches(child) { found.append(child) } else { found += child.outermost(where: matches) }
        }
        return found
    }

    /// The text a reader sees: descendant text with scripts, styles and
    /// templates left out, line breaks and block boundaries as spaces, and
    /// whitespace collapsed.
    public var text: String {
        var raw = ""
        appendText(to: &raw, separator: " ", breakingAt: HTMLElement.breaking)
        return TextCleaning.collapseWhitespace(raw)
    }

    /// The text's lines: what line breaks (`<br>`) and blocks (paragraphs,
    /// list items, divs) separate, each cleaned, empty ones left out.
    public var lines: [String] { lines(breakingAt: HTMLElement.breaking) }

    /// The text's lines, split only where the named elements are.
    public func lines(breakingAt names: Set<String>) -> [String] {
        var raw = ""
        appendText(to: &raw, separator: "\n", breakingAt: names)
        return raw.split(separator: "\n").map { TextCleaning.collapseWhitespace(String($0)) }.filter { !$0.isEmpty }
    }

    private static let silent: Set<String> = ["script", "style", "template", "noscript", "head", "title"]
    static let breaking: Set<String> = [
        "br", "p", "div", "li", "ul", "ol", "tr", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6",
        "section", "article", "header", "footer", "table", "dd", "dt", "blockquote",
    ]

    private func appendText(to raw: inout String, separator: String, breakingAt names: Set<String>) {
        for child in children {
            switch child {
            case .text(let text):
                raw += separator == " " ? text : text.replacingOccurrences(of: "\n", with: " ")
            case .element(let element):
                guard !HTMLElement.silent.contains(element.name) else { continue }
                let blank = HTMLElement.breaking.contains(element.name) ? " " : ""
                let breaks = names.contains(element.name) ? separator : blank
                raw += breaks
                element.appendText(to: &raw, separator: separator, breakingAt: names)
                raw += breaks
            }
        }
    }

    /// The element's own text nodes joined, unchanged (a `<script>`'s
    /// source).
    public var rawText: String {
        children.reduce(into: "") { text, child in
            if case .text(let t) = child { text += t }
        }
    }
}

/// A child of an element: an element or a text node (entities decoded).
public enum HTMLNode: Sendable, Hashable {
    case element(HTMLElement)
    case text(String)
}
