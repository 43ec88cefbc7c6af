import Foundation
@testable import LarderTestSupport
import Testing

/// Offline in the shop (docs/site.md, "Offline"): a built site in Chromium,
/// served under a subpath from a loopback server, used with the network
/// switched off (`offline_check.py`); and what `sw.js` may name.
@Suite struct OfflineTests {
    static let secret = ["LARDER_SECRET": "offline-tests-secret-0123456789"]

    /// A kitchen with a shopping list (one item ticked in the file), a
    /// public checklist and an unlisted one, built into `site`.
    static func kitchen() throws -> (folder: TestFolder, data: URL, site: URL) {
        let folder = try TestFolder("offline")
        try folder.write("data/larder.json", #"{ "title": "Offline kitchen" }"#)
        try folder.write("data/lists/shop.md", """
            ---
            title: Shop
            kind: shopping
            ---
            - [ ] 2 lemons
            - [ ] 1 kg flour
            - [x] 6 eggs
            - [ ] 1 l milk
            - [ ] 500 g butter

            """)
        try folder.write("data/lists/party.md", "---\ntitle: Party\nkind: checklist\n---\n- [ ] balloons\n- [ ] cake\n")
        try folder.write("data/lists/secret.md", "---\ntitle: Secret gift\nkind: checklist\nvisibility: unlisted\n---\n- [ ] a watch\n")
        let data = folder.url.appendingPathComponent("data"), site = folder.url.appendingPathComponent("site")
        let build = try ProcessResult.run(Repository.binary, ["build", data.path, "-o", site.path], environment: secret)
        try #require(build.status == 0, "\(build.stderr)")
        return (folder, data, site)
    }

    /// The unlisted list's folder name (its token) in a built site.
    static func token(in site: URL) throws -> String {
        let names = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("lists").path)
        let token = names.first { !$0.hasSuffix(".txt") && !["shop", "party"].contains($0) }
        return try #require(token)
    }

    /// sw.js names the public lists and the theme, never the unlisted
    /// list's address nor an image; the same data gives the same bytes, and
    /// an incremental build the bytes a fresh one writes.
    @Test func theWorkerNamesOnlyPublicPagesAndIsVersionedByThem() throws {
        let (folder, data, site) = try Self.kitchen()
        let worker = try String(contentsOf: site.appendingPathComponent("sw.js"), encoding: .utf8)
        let token = try Self.token(in: site)
        #expect(!worker.contains(token))
        let precache = try #require(worker.split(separator: "\n").first { $0.hasPrefix("var PRECACHE") })
        #expect(!precache.contains("secret"))
        for path in ["index.html", "assets/style.css", "assets/larder.js", "lists/shop/index.html", "lists/shop.txt",
                     "lists/party/index.html"] {
            #expect(worker.contains("\"\(path)\""), "sw.js does not precache \(path)")
        }
        func version(_ site: URL) throws -> String {
            let text = try String(contentsOf: site.appendingPathComponent("sw.js"), encoding: .utf8)
            return try #require(text.split(separator: "\n").first { $0.hasPrefix("var VERSION") }.map(String.init))
        }
        let first = try version(site)
        // Editing the unlisted list changes nothing in sw.js: it is not named.
        try folder.write("data/lists/secret.md", "---\ntitle: Secret gift\nkind: checklist\nvisibility: unlisted\n---\n- [ ] a clock\n")
        var build = try ProcessResult.run(Repository.binary, ["build", data.path, "-o", site.path], environment: Self.secret)
        try #require(build.status == 0, "\(build.stderr)")
        #expect(try version(site) == first)
        // Editing a public list does, and the incremental build agrees with a fresh one.
        try folder.write("data/lists/party.md", "---\ntitle: Party\nkind: checklist\n---\n- [ ] balloons\n- [ ] candles\n")
        build = try ProcessResult.run(Repository.binary, ["build", data.path, "-o", site.path], environment: Self.secret)
        try #require(build.status == 0, "\(build.stderr)")
        #expect(try version(site) != first)
        let fresh = folder.url.appendingPathComponent("fresh")
        build = try ProcessResult.run(Repository.binary, ["build", data.path, "-o", fresh.path], environment: Self.secret)
        try #require(build.status == 0, "\(build.stderr)")
        #expect(try Data(contentsOf: fresh.appendingPathComponent("sw.js")) == Data(contentsOf: site.appendingPathComponent("sw.js")))
    }

    @Test(.enabled(
        if: SiteQualityTests.required || AxeChecker.isUsable,
        "Chromium through Playwright does not run here (scripts/setup-test-tools)"
    ))
    func aListOpenedOnceWorksOfflineAndTicksFollowTheFile() async throws {
        let (folder, data, site) = try Self.kitchen()
        let token = try Self.token(in: site)
        let script = Repository.root.appendingPathComponent("Tests/LarderEndToEndTests/Tools/offline_check.py")
        let rebuild = String(decoding: try JSONEncoder().encode([Repository.binary.path, "build", data.path, "-o", site.path]), as: UTF8.self)
        let result = try await ProcessResult.runDetached(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", script.path, site.path, "--list", "lists/shop/index.html", "--other", "lists/party/index.html",
             "--unlisted", "lists/\(token)/index.html",
             "--edit", data.appendingPathComponent("lists/shop.md").path, "2 lemons", "3 lemons", "--rebuild", rebuild,
             "--gone", data.appendingPathComponent("lists/party.md").path],
            environment: Self.secret
        )
        guard result.status == 0, let report = try? JSONDecoder().decode(Report.self, from: Data(result.stdout.utf8)) else {
            throw ToolFailure(tool: "offline_check.py", status: result.status, output: result.stdout + result.stderr)
        }
        try #require(report.error == nil, "\(report.error ?? "")")
        let offline = try #require(report.offline), cleared = try #require(report.cleared)
        // Registered for the site's subpath, not the whole origin.
        #expect(report.online.scope.hasSuffix("/site/"), "\(report.online.scope)")
        #expect(report.online.controlled)
        // The first two unticked boxes (produce first: the lemons, edited below).
        let ours = Set(report.online.ticked)
        #expect(ours.count == 2 && ours.contains("item-lemon"), "\(ours)")
        #expect(report.online.own == ["item-egg"])
        // Offline: the page, its stylesheet and script; the ticks kept, and a new one.
        #expect(offline.title == "Shop · Offline kitchen")
        #expect(offline.script && offline.styled && offline.controlled)
        #expect(Set(offline.ticked) == ours.union(["item-egg"]))
        #expect(Set(offline.afterTick) == ours.union(["item-egg", offline.third]))
        // Pages never opened, from the install's cache; the unlisted one, opened once.
        for page in ["index.html", "lists/party/index.html"] {
            let loaded = report.precached?[page]
            #expect(loaded?.script == true && loaded?.styled == true, "\(page) offline: \(String(describing: loaded))")
        }
        #expect(report.unlisted?.title == "Secret gift · Offline kitchen", "\(String(describing: report.unlisted))")
        // Online again: the new build's page, the changed item's tick dropped, the others kept.
        let rebuilt = try #require(report.rebuilt)
        #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
        #expect(rebuilt.shows && !rebuilt.showsOld)
        #expect(Set(rebuilt.ticked) == ours.subtracting(["item-lemon"]).union(["item-egg", offline.third]))
        // A list removed from the site: 404 online, and no longer kept offline.
        #expect(report.gone?.online == 404 && report.gone?.keptOffline == false, "\(String(describing: report.gone))")
        // Clear ticks: back to the file, whose eggs stay ticked.
        #expect(cleared.ticked == ["item-egg"])
        #expect(cleared.storage.values.allSatisfy { $0 == "{}" }, "\(cleared.storage)")
        #expect(report.errors == [], "\(report.errors ?? [])")
        withExtendedLifetime(folder) {}
    }

    struct Report: Decodable {
        struct Online: Decodable {
            var scope: String
            var controlled: Bool
            var ticked: [String]
            var own: [String]
        }

        struct Offline: Decodable {
            var title: String
            var script: Bool
            var styled: Bool
            var controlled: Bool
            var ticked: [String]
            var afterTick: [String]
            var third: String
        }

        struct Page: Decodable {
            var title: String?
            var script: Bool?
            var styled: Bool?
            var error: String?
        }

        struct Rebuilt: Decodable {
            var status: Int
            var stderr: String
            var shows: Bool
            var showsOld: Bool
            var ticked: [String]
        }

        struct Gone: Decodable {
            var online: Int?
            var keptOffline: Bool
        }

        struct Cleared: Decodable {
            var ticked: [String]
            var storage: [String: String]
        }

        /// A step that could not run (the page did not load offline): the rest is missing.
        var error: String?
        var online: Online
        var offline: Offline?
        var precached: [String: Page]?
        var unlisted: Page?
        var rebuilt: Rebuilt?
        var gone: Gone?
        var cleared: Cleared?
        var errors: [String]?
    }
}
