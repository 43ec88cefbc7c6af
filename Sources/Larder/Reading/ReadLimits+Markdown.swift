import LarderCore
import LarderMarkdown

/// The limits on the shape of Markdown (`Limits.markdown`), checked before
/// cmark-gfm sees the text: on the body of a Markdown file, and on every
/// text field that is rendered as Markdown, in JSON files and front matter.
extension ReadLimits {
    /// The fields of a list or a recipe that are rendered as Markdown: a
    /// description, notes, and each step of the directions (a step is a
    /// string, or a section's `steps` holds them).
    static func markdownFields(of root: JSONValue, kind: DocumentKind) -> [JSONValue] {
        guard kind == .list || kind == .recipe, let object = root.object else { return [] }
        var fields: [JSONValue] = []
        for key in ["description", "notes"] {
            if let value = object[key], value.string != nil { fields.append(value) }
        }
        guard kind == .recipe else { return fields }
        for entry in object["directions"]?.array ?? [] {
            if entry.string != nil { fields.append(entry) }
            for step in entry.object?["steps"]?.array ?? [] where step.string != nil { fields.append(step) }
        }
        return fields
    }

    /// The first Markdown field of `root` over a limit, at the field's value,
    /// naming the line of the text.
    static func markdownShape(in root: JSONValue, kind: DocumentKind, path: String) -> Diagnostic? {
        var limits = Limits.markdown
        for field in markdownFields(of: root, kind: kind) {
            guard let text = field.string else { continue }
            if let excess = MarkdownShape.firstExcess(in: text, limits: limits) {
                return diagnostic(excess, at: SourceLocation(path: path, position: field.position), inField: true)
            }
            limits.textBytes -= text.utf8.count
        }
        return nil
    }

    /// Bytes of the Markdown fields of `root`.
    static func markdownFieldLength(of root: JSONValue, kind: DocumentKind) -> Int {
        markdownFields(of: root, kind: kind).reduce(0) { $0 + ($1.string?.utf8.count ?? 0) }
    }

    /// The body of a Markdown file over a limit, at the line and column
    /// where it crosses it. `firstLine` is the file line the body starts on.
    /// `fieldLength` bytes of Markdown fields in the front matter count
    /// toward the file's Markdown too.
    static func markdownShape(in body: Substring, firstLine: Int, fieldLength: Int, path: String) -> Diagnostic? {
        var body = body
        var limits = Limits.markdown
        limits.textBytes = max(0, limits.textBytes - fieldLength)
        guard let excess = body.withUTF8({ MarkdownShape.firstExcess(in: $0, limits: limits) }) else {
            return nil
        }
        let location = SourceLocation(path: path, line: excess.line + firstLine - 1, column: excess.column)
        return diagnostic(excess, at: location, inField: false)
    }

    /// In a field, the place is the field's value and the message names the
    /// line inside its text; in a file, the place is exact.
    private static func diagnostic(_ excess: MarkdownExcess, at location: SourceLocation, inField: Bool) -> Diagnostic {
        let whereInField = inField ? "line \(Limits.describe(count: excess.line)) of this text: " : ""
        switch excess.kind {
        case .nesting(let depth):
            return .error(
                "markdown-too-deep",
                "\(whereInField)block quotes and list items are nested \(depth) deep, over the limit of \(Limits.maximumMarkdownNesting)",
                at: location,
                hint: "nest lists and quotes a few levels at most (every 4 spaces of indentation before a marker count as a level)"
            )
        case .quoteNesting(let depth):
            return .error(
                "markdown-too-deep",
                "\(whereInField)block quotes are nested \(depth) deep, over the limit of \(Limits.maximumQuoteNesting)",
                at: location, hint: "quote within a quote a few levels at most"
            )
        case .tableColumns(let columns):
            return .error(
                "table-too-wide",
                "\(whereInField)this table has \(Limits.describe(count: columns)) columns, over the limit of \(Limits.maximumTableColumns)",
                at: location, hint: "split it into several tables"
            )
        case .tableCells(let cells, let bytes):
            return .error(
                "table-too-large",
                "\(whereInField)this table has \(Limits.describe(count: cells)) cells in \(Limits.describe(count: bytes)) bytes, "
                    + "over the limit of one cell for every \(Limits.bytesPerTableCell) bytes "
                    + "(\(Limits.tableCellsFloor) in any table); rows shorter than the header are filled with empty cells, which count",
                at: location, hint: "give each row the header's number of cells, or split the table"
            )
        case .paragraph(let startLine):
            let start = inField ? startLine : startLine + location.line - excess.line
            return .error(
                "paragraph-too-long",
                "\(whereInField)the paragraph that starts on line \(Limits.describe(count: start)) is longer than \(Limits.describe(bytes: Limits.maximumParagraphLength))",
                at: location, hint: "split it into paragraphs with blank lines"
            )
        case .quotes(let startLine):
            let start = inField ? startLine : startLine + location.line - excess.line
            return .error(
                "too-many-quotes",
                "\(whereInField)the paragraph that starts on line \(Limits.describe(count: start)) has more than "
                    + "\(Limits.maximumPunctuatedQuotes) quote marks between punctuation (such as ''' or '.')",
                at: location, hint: "remove the runs of quote marks, or split the paragraph"
            )
        case .text:
            return .error(
                "markdown-too-large",
                "\(whereInField)the Markdown of this file (body, description, notes and directions together) "
                    + "is longer than \(Limits.describe(bytes: Limits.maximumMarkdownLength)) from this line on",
                at: location, hint: "split it into several files"
            )
        }
    }
}
