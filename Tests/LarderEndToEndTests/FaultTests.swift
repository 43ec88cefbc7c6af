import Foundation
@testable import LarderTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Faults through the real binary: builds killed at random moments, a
/// read-only output folder, a file size limit (a full disk, as far as the
/// build can tell), two builds into one output at once, and a data file
/// rewritten during a build. After each the output is a whole site, the
/// previous one or the new one, never a mix; docs/faults.md says how to run
/// them.
@Suite(.serialized) struct FaultTests {
    let larder = Repository.binary
    let environment = ["LARDER_SECRET": "fault-tests-secret-0123"]

    /// A generated kitchen whose `larder.json` title picks one of two
    /// versions (every page shows it), with clean builds of both to compare
    /// against.
    struct Versions {
        let root: TestFolder
        var kitchen: URL { root.url.appendingPathComponent("kitchen") }
        var site: URL { root.url.appendingPathComponent("out/site") }
        var references: [SiteTree] = []
        /// How long a clean build took, to spread the kills over.
        var buildTime: Double = 0

        init(recipes: Int, larder: URL, environment: [String: String]) async throws {
            root = try TestFolder("faults")
            try GeneratedKitchen.make(at: kitchen, recipes: recipes, lists: recipes / 10)
            for version in 0..<2 {
                try use(version)
                let reference = root.url.appendingPathComponent("reference-\(version)")
                let result = try await ProcessResult.runDetached(larder, ["build", kitchen.path, "-o", reference.path], environment: environment)
                // The build's own time: a clock read around the `await`
                // would add the wait for a free thread, which on a busy
                // run made every kill round sleep minutes.
                buildTime = max(buildTime, result.duration)
                #expect(result.status == 0, "\(result.stderr)")
                references.append(try SiteTree(reference))
            }
        }

        func use(_ version: Int) throws {
            try #"{"title": "Version \#(version)", "baseURL": "https://example.org/", "current": "l0000"}"#
                .write(to: kitchen.appendingPathComponent("larder.json"), atomically: true, encoding: .utf8)
        }

        /// The site now is one of the references, whole.
        func isWhole(sourceLocation: SourceLocation = #_sourceLocation) throws -> Int? {
            let tree = try SiteTree(site)
            let match = references.firstIndex(of: tree)
            #expect(
                match != nil,
                "the site is neither version: \(tree.differences(from: references[0]).prefix(5)) / \(tree.differences(from: references[1]).prefix(5))",
                sourceLocation: sourceLocation
            )
            return match
        }

        /// What is beside the output besides it, its state and its parse cache.
        func leftovers() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: site.deletingLastPathComponent().path)
                .filter { !["site", ".site.larder-state", ".site.larder-cache", ".site.larder-cache.delta"].contains($0) }.sorted()
        }
    }

    /// On a thread of its own, so that these long tests do not hold the few
    /// threads that run the others.
    func build(_ versions: Versions) async throws -> ProcessResult {
        try await ProcessResult.runDetached(larder, ["build", versions.kitchen.path, "-o", versions.site.path], environment: environment)
    }

    /// Starts a build and returns its process, output discarded; `extra`
    /// added to the environment.
    func start(_ versions: Versions, extra: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = larder
        process.arguments = ["build", versions.kitchen.path, "-o", versions.site.path]
        process.environment = ProcessInfo.processInfo.environment.merging(environment.merging(extra) { _, new in new }) { _, new in new }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        _ = try ChildProcess.start(process, captureOutput: false, captureErrors: false)
        return process
    }

    @Test func aBuildKilledAtAnyMomentLeavesAWholeSite() async throws {
        let versions = try await Versions(recipes: 120, larder: larder, environment: environment)
        try versions.use(0)
        #expect(try await build(versions).status == 0)
        var killed = 0, finished = 0
        // Kills spread over a build's length; shorter when builds beat them
        // (the machine got quieter), so that most land part way.
        var span = versions.buildTime * 1.2
        for round in 0..<30 {
            try versions.use((round + 1) % 2)
            let process = try start(versions)
            try await Task.sleep(for: .seconds(Double.random(in: 0...span)))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal {
                killed += 1
            } else {
                finished += 1
                span *= 0.8
            }
            _ = try versions.isWhole()
        }
        // Most rounds must have been killed part way for the test to mean
        // anything.
        #expect(killed >= 10, "killed \(killed), finished \(finished)")
        print("FaultTests: \(killed) builds killed part way, \(finished) finished first; every output whole")
        let last = try await build(versions)
        #expect(last.status == 0, "\(last.stderr)")
        // The last round asked for version 0.
        #expect(try versions.isWhole() == 0)
        #expect(try versions.leftovers() == [])
    }

    /// Rebuilds that change one recipe commit in place. Each round starts
    /// one with every commit step slowed down (a test-only pause), waits
    /// for its journal, and kills it at a random moment of the commit: the
    /// output is then one version whole, or the journal is still there and
    /// the next build gives the new version exactly. A title edited goes
    /// the whole way; a step edited of a recipe no list shops for is taken
    /// as an edit (its page alone, the folder not loaded), whose commit is
    /// the same.
    @Test(arguments: [("r00005", "title: Recipe 5", "title: Recipe five"), ("r00007", "Do step 2", "Do step two")])
    func aBuildKilledDuringAnInPlaceCommitIsFinishedByTheNext(_ edit: (recipe: String, old: String, new: String)) async throws {
        var versions = try await Versions(recipes: 60, larder: larder, environment: environment)
        try versions.use(0)
        let recipe = versions.kitchen.appendingPathComponent("recipes/\(edit.recipe).md")
        let original = try String(contentsOf: recipe, encoding: .utf8)
        let texts = [original, original.replacingOccurrences(of: edit.old, with: edit.new)]
        #expect(texts[0] != texts[1])
        var references: [SiteTree] = []
        for (index, text) in texts.enumerated() {
            try text.write(to: recipe, atomically: true, encoding: .utf8)
            let reference = versions.root.url.appendingPathComponent("recipe-\(index)")
            let result = try await ProcessResult.runDetached(larder, ["build", versions.kitchen.path, "-o", reference.path], environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            references.append(try SiteTree(reference))
        }
        versions.references = references
        try texts[0].write(to: recipe, atomically: true, encoding: .utf8)
        #expect(try await build(versions).status == 0)
        let journal = versions.site.deletingLastPathComponent().appendingPathComponent(".site.larder-commit").path
        var interrupted = 0, whole = 0
        for round in 0..<8 {
            let version = (round + 1) % 2
            try texts[version].write(to: recipe, atomically: true, encoding: .utf8)
            // Not too soon after the write: a file saved in the last moments
            // is waited for, which only slows the build.
            try await Task.sleep(for: .milliseconds(30))
            // Its state a delta of the previous one's base (a one-recipe
            // change), which the next build saves when it finishes the commit.
            let process = try start(
                versions, extra: ["LARDER_TEST_COMMIT_STEP_PAUSE_MS": "25", "LARDER_TEST_STATE_DELTA_MINIMUM": "0"]
            )
            let deadline = Date().addingTimeInterval(120)
            while process.isRunning, !FileManager.default.fileExists(atPath: journal), Date() < deadline {
                usleep(500)
            }
            // The commit has a few steps of 25 ms each.
            try await Task.sleep(for: .milliseconds(Int.random(in: 0...60)))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if FileManager.default.fileExists(atPath: journal) {
                interrupted += 1
                let next = try await build(versions)
                #expect(next.status == 0, "\(next.stderr)")
                #expect(try versions.isWhole() == version)
                #expect(try versions.leftovers() == [])
            } else {
                whole += 1
                _ = try versions.isWhole()
            }
        }
        print("FaultTests: \(interrupted) in-place commits killed part way and finished by the next build, \(whole) whole")
        #expect(interrupted >= 4, "interrupted \(interrupted), whole \(whole)")
        #expect(try await build(versions).status == 0)
        // The last round asked for version 0.
        #expect(try versions.isWhole() == 0)
        #expect(try versions.leftovers() == [])
    }

    /// What is put in the published site by other means where a rebuild
    /// must make a folder or put a file.
    enum InTheWay: String, CaseIterable, CustomTestStringConvertible {
        /// A file where a new recipe's folder goes.
        case fileForANewFolder
        /// A link to a folder outside the site where a new recipe's folder goes.
        case linkForANewFolder
        /// A folder where an edited recipe's page goes.
        case folderForAFile
        /// A link to a file outside the site where an edited recipe's page
        /// goes: a build that would commit in place, and one that writes a
        /// new tree (every page changes).
        case linkForAFile
        case linkForAFileInANewTree
        /// A recipe's folder of the previous site moved out of it, a link to
        /// it left in its place, the recipe edited.
        case linkForAnOldFolder

        var testDescription: String { rawValue }
    }

    /// A rebuild that finds something in its way in the site replaces it:
    /// it succeeds with exactly a clean build's site, writes nothing through
    /// a link to outside the site, and leaves no journal, so the next build
    /// succeeds too.
    @Test(arguments: InTheWay.allCases)
    func somethingInTheWayInTheSiteIsReplacedNeverFollowed(_ obstacle: InTheWay) async throws {
        let versions = try await Versions(recipes: 30, larder: larder, environment: environment)
        try versions.use(0)
        #expect(try await build(versions).status == 0)
        let site = versions.site.path, outside = versions.root.url.appendingPathComponent("outside").path
        try FileManager.default.createDirectory(atPath: outside + "/folder", withIntermediateDirectories: true)
        try "not the site's".write(toFile: outside + "/file", atomically: false, encoding: .utf8)
        let recipe5 = versions.kitchen.appendingPathComponent("recipes/r00005.md")
        func editRecipe5() throws {
            let text = try String(contentsOf: recipe5, encoding: .utf8)
            try text.replacingOccurrences(of: "title: Recipe 5", with: "title: Recipe five").write(to: recipe5, atomically: true, encoding: .utf8)
        }
        switch obstacle {
        case .fileForANewFolder, .linkForANewFolder:
            try FileManager.default.copyItem(at: recipe5, to: versions.kitchen.appendingPathComponent("recipes/r00100.md"))
            if obstacle == .fileForANewFolder {
                try "by hand".write(toFile: site + "/recipes/r00100", atomically: false, encoding: .utf8)
            } else {
                #expect(symlink(outside + "/folder", site + "/recipes/r00100") == 0)
            }
        case .folderForAFile:
            try editRecipe5()
            #expect(unlink(site + "/recipes/r00005/index.html") == 0)
            try FileManager.default.createDirectory(atPath: site + "/recipes/r00005/index.html", withIntermediateDirectories: false)
            try "by hand".write(toFile: site + "/recipes/r00005/index.html/note", atomically: false, encoding: .utf8)
        case .linkForAFile, .linkForAFileInANewTree:
            if obstacle == .linkForAFile { try editRecipe5() } else { try versions.use(1) }
            #expect(unlink(site + "/recipes/r00005/index.html") == 0)
            #expect(symlink(outside + "/file", site + "/recipes/r00005/index.html") == 0)
        case .linkForAnOldFolder:
            try editRecipe5()
            try FileManager.default.removeItem(atPath: outside + "/folder")
            #expect(rename(site + "/recipes/r00005", outside + "/folder") == 0)
            #expect(symlink(outside + "/folder", site + "/recipes/r00005") == 0)
        }
        let outsideBefore = try SiteTree(URL(fileURLWithPath: outside))
        let reference = versions.root.url.appendingPathComponent("reference-after")
        let clean = try await ProcessResult.runDetached(larder, ["build", versions.kitchen.path, "-o", reference.path], environment: environment)
        #expect(clean.status == 0, "\(clean.stderr)")
        let expected = try SiteTree(reference)
        func isClean() throws {
            let tree = try SiteTree(versions.site)
            #expect(tree == expected, "\(tree.differences(from: expected).prefix(5))")
        }

        let result = try await build(versions)
        #expect(result.status == 0, "\(result.stderr)")
        // Nothing written outside the site, through a link or otherwise.
        #expect(try SiteTree(URL(fileURLWithPath: outside)) == outsideBefore)
        var info = stat()
        for path in ["recipes/r00005", "recipes/r00005/index.html", "recipes/r00100", "recipes/r00100/index.html"]
        where lstat(site + "/" + path, &info) == 0 {
            #expect((info.st_mode & S_IFMT) != S_IFLNK, "\(path) is still a link")
        }
        try isClean()
        #expect(try versions.leftovers() == [])
        let next = try await build(versions)
        #expect(next.status == 0, "\(next.stderr)")
        try isClean()
    }

    @Test func aReadOnlyOutputFolderGivesAClearErrorAndKeepsTheSite() async throws {
        let versions = try await Versions(recipes: 20, larder: larder, environment: environment)
        try versions.use(0)
        #expect(try await build(versions).status == 0)
        let parent = versions.site.deletingLastPathComponent().path
        // Root writes through chmod: then a read-only bind mount, where the
        // system allows one (the writer's own tests inject the failure too).
        let asRoot = getuid() == 0
        if asRoot {
            let bind = try ProcessResult.run(URL(fileURLWithPath: "/bin/mount"), ["--bind", parent, parent])
            guard bind.status == 0 else {
                print("skipped: a read-only output needs a bind mount, which failed: \(bind.stderr)")
                return
            }
            let readOnly = try ProcessResult.run(URL(fileURLWithPath: "/bin/mount"), ["-o", "remount,ro,bind", parent])
            #expect(readOnly.status == 0, "\(readOnly.stderr)")
        } else {
            #expect(chmod(parent, 0o555) == 0)
        }
        defer {
            if asRoot { _ = try? ProcessResult.run(URL(fileURLWithPath: "/bin/umount"), [parent]) } else { chmod(parent, 0o755) }
        }
        try versions.use(1)
        let result = try await build(versions)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("larder: error: \(parent): cannot write in the folder that holds the output: "), "\(result.stderr)")
        #expect(try versions.isWhole() == 0)
    }

    @Test func aFileSizeLimitGivesAClearErrorAndKeepsTheSite() async throws {
        let versions = try await Versions(recipes: 120, larder: larder, environment: environment)
        try versions.use(0)
        #expect(try await build(versions).status == 0)
        try versions.use(1)
        // 40 blocks of 512 bytes: less than the home page.
        let limited = try await ProcessResult.runDetached(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "ulimit -f 40; exec \"$0\" \"$@\"", larder.path, "build", versions.kitchen.path, "-o", versions.site.path],
            environment: environment
        )
        #expect(limited.status == 1, "\(limited.stderr)")
        #expect(limited.stderr.contains(": cannot write the file: File too large; a limit on file size (ulimit -f) is lower than the file"), "\(limited.stderr)")
        #expect(try versions.isWhole() == 0)
        #expect(try versions.leftovers() == [])
        #expect(try await build(versions).status == 0)
        #expect(try versions.isWhole() == 1)
    }

    @Test func twoBuildsAtOnceGiveOneWholeSite() async throws {
        let versions = try await Versions(recipes: 40, larder: larder, environment: environment)
        for round in 0..<3 {
            try versions.use(round % 2)
            let results = Collected()
            let (larder, environment) = (larder, environment)
            let arguments = ["build", versions.kitchen.path, "-o", versions.site.path]
            for _ in 0..<2 {
                Thread {
                    let result = (try? ProcessResult.run(larder, arguments, environment: environment))
                        ?? ProcessResult(status: -1, stdout: "", stderr: "could not run larder")
                    results.items.withLock { $0.append(result) }
                }.start()
            }
            while results.items.withLock({ $0.count }) < 2 { try await Task.sleep(for: .milliseconds(10)) }
            for result in results.items.withLock({ $0 }) {
                #expect(
                    result.status == 0 || result.stderr.contains("another larder build"),
                    "\(result.status): \(result.stderr)"
                )
            }
            #expect(try versions.isWhole() == round % 2)
            #expect(try versions.leftovers() == [])
        }
    }

    @Test(arguments: [false, true])
    func aDataFileRewrittenDuringTheBuildGivesAWholeSiteOrAClearError(atomically: Bool) async throws {
        let versions = try await Versions(recipes: 60, larder: larder, environment: environment)
        try versions.use(0)
        let recipe = versions.kitchen.appendingPathComponent("recipes/r00005.md")
        let original = try String(contentsOf: recipe, encoding: .utf8)
        let texts = [original, original.replacingOccurrences(of: "title: Recipe 5", with: "title: Recipe five")]
        // The second version's clean build joins the references.
        var all = versions
        try texts[1].write(to: recipe, atomically: true, encoding: .utf8)
        let other = versions.root.url.appendingPathComponent("reference-five")
        #expect(try await ProcessResult.runDetached(larder, ["build", versions.kitchen.path, "-o", other.path], environment: environment).status == 0)
        all.references = [versions.references[0], try SiteTree(other)]

        let stop = Mutexed<Bool>()
        let writer = Thread {
            var turn = 0
            while !stop.isSet {
                try? texts[turn % 2].write(to: recipe, atomically: atomically, encoding: .utf8)
                turn += 1
                usleep(2000)
            }
        }
        writer.start()
        let result = try await build(all)
        stop.set(true)
        try await Task.sleep(for: .milliseconds(20))
        if result.status == 0 {
            _ = try all.isWhole()
        } else {
            #expect(result.status == 1)
            #expect(result.stderr.contains("larder: error: "), "\(result.stderr)")
        }
        // Quiet again: the next build is whole.
        try await Task.sleep(for: .milliseconds(50))
        try texts[0].write(to: recipe, atomically: true, encoding: .utf8)
        #expect(try await build(all).status == 0)
        #expect(try all.isWhole() == 0)
    }
}

import Synchronization

/// What the threads of a test hand back.
final class Collected: Sendable {
    let items = Mutex<[ProcessResult]>([])
}
