import Foundation
import LarderCore
import LarderSchema
import Testing

/// The official JSON-Schema-Test-Suite, read from `../shared/conformance`
/// beside the repository (never copied into it).
enum Conformance {
    static let folder: URL? = {
        var dir = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        while dir.path != "/" {
            if FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) {
                let suite = dir.appendingPathComponent("../shared/conformance/JSON-Schema-Test-Suite/tests/draft2020-12")
                    .standardizedFileURL
                return FileManager.default.fileExists(atPath: suite.path) ? suite : nil
            }
            dir.deleteLastPathComponent()
        }
        return nil
    }()

    static let missing = "JSON-Schema-Test-Suite not found at ../shared/conformance beside the package"

    /// Files not run, and why.
    static let skippedFiles: [String: String] = [
        "refRemote.json": "needs the remote documents (http://localhost:1234/...), which are not shipped",
        "vocabulary.json": "needs remote custom meta-schemas; $vocabulary is not supported",
    ]

    private static let remote = "needs a remote document (http://localhost:1234/...), which is not shipped"

    /// Cases (`file: group` or `file: group: test`) not run, and why.
    static let skippedCases: [String: String] = [
        "defs.json: validate definition against metaschema":
            "needs the draft 2020-12 meta-schema document, which is not shipped",
        "ref.json: remote ref, containing refs itself":
            "needs the draft 2020-12 meta-schema document, which is not shipped",
        "dynamicRef.json: strict-tree schema, guards against misspelled properties": remote,
        "dynamicRef.json: tests for implementation dynamic anchor and reference link": remote,
        "dynamicRef.json: $ref and $dynamicAnchor are independent of order - $defs first": remote,
        "dynamicRef.json: $ref and $dynamicAnchor are independent of order - $ref first": remote,
        "dynamicRef.json: $ref to $dynamicRef finds detached $dynamicAnchor": remote,
    ]

    static let files: [String] = {
        guard let folder else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") && skippedFiles[$0] == nil }.sorted()
    }()

    /// `format` values asserted in `optional/format/`, checked with `assertFormats`.
    static let assertedFormats = ["date", "date-time", "time", "email", "uri", "uuid"]

    struct Case {
        var name: String
        var schema: JSONValue
        var data: JSONValue
        var valid: Bool
    }

    /// The groups of one file, as `(name, schema, [case])`.
    static func groups(in path: String) throws -> [(name: String, schema: JSONValue, cases: [Case])] {
        let url = folder!.appendingPathComponent(path)
        let groups = try JSONReader.parse(Array(Data(contentsOf: url)))
        let file = url.lastPathComponent
        return try (groups.array ?? []).compactMap { group in
            let groupName = "\(file): \(group["description"]?.string ?? "?")"
            guard skippedCases[groupName] == nil, let schema = group["schema"] else { return nil }
            let cases = try (group["tests"]?.array ?? []).compactMap { test -> Case? in
                let name = "\(groupName): \(test["description"]?.string ?? "?")"
                guard skippedCases[name] == nil else { return nil }
                let data = try #require(test["data"])
                let valid = try #require(test["valid"]?.bool as Bool?)
                return Case(name: name, schema: schema, data: data, valid: valid)
            }
            return (groupName, schema, cases)
        }
    }
}

@Suite("JSON Schema draft 2020-12 conformance")
struct ConformanceTests {
    @Test(.enabled(if: Conformance.folder != nil, Comment(rawValue: Conformance.missing)), arguments: Conformance.files)
    func keywordFile(_ file: String) throws {
        try run(Conformance.groups(in: file), assertFormats: [])
    }

    @Test(
        .enabled(if: Conformance.folder != nil, Comment(rawValue: Conformance.missing)),
        arguments: Conformance.assertedFormats)
    func assertedFormat(_ format: String) throws {
        try run(Conformance.groups(in: "optional/format/\(format).json"), assertFormats: [format])
    }

    private func run(
        _ groups: [(name: String, schema: JSONValue, cases: [Conformance.Case])], assertFormats: Set<String>
    ) throws {
        for group in groups {
            let schema: JSONSchema
            do {
                schema = try JSONSchema(group.schema, assertFormats: assertFormats)
            } catch {
                Issue.record("\(group.name): does not compile: \(error)")
                continue
            }
            for test in group.cases {
                let violations = schema.validate(test.data)
                #expect(schema.isValid(test.data) == test.valid, "\(test.name)")
                #expect(violations.isEmpty == test.valid, "\(test.name): \(violations.map(\.message))")
            }
        }
    }
}
