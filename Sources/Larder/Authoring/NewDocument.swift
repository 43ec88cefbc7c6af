import Foundation
import LarderCore

/// A new list or recipe, as `larder new` writes it: the title in the front
/// matter, an id made from the title, and the sections to fill in.
public struct NewDocument: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case list, recipe

        /// `lists` or `recipes`.
        public var folder: String { rawValue + "s" }

        var documentKind: DocumentKind { self == .list ? .list : .recipe }
    }

    public enum Format: Sendable, Hashable {
        case markdown, json

        public var fileExtension: String { self == .markdown ? "md" : "json" }
    }

    /// The longest id made from a title; a longer one is cut at a `-`.
    static let maximumIDLength = 60

    public var kind: Kind
    public var title: String
    public var format: Format

    public init(kind: Kind, title: String, format: Format = .markdown) {
        self.kind = kind
        self.title = title
        self.format = format
    }

    /// Why `title` cannot be a list's or recipe's title: it holds a
    /// character no page may hold, which `check` would refuse in the file.
    public static func titleProblem(_ title: String) -> String? {
        ForbiddenCharacters.first(in: title).map {
            "the title holds \(ForbiddenCharacters.name($0)), a character that cannot appear in a web page; remove it"
        }
    }

    /// The id the title suggests, whether taken or not: ASCII letters and
    /// digits in lowercase and `-`. Other scripts are transliterated first
    /// ("Crème brûlée" -> "creme-brulee", "Σπανακόπιτα" -> "spanakopita").
    public var suggestedID: String {
        let latin = title.applyingTransform(StringTransform("Any-Latin; Latin-ASCII"), reverse: false) ?? title
        var id = Identifier.suggest(from: latin)
        if id.count > Self.maximumIDLength {
            let cut = id.prefix(Self.maximumIDLength)
            id = String(cut.lastIndex(of: "-").map { cut[..<$0] } ?? cut)
        }
        return id
    }

    /// The suggested id, or the first of `id-2`, `id-3`… that no list (or
    /// recipe) of `folder` has, in either format.
    public func freeID(in folder: URL) -> String {
        let base = suggestedID
        guard isTaken(base, in: folder) else { return base }
        var number = 2
        while isTaken("\(base)-\(number)", in: folder) { number += 1 }
        return "\(base)-\(number)"
    }

    /// Whether a list (or recipe) of `folder` has `id`: a `.md` or `.json`
    /// file of that name, or anything else in its place.
    public func isTaken(_ id: String, in folder: URL) -> Bool {
        existingFile(id, in: folder) != nil
    }

    /// `lists/<id>.md` or `lists/<id>.json` (or of recipes/), whichever is
    /// there, relative to the data folder.
    public func existingFile(_ id: String, in folder: URL) -> String? {
        ["md", "json"].lazy.map { "\(kind.folder)/\(id).\($0)" }.first { path in
            var info = stat()
            return lstat(folder.appendingPathComponent(path).path, &info) == 0
        }
    }

    /// The file for `id`. With `schemaFolder` (the data folder has the
    /// editor schemas `larder init` writes), the file names its schema.
    public func file(id: String, linkingSchemas: Bool) -> AuthoredFile {
        let schema = linkingSchemas ? "../\(Starter.schemaPath(kind.documentKind))" : nil
        let path = "\(kind.folder)/\(id).\(format.fileExtension)"
        switch (kind, format) {
        case (.list, .markdown): return AuthoredFile(path: path, contents: markdownList(schema: schema))
        case (.recipe, .markdown): return AuthoredFile(path: path, contents: markdownRecipe(schema: schema))
        case (.list, .json): return AuthoredFile(path: path, contents: jsonList(schema: schema))
        case (.recipe, .json): return AuthoredFile(path: path, contents: jsonRecipe(schema: schema))
        }
    }

    /// Whether the data folder has the editor schemas of `larder init`.
    public static func hasSchemas(_ folder: URL) -> Bool {
        DocumentKind.allCases.allSatisfy {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent(Starter.schemaPath($0)).path)
        }
    }

    private func frontMatter(schema: String?, _ lines: [String]) -> String {
        var out = "---\n"
        if let schema { out += "# yaml-language-server: $schema=\(schema)\n" }
        out += "title: \(ScalarText.yaml(title))\n"
        for line in lines { out += line + "\n" }
        return out + "---\n"
    }

    private func markdownList(schema: String?) -> String {
        frontMatter(schema: schema, []) + """

            <!-- One item a line: a quantity and unit, the name, then markers:
                 @store, #category, !high or !low, and a note in (parentheses).
                 A "## Produce" heading gives its category to the items under it.

            - [ ] 2 avocados
            - [ ] 1 l oat milk #dairy !high (the barista one)
            -->

            """
    }

    private func markdownRecipe(schema: String?) -> String {
        frontMatter(schema: schema, ["servings: 4", "# category: dinner", "# prep_time: 15 min", "# cook_time: 30 min"]) + """
            <!-- A sentence or two about the dish goes here, above the first section. -->

            ## Ingredients

            <!-- One a line: "- 200 g flour", "- 2 eggs", "- salt, to taste".
                 "### For the sauce" starts a group. -->

            ## Directions

            <!-- Numbered steps: "1. Heat the oven to 200 °C." -->

            ## Notes

            <!-- Tips, variations, how it keeps. -->

            """
    }

    private func jsonList(schema: String?) -> String {
        jsonFile(.fields([
            "$schema": schema.map(JSONOutput.string), "title": .string(title), "items": .array([]),
        ]))
    }

    private func jsonRecipe(schema: String?) -> String {
        jsonFile(.fields([
            "$schema": schema.map(JSONOutput.string), "title": .string(title), "servings": .int(4),
            "ingredients": .array([]), "directions": .array([]),
        ]))
    }

    /// One member a line, as people write these files.
    private func jsonFile(_ object: JSONOutput) -> String {
        JSONOutput.lines(object).text(layout: .readable, escaping: .terminal) + "\n"
    }
}

/// Text written into new files as a YAML or JSON scalar that reads back as
/// exactly that text.
public enum ScalarText {
    /// Plain when YAML would read it back unchanged as a string, else in
    /// double quotes with escapes.
    public static func yaml(_ text: String) -> String {
        isPlainYAML(text) ? text : quotedYAML(text)
    }

    /// A double-quoted YAML scalar: JSON's escapes are YAML's too, and the
    /// characters YAML does not allow raw (DEL, C1 controls, the byte order
    /// mark, line and paragraph separators) are escaped as well.
    private static func quotedYAML(_ text: String) -> String {
        var out = ""
        for scalar in text.jsonLiteral.unicodeScalars {
            switch scalar.value {
            case 0x7F...0x9F, 0x2028, 0x2029, 0xFEFF: out += "\\u" + String(format: "%04X", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Letters first, then letters, digits, spaces and harmless punctuation,
    /// and not a word YAML 1.1 reads as a boolean or null.
    private static func isPlainYAML(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic,
              let last = text.unicodeScalars.last, last != " " else { return false }
        let allowed = text.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || $0.properties.numericType != nil || $0.properties.generalCategory == .nonspacingMark
                || " '’.,()&!?-".unicodeScalars.contains($0)
        }
        let special = ["y", "n", "yes", "no", "true", "false", "on", "off", "null"]
        return allowed && !special.contains(text.lowercased())
    }
}
