import Foundation
import LarderCore

/// One data file, read, validated against its schema and decoded, with every
/// problem found in it. Files are read independently and in parallel.
struct ReadDocument: Sendable {
    /// The large payloads are boxed (`indirect`): a `Recipe` held inline
    /// made every document 488 bytes, and a rebuild holds each cached one
    /// twice (the cache's entry and the load's array), 50,000 of them as
    /// `storedRecipe`, a reference.
    enum Content: Sendable {
        indirect case config(DocumentDecoder.ConfigDocument)
        case favorites(Favorites)
        indirect case list(ShoppingList)
        indirect case recipe(Recipe)
        /// A recipe from the parse cache, decoded when first read whole.
        case storedRecipe(StoredRecipe)
        /// The file could not be read far enough to decode anything.
        case unreadable
    }

    var file: DataFile
    var bytes: [UInt8]
    var content: Content
    var diagnostics: [Diagnostic]
    var references: [Reference]

    /// Whether it became a list or a recipe (a kitchen holds only those).
    var isModel: Bool {
        switch content {
        case .list, .recipe, .storedRecipe: true
        case .config, .favorites, .unreadable: false
        }
    }
}

struct DocumentReader: Sendable {
    let folder: DataFolder
    /// Category ids by lowercased id and name, for `## Dairy` headings.
    let categoryLookup: [String: String]

    func read(_ file: DataFile) -> ReadDocument {
        let bytes: [UInt8]
        switch folder.read(file.path, limit: Limits.maximumFileSize) {
        case .success(let read):
            bytes = read
        case .failure(let failure):
            let diagnostic: Diagnostic
            switch failure {
            case .tooLarge(let size): diagnostic = DataFolder.tooLarge(file.path, size: size)
            case .notRegular: diagnostic = DataFolder.EntryType.special.diagnostic(for: file.path)
            case .escapes: diagnostic = DataFolder.EntryType.escapingLink.diagnostic(for: file.path)
            case .cannotOpen, .link: diagnostic = .error("unreadable", "'\(file.path)' cannot be read", at: SourceLocation(path: file.path, line: 1, column: 1))
            }
            return ReadDocument(file: file, bytes: [], content: .unreadable, diagnostics: [diagnostic], references: [])
        }
        return read(file, bytes: bytes)
    }

    /// Parses, validates and decodes a file's bytes; never touches the disk.
    func read(_ file: DataFile, bytes: [UInt8]) -> ReadDocument {
        var decoder = DocumentDecoder(path: file.path, bytes: bytes)
        let content: ReadDocument.Content
        switch file.format {
        case .json:
            content = readJSON(bytes, file, &decoder)
        case .markdown:
            content = readMarkdown(bytes, file, &decoder)
        case .cooklang:
            content = text(bytes, file, &decoder).map { readCooklang($0, file, &decoder) } ?? .unreadable
        }
        let capped = ReadLimits.capItems(content, &decoder.diagnostics)
        // The bytes are kept for the excerpts of the file's own problems
        // only, as the parse cache keeps them: a cross-check's problem in a
        // file without one reads the file again (`KitchenLoader`), and the
        // rest (some 20 MB at 10,000 recipes) is not held through the build.
        return ReadDocument(
            file: file, bytes: decoder.diagnostics.isEmpty ? [] : bytes, content: capped,
            diagnostics: decoder.diagnostics, references: decoder.references
        )
    }

    private func readJSON(_ bytes: [UInt8], _ file: DataFile, _ decoder: inout DocumentDecoder) -> ReadDocument.Content {
        if let problem = StrayCharacters.misplacedBOM(in: bytes, path: file.path) {
            decoder.diagnostics.append(problem)
            return .unreadable
        }
        let root: JSONValue
        do {
            root = try JSONReader.parse(bytes)
        } catch {
            decoder.diagnostics.append(.error(
                error.reason.rawValue, error.message,
                at: SourceLocation(path: file.path, position: error.position), hint: error.hint
            ))
            return .unreadable
        }
        return decode(root, file, &decoder)
    }

    private func decode(_ root: JSONValue, _ file: DataFile, _ decoder: inout DocumentDecoder) -> ReadDocument.Content {
        if let problem = ReadLimits.badText(in: root, path: file.path)
            ?? ReadLimits.tooManyItems(in: root, kind: file.kind, path: file.path)
            ?? ReadLimits.markdownShape(in: root, kind: file.kind, path: file.path) {
            decoder.diagnostics.append(problem)
            return .unreadable
        }
        decoder.diagnostics += SchemaSet.validate(root, as: file.kind, path: file.path)
        guard root.object != nil else { return .unreadable }
        switch file.kind {
        case .config: return .config(decoder.config(root))
        case .favorites: return .favorites(decoder.favorites(root))
        case .list: return .list(decoder.list(root, id: file.id))
        case .recipe: return .recipe(decoder.recipe(root, id: file.id))
        }
    }

    /// The text of a Markdown or Cooklang file, BOM removed; nil when it
    /// is not UTF-8, has lines too long, stray characters or (`listLines`,
    /// Markdown) too many list lines, each reported.
    func text(
        _ bytes: [UInt8], _ file: DataFile, _ decoder: inout DocumentDecoder, listLines: Bool = false
    ) -> Substring? {
        // Validated once: the String made by the check is the text read below.
        let validated = String(validating: bytes, as: UTF8.self)
        if validated == nil, let offset = UTF8Check.firstInvalidOffset(in: bytes) {
            let position = UTF8Check.position(ofOffset: offset, in: bytes)
            decoder.diagnostics.append(.error(
                "invalid-utf8", "the file is not valid UTF-8 (byte 0x\(String(bytes[offset], radix: 16, uppercase: true)))",
                at: SourceLocation(path: file.path, position: position),
                hint: "save the file as UTF-8 in your editor"
            ))
            return nil
        }
        if let problem = ReadLimits.overlongLine(in: bytes, path: file.path)
            ?? StrayCharacters.misplacedBOM(in: bytes, path: file.path)
            ?? StrayCharacters.controlCharacter(in: bytes, path: file.path)
            ?? (listLines ? ReadLimits.tooManyListLines(in: bytes, path: file.path) : nil) {
            decoder.diagnostics.append(problem)
            return nil
        }
        var text = Substring(validated ?? String(decoding: bytes, as: UTF8.self))
        if text.unicodeScalars.first == "\u{FEFF}" { text = Substring(text.unicodeScalars.dropFirst()) }
        return text
    }

    private func readMarkdown(_ bytes: [UInt8], _ file: DataFile, _ decoder: inout DocumentDecoder) -> ReadDocument.Content {
        guard let text = text(bytes, file, &decoder, listLines: true) else { return .unreadable }
        let (frontMatter, problems) = FrontMatter.read(text, path: file.path)
        decoder.diagnostics += problems
        guard let frontMatter, let fields = frontMatter.fields else { return .unreadable }
        if let problem = ReadLimits.markdownShape(
            in: frontMatter.body, firstLine: frontMatter.bodyStartLine,
            fieldLength: ReadLimits.markdownFieldLength(of: fields, kind: file.kind), path: file.path
        ) {
            decoder.diagnostics.append(problem)
            return .unreadable
        }
        let content = decode(fields, file, &decoder)
        var body = MarkdownBody(
            path: file.path, text: frontMatter.body, firstLine: frontMatter.bodyStartLine,
            categoryLookup: categoryLookup
        )
        switch content {
        case .list(var list):
            body.readList(into: &list, decoder: &decoder, frontMatter: fields)
            return .list(list)
        case .recipe(var recipe):
            body.readRecipe(into: &recipe, decoder: &decoder, frontMatter: fields)
            return .recipe(recipe)
        default:
            return content
        }
    }
}

/// Where the first byte that is not UTF-8 is, for a precise diagnostic.
enum UTF8Check {
    static func firstInvalidOffset(in bytes: [UInt8]) -> Int? {
        // The standard library's check is fast in every build; the byte loop
        // below (RFC 3629: no overlong forms, surrogates or code points past
        // U+10FFFF) only runs to find where a bad file goes wrong.
        if String(validating: bytes, as: UTF8.self) != nil { return nil }
        return bytes.withUnsafeBufferPointer { buffer -> Int? in
            var index = 0
            let count = buffer.count
            while index < count {
                let lead = buffer[index]
                if lead < 0x80 { index += 1; continue }
                let length: Int
                var low: UInt8 = 0x80, high: UInt8 = 0xBF  // allowed range of the second byte
                switch lead {
                case 0xC2...0xDF: length = 2
                case 0xE0: length = 3; low = 0xA0
                case 0xE1...0xEC, 0xEE...0xEF: length = 3
                case 0xED: length = 3; high = 0x9F
                case 0xF0: length = 4; low = 0x90
                case 0xF1...0xF3: length = 4
                case 0xF4: length = 4; high = 0x8F
                default: return index
                }
                guard index + 1 < count, buffer[index + 1] >= low, buffer[index + 1] <= high else { return index }
                for next in 2..<length {
                    guard index + next < count, buffer[index + next] & 0xC0 == 0x80 else { return index }
                }
                index += length
            }
            return nil
        }
    }

    static func position(ofOffset offset: Int, in bytes: [UInt8]) -> SourcePosition {
        var line = 1
        var column = 1
        var index = 0
        while index < offset {
            let byte = bytes[index]
            if byte == 0x0A || (byte == 0x0D && (index + 1 >= bytes.count || bytes[index + 1] != 0x0A)) {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80, byte != 0x0D {
                column += 1
            }
            index += 1
        }
        return SourcePosition(line: line, column: column)
    }
}
