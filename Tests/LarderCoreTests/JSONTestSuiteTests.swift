import Foundation
import LarderCore
import Testing

/// Nicolas Seriot's JSONTestSuite, read from `shared/` beside the repository
/// (never copied into it): `y_` files must parse, `n_` files must be rejected,
/// `i_` files may go either way but must not crash or hang.
struct JSONTestSuiteTests {
    static let folder: URL = {
        var directory = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        while directory.path != "/",
            !FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path)
        {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("../shared/conformance/JSONTestSuite/test_parsing")
            .standardizedFileURL
    }()

    static let files: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.hasSuffix(".json") }
        .sorted()

    /// Valid JSON that the project rejects on purpose: RFC 8259 only says keys
    /// SHOULD be unique, and Larder treats a repeated key as an error.
    static let rejectedDuplicateKeyFiles: Set<String> = [
        "y_object_duplicated_key.json",
        "y_object_duplicated_key_and_value.json",
    ]

    @Test(
        "JSONTestSuite test_parsing",
        .enabled(if: !files.isEmpty, "JSONTestSuite not found at \(folder.path); skipping"),
        arguments: files)
    func conformance(file: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(file)))
        let result = Result { () throws(JSONSyntaxError) in try JSONReader.parse(bytes) }
        switch (file.prefix(2), result) {
        case ("y_", .success), ("n_", .failure), ("i_", _):
            break
        case ("y_", .failure(let error)):
            #expect(
                Self.rejectedDuplicateKeyFiles.contains(file) && error.reason == .duplicateKey,
                "valid JSON rejected: \(error) (hint: \(error.hint ?? "none"))")
        case ("n_", .success(let value)):
            Issue.record("invalid JSON accepted as \(value)")
        default:
            Issue.record("unexpected file name \(file)")
        }
        if case .failure(let error) = result {
            #expect(!error.message.isEmpty)
            #expect(error.position.line >= 1 && error.position.column >= 1)
        }
    }

}
