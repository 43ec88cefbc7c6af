import Foundation
@testable import LarderTestSupport

/// axe-core, the accessibility engine behind most browser audits, run by
/// `axe_check.py` beside this file in Debian's Chromium through Playwright
/// (PyPI `axe-playwright-python`). `scripts/setup-test-tools` installs it.
enum AxeChecker {
    /// What `axe_check.py` prints.
    struct Report: Decodable {
        /// axe runs: pages × viewports × colour schemes.
        var checked: Int
        var pages: Int
        var violations: [Violation]
    }

    struct Violation: Decodable, Hashable {
        var page: String
        var viewport: String
        var colorScheme: String
        /// The axe rule, e.g. "color-contrast".
        var id: String
        var impact: String?
        var help: String
        var helpUrl: String?
        var nodes: [Node]
    }

    struct Node: Decodable, Hashable {
        /// CSS selectors of the element (one per frame).
        var target: [String]
        var html: String
        var summary: String
    }

    private static let env = URL(fileURLWithPath: "/usr/bin/env")
    static let script = Repository.root.appendingPathComponent("Tests/LarderEndToEndTests/Tools/axe_check.py")

    /// Whether Chromium starts and axe loads in it (a second or two).
    static var isUsable: Bool {
        (try? ProcessResult.run(env, ["python3", script.path, "--probe"]).status) == 0
    }

    /// Checks every `.html` file under `site` at each viewport ("390x844")
    /// and colour scheme ("light", "dark"), in one browser.
    static func check(site: URL, viewports: [String], schemes: [String]) async throws -> Report {
        let arguments = ["python3", script.path, site.path]
            + viewports.flatMap { ["--viewport", $0] }
            + schemes.flatMap { ["--scheme", $0] }
        let result = try await ProcessResult.runDetached(env, arguments)
        guard result.status == 0, let report = try? JSONDecoder().decode(Report.self, from: Data(result.stdout.utf8)) else {
            throw ToolFailure(tool: "axe_check.py", status: result.status, output: result.stdout + result.stderr)
        }
        return report
    }
}
