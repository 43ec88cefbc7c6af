import Foundation
@testable import Larder
import LarderCore
import Testing

@testable import LarderSite

/// The pipeline in process: a kitchen in a temporary folder, run as each
/// front end runs it, asserting on the value `run()` returns.
@Suite struct SiteBuildTests {
    static let secret = ["LARDER_SECRET": "site-build-tests-secret"]

    /// A kitchen (`RenderFixtures.small` and `extra`, or a copy of a
    /// folder) and an output path beside it, removed with the value.
    final class Folder {
        let root: URL
        var kitchen: URL { root.appendingPathComponent("kitchen") }
        var output: URL { root.appendingPathComponent("site") }

        init(_ extra: [String: String] = [:]) throws {
            root = try RenderFixtures.temporaryFolder()
            for (path, contents) in RenderFixtures.small.merging(extra, uniquingKeysWith: { $1 }) {
                try write(path, contents)
            }
        }

        /// A copy of `source` (`Examples/kitchen`, say) as the kitchen.
        init(copying source: URL) throws {
            root = try RenderFixtures.temporaryFolder()
            try FileManager.default.copyItem(at: source, to: kitchen)
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        /// Writes a file of the kitchen, making its folders.
        func write(_ path: String, _ text: String) throws {
            let url = kitchen.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }

        /// Changes a file of the kitchen; the change must change it.
        func edit(_ path: String, _ change: (String) -> String) throws {
            let before = try String(contentsOf: kitchen.appendingPathComponent(path), encoding: .utf8)
            let after = change(before)
            #expect(after != before, "the edit of \(path) changes nothing")
            try write(path, after)
        }

        func remove(_ path: String) throws {
            try FileManager.default.removeItem(at: kitchen.appendingPathComponent(path))
        }

        func build(_ destination: SiteBuild.Destination, environment: [String: String] = SiteBuildTests.secret) -> SiteBuild {
            SiteBuild(dataFolder: kitchen, destination: destination, displayName: "kitchen", environment: environment)
        }

        /// The site's files on disk, Larder's marker left out.
        func written() throws -> Set<String> {
            let paths = try FileManager.default.subpathsOfDirectory(atPath: output.path)
            return Set(paths.filter { path in
                var isDirectory: ObjCBool = false
                let exists = FileManager.default.fileExists(atPath: output.appendingPathComponent(path).path, isDirectory: &isDirectory)
                return exists && !isDirectory.boolValue && path != ".larder-site"
            })
        }
    }

    @Test func buildsIntoAFolderThenFindsItUpToDate() throws {
        let folder = try Folder()
        let first = folder.build(.folder(folder.output)).run()
        guard case .written(let summary) = first.outcome else {
            Issue.record("not written: \(first.outcome), \(String(describing: first.report.stop))")
            return
        }
        let written = try folder.written()
        #expect(summary.fileCount == written.count)
        #expect(written.contains("recipes/toast/index.html"))
        #expect(first.report.stop == nil && !first.report.hasErrors)
        #expect(first.documentsRead == RenderFixtures.small.count && first.documentsReused == 0)
        let stages = first.timings.entries.compactMap { entry -> String? in
            if case .stage(let stage) = entry { return stage.name }
            return nil
        }
        #expect(stages.first == "no-op check" && stages.contains("load") && stages.contains("render, write and link"))

        let second = folder.build(.folder(folder.output)).run()
        guard case .upToDate = second.outcome else {
            Issue.record("not up to date: \(second.outcome)")
            return
        }
        #expect(try folder.written() == written)
    }

    @Test func intoMemoryMakesTheFilesAFolderBuildWrites() throws {
        let folder = try Folder()
        let memory = folder.build(.memory).run()
        guard case .rendered(let files) = memory.outcome else {
            Issue.record("not rendered: \(memory.outcome)")
            return
        }
        #expect(!FileManager.default.fileExists(atPath: folder.output.path))
        _ = folder.build(.folder(folder.output)).run()
        #expect(Set(files.map(\.path)) == (try folder.written()))
    }

    @Test func aKeptDocumentCacheReadsOnlyWhatChanged() throws {
        let folder = try Folder()
        let build = folder.build(.memory)
        var documents = DocumentCache()
        var site: MemorySite?
        let first = build.run(documents: &documents, site: &site)
        #expect(first.documentsRead == RenderFixtures.small.count && first.documentsReused == 0)
        try Data("---\ntitle: Jam\n---\n## Ingredients\n\n- 1 jar jam\n".utf8)
            .write(to: folder.kitchen.appendingPathComponent("recipes/jam.md"))
        let second = build.run(documents: &documents, site: &site)
        #expect(second.documentsRead == 1 && second.documentsReused == RenderFixtures.small.count)
    }

    @Test func checkOnlyReadsAndValidatesAndWritesNothing() throws {
        let folder = try Folder()
        let clean = folder.build(.noOutput, environment: [:]).run()
        guard case .checked = clean.outcome else {
            Issue.record("not checked: \(clean.outcome)")
            return
        }
        #expect(clean.documentsRead == RenderFixtures.small.count)
        // No secret needed: nothing is rendered.
        #expect(clean.report.stop == nil)

        let broken = try Folder(["recipes/bad.md": "---\ntitle: [\n---\n"])
        let result = broken.build(.noOutput).run()
        guard case .dataErrors = result.outcome else {
            Issue.record("not data errors: \(result.outcome)")
            return
        }
        #expect(result.report.diagnostics.contains { $0.severity == .error && $0.location?.path == "recipes/bad.md" })
        #expect(result.report.stop == nil && result.stopCode == nil)
        #expect(!FileManager.default.fileExists(atPath: broken.output.path))
    }

    /// `larder check` keeps the parse cache between checks (`CheckCache`):
    /// the next check reads only larder.json and what changed, and reports
    /// what a check without the cache reports.
    @Test func aCheckStartsFromTheLastChecksParseCache() throws {
        let folder = try Folder()
        let caches = folder.root.appendingPathComponent("caches")
        var check = folder.build(.noOutput, environment: [:])
        check.checkCacheFolder = caches
        check.checkCacheMinimumFiles = 1
        let first = check.run()
        #expect(first.documentsRead == RenderFixtures.small.count && first.documentsReused == 0)
        // As if the files had been saved long before: none too recent to trust.
        let file = try #require(CheckCache.file(for: folder.kitchen, in: caches))
        var cache = try DocumentCache.decode(Array(Data(contentsOf: file)), keepRecent: true)
        cache.stampedAt += 60
        try Data(cache.encoded()).write(to: file)
        let written = try FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? Int

        let second = check.run()
        #expect(second.documentsRead == 1 && second.documentsReused == RenderFixtures.small.count - 1)  // larder.json
        let plain = folder.build(.noOutput, environment: [:]).run()
        #expect(second.report.diagnostics == plain.report.diagnostics)
        // Nothing changed: the cache is not written again.
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? Int == written)

        try Data("---\ntitle: [\n---\n".utf8).write(to: folder.kitchen.appendingPathComponent("recipes/bad.md"))
        let third = check.run()
        #expect(third.documentsRead == 2 && third.documentsReused == RenderFixtures.small.count - 1)
        guard case .dataErrors = third.outcome else {
            Issue.record("not data errors: \(third.outcome)")
            return
        }
        #expect(third.report.diagnostics == folder.build(.noOutput, environment: [:]).run().report.diagnostics)
    }

    @Test func aSmallFolderGetsNoCheckCache() throws {
        let folder = try Folder()
        let caches = folder.root.appendingPathComponent("caches")
        var check = folder.build(.noOutput, environment: [:])
        check.checkCacheFolder = caches
        let result = check.run()
        #expect(result.documentsRead == RenderFixtures.small.count)
        #expect(!FileManager.default.fileExists(atPath: caches.path))
    }

    /// At most `CheckCache.keptFiles` caches stay, the most recently written.
    @Test func checkCachesPastTheLimitAreRemovedOldestFirst() throws {
        let folder = try Folder()
        let caches = folder.root.appendingPathComponent("caches")
        try FileManager.default.createDirectory(at: caches, withIntermediateDirectories: true)
        let count = CheckCache.keptFiles + 4
        for index in 0..<count {
            let file = caches.appendingPathComponent("check-\(index)")
            try Data().write(to: file)
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: 1_000_000 + Double(index))], ofItemAtPath: file.path
            )
        }
        try Data().write(to: caches.appendingPathComponent("other"))
        #expect(CheckCache.prepare(caches, keeping: caches.appendingPathComponent("check-0")))
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: caches.path))
        let newest = (count - CheckCache.keptFiles + 1..<count).map { "check-\($0)" }
        #expect(left == Set(["check-0", "other"] + newest))
    }

    @Test func aFailingThemeStopsWithItsDiagnostic() throws {
        let folder = try Folder(["templates/layout.mustache": "{{#pages}}never closed"])
        let result = folder.build(.folder(folder.output)).run()
        guard case .stopped = result.outcome else {
            Issue.record("not stopped: \(result.outcome)")
            return
        }
        #expect(result.stopCode == .themeError)
        let stop = try #require(result.report.stop)
        #expect(stop.severity == .error && stop.location == nil)
        #expect(stop.message.hasPrefix("template templates/layout.mustache "), "\(stop.message)")
        #expect(result.documentsRead == RenderFixtures.small.count)
        #expect(!FileManager.default.fileExists(atPath: folder.output.path))
        #expect(result.stopCode?.namesWrongPlace == false)
    }

    @Test func aMissingSecretStopsAtTheUnlistedList() throws {
        let folder = try Folder()
        for destination in [SiteBuild.Destination.folder(folder.output), .memory] {
            let result = folder.build(destination, environment: [:]).run()
            guard case .stopped = result.outcome else {
                Issue.record("not stopped: \(result.outcome)")
                continue
            }
            #expect(result.report.stop == .error(
                "secret-missing", "the list is unlisted, and its address comes from a secret that is not set",
                at: .file("lists/surprise.md"), hint: UnlistedLinks.howTo(folder.kitchen)
            ))
            #expect(!FileManager.default.fileExists(atPath: folder.output.path))
        }
    }

    @Test func aFolderThatIsNotThereIsAUsageError() throws {
        let folder = try Folder()
        let missing = folder.root.appendingPathComponent("nowhere")
        let build = SiteBuild(dataFolder: missing, destination: .noOutput, displayName: "nowhere", environment: [:])
        let result = build.run()
        #expect(result.report.stop == .error("unreadable-folder", "no such folder", at: .file(missing.path)))
        #expect(result.stopCode?.namesWrongPlace == true)
        #expect(result.report.hasErrors && result.report.fileCount == 0)
    }

    @Test func anOutputThatMayNotBeReplacedIsAUsageError() throws {
        let folder = try Folder()
        let result = folder.build(.folder(folder.kitchen)).run()
        #expect(result.stopCode == .outputRefused)
        #expect(result.stopCode?.namesWrongPlace == true)
        #expect(result.report.stop?.location?.isWholeFile == true)
        #expect(result.documentsRead == 0)
    }

    @Test func aStopIsPrintedAfterTheDiagnosticsInEachFormat() {
        let stop = Diagnostic.error("write-failed", "cannot write: No space left on device", at: .file("/srv/_site"))
        let alone = DiagnosticReport(stop: stop)
        #expect(DiagnosticFormatter(format: .text).render(alone)
            == "larder: error: /srv/_site: cannot write: No space left on device\n")
        #expect(DiagnosticFormatter(format: .github, pathPrefix: "kitchen").render(alone)
            == "::error file=/srv/_site,title=larder write-failed::cannot write: No space left on device\n")
        #expect(DiagnosticFormatter(format: .json, pathPrefix: "kitchen").render(alone) == """
            {
              "files": 0,
              "errors": 1,
              "warnings": 0,
              "diagnostics": [
                {"severity": "error", "code": "write-failed", "message": "cannot write: No space left on device", "path": "/srv/_site"}
              ]
            }

            """)
        // Behind the data's warnings and their summary; a path in the data
        // folder behind the prefix, a hint after a semicolon.
        var report = DiagnosticReport(
            diagnostics: [.warning("unknown-unit", "unknown unit 'glug'", at: SourceLocation(path: "recipes/a.md", line: 3, column: 5))],
            fileCount: 2
        )
        report.stop = .error("secret-missing", "no secret", at: .file("lists/b.md"), hint: "set LARDER_SECRET")
        #expect(DiagnosticFormatter(format: .text, pathPrefix: "kitchen").render(report) == """
            kitchen/recipes/a.md:3:5: warning: unknown unit 'glug' [unknown-unit]
            checked 2 files: 0 errors, 1 warning
            larder: error: kitchen/lists/b.md: no secret; set LARDER_SECRET

            """)
    }
}

/// A rebuild takes the recipes it does not render from the parse cache
/// undecoded (`StoredRecipe`: outline only), and still writes what a clean
/// build writes and reports what a check reports, whatever the edit.
@Suite struct StoredRecipeRebuildTests {
    typealias Folder = SiteBuildTests.Folder

    static let extra = [
        "recipes/stock.md": "---\ntitle: Stock\nservings: 4\n---\n## Ingredients\n\n- 2 carrots\n\n## Directions\n\n1. Simmer.\n",
        "recipes/stew.md": """
            ---
            title: Stew
            category: dinner
            tags: [slow]
            servings: 4
            ---
            ## Ingredients

            - 1 batch [Stock](stock)
            - 3 leeks

            ## Directions

            1. Stew.
            """,
    ]

    /// The parse cache beside the output, as if its files had been saved
    /// long before: none too recent to trust on the next build.
    static func trustCache(of folder: Folder) throws {
        let file = try #require(SiteWriter(output: folder.output, dataFolder: folder.kitchen).parseCacheFile)
        var cache = try DocumentCache.decode(Array(Data(contentsOf: file)), keepRecent: true)
        cache.stampedAt += 60
        try Data(cache.encoded()).write(to: file)
        try? FileManager.default.removeItem(at: DocumentCache.deltaFile(of: file))
    }

    /// Every file of the site with its bytes (Larder's marker left out).
    static func contents(_ folder: Folder, _ output: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: output.path) where path != ".larder-site" {
            var isDirectory: ObjCBool = false
            let url = output.appendingPathComponent(path)
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            files[path] = try Data(contentsOf: url)
        }
        return files
    }

    /// Edits a file of the kitchen, rebuilds with the cache trusted, and
    /// checks the site against a clean build and the report against a check.
    @discardableResult
    func step(
        _ folder: Folder, _ name: String, edit: () throws -> Void, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> SiteBuild.Result {
        try Self.trustCache(of: folder)
        try edit()
        var build = folder.build(.folder(folder.output))
        build.countsDecodedRecipes = true
        let rebuild = build.run()
        let check = folder.build(.noOutput).run()
        #expect(rebuild.report.diagnostics == check.report.diagnostics, "\(name)", sourceLocation: sourceLocation)
        #expect(rebuild.documentsReused > 0, "\(name): nothing from the cache", sourceLocation: sourceLocation)
        guard case .written = rebuild.outcome else { return rebuild }
        let clean = folder.root.appendingPathComponent("clean")
        try? FileManager.default.removeItem(at: clean)
        let fresh = SiteBuild(dataFolder: folder.kitchen, destination: .folder(clean), displayName: "kitchen", environment: SiteBuildTests.secret).run()
        guard case .written = fresh.outcome else {
            Issue.record("\(name): clean build \(fresh.outcome)", sourceLocation: sourceLocation)
            return rebuild
        }
        let got = try Self.contents(folder, folder.output), expected = try Self.contents(folder, clean)
        #expect(got.keys.sorted() == expected.keys.sorted(), "\(name)", sourceLocation: sourceLocation)
        for (path, bytes) in expected where got[path] != bytes {
            Issue.record("\(name): \(path) differs from a clean build", sourceLocation: sourceLocation)
        }
        return rebuild
    }

    func edit(_ folder: Folder, _ path: String, _ change: (String) -> String) throws {
        let url = folder.kitchen.appendingPathComponent(path)
        try Data(change(try String(contentsOf: url, encoding: .utf8)).utf8).write(to: url)
    }

    @Test func aRebuildDecodesOnlyWhatItRendersAndEqualsACleanBuild() throws {
        let folder = try Folder(Self.extra)
        guard case .written = folder.build(.folder(folder.output)).run().outcome else {
            Issue.record("first build")
            return
        }
        // A step edited: only that recipe's page renders, and only it is decoded.
        let steps = try step(folder, "a step") {
            try edit(folder, "recipes/soup.json") { $0.replacingOccurrences(of: "Blend them.", with: "Blend them well.") }
        }
        #expect(steps.recipesDecoded == 1)
        #expect(steps.documentsRead == 2)  // larder.json is read on every build
        try step(folder, "a title, which the index and a list show") {
            try edit(folder, "recipes/toast.md") { $0.replacingOccurrences(of: "title: Cheese </script> toast", with: "title: Rarebit") }
        }
        try step(folder, "category, tags and image") {
            try edit(folder, "recipes/stew.md") {
                let text: String = $0
                return text.replacingOccurrences(of: "category: dinner", with: "category: supper")
                    .replacingOccurrences(of: "tags: [slow]", with: "tags: [slow, winter]\nimage: images/stew.jpg")
            }
        }
        try step(folder, "the servings of a recipe a list shops for") {
            try edit(folder, "recipes/toast.md") { $0.replacingOccurrences(of: "servings: 2\n", with: "") }
        }
        try step(folder, "a sub-recipe's ingredients") {
            try edit(folder, "recipes/stock.md") { $0.replacingOccurrences(of: "- 2 carrots", with: "- 2 carrots\n- 1 onion") }
        }
        try step(folder, "a recipe added") {
            try Data("---\ntitle: Salad\ncategory: lunch\n---\n- 1 lettuce\n".utf8)
                .write(to: folder.kitchen.appendingPathComponent("recipes/salad.md"))
        }
        try step(folder, "a recipe renamed") {
            try FileManager.default.moveItem(
                at: folder.kitchen.appendingPathComponent("recipes/salad.md"),
                to: folder.kitchen.appendingPathComponent("recipes/green-salad.md")
            )
        }
        // The sub-recipe removed: the stew's line now names nothing, as a check says.
        let broken = try step(folder, "a sub-recipe removed") {
            try FileManager.default.removeItem(at: folder.kitchen.appendingPathComponent("recipes/stock.md"))
        }
        guard case .dataErrors = broken.outcome else {
            Issue.record("a broken sub-recipe reference built: \(broken.outcome)")
            return
        }
        #expect(broken.report.diagnostics.contains { $0.location?.path == "recipes/stew.md" })
    }
}

/// A folder build stamps each data file once: the loader takes the stamps of
/// the build's snapshot rather than stamping the files again.
@Suite struct OneStampTests {
    @Test func theLoaderTakesTheStampsItIsGiven() throws {
        let folder = try SiteBuildTests.Folder()
        var cache = DocumentCache()
        _ = try KitchenLoader.load(folder.kitchen, cache: &cache)
        let snapshot = BuildInputs(dataFolder: folder.kitchen, options: [], secret: nil).snapshot()
        var stamps: [String: FileStamp] = [:]
        for file in snapshot.fileStamps { stamps[file.path] = file.stamp }
        #expect(stamps["recipes/toast.md"] != nil && stamps["larder.json"] != nil)
        // Unchanged files, by the snapshot's stamps: all taken from the cache.
        _ = try KitchenLoader.load(folder.kitchen, cache: &cache, stamps: stamps, takenAt: snapshot.takenAt)
        #expect(cache.lastReads == 0)
        // A stamp the snapshot says changed: that file is read again, though
        // on disk it did not change (it was not stamped a second time).
        stamps["recipes/toast.md"]?.size += 1
        _ = try KitchenLoader.load(folder.kitchen, cache: &cache, stamps: stamps, takenAt: snapshot.takenAt)
        #expect(cache.lastReads == 1)
    }
}
