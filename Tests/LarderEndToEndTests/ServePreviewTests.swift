import Foundation
@testable import LarderTestSupport
import Testing

/// `larder serve` as a new user meets it: on a phone-sized window, and on a
/// folder with no data.
@Suite struct ServePreviewTests {
    static let secret = ["LARDER_SECRET": "serve-preview-tests-secret"]

    /// At 390 px the overlay's title wraps beside its Hide button instead of
    /// running under it; and the preview registers no service worker (it
    /// answers /sw.js with 404), so nothing it served is kept after it stops.
    @Test(.enabled(
        if: SiteQualityTests.required || AxeChecker.isUsable,
        "Chromium through Playwright does not run here (scripts/setup-test-tools)"
    ))
    func theOverlayFitsAPhoneAndThePreviewHasNoWorker() async throws {
        let folder = try TestFolder("preview")
        let data = folder.url.appendingPathComponent("kitchen")
        try FileManager.default.copyItem(at: Repository.examples, to: data)
        let script = Repository.root.appendingPathComponent("Tests/LarderEndToEndTests/Tools/serve_check.py")
        let result = try await ProcessResult.runDetached(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", script.path, Repository.binary.path, data.path, "--page", "lists/weekly/index.html", "--break", "lists/weekly.md"],
            environment: Self.secret
        )
        guard result.status == 0, let report = try? JSONDecoder().decode(Report.self, from: Data(result.stdout.utf8)) else {
            throw ToolFailure(tool: "serve_check.py", status: result.status, output: result.stdout + result.stderr)
        }
        #expect(report.worker.status == 404)
        #expect(report.worker.registered == 0)
        let overlay = try #require(report.overlay)
        #expect(overlay.error == nil, "\(overlay.error ?? "")")
        #expect(overlay.overlap == false, "the title runs under the Hide button: \(result.stdout)")
        #expect(overlay.fits == true, "\(result.stdout)")
    }

    /// As check and build: exit 2 and say so, rather than serve an empty
    /// site. (`timeout`: a serve that starts would otherwise run on.)
    @Test func serveOnAFolderWithoutDataSaysSoAndExits2() throws {
        let folder = try TestFolder()
        try folder.write("notes.txt", "not a data file\n")
        let result = try ProcessResult.run(
            URL(fileURLWithPath: "/usr/bin/timeout"), ["20", Repository.binary.path, "serve", ".", "--port", "0"], in: folder.url
        )
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr == "larder: error: " + String(format: FirstHourCLITests.emptyFolderMessage, ".") + "\n")
        #expect(!result.stdout.contains("Serving"))
    }

    struct Report: Decodable {
        struct Worker: Decodable {
            var status: Int
            var registered: Int
        }

        struct Overlay: Decodable {
            var overlap: Bool?
            var fits: Bool?
            var error: String?
        }

        var worker: Worker
        var overlay: Overlay?
    }
}
