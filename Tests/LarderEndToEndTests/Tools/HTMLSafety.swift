import Foundation
@testable import LarderTestSupport

/// `html_safety.py` beside this file: pages parsed by html5lib (the WHATWG
/// parsing algorithm, as browsers parse), with everything that could run
/// script reported. `scripts/setup-test-tools` installs html5lib.
enum HTMLSafety {
    /// One page as the script reports it.
    struct Page {
        var path: String
        /// (type, src with any leading "../" removed, id) of each <script>.
        var scripts: [Script]
        var styles: [String]
        /// Parsed `application/ld+json` and `application/json` blocks; an
        /// `error` string where the text is not JSON.
        var jsonBlocks: [[String: Any]]
        var title: String?
        var h1: String?
        var problems: [String]
    }

    struct Script: Hashable, CustomStringConvertible {
        var type: String?
        var src: String?
        var id: String?
        var description: String { "<script type=\(type ?? "-") src=\(src ?? "-") id=\(id ?? "-")>" }
    }

    private static let env = URL(fileURLWithPath: "/usr/bin/env")
    static let script = Repository.root.appendingPathComponent("Tests/LarderEndToEndTests/Tools/html_safety.py")

    static var isUsable: Bool {
        (try? ProcessResult.run(env, ["python3", "-c", "import html5lib"]).status) == 0
    }

    /// Every `.html` file under each folder, and each file given.
    static func check(_ paths: [URL]) async throws -> [Page] {
        let result = try await ProcessResult.runDetached(env, ["python3", script.path] + paths.map(\.path))
        guard result.status == 0,
              let object = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
              let pages = object["pages"] as? [[String: Any]]
        else {
            throw ToolFailure(tool: "html_safety.py", status: result.status, output: result.stdout + result.stderr)
        }
        return pages.map { page in
            Page(
                path: page["path"] as? String ?? "?",
                scripts: (page["scripts"] as? [[String: Any]] ?? []).map {
                    Script(
                        type: $0["type"] as? String,
                        src: ($0["src"] as? String).map { $0.replacingOccurrences(of: "../", with: "") },
                        id: $0["id"] as? String
                    )
                },
                styles: page["styles"] as? [String] ?? [],
                jsonBlocks: page["jsonBlocks"] as? [[String: Any]] ?? [],
                title: page["title"] as? String,
                h1: page["h1"] as? String,
                problems: page["problems"] as? [String] ?? []
            )
        }
    }
}
