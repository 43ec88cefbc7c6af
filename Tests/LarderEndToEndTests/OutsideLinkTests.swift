import Foundation
@testable import LarderTestSupport
import Testing

/// Files Larder reads from the data folder besides the data files (the
/// templates, `templates/` itself, `.larder-secret`): a symbolic link that
/// leads out of the folder is refused by the real binary with an error
/// naming it, and nothing it leads to reaches the site.
@Suite struct OutsideLinkTests {
    static let marker = "OUTSIDE-MARKER-8c1f"

    struct Case: CustomStringConvertible, Sendable {
        var description: String
        /// Makes the links, given the data folder and a folder outside it.
        var make: @Sendable (TestFolder, URL) throws -> Void
        var error: String
    }

    static let refusal = "is a symbolic link to a place outside the data folder, so it is not read; copy what it links to into the folder"

    static let cases: [Case] = [
        Case(description: "a partial linked to /proc/self/environ", make: { folder, _ in
            try HostileInputTests.link(folder, "templates/recipe-card.mustache", to: "/proc/self/environ")
        }, error: "larder: error: template templates/recipe-card.mustache \(refusal)"),
        Case(description: "layout.mustache linked outside", make: { folder, outside in
            try HostileInputTests.link(folder, "templates/layout.mustache", to: outside.appendingPathComponent("layout.mustache").path)
        }, error: "larder: error: template templates/layout.mustache \(refusal)"),
        Case(description: "the style sheet linked outside through a relative path", make: { folder, _ in
            try HostileInputTests.link(folder, "templates/style.css", to: "../../outside/layout.mustache")
        }, error: "larder: error: template templates/style.css \(refusal)"),
        Case(description: "templates/ linked outside", make: { folder, outside in
            try HostileInputTests.link(folder, "templates", to: outside.path)
        }, error: "larder: error: template templates/ \(refusal)"),
        Case(description: ".larder-secret linked outside", make: { folder, outside in
            try folder.write("lists/gifts.md", "---\ntitle: Gifts\nvisibility: unlisted\n---\n- [ ] a book #household\n")
            try HostileInputTests.link(folder, ".larder-secret", to: outside.appendingPathComponent("secret").path)
        }, error: "\(refusal); set LARDER_SECRET or create"),
    ]

    @Test(arguments: cases)
    func linkOutIsRefused(_ hostile: Case) throws {
        let folder = try TestFolder()
        let outside = folder.url.deletingLastPathComponent().appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try "<html><body>\(Self.marker){{{content}}}</body></html>".write(to: outside.appendingPathComponent("layout.mustache"), atomically: true, encoding: .utf8)
        try "\(Self.marker)-secret-long-enough\n".write(to: outside.appendingPathComponent("secret"), atomically: true, encoding: .utf8)
        try folder.write("recipes/soup.md", "---\ntitle: Soup\n---\n")
        try hostile.make(folder, outside)
        let site = folder.url.deletingLastPathComponent().appendingPathComponent("site")
        let build = try ProcessResult.run(
            Repository.binary, ["build", ".", "-o", site.path], in: folder.url, environment: ["LARDER_TEST_ENV_MARKER": Self.marker]
        )
        #expect(build.status == 1)
        #expect(build.stderr.contains(hostile.error), "\(build.stderr)")
        #expect(!FileManager.default.fileExists(atPath: site.path))
        #expect(!build.stderr.contains(Self.marker))
    }

    /// A link that stays inside the folder is followed.
    @Test func linkInsideIsFollowed() throws {
        let folder = try TestFolder()
        try folder.write("shared/layout.mustache", "<!doctype html><html><body>INSIDE-LAYOUT{{{content}}}</body></html>")
        try HostileInputTests.link(folder, "templates/layout.mustache", to: "../shared/layout.mustache")
        try folder.write("recipes/soup.md", "---\ntitle: Soup\n---\n")
        let site = folder.url.deletingLastPathComponent().appendingPathComponent("site")
        let build = try ProcessResult.run(Repository.binary, ["build", ".", "-o", site.path], in: folder.url)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8).contains("INSIDE-LAYOUT"))
    }
}
