import Foundation
@testable import LarderTestSupport
import Testing

/// `larder build` through the real binary: the example site end to end,
/// determinism, refusals, and a failed build that leaves the old site.
@Suite struct BuildCLITests {
    let larder = Repository.binary
    let secret = ["LARDER_SECRET": "build-cli-tests-secret"]

    /// Every file under `folder` (relative path to bytes), the marker included.
    func tree(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let paths = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
        for path in paths {
            var isDirectory: ObjCBool = false
            let url = folder.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = try Data(contentsOf: url)
            }
        }
        return files
    }

    @Test func buildsTheExampleKitchenTwiceIdentically() throws {
        let out = try TestFolder("out")
        let first = out.url.appendingPathComponent("first"), second = out.url.appendingPathComponent("second")
        for target in [first, second] {
            let result = try ProcessResult.run(larder, ["build", Repository.examples.path, "-o", target.path], environment: secret)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.hasPrefix("built "), "\(result.stderr)")
        }
        let a = try tree(first), b = try tree(second)
        #expect(a == b)
        for page in ["index.html", "lists/weekly/index.html", "lists/weekly.txt", "recipes/pancakes/index.html",
                     "recipes/pancakes.txt", "search/index.html", "search/index.js", "favorites/index.html",
                     "sitemap.xml", "assets/style.css", "assets/larder.js", ".larder-site"] {
            #expect(a[page] != nil, "missing \(page)")
        }
        #expect(!a.keys.contains { $0.hasPrefix("lists/birthday-party") }, "the unlisted list is published under its id")
    }

    /// The program runs on jemalloc (LarderAllocator): linked ahead of libc,
    /// it serves the program's `malloc`, which the main thread's count of
    /// bytes allocated through it shows (zero if glibc's came first).
    @Test func theProgramAllocatesThroughJemalloc() throws {
        let out = try TestFolder("out")
        var environment = secret
        environment["LARDER_TIMINGS"] = "1"
        let result = try ProcessResult.run(
            larder, ["build", Repository.examples.path, "-o", out.url.appendingPathComponent("site").path],
            environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let line = try #require(result.stderr.split(separator: "\n").first { $0.hasPrefix("timing: allocator: ") })
        #expect(line.hasPrefix("timing: allocator: jemalloc 5."), "\(line)")
        #expect(line.contains(", 2 arenas, "), "\(line)")
        // Not asked for in `malloc_conf` (docs/performance.md, "Huge
        // pages"): jemalloc leaves them to the system's setting.
        #expect(line.contains(", huge pages default, "), "\(line)")
        let allocated = line.split(separator: ", ").last?.split(separator: " ").first.flatMap { Int($0) }
        #expect((allocated ?? 0) > 1_000_000, "\(line)")
    }

    @Test func rebuildReplacesTheSiteAndDropsStaleFiles() throws {
        let kitchen = try TestFolder("kitchen")
        try kitchen.write("recipes/soup.md", "---\ntitle: Soup\n---\n")
        try kitchen.write("recipes/stew.md", "---\ntitle: Stew\n---\n")
        let site = kitchen.url.deletingLastPathComponent().appendingPathComponent("site")
        #expect(try ProcessResult.run(larder, ["build", kitchen.url.path, "-o", site.path]).status == 0)
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("recipes/stew/index.html").path))
        try FileManager.default.removeItem(at: kitchen.url.appendingPathComponent("recipes/stew.md"))
        #expect(try ProcessResult.run(larder, ["build", kitchen.url.path, "-o", site.path]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("recipes/stew/index.html").path))
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("recipes/soup/index.html").path))
    }

    @Test func dataErrorsWriteNothing() throws {
        let kitchen = try TestFolder("kitchen")
        try kitchen.write("recipes/soup.md", "---\ntitle: Soup\nservings: many\n---\n")
        let site = kitchen.url.deletingLastPathComponent().appendingPathComponent("site")
        let result = try ProcessResult.run(larder, ["build", kitchen.url.path, "-o", site.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains(#"servings: must be a number of servings such as 4, or a range such as "4-6" [invalid-value]"#))
        #expect(result.stderr.hasSuffix("larder: error: the site was not built: fix the errors above\n"))
        #expect(!FileManager.default.fileExists(atPath: site.path))
    }

    @Test func failedBuildLeavesThePreviousSite() throws {
        let kitchen = try TestFolder("kitchen")
        try kitchen.write("recipes/soup.md", "---\ntitle: Soup\n---\n")
        let site = kitchen.url.deletingLastPathComponent().appendingPathComponent("site")
        #expect(try ProcessResult.run(larder, ["build", kitchen.url.path, "-o", site.path]).status == 0)
        let before = try tree(site)
        // A template that does not parse fails the build after loading.
        try kitchen.write("templates/recipe.mustache", "{{#unclosed}}")
        let result = try ProcessResult.run(larder, ["build", kitchen.url.path, "-o", site.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("templates/recipe.mustache"), "\(result.stderr)")
        #expect(try tree(site) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.deletingLastPathComponent().path)
            .filter { $0.contains("larder-tmp") || $0.contains("larder-old") }
        #expect(leftovers.isEmpty)
    }

    @Test func unlistedListWithoutSecretExplainsHowToMakeOne() throws {
        let kitchen = try TestFolder("kitchen")
        try kitchen.write("lists/party.md", "---\ntitle: Party\nvisibility: unlisted\n---\n- [ ] cake #bakery\n")
        let site = kitchen.url.deletingLastPathComponent().appendingPathComponent("site")
        var environment = ["LARDER_SECRET": ""]
        environment["HOME"] = kitchen.url.path
        let result = try ProcessResult.run(larder, ["build", kitchen.url.path, "-o", site.path], environment: environment)
        #expect(result.status == 1)
        #expect(result.stderr.contains("LARDER_SECRET"), "\(result.stderr)")
        #expect(result.stderr.contains(".larder-secret"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: site.path))
    }

    @Test func refusesToWriteOverTheDataOrAForeignFolder() throws {
        let kitchen = try TestFolder("kitchen")
        try kitchen.write("recipes/soup.md", "---\ntitle: Soup\n---\n")
        let intoData = try ProcessResult.run(larder, ["build", kitchen.url.path, "-o", kitchen.url.path])
        #expect(intoData.status == 2)
        #expect(intoData.stderr.hasPrefix("larder: error: "))

        let foreign = kitchen.url.deletingLastPathComponent().appendingPathComponent("documents")
        try FileManager.default.createDirectory(at: foreign, withIntermediateDirectories: true)
        try "keep me".write(to: foreign.appendingPathComponent("thesis.txt"), atomically: true, encoding: .utf8)
        let intoForeign = try ProcessResult.run(larder, ["build", kitchen.url.path, "-o", foreign.path])
        #expect(intoForeign.status == 2)
        #expect(intoForeign.stderr.contains("not made by larder build"), "\(intoForeign.stderr)")
        #expect(try String(contentsOf: foreign.appendingPathComponent("thesis.txt"), encoding: .utf8) == "keep me")
    }

    @Test func siteInsideTheDataFolderIsFine() throws {
        let kitchen = try TestFolder("kitchen")
        try kitchen.write("recipes/soup.md", "---\ntitle: Soup\n---\n")
        let result = try ProcessResult.run(larder, ["build", ".", "-o", "_site"], in: kitchen.url)
        #expect(result.status == 0, "\(result.stderr)")
        // The next check of the folder does not trip over the site.
        let check = try ProcessResult.run(larder, ["check", "."], in: kitchen.url)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stderr == "checked 1 file: no problems\n")
    }
}
