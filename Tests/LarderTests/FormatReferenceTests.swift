// Keeps docs/format.md in step with the JSON Schemas in Schemas/.
//
// The convention checked here (also noted at the top of format.md):
//
// - format.md has one level-2 section per file kind, named exactly
//   "## larder.json" (config.schema.json), "## Lists" (list.schema.json),
//   "## Recipes" (recipe.schema.json) and "## favorites.json"
//   (favorites.schema.json). A section runs to the next "## " heading; its
//   "###" subsections belong to it. Lines inside ``` fences are ignored.
// - Within a kind's section, every property name found anywhere in that kind's
//   schema (under `properties` at any depth, reached through `$defs`, `items`,
//   `anyOf`, `additionalProperties`, …) has a table row whose line starts with
//   "| `name` |".
// - Conversely, every line in such a section that starts with "| `identifier` |"
//   names a property of that kind's schema. Tables whose first column is not a
//   single backticked identifier (markers, example lines) are not rows here.
// - Every property listed as `required` has, in its section, a row for it that
//   says "required".
// - Every `enum` value of every schema appears in the document in backticks.

import Foundation
import Testing

@Suite("docs/format.md matches Schemas/")
struct FormatReferenceTests {
    enum Kind: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case config, list, recipe, favorites

        var schemaPath: String { "Schemas/\(rawValue).schema.json" }

        /// The level-2 heading of this kind's section in format.md.
        var heading: String {
            switch self {
            case .config: "larder.json"
            case .list: "Lists"
            case .recipe: "Recipes"
            case .favorites: "favorites.json"
            }
        }

        var testDescription: String { schemaPath }
    }

    @Test(arguments: Kind.allCases)
    func everySchemaPropertyHasARow(_ kind: Kind) throws {
        let facts = try SchemaFacts.load(kind)
        let section = try Reference.load().section(kind)
        let rows = Set(section.rows.map(\.name))
        let missing = facts.properties.subtracting(rows).sorted()
        #expect(missing.isEmpty, "format.md, section \"## \(kind.heading)\", has no \"| `name` |\" row for: \(missing.joined(separator: ", "))")
    }

    @Test(arguments: Kind.allCases)
    func everyRowNamesASchemaProperty(_ kind: Kind) throws {
        let facts = try SchemaFacts.load(kind)
        let section = try Reference.load().section(kind)
        #expect(!section.rows.isEmpty, "section \"## \(kind.heading)\" has no field rows")
        for row in section.rows where !facts.properties.contains(row.name) {
            Issue.record("format.md:\(row.line): `\(row.name)` is not a property of \(kind.schemaPath)")
        }
    }

    @Test(arguments: Kind.allCases)
    func requiredPropertiesSayRequired(_ kind: Kind) throws {
        let facts = try SchemaFacts.load(kind)
        let section = try Reference.load().section(kind)
        for name in facts.required.sorted() {
            let marked = section.rows.contains { $0.name == name && $0.text.contains("required") }
            #expect(marked, "no row for `\(name)` in \"## \(kind.heading)\" says it is required")
        }
    }

    @Test func everyEnumValueAppears() throws {
        let reference = try Reference.load()
        var values: Set<String> = []
        for kind in Kind.allCases {
            values.formUnion(try SchemaFacts.load(kind).enumValues)
        }
        #expect(!values.isEmpty)
        let missing = values.filter { !reference.text.contains("`\($0)`") }.sorted()
        #expect(missing.isEmpty, "enum values not in format.md (in backticks): \(missing.joined(separator: ", "))")
    }
}

// MARK: - The repository

/// The repository root: the nearest folder above this file that holds
/// Package.swift, Schemas/ and docs/format.md. A copy of this file built
/// outside the repository finds none and uses $LARDER_REPO instead.
private func repositoryRoot(filePath: String = #filePath) throws -> URL {
    let manager = FileManager.default
    var folder = URL(fileURLWithPath: filePath).resolvingSymlinksInPath().deletingLastPathComponent()
    while folder.path != "/" && !folder.path.isEmpty {
        let marks = ["Package.swift", "Schemas", "docs/format.md"]
        if marks.allSatisfy({ manager.fileExists(atPath: folder.appendingPathComponent($0).path) }) {
            return folder
        }
        folder = folder.deletingLastPathComponent()
    }
    if let root = ProcessInfo.processInfo.environment["LARDER_REPO"], !root.isEmpty {
        return URL(fileURLWithPath: root, isDirectory: true)
    }
    throw LookupError(message: "no folder above \(filePath) has Package.swift, Schemas/ and docs/format.md; set LARDER_REPO")
}

private struct LookupError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

// MARK: - The schemas

/// What a schema declares, collected from every level.
private struct SchemaFacts {
    var properties: Set<String> = []
    var required: Set<String> = []
    var enumValues: Set<String> = []

    static func load(_ kind: FormatReferenceTests.Kind) throws -> SchemaFacts {
        let url = try repositoryRoot().appendingPathComponent(kind.schemaPath)
        let schema = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        var facts = SchemaFacts()
        facts.collect(schema)
        return facts
    }

    private mutating func collect(_ node: Any) {
        if let array = node as? [Any] {
            array.forEach { collect($0) }
            return
        }
        guard let object = node as? [String: Any] else { return }
        if let properties = object["properties"] as? [String: Any] {
            for (name, subschema) in properties {
                self.properties.insert(name)
                collect(subschema)
            }
        }
        if let required = object["required"] as? [String] {
            self.required.formUnion(required)
        }
        if let values = object["enum"] as? [Any] {
            for value in values {
                enumValues.insert(value as? String ?? "\(value)")
            }
        }
        // Maps of named subschemas: the names are not properties.
        for key in ["$defs", "definitions", "patternProperties", "dependentSchemas"] {
            if let named = object[key] as? [String: Any] {
                named.values.forEach { collect($0) }
            }
        }
        // Subschemas (or arrays of them); a boolean additionalProperties is skipped by collect.
        for key in ["items", "prefixItems", "additionalProperties", "unevaluatedProperties",
                    "anyOf", "oneOf", "allOf", "not", "if", "then", "else", "contains"] {
            if let subschema = object[key] {
                collect(subschema)
            }
        }
    }
}

// MARK: - The document

/// docs/format.md, cut into its level-2 sections.
private struct Reference {
    struct Row {
        let name: String
        let text: String
        let line: Int
    }

    struct Section {
        var rows: [Row] = []
    }

    let text: String
    let sections: [String: Section]

    static func load() throws -> Reference {
        let url = try repositoryRoot().appendingPathComponent("docs/format.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        var sections: [String: Section] = [:]
        var current: String?
        var inFence = false
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            if line.drop(while: { $0 == " " }).hasPrefix("```") {
                inFence.toggle()
                continue
            }
            if inFence { continue }
            if line.hasPrefix("## ") {
                let heading = line.dropFirst(3).trimmingCharacters(in: .whitespaces)
                current = heading
                if sections[heading] == nil { sections[heading] = Section() }
                continue
            }
            if let current, let name = rowName(line) {
                sections[current]?.rows.append(Row(name: name, text: String(line), line: index + 1))
            }
        }
        return Reference(text: text, sections: sections)
    }

    func section(_ kind: FormatReferenceTests.Kind) throws -> Section {
        try #require(sections[kind.heading], "format.md has no \"## \(kind.heading)\" section")
    }

    /// The name in a row that starts "| `name` |", when name is an identifier
    /// (property names such as `prep_time`, `requestedBy`, `$schema`).
    private static func rowName(_ line: Substring) -> String? {
        guard line.hasPrefix("| `") else { return nil }
        let rest = line.dropFirst(3)
        guard let close = rest.firstIndex(of: "`"), rest[close...].hasPrefix("` |") else { return nil }
        let name = rest[..<close]
        guard let first = name.first, first == "$" || first == "_" || (first.isASCII && first.isLetter) else { return nil }
        let isIdentifier = name.dropFirst().allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
        return isIdentifier ? String(name) : nil
    }
}
