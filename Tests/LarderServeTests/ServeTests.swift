import Foundation
@testable import LarderTestSupport
import Larder
import LarderSite
import Testing
@testable import LarderServe

/// `larder serve` in-process: pages, paths that must not be served, live
/// reload on a change, the overlay data on a broken file, shutdown.
@Suite struct ServeTests {
    static let reloadTag = #"<script src="/_larder/reload.js" defer></script>"#

    @Test func servesTheSiteWithTheReloadScript() async throws {
        let kitchen = try await ServedKitchen.start()
        let image = try kitchen.bytes("images/pancakes.jpg")
        try await offThread {
            let home = try kitchen.get("/")
            #expect(home.status == 200)
            #expect(home.headers["content-type"] == "text/html; charset=utf-8")
            #expect(home.text.contains(Self.reloadTag + "</body>"))

            let recipe = try kitchen.get("/recipes/pancakes/")
            #expect(recipe.status == 200)
            #expect(recipe.text.contains("Fluffy buttermilk pancakes"))
            #expect(recipe.text.contains(Self.reloadTag))

            let folder = try kitchen.get("/recipes/pancakes")
            #expect(folder.status == 302)
            #expect(folder.headers["location"] == "/recipes/pancakes/")

            let css = try kitchen.get("/assets/style.css")
            #expect(css.status == 200)
            #expect(css.headers["content-type"] == "text/css; charset=utf-8")
            #expect(!css.text.contains("/_larder/"))
            let head = try kitchen.get("/assets/style.css", method: "HEAD")
            #expect(head.status == 200)
            #expect(head.headers["content-length"] == String(css.body.count))
            #expect(head.body.isEmpty)

            let jpeg = try kitchen.get("/images/pancakes.jpg")
            #expect(jpeg.status == 200)
            #expect(jpeg.headers["content-type"] == "image/jpeg")
            #expect(jpeg.body == image)

            let text = try kitchen.get("/recipes/pancakes.txt")
            #expect(text.headers["content-type"] == "text/plain; charset=utf-8")

            let script = try kitchen.get("/_larder/reload.js")
            #expect(script.headers["content-type"] == "text/javascript; charset=utf-8")
            #expect(script.text.contains("new EventSource(\"/_larder/events\")"))

            #expect(try kitchen.get("/", method: "POST").status == 405)
        }
        try await kitchen.stop()
    }

    @Test func servesNothingOutsideTheSite() async throws {
        let kitchen = try await ServedKitchen.start()
        let config = String(decoding: try kitchen.bytes("larder.json"), as: UTF8.self)
        let paths = [
            "/../larder.json", "/%2e%2e/larder.json", "/%2E%2E/larder.json", "/..%2flarder.json",
            "/%2e%2e%2f%2e%2e%2fetc%2fpasswd", "/images/../larder.json", "/images/%2e%2e/larder.json",
            "//etc/passwd", "/larder.json", "/favorites.json", "/.larder-secret", "/lists/weekly.md",
            "/recipes/pancakes.md", "/lists/", "/recipes/", "/images/", "/templates/", "/assets/",
            "/recipes/pancakes/..%5c..%5clarder.json", "/%00", "/recipes//pancakes/", "/./index.html",
        ]
        try await offThread {
            for path in paths {
                let reply = try kitchen.get(path)
                #expect(reply.status == 404, "\(path)")
                #expect(!reply.text.contains("\"$schema\""), "\(path)")
                #expect(!reply.text.contains(config), "\(path)")
                #expect(!reply.text.contains("root:"), "\(path)")
            }
        }
        try await kitchen.stop()
    }

    @Test(arguments: [false, true])
    func anEditIsServedAndPagesAreToldToReload(polling: Bool) async throws {
        let kitchen = try await ServedKitchen.start(polling: polling)
        try await offThread {
            let events = try EventStreamClient(port: kitchen.port)
            #expect(try events.next()?.name == "hello")

            try kitchen.edit("recipes/pancakes.md") {
                $0.replacingOccurrences(of: "title: Fluffy buttermilk pancakes", with: "title: Fluffier pancakes")
            }
            // Typically ~0.1 s; the wait is only there so a broken watcher
            // fails instead of hanging (timings are the benchmark's job).
            let reload = try events.next(named: "reload", timeout: .seconds(30))
            #expect(reload.data.hasPrefix("{\"build\":"))

            let page = try kitchen.get("/recipes/pancakes/")
            #expect(page.status == 200)
            #expect(page.text.contains("Fluffier pancakes"))
            #expect(!page.text.contains("Fluffy buttermilk pancakes"))
        }
        try await kitchen.stop()
    }

    @Test func aBrokenFileShowsItsProblemsAndTheLastGoodSiteStays() async throws {
        let kitchen = try await ServedKitchen.start()
        try await offThread {
            let events = try EventStreamClient(port: kitchen.port)
            #expect(try events.next()?.name == "hello")
            let before = try kitchen.get("/recipes/pancakes/")

            try kitchen.edit("recipes/pancakes.md") {
                $0.replacingOccurrences(of: "\nservings: 4\n", with: "\nservings: many\n")
            }
            let errors = try events.next(named: "errors")
            let report = try JSONDecoder().decode(ErrorsEvent.self, from: Data(errors.data.utf8))
            // The weekly list asks 8 servings of the pancakes, which now have
            // none: a warning beside the error.
            #expect(report.summary == "checked 17 files: 1 error, 1 warning")
            let problem = try #require(report.problems.first { $0.severity == "error" })
            #expect(problem.path == "kitchen/recipes/pancakes.md")
            #expect(problem.severity == "error")
            #expect(problem.line == 7)
            #expect(problem.column == 11)
            #expect(problem.source == "servings: many")
            #expect(problem.code != nil)

            // The last good site is still served, page for page.
            let during = try kitchen.get("/recipes/pancakes/")
            #expect(during.status == 200)
            #expect(during.body == before.body)

            // A page opened now gets the problems at once.
            let late = try EventStreamClient(port: kitchen.port)
            #expect(try late.next()?.name == "hello")
            #expect(try late.next()?.name == "errors")

            let page = try kitchen.get("/_larder/errors")
            #expect(page.status == 200)
            #expect(page.text.contains("kitchen/recipes/pancakes.md:7:11"))
            #expect(page.text.contains("servings: many"))
            #expect(page.text.contains(Self.reloadTag))

            // Fixed: a reload clears the overlay, and the problems page is empty.
            try kitchen.edit("recipes/pancakes.md") {
                $0.replacingOccurrences(of: "\nservings: many\n", with: "\nservings: 4\n")
            }
            _ = try events.next(named: "reload")
            #expect(try kitchen.get("/_larder/errors").text.contains("No problems"))
        }
        try await kitchen.stop()
    }

    @Test func stopEndsTheEventStreamsAndRun() async throws {
        let kitchen = try await ServedKitchen.start()
        let events = try await offThread { () -> Bool in
            let client = try EventStreamClient(port: kitchen.port)
            return try client.next()?.name == "hello"
        }
        #expect(events)
        let port = kitchen.port
        // Stopped only once this page listens: one that comes after the stop
        // gets an ended stream at once, and no hello.
        let listening = DispatchSemaphore(value: 0)
        let stream = Task {
            try await offThread { () -> Bool in
                // Signalled on failure too, so that the wait below ends.
                defer { listening.signal() }
                let client = try EventStreamClient(port: port)
                guard try client.next()?.name == "hello" else { return false }
                listening.signal()
                // After stop, the stream ends (no more events, no error).
                return try client.next(timeout: .seconds(30)) == nil
            }
        }
        try await offThread { _ = listening.wait(timeout: .now() + 30) }
        // Stopping ends (it does not hang); how fast is the benchmark's business.
        try await kitchen.stop()
        #expect(try await stream.value)
        #expect(throws: (any Error).self) { try RawConnection.request("GET", "/", port: port) }
    }

    @Test func buildOutputHasNoReloadScript() throws {
        let loaded = try KitchenLoader.load(ServedKitchen.examples)
        let theme = try Theme.load(overrides: nil)
        let files = try SiteBuilder(
            kitchen: loaded.kitchen, dataFolder: ServedKitchen.examples, theme: theme,
            unlisted: UnlistedLinks(secret: Array("a test secret of some length".utf8))
        ).render()
        for file in files {
            guard case .bytes(let bytes) = file.contents else { continue }
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(!text.contains("/_larder/"), "\(file.path)")
            #expect(!text.contains("EventSource"), "\(file.path)")
        }
    }

    @Test func aRebuildReadsOnlyTheChangedFile() throws {
        let folder = try TemporaryCopy()
        var builder = PreviewBuilder(
            folder: folder.url, displayName: "kitchen",
            environment: ["LARDER_SECRET": "a test secret of some length"], color: false
        )
        let (_, first) = builder.build()
        #expect(first.documentsRead == 17)
        #expect(first.documentsCached == 0)
        let (_, unchanged) = builder.build()
        #expect(unchanged.documentsRead == 0)
        #expect(unchanged.documentsCached == 17)
        try Data("---\ntitle: Toast\n---\n## Ingredients\n\n- 2 slices bread\n".utf8)
            .write(to: folder.url.appendingPathComponent("recipes/toast.md"))
        let (outcome, added) = builder.build()
        #expect(added.documentsRead == 1)
        #expect(added.documentsCached == 17)
        guard case .built(let site, _) = outcome else {
            Issue.record("the build failed")
            return
        }
        #expect(site.contains("recipes/toast/index.html"))
    }
}

/// The overlay's data, as the reload script reads it.
struct ErrorsEvent: Decodable {
    struct Problem: Decodable {
        var severity: String
        var code: String?
        var message: String
        var path: String?
        var line: Int?
        var column: Int?
        var source: String?
        var hint: String?
    }

    var summary: String
    var problems: [Problem]
}

/// A copy of the example kitchen, removed with the value.
final class TemporaryCopy {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("larder-serve-copy-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: ServedKitchen.examples, to: url)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
