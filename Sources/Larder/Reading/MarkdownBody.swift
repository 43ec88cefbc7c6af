import LarderCore
import LarderMarkdown
import LarderQuantities

/// The body of a Markdown list or recipe (what follows the front matter),
/// read into the model with every problem at its line and column.
struct MarkdownBody {
    let path: String
    let document: MarkdownDocument
    /// Category ids by lowercased id and name, for `## Dairy` headings.
    let categoryLookup: [String: String]

    init(path: String, text: Substring, firstLine: Int, categoryLookup: [String: String]) {
        self.path = path
        self.document = Markdown.parse(String(text), lineOffset: firstLine - 1)
        self.categoryLookup = categoryLookup
    }

    private func location(_ position: MarkdownPosition) -> SourceLocation {
        SourceLocation(path: path, line: position.line, column: position.column)
    }

    private static func sourcePosition(_ position: MarkdownPosition) -> SourcePosition {
        SourcePosition(line: position.line, column: position.column)
    }

    /// The file position of the scalar `offset` scalars into `text.source`,
    /// whose line breaks the line parser reads as spaces: an item or
    /// ingredient continued on the next line has its problems there. Static,
    /// so a closure that calls it captures the text alone, not the body.
    private static func sourcePosition(_ text: MarkdownText, offset: Int) -> SourcePosition {
        var line = 0
        var column = 1
        for (index, scalar) in text.source.unicodeScalars.enumerated() {
            if index == offset { break }
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return sourcePosition(text.position(line: line, column: column))
    }

    /// Appends body paragraphs to a description from the front matter.
    private func joined(_ first: String?, _ second: String) -> String? {
        let second = second.trimmingSpaces
        guard !second.isEmpty else { return first }
        guard let first, !first.isEmpty else { return second }
        return first + "\n\n" + second
    }

    // MARK: Lists

    /// Items are list lines (`- [ ] 2 avocados @market #produce !high (ripe)`);
    /// a heading naming a category sets the category of the items under it;
    /// text before the first heading or item adds to the description.
    mutating func readList(into list: inout ShoppingList, decoder: inout DocumentDecoder, frontMatter: JSONValue) {
        var section: String?
        var headingCategory: String?
        var description: [MarkdownBlock] = []
        var sawContent = false
        for block in document.blocks {
            switch block.kind {
            case .heading(let heading):
                sawContent = true
                let title = heading.text.plainText.trimmingSpaces
                section = title
                headingCategory = categoryLookup[title.lowercased()]
            case .list(let markdownList):
                sawContent = true
                for entry in markdownList.items {
                    if let item = item(entry, section: section, category: headingCategory, decoder: &decoder) {
                        list.items.append(item)
                    }
                }
            case .paragraph(let text) where sawContent:
                decoder.diagnostics.append(.warning(
                    "stray-text", "this text is not an item and is not shown",
                    at: location(text.start), hint: "start an item with '- [ ] ', or move notes into the description"
                ))
            case .thematicBreak, .htmlBlock:
                continue
            default:
                if sawContent {
                    decoder.diagnostics.append(.warning(
                        "stray-text", "this block is not an item and is not shown",
                        at: location(block.range.start), hint: "start an item with '- [ ] '"
                    ))
                } else {
                    description.append(block)
                }
            }
        }
        if !description.isEmpty {
            list.description = joined(list.description, document.source(of: description))
        }
    }

    private func item(
        _ entry: MarkdownListItem, section: String?, category: String?, decoder: inout DocumentDecoder
    ) -> Item? {
        // cmark does not make `- [ ]` with nothing after it a task item.
        let emptyBox = entry.taskState == nil && ["[ ]", "[x]", "[X]"].contains(entry.text?.source.trimmingSpaces ?? "")
        guard let text = entry.text, !emptyBox else {
            decoder.diagnostics.append(.error(
                "missing-name", "this item is empty", at: location(entry.range.start),
                hint: "write the item after the box, e.g. '- [ ] 2 lemons'"
            ))
            return nil
        }
        let line = text.source.joiningLines
        let parsed = LineParser.parseItem(line)
        for problem in parsed.problems {
            decoder.diagnostics.append(.error(
                problem.code, problem.message,
                at: SourceLocation(path: path, position: Self.sourcePosition(text, offset: problem.offset)), hint: problem.hint
            ))
        }
        for warning in parsed.warnings {
            decoder.diagnostics.append(.warning(
                warning.code, warning.message,
                at: SourceLocation(path: path, position: Self.sourcePosition(text, offset: warning.offset)), hint: warning.hint
            ))
        }
        guard !parsed.name.isEmpty else { return nil }
        var item = Item(name: parsed.name, location: location(text.start))
        item.quantity = parsed.quantity
        item.unit = parsed.unit
        item.unitName = parsed.unitText(in: line)
        item.note = parsed.note
        item.size = parsed.size
        item.alsoNames = parsed.alsoNames
        item.checked = entry.taskState == .checked
        item.section = section
        if let priority = parsed.priority.flatMap(Priority.init(rawValue:)) { item.priority = priority }
        item.category = parsed.category ?? category
        if let id = parsed.category {
            decoder.references.append(marker(id, range: parsed.categoryRange, in: text, kind: .category))
        }
        item.store = parsed.store
        if let id = parsed.store {
            decoder.references.append(marker(id, range: parsed.storeRange, in: text, kind: .store))
        }
        item.details = details(entry.children, decoder: &decoder)
        return item
    }

    /// A reference for a `@store` or `#category` marker, at the marker.
    private func marker(_ id: String, range: Range<Int>?, in text: MarkdownText, kind: Reference.Kind) -> Reference {
        let position = Self.sourcePosition(text, offset: range?.lowerBound ?? 0)
        return Reference(kind: kind, target: id, location: SourceLocation(path: path, position: position))
    }

    /// `key: value` lines of a list nested under an item (a collection
    /// entry's author, year, rating…).
    private func details(_ children: [MarkdownBlock], decoder: inout DocumentDecoder) -> [Detail] {
        var details: [Detail] = []
        for case .list(let nested) in children.map(\.kind) {
            for entry in nested.items {
                guard let text = entry.text else { continue }
                let line = text.plainText
                if let colon = line.firstIndex(of: ":"), line[..<colon].trimmingSpaces.count > 0,
                   !line[line.index(after: colon)...].trimmingSpaces.isEmpty {
                    details.append(Detail(
                        key: line[..<colon].trimmingSpaces,
                        value: line[line.index(after: colon)...].trimmingSpaces
                    ))
                } else {
                    decoder.diagnostics.append(.warning(
                        "bad-detail", "a line nested under an item must be a detail such as 'author: Frank Herbert'",
                        at: location(text.start), hint: "write 'key: value', or make it an item of its own"
                    ))
                }
            }
        }
        return details
    }

    // MARK: Recipes

    enum RecipeSection: String {
        case ingredients, directions, notes

        /// A trailing colon ("## Ingredients:") is how many people write a
        /// heading by hand; refusing it silently dropped every ingredient.
        init?(title: String) {
            var name = Substring(title.lowercased().trimmingSpaces)
            while name.last == ":" { name = name.dropLast() }
            switch String(name).trimmingSpaces {
            case "ingredients": self = .ingredients
            case "directions", "instructions", "method", "steps", "preparation": self = .directions
            case "notes", "note", "tips": self = .notes
            default: return nil
            }
        }
    }

    /// Text before the first `##` is the description; then `## Ingredients`
    /// (bullets, `###` groups), `## Directions` (numbered steps, `###`
    /// sections) and `## Notes`.
    mutating func readRecipe(into recipe: inout Recipe, decoder: inout DocumentDecoder, frontMatter: JSONValue) {
        let leading = document.leadingBlocks.trimmingComments
        if !leading.isEmpty {
            recipe.description = joined(recipe.description, document.source(of: leading))
        }
        var seen: Set<RecipeSection> = []
        for section in document.sections(level: 2) {
            let at = location(section.headingRange.start)
            guard let kind = RecipeSection(title: section.title) else {
                decoder.diagnostics.append(.warning(
                    "unknown-section", "unknown section \"\(section.title)\"; its content is not shown",
                    at: at, hint: "recipe sections are Ingredients, Directions (or Instructions, Method) and Notes"
                ))
                continue
            }
            if !seen.insert(kind).inserted || frontMatter[kind.rawValue] != nil {
                decoder.diagnostics.append(.error(
                    "duplicate-section", "\(kind.rawValue) are given twice",
                    at: at, hint: "keep either the front matter field or the section, once"
                ))
                continue
            }
            switch kind {
            case .ingredients: readIngredients(section.blocks, into: &recipe, decoder: &decoder, group: nil)
            case .directions: readDirections(section.blocks, into: &recipe, decoder: &decoder)
            case .notes: recipe.notes = joined(nil, document.source(of: section.blocks.trimmingComments))
            }
        }
    }

    private func readIngredients(
        _ blocks: [MarkdownBlock], into recipe: inout Recipe, decoder: inout DocumentDecoder, group: String?
    ) {
        var group = group
        for block in blocks {
            switch block.kind {
            case .heading(let heading):
                group = heading.text.plainText.trimmingSpaces
            case .htmlBlock(let html) where html.isComment:
                continue
            case .list(let list):
                recipe.ingredients.reserveCapacity(recipe.ingredients.count + list.items.count)
                for entry in list.items {
                    guard let text = entry.text else { continue }
                    let line = text.source.joiningLines
                    recipe.ingredients.append(decoder.ingredient(
                        line: line, at: Self.sourcePosition(text.start), group: group,
                        locate: { Self.sourcePosition(text, offset: $0) }
                    ))
                }
            default:
                decoder.diagnostics.append(.warning(
                    "stray-text", "this text in Ingredients is not an ingredient and is not shown",
                    at: location(block.range.start), hint: "write each ingredient as a bullet: '- 200 g flour'"
                ))
            }
        }
    }

    private func readDirections(_ blocks: [MarkdownBlock], into recipe: inout Recipe, decoder: inout DocumentDecoder) {
        var current = DirectionSection(steps: [])
        func flush() {
            if !current.steps.isEmpty || current.title != nil { recipe.directions.append(current) }
        }
        for block in blocks {
            switch block.kind {
            case .heading(let heading):
                flush()
                current = DirectionSection(title: heading.text.plainText.trimmingSpaces, steps: [])
            case .list(let list):
                current.steps += list.items.map { $0.source.trimmingSpaces }.filter { !$0.isEmpty }
            case .paragraph:
                current.steps.append(document.source(of: [block]).trimmingSpaces)
            case .htmlBlock(let html) where html.isComment:
                continue
            default:
                decoder.diagnostics.append(.warning(
                    "stray-text", "this block in Directions is not a step and is not shown",
                    at: location(block.range.start), hint: "write the steps as a numbered list: '1. Heat the pan.'"
                ))
            }
        }
        flush()
    }
}

/// HTML comments are notes to whoever edits the file (`larder new` writes
/// hints as comments): never shown, and never "stray text".
extension [MarkdownBlock] {
    /// Without the comments at the start and at the end.
    var trimmingComments: [MarkdownBlock] {
        var blocks = self[...]
        while let first = blocks.first, first.isComment { blocks.removeFirst() }
        while let last = blocks.last, last.isComment { blocks.removeLast() }
        return Array(blocks)
    }
}

extension MarkdownBlock {
    var isComment: Bool {
        if case .htmlBlock(let html) = kind { html.isComment } else { false }
    }
}

extension String {
    /// The lines of a list item's text joined with spaces. Most items are one
    /// line: those are returned as they are, without `replacing`'s cost.
    fileprivate var joiningLines: String {
        // On the contiguous bytes: UTF8View.contains goes byte by byte
        // through the view's index, several times the cost.
        let newline = UInt8(ascii: "\n")
        let hasNewline = utf8.withContiguousStorageIfAvailable { $0.contains(newline) } ?? utf8.contains(newline)
        return hasNewline ? replacing("\n", with: " ") : self
    }

    /// One HTML comment, `<!-- … -->`, and nothing else.
    fileprivate var isComment: Bool {
        let text = trimmingSpaces
        return text.hasPrefix("<!--") && text.hasSuffix("-->") && text.dropFirst(4).dropLast(3).firstRange(of: "-->") == nil
    }
}
