import Foundation
import Larder
@testable import LarderTestSupport
import Testing

/// `larder import http://…` through the real binary against a loopback
/// site: the path users run, with what the web does to it (redirects,
/// errors, slow or compressed or oversized bodies, other character sets,
/// pictures with the wrong type or none).
@Suite struct ImportURLTests {
    let larder = Repository.binary

    /// A page with a relative picture address and no canonical link, so the
    /// address it was fetched from is its source and its base.
    static func page(title: String = "Pancakes", image: String? = "pic.jpg") -> String {
        """
        <!doctype html><html><head><title>\(title)</title>
        <script type="application/ld+json">{"@context":"https://schema.org","@type":"Recipe","name":"\(title)",
        \(image.map { "\"image\":\"\($0)\"," } ?? "")
        "recipeYield":"4","recipeIngredient":["200 g flour","2 eggs"],"recipeInstructions":["Whisk.","Fry."]}</script>
        </head><body></body></html>
        """
    }

    /// The smallest PNG: a 1×1 transparent pixel.
    static let png: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
        0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x00, 0x01, 0x00, 0x00,
        0x05, 0x00, 0x01, 0x0D, 0x0A, 0x2D, 0xB4, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE,
        0x42, 0x60, 0x82,
    ]

    func read(_ folder: TestFolder, _ path: String) throws -> String {
        try String(contentsOf: folder.url.appendingPathComponent(path), encoding: .utf8)
    }

    func exists(_ folder: TestFolder, _ path: String) -> Bool {
        FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(path).path)
    }

    @Test func aRedirectedPageAndItsPictureSentAsTheWrongType() async throws {
        let site = try LoopbackSite { request in
            switch request.path {
            case "/p": .redirect("/q", status: 302)
            case "/q": .redirect("/recipes/pancakes")
            // PNG bytes under a JPEG type: the bytes decide.
            case "/recipes/pic.jpg": .bytes(Self.png, type: "image/jpeg")
            case "/recipes/pancakes": .page(Self.page())
            default: .notFound
            }
        }
        defer { site.stop() }
        let folder = try TestFolder()
        let result = try await ProcessResult.runDetached(larder, ["import", site.url("/p")], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "recipes/pancakes.md  Pancakes  (from \(site.url("/p")))\n")
        #expect(result.stderr == "larder: note: recipes/pancakes.md: wrote its picture images/pancakes.png (from \(site.url("/recipes/pic.jpg")))\n")
        let written = try read(folder, "recipes/pancakes.md")
        // The address after the redirects is the source, and the base of the picture's.
        #expect(written.contains("source: \"\(site.url("/recipes/pancakes"))\"\nimage: images/pancakes.png\n"), "\(written)")
        let picture = try Data(contentsOf: folder.url.appendingPathComponent("images/pancakes.png"))
        #expect(Array(picture) == Self.png)
        // One request per address, the picture's included, naming Larder.
        #expect(site.requests.map(\.path) == ["/p", "/q", "/recipes/pancakes", "/recipes/pic.jpg"])
        #expect(site.requests.allSatisfy { $0.headers["user-agent"] == "Larder/\(LarderVersion.current) (recipe import)" })

        let check = try ProcessResult.run(larder, ["check", "."], in: folder.url)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stderr == "checked 1 file: no problems\n", "\(check.stdout)")
    }

    @Test func aPictureThatIsMissingOrNoPictureIsAWarning() async throws {
        let site = try LoopbackSite { request in
            switch request.path {
            case "/a": .page(Self.page(title: "Apple Cake", image: "/gone.jpg"))
            case "/b": .page(Self.page(title: "Bread", image: "/b.jpg"))
            case "/b.jpg": .page("<html>a login page</html>", type: "image/jpeg")
            default: .notFound
            }
        }
        defer { site.stop() }
        let folder = try TestFolder()
        let result = try await ProcessResult.runDetached(larder, ["import", site.url("/a"), site.url("/b")], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == """
            larder: warning: recipes/apple-cake.md: the image is not downloaded: \(site.url("/gone.jpg")): the server answered HTTP 404 Not Found
            larder: warning: recipes/bread.md: the image (\(site.url("/b.jpg"))) is not written: it is HTML

            """)
        #expect(!(try read(folder, "recipes/apple-cake.md")).contains("image:"))
        #expect(!exists(folder, "images"))
    }

    /// `bytes` compressed by gzip(1).
    func gzipped(_ bytes: [UInt8]) throws -> [UInt8] {
        let folder = try TestFolder("gzip")
        try folder.write("body", bytes)
        let gzip = try ProcessResult.run(URL(fileURLWithPath: "/usr/bin/env"), ["gzip", "-9", "body"], in: folder.url)
        try #require(gzip.status == 0, "\(gzip.stderr)")
        return Array(try Data(contentsOf: folder.url.appendingPathComponent("body.gz")))
    }

    @Test func failuresAreNamedAndWriteNothing() async throws {
        // 11 MB that gzip makes 11 KB: the limit counts what it decodes to.
        let bomb = try gzipped(Array(repeating: UInt8(ascii: " "), count: 11 << 20))
        let site = try LoopbackSite { request in
            switch request.path {
            case "/missing": .notFound
            case "/loop-a": .redirect("/loop-b")
            case "/loop-b": .redirect("/loop-a")
            case let path where path.hasPrefix("/hop/"):
                .redirect("/hop/\((Int(path.dropFirst(5)) ?? 0) + 1)")
            case "/news": .page("<html><body><p>No recipe today.</p></body></html>")
            // No Content-Length: the limit holds while the body arrives.
            case "/huge": LoopbackSite.Reply(
                headers: [("Content-Type", "text/html")], body: Array(repeating: UInt8(ascii: " "), count: 11 << 20), unsized: true
            )
            case "/bomb": LoopbackSite.Reply(headers: [("Content-Type", "text/html"), ("Content-Encoding", "gzip")], body: bomb)
            // Never a local file: URLSession keeps the redirect on the
            // server (and WebFetcher refuses any that is not http(s)).
            case "/away": .redirect("file:///etc/hostname")
            case "/photo": .bytes(Self.png, type: "text/html")
            case "/video": .bytes(Array("<html></html>".utf8), type: "video/mp4")
            default: .notFound
            }
        }
        defer { site.stop() }
        let folder = try TestFolder()
        let sources = ["/missing", "/loop-a", "/hop/0", "/news", "/huge", "/bomb", "/away", "/photo", "/video"].map(site.url)
        let result = try await ProcessResult.runDetached(larder, ["import"] + sources, in: folder.url)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == """
            larder: error: \(sources[0]): the server answered HTTP 404 Not Found
            larder: error: \(sources[1]): the redirects go round in a loop
            larder: error: \(sources[2]): more than 10 redirects
            larder: error: no recipe found on the page \(sources[3]); it has no schema.org Recipe (JSON-LD, microdata or RDFa), no recipe-card plugin markup and no h-recipe
            larder: error: \(sources[4]): more than 10 MB, over the limit for this kind of file
            larder: error: \(sources[5]): more than 10 MB, over the limit for this kind of file
            larder: error: \(site.url("/etc/hostname")): the server answered HTTP 404 Not Found
            larder: error: \(sources[7]): the server sent a PNG picture, not a web page
            larder: error: \(sources[8]): the server sent video/mp4, not a web page

            """)
        #expect(!exists(folder, "recipes"))
    }

    @Test func aSlowServerTimesOut() async throws {
        let site = try LoopbackSite { _ in
            var reply = LoopbackSite.Reply.page(Self.page())
            reply.delay = .seconds(10)
            return reply
        }
        defer { site.stop() }
        let folder = try TestFolder()
        let result = try await ProcessResult.runDetached(larder, ["import", site.url("/slow"), "--timeout", "1"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.stderr == "larder: error: \(site.url("/slow")): no complete answer within 1 s (timed out; --timeout sets the limit)\n")
        #expect(result.duration < 8, "took \(result.duration) s")
    }

    @Test func aHostThatIsNotFound() async throws {
        let folder = try TestFolder()
        let result = try await ProcessResult.runDetached(
            larder, ["import", "http://no-such-host.invalid/soup", "--timeout", "10"], in: folder.url
        )
        #expect(result.status == 1)
        #expect(result.stderr == "larder: error: http://no-such-host.invalid/soup: the host no-such-host.invalid is not found (no such name, or no network)\n")
    }

    @Test func aGzipBodyALatin1PageAndAnUntypedOne() async throws {
        let folder = try TestFolder()
        let compressed = try gzipped(Array(Self.page(title: "Soup", image: nil).utf8))
        // ISO-8859-1 bytes, said only in the header (the page has no <meta charset>).
        let latin1 = Array(Self.page(title: "Crème brûlée", image: nil).data(using: .isoLatin1)!)
        let site = try LoopbackSite { request in
            switch request.path {
            case "/soup": LoopbackSite.Reply(
                headers: [("Content-Type", "text/html"), ("Content-Encoding", "gzip")], body: compressed
            )
            case "/creme": .bytes(latin1, type: "text/html; charset=ISO-8859-1")
            // As simple servers send a file whose extension they do not know.
            case "/saved.testhtml": .bytes(Array(Self.page(title: "Toast", image: nil).utf8), type: "application/octet-stream")
            default: .notFound
            }
        }
        defer { site.stop() }
        let sources = ["/soup", "/creme", "/saved.testhtml"].map(site.url)
        let result = try await ProcessResult.runDetached(larder, ["import"] + sources, in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            recipes/soup.md  Soup  (from \(sources[0]))
            recipes/creme-brulee.md  Crème brûlée  (from \(sources[1]))
            recipes/toast.md  Toast  (from \(sources[2]))

            """)
        let encodings = site.requests.first?.headers["accept-encoding"] ?? ""
        #expect(encodings.contains("gzip") && encodings.contains("deflate"), "\(encodings)")
        #expect(try read(folder, "recipes/soup.md").contains("- 200 g flour\n- 2 eggs\n"))
    }

    @Test func aSavedPagesPictureIsFetchedOnlyWhenAsked() async throws {
        let site = try LoopbackSite { _ in .bytes(Self.png, type: "image/png") }
        defer { site.stop() }
        let folder = try TestFolder()
        try folder.write("../saved/pancakes.html", Self.page(image: site.url("/pic.png")))
        let offline = try await ProcessResult.runDetached(larder, ["import", "../saved/pancakes.html"], in: folder.url)
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stderr == "larder: warning: recipes/pancakes.md: the image (\(site.url("/pic.png"))) is not downloaded: the source is a file (--images all downloads it)\n")
        #expect(site.requests.isEmpty)

        let asked = try await ProcessResult.runDetached(larder, ["import", "../saved/pancakes.html", "--images", "all", "--force"], in: folder.url)
        #expect(asked.status == 0, "\(asked.stderr)")
        #expect(site.requests.map(\.path) == ["/pic.png"])
        #expect(try read(folder, "recipes/pancakes.md").contains("\nimage: images/pancakes.png\n"))
        #expect(exists(folder, "images/pancakes.png"))
    }

    @Test func aDryRunFetchesThePageOnly() async throws {
        let site = try LoopbackSite { request in
            request.path == "/p" ? .page(Self.page()) : .bytes(Self.png, type: "image/png")
        }
        defer { site.stop() }
        let folder = try TestFolder()
        let result = try await ProcessResult.runDetached(larder, ["import", site.url("/p"), "--dry-run"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "larder: note: recipes/pancakes.md: would download its image \(site.url("/pic.jpg")) into images/\n")
        #expect(site.requests.map(\.path) == ["/p"])
        #expect(!exists(folder, "recipes") && !exists(folder, "images"))
    }

    /// The saved pages of real sites served over HTTP import as they do
    /// from the files, and every file written checks.
    @Test func theSavedPagesImportByAddressAsFromFiles() async throws {
        let pages = Repository.root.appendingPathComponent("../shared/conformance/recipe-pages").standardizedFileURL
        guard FileManager.default.fileExists(atPath: pages.path) else { return }
        let files = RecipeFiles.pages(in: pages)
        try #require(files.count >= 80)
        let site = try LoopbackSite { request in
            guard let data = FileManager.default.contents(atPath: pages.appendingPathComponent(String(request.path.dropFirst())).path),
                  request.path.hasSuffix(".testhtml"), !request.path.contains("..") else { return .notFound }
            return .bytes(Array(data), type: "text/html")
        }
        defer { site.stop() }
        let byAddress = try TestFolder()
        let byFile = try TestFolder()
        let web = try await ProcessResult.runDetached(
            larder, ["import", "--images", "none"] + files.map { site.url("/" + $0) }, in: byAddress.url
        )
        let saved = try await ProcessResult.runDetached(
            larder, ["import", "--images", "none"] + files.map { pages.appendingPathComponent($0).path }, in: byFile.url
        )
        let imported = web.stdout.split(separator: "\n")
        #expect(imported.count == saved.stdout.split(separator: "\n").count)
        #expect(imported.count >= 73)
        let names = try FileManager.default.contentsOfDirectory(atPath: byAddress.url.appendingPathComponent("recipes").path).sorted()
        #expect(names == (try FileManager.default.contentsOfDirectory(atPath: byFile.url.appendingPathComponent("recipes").path).sorted()))
        // The same files but for a page with no address of its own, whose source is where it came from.
        for name in names {
            let withoutSource = { (text: String) in text.split(separator: "\n").filter { !$0.hasPrefix("source:") } }
            #expect(withoutSource(try read(byAddress, "recipes/" + name)) == withoutSource(try read(byFile, "recipes/" + name)), "\(name)")
        }
        let errors = try KitchenLoader.load(byAddress.url).report.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(FixtureCase.render(errors))")
    }
}

/// The saved pages of `../shared/conformance/recipe-pages`, as paths in it
/// (`<host>/<name>.testhtml`), sorted.
enum RecipeFiles {
    static func pages(in folder: URL) -> [String] {
        let hosts = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return hosts.flatMap { host in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(host).path)) ?? [])
                .filter { $0.hasSuffix(".testhtml") }.map { "\(host)/\($0)" }
        }.sorted()
    }
}
