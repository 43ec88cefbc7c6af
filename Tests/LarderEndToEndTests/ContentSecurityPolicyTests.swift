import Foundation
@testable import LarderTestSupport
import Testing

/// Every page carries a strict Content-Security-Policy, and the theme keeps
/// to it: the example site in Chromium, over http and from file://, with no
/// violation reported, larder.js running, the stylesheets applied, search
/// answering and ticks kept across a reload.
@Suite struct ContentSecurityPolicyTests {
    static let sitePolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' https: data:; "
        + "connect-src 'self'; base-uri 'none'; form-action 'none'"
    static let sheetPolicy = "default-src 'none'; style-src 'self'; base-uri 'none'; form-action 'none'"
    static let printedSheetPolicy = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"

    static let secret = ["LARDER_SECRET": "content-security-policy-tests-secret"]

    static func buildExample() throws -> (TestFolder, URL) {
        let folder = try TestFolder("out")
        let site = folder.url.appendingPathComponent("site")
        let build = try ProcessResult.run(Repository.binary, ["build", Repository.examples.path, "-o", site.path], environment: secret)
        try #require(build.status == 0, "\(build.stderr)")
        return (folder, site)
    }

    static func meta(_ policy: String) -> String {
        #"<meta charset="utf-8">"# + "\n" + #"<meta http-equiv="Content-Security-Policy" content="\#(policy)">"#
    }

    /// The policy is the first thing after the charset (a policy covers only
    /// what comes after it), on every page of the site and on the sheet
    /// `larder print` writes.
    @Test func everyPageDeclaresThePolicyFirst() throws {
        let (folder, site) = try Self.buildExample()
        let pages = FileManager.default.enumerator(at: site, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "html" } ?? []
        #expect(pages.count > 10)
        for page in pages {
            let text = try String(contentsOf: page, encoding: .utf8)
            let policy = page.deletingLastPathComponent().lastPathComponent == "print" ? Self.sheetPolicy : Self.sitePolicy
            #expect(text.contains(Self.meta(policy)), "\(page.path) lacks the policy")
            #expect(text.components(separatedBy: "Content-Security-Policy").count == 2, "\(page.path): one policy")
        }
        let sheet = folder.url.appendingPathComponent("sheet.html")
        let print = try ProcessResult.run(
            Repository.binary, ["print", "weekly", "-o", sheet.path], in: Repository.examples, environment: Self.secret
        )
        try #require(print.status == 0, "\(print.stderr)")
        #expect(try String(contentsOf: sheet, encoding: .utf8).contains(Self.meta(Self.printedSheetPolicy)))
    }

    @Test(.enabled(
        if: SiteQualityTests.required || AxeChecker.isUsable,
        "Chromium through Playwright does not run here (scripts/setup-test-tools)"
    ))
    func theThemeKeepsToThePolicyInChromium() async throws {
        let (folder, site) = try Self.buildExample()
        let report = try await Self.check(site, ["--search", "pancakes", "--list", "lists/weekly/index.html"])
        // One page of each kind, every kind the theme has.
        for page in ["index.html", "search/index.html", "favorites/index.html", "lists/weekly/index.html",
                     "lists/camping/index.html", "lists/reading-list/index.html", "categories/index.html", "tags/index.html"] {
            #expect(report.pages.contains(page), "\(page) was not loaded")
        }
        for prefix in ["recipes/", "categories/", "tags/"] {
            #expect(report.pages.contains { $0.hasPrefix(prefix) && $0.split(separator: "/").count == 3 }, "no \(prefix) page")
        }
        #expect(report.pages.contains { $0.hasSuffix("/print/index.html") }, "no print sheet")
        #expect(report.loads.count == 2 * report.pages.count)
        for load in report.loads {
            let at = "\(load.mode) \(load.page)"
            #expect(load.violations.isEmpty, "\(at): \(load.violations)")
            #expect(load.errors.isEmpty, "\(at): \(load.errors)")
            #expect(load.styled, "\(at): the stylesheet was not applied")
            // Print sheets have no script; every other page runs larder.js.
            #expect(load.script == load.layout, "\(at): larder.js \(load.script ? "ran" : "did not run")")
        }
        for mode in ["http", "file"] {
            let search = report.search[mode]
            #expect(search?.titles.contains("Fluffy buttermilk pancakes") == true, "\(mode): search found \(search.map { "\($0.titles), \($0.status ?? "")" } ?? "nothing")")
            #expect(report.ticks[mode]?.kept == true, "\(mode): a tick on the list page did not survive a reload")
        }
        withExtendedLifetime(folder) {}
    }

    /// The one-file sheet of `larder print -o`: its policy lets the embedded
    /// stylesheet apply and nothing else.
    @Test(.enabled(
        if: SiteQualityTests.required || AxeChecker.isUsable,
        "Chromium through Playwright does not run here (scripts/setup-test-tools)"
    ))
    func printedSheetKeepsToItsPolicyInChromium() async throws {
        let folder = try TestFolder("sheet")
        let print = try ProcessResult.run(
            Repository.binary, ["print", "weekly", "-o", folder.url.appendingPathComponent("sheet.html").path],
            in: Repository.examples, environment: Self.secret
        )
        try #require(print.status == 0, "\(print.stderr)")
        let report = try await Self.check(folder.url, ["--all"])
        #expect(report.loads.count == 2)
        for load in report.loads {
            #expect(load.violations.isEmpty, "\(load.mode): \(load.violations)")
            #expect(load.errors.isEmpty && load.styled && !load.script, "\(load.mode): \(load)")
        }
    }

    /// `csp_check.py` over `site`.
    static func check(_ site: URL, _ options: [String]) async throws -> Report {
        let script = Repository.root.appendingPathComponent("Tests/LarderEndToEndTests/Tools/csp_check.py")
        let result = try await ProcessResult.runDetached(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path, site.path] + options
        )
        guard result.status == 0, let report = try? JSONDecoder().decode(Report.self, from: Data(result.stdout.utf8)) else {
            throw ToolFailure(tool: "csp_check.py", status: result.status, output: result.stdout + result.stderr)
        }
        return report
    }

    struct Report: Decodable {
        var pages: [String]
        var loads: [Load]
        var search: [String: Search]
        var ticks: [String: Ticks]
    }

    struct Load: Decodable {
        var mode: String
        var page: String
        var violations: [String]
        var errors: [String]
        var script: Bool
        var styled: Bool
        var layout: Bool
    }

    struct Search: Decodable {
        var titles: [String]
        var status: String?
    }

    struct Ticks: Decodable {
        var box: String?
        var kept: Bool
    }
}
