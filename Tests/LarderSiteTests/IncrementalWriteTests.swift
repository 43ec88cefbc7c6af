import Foundation
import Testing

import Larder
@testable import LarderSite

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The streaming sink, linking unchanged files from the previous site, the
/// state file beside the output, and the no-op check.
@Suite struct IncrementalWriteTests {
    func inode(_ path: String) -> UInt64? {
        var info = stat()
        return lstat(path, &info) == 0 ? UInt64(info.st_ino) : nil
    }

    func pages(_ version: String, count: Int = 60) -> [OutputFile] {
        (0..<count).map { OutputFile(path: "recipes/r\($0)/index.html", text: $0 % 10 == 0 ? "r\($0) \(version)" : "r\($0)") }
    }

    // MARK: Streaming

    @Test func filesFromManyThreadsGiveTheSameTreeAsAnArray() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        let files = (0..<400).map { OutputFile(path: "p\($0 % 7)/q\($0 % 13)/\($0).html", text: "page \($0)") }
        _ = try folder.writer(output: "a").write(files)
        let summary = try folder.writer(output: "b").write { sink in
            DispatchQueue.concurrentPerform(iterations: 8) { worker in
                for file in files.enumerated() where file.offset % 8 == worker {
                    try? sink.add(file.element)
                }
            }
        }
        #expect(summary.fileCount == 400)
        #expect(try folder.tree("b") == folder.tree("a"))
        #expect(try folder.tree("b") == WriterFolder.expected(files))
    }

    @Test func aProducerErrorLeavesThePreviousSiteAndIsRethrownAsItWas() throws {
        struct RenderFailed: Error, Equatable {}
        let folder = try WriterFolder()
        defer { folder.remove() }
        _ = try folder.writer().write(pages("one"))
        let before = try folder.tree("_site")
        #expect(throws: RenderFailed()) {
            try folder.writer().write { sink in
                for file in pages("two").prefix(30) { try sink.add(file) }
                throw RenderFailed()
            }
        }
        #expect(try folder.tree("_site") == before)
        #expect(try folder.entries(".") == ["._site.larder-state", "_site", "kitchen"])
    }

    @Test func aFailedAddFailsTheBuildEvenWhenTheProducerSwallowsIt() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        let duplicate = SiteWriteError(path: "a.html", reason: "is produced twice; give the two pages different ids")
        let later = Mutexed<String>()
        #expect(throws: duplicate) {
            try folder.writer().write { sink in
                try? sink.add(OutputFile(path: "a.html", text: "1"))
                try? sink.add(OutputFile(path: "a.html", text: "2"))
                // Every later add fails with the first failure.
                do { try sink.add(OutputFile(path: "b.html", text: "3")) } catch { later.set("\(error)") }
            }
        }
        #expect(later.value == duplicate.description)
        #expect(try folder.entries(".") == ["kitchen"])
    }

    @Test func pathsThatDifferOnlyInCaseAreRefused() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        #expect(throws: SiteWriteError(
            path: "images/Soup.jpg",
            reason: "and images/soup.jpg differ only in case, so they would be one file on macOS and Windows; give them different ids or names"
        )) {
            try folder.writer().write([OutputFile(path: "images/soup.jpg", text: "a"), OutputFile(path: "images/Soup.jpg", text: "b")])
        }
        #expect(throws: SiteWriteError(
            path: "Lists",
            reason: "and lists differ only in case, so they would be one file on macOS and Windows; give them different ids or names"
        )) {
            try folder.writer().write([OutputFile(path: "lists/a.html", text: "a"), OutputFile(path: "Lists/b.html", text: "b")])
        }
        #expect(try folder.entries(".") == ["kitchen"])
    }

    // MARK: Linking unchanged files

    @Test func unchangedFilesKeepTheirInodeAndChangedOnesAreWritten() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        let image = try folder.make("kitchen/images/soup.gif", "GIF89a")
        let extra = [OutputFile(path: "images/soup.gif", copyingFrom: image)]
        _ = try folder.writer().write(pages("one") + extra)
        let before = Dictionary(uniqueKeysWithValues: (pages("one") + extra).map { ($0.path, inode(folder.path("_site/" + $0.path))) })
        let second = pages("two") + extra
        let summary = try folder.writer().write(second)
        #expect(summary.reusedCount == 55)
        #expect(try folder.tree("_site") == WriterFolder.expected(second))
        for (index, file) in pages("two").enumerated() {
            let same = inode(folder.path("_site/" + file.path)) == before[file.path]!
            #expect(same == (index % 10 != 0), "\(file.path)")
        }
        #expect(inode(folder.path("_site/images/soup.gif")) == before["images/soup.gif"]!)

        // A changed image is copied again, by its stamp.
        try "GIF89a, retouched".write(toFile: image, atomically: true, encoding: .utf8)
        _ = try folder.writer().write(second)
        #expect(inode(folder.path("_site/images/soup.gif")) != before["images/soup.gif"]!)
        #expect(try folder.tree("_site") == WriterFolder.expected(second))
    }

    @Test func aFileEditedInTheSiteByHandIsWrittenAgain() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        _ = try folder.writer().write(pages("one"))
        let edited = folder.path("_site/recipes/r1/index.html")
        // Same size, edited in place: only its change time tells.
        let fd = open(edited, O_WRONLY)
        #expect(fd >= 0 && write(fd, "R", 1) == 1)
        close(fd)
        _ = try folder.writer().write(pages("one"))
        #expect(try folder.tree("_site") == WriterFolder.expected(pages("one")))
    }

    @Test func whenLinkingFailsFilesAreWritten() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        _ = try folder.writer().write(pages("one"))
        var fileSystem = SiteFileSystem.live
        fileSystem.link = { _, _ in false }
        // A new tree (in place, unchanged files are not linked at all).
        let summary = try folder.writer(fileSystem: fileSystem, inPlaceLimit: -1).write(pages("one"))
        #expect(summary.reusedCount == 0)
        #expect(try folder.tree("_site") == WriterFolder.expected(pages("one")))
    }

    @Test(arguments: ["", "garbage", "larder-state 1\n", "truncated"])
    func aDamagedStateFileMeansAFullWrite(contents: String) throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        _ = try folder.writer().write(pages("one"))
        let state = folder.path("._site.larder-state")
        if contents == "truncated" {
            let whole = try #require(FileManager.default.contents(atPath: state))
            try whole.prefix(whole.count - 3).write(to: URL(fileURLWithPath: state))
        } else {
            try contents.write(toFile: state, atomically: true, encoding: .utf8)
        }
        #expect(SiteState.read(state) == nil)
        let summary = try folder.writer().write(pages("two"))
        #expect(summary.reusedCount == 0)
        #expect(try folder.tree("_site") == WriterFolder.expected(pages("two")))
        #expect(SiteState.read(state)?.files.count == 60)
    }

    /// A build reads the previous state while it loads its data, before it
    /// holds the output's lock; once it does, it takes what it read only if
    /// the state file is still that one. Here another build replaced it in
    /// between: the state is read again, so every file of that build's site
    /// is known unchanged (with the first state, the six pages that build
    /// changed would be written again, and the site's record would be the
    /// older build's).
    @Test func aStateReadAheadIsNotTakenOnceAnotherBuildReplacedIt() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        _ = try folder.writer().write(pages("one"))
        var early = folder.writer()
        early.readStateAhead()
        // Read whole before the other build starts.
        #expect(early.stateAhead?()?.state.files.count == 60)
        _ = try folder.writer().write(pages("two"))
        let summary = try early.write(pages("two"))
        #expect(summary.reusedCount == 60)
        #expect(try folder.tree("_site") == WriterFolder.expected(pages("two")))
        // Its own state is the one read ahead next time, unchanged.
        var next = folder.writer()
        next.readStateAhead()
        #expect(try next.write(pages("two")).reusedCount == 60)
    }

    /// The check of the previous site's files made with the read-ahead
    /// finds a file edited by hand (same size: only its change time tells),
    /// and the build writes it again.
    @Test func theCheckMadeAheadFindsAFileEditedByHand() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        _ = try folder.writer().write(pages("one"))
        try folder.make("_site/recipes/r1/index.html", "x1")
        var writer = folder.writer()
        writer.readStateAhead()
        #expect(writer.filesCheckAhead?()?.damaged == ["recipes/r1/index.html"])
        let summary = try writer.write(pages("one"))
        #expect(summary.reusedCount == 59)
        #expect(try folder.tree("_site") == WriterFolder.expected(pages("one")))
    }

    /// A check made ahead vouches only for the folder it checked: here the
    /// output was copied anew in between (every file with a new change
    /// time, so none can be carried over), and the files are checked again.
    @Test func aCheckMadeAheadOfAnotherFolderIsNotTaken() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        _ = try folder.writer().write(pages("one"))
        var writer = folder.writer()
        writer.readStateAhead()
        #expect(writer.filesCheckAhead?()?.damaged == [])
        try FileManager.default.moveItem(atPath: folder.path("_site"), toPath: folder.path("old"))
        try FileManager.default.copyItem(atPath: folder.path("old"), toPath: folder.path("_site"))
        let summary = try writer.write(pages("one"))
        #expect(summary.reusedCount == 0)
        #expect(try folder.tree("_site") == WriterFolder.expected(pages("one")))
    }

    @Test func aStateFileWithEveryByteFlippedInTurnIsRefused() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        _ = try folder.writer().write(pages("one", count: 3))
        let whole = try #require(FileManager.default.contents(atPath: folder.path("._site.larder-state")))
        let damaged = folder.path("damaged")
        for index in 0..<whole.count {
            var copy = whole
            copy[index] ^= 0x5A
            try copy.write(to: URL(fileURLWithPath: damaged))
            #expect(SiteState.read(damaged) == nil, "byte \(index)")
        }
    }

    @Test func theStateFileIsBesideTheOutputNeverInIt() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        _ = try folder.writer().write(pages("one"))
        #expect(!(try folder.tree("_site").keys.contains { $0.contains("larder-state") }))
        let state = try #require(SiteState.read(folder.path("._site.larder-state")))
        #expect(Set(state.files.keys) == Set(pages("one").map(\.path)))
    }

    @Test func aFailedWriteAfterLinkingLeavesThePreviousSite() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        _ = try folder.writer().write(pages("one"))
        let before = try folder.tree("_site")
        let injected = SiteWriteError(path: "injected", reason: "No space left on device")
        // The marker, then the six changed pages: the fourth of them fails.
        #expect(throws: injected) {
            try folder.writer(fileSystem: .failing(writeNumber: 5, with: injected)).write(pages("two"))
        }
        #expect(try folder.tree("_site") == before)
        // The next build is whole, though the failed one touched the files.
        _ = try folder.writer().write(pages("two"))
        #expect(try folder.tree("_site") == WriterFolder.expected(pages("two")))
    }

    // MARK: Nothing changed

    @Test func upToDateOnlyWhileNothingReadChanged() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        let recipe = try folder.make("kitchen/recipes/soup.md", "---\ntitle: Soup\n---\n")
        let kitchen = URL(fileURLWithPath: folder.path("kitchen"))
        let secret = Array("a secret of some length".utf8)
        func inputs(options: [String] = ["kitchen"], secret: [UInt8]? = secret) -> BuildInputs {
            BuildInputs(dataFolder: kitchen, options: options, secret: secret)
        }
        func build() throws {
            let before = inputs().settledSnapshot()
            let record = BuildRecord(inputs: inputs(), before: before, warnings: "a warning\n", colouredWarnings: "A WARNING\n")
            _ = try folder.writer().write(record: record) { sink in try sink.add(OutputFile(path: "index.html", text: "hi")) }
        }
        let writer = folder.writer()
        #expect(writer.upToDate(inputs()) == nil)
        try build()
        #expect(writer.upToDate(inputs()) == BuildRecord.Warnings(plain: "a warning\n", coloured: "A WARNING\n"))
        #expect(writer.upToDate(inputs(options: ["elsewhere"])) == nil)
        #expect(writer.upToDate(inputs(secret: nil)) == nil)
        #expect(writer.upToDate(inputs(secret: Array("another secret, as long".utf8))) == nil)

        // Touched, without a change of contents.
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, recipe, &times, 0) == 0)
        #expect(writer.upToDate(inputs()) == nil)
        try build()
        #expect(writer.upToDate(inputs()) != nil)
        _ = try folder.make("kitchen/lists/new.md", "---\ntitle: New\n---\n")
        #expect(writer.upToDate(inputs()) == nil)
        try build()
        _ = try folder.make("kitchen/templates/recipe.mustache", "{{title}}")
        #expect(writer.upToDate(inputs()) == nil)
        try build()
        // Dot files are not read: an editor's swap file changes nothing.
        _ = try folder.make("kitchen/recipes/.soup.md.swp", "swap")
        #expect(writer.upToDate(inputs()) != nil)
        // The output replaced by hand.
        try FileManager.default.removeItem(atPath: folder.path("_site/index.html"))
        #expect(writer.upToDate(inputs()) == nil)
        try build()
        try FileManager.default.removeItem(atPath: folder.path("._site.larder-state"))
        #expect(writer.upToDate(inputs()) == nil)
    }

    @Test func aDataFileChangedDuringTheBuildFailsIt() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        let recipe = try folder.make("kitchen/recipes/soup.md", "---\ntitle: Soup\n---\n")
        _ = try folder.writer().write(pages("one"))
        let before = try folder.tree("_site")
        let inputs = BuildInputs(dataFolder: URL(fileURLWithPath: folder.path("kitchen")), options: [], secret: nil)
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, recipe, &times, 0) == 0)
        usleep(30_000)
        let record = BuildRecord(inputs: inputs, before: inputs.settledSnapshot(), warnings: "", colouredWarnings: "")
        #expect(record.before.racy.isEmpty)
        #expect(throws: SiteWriteError(
            path: folder.path("kitchen") + "/recipes/soup.md",
            reason: "changed while the site was being built, so the site could mix two versions; build again once it is saved"
        )) {
            try folder.writer().write(record: record) { sink in
                try "---\ntitle: Stew\n---\n".write(toFile: recipe, atomically: false, encoding: .utf8)
                for file in pages("two") { try sink.add(file) }
            }
        }
        #expect(try folder.tree("_site") == before)
    }

    /// A build says when it has read the folder (`readsDone`): a file saved
    /// before then fails the build, one saved after it (while the pages are
    /// written) does not, and the state keeps the stamps the site was made
    /// from, so the next build is not up to date.
    @Test func aDataFileSavedAfterTheReadsIsForTheNextBuild() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        let recipe = try folder.make("kitchen/recipes/soup.md", "---\ntitle: Soup\n---\n")
        _ = try folder.writer().write(pages("one"))
        let inputs = BuildInputs(dataFolder: URL(fileURLWithPath: folder.path("kitchen")), options: [], secret: nil)
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, recipe, &times, 0) == 0)
        usleep(30_000)

        // Saved before the reads were done: an error, the site as it was.
        var early = BuildRecord(inputs: inputs, before: inputs.settledSnapshot(), warnings: "", colouredWarnings: "")
        try "---\ntitle: Stew\n---\n".write(toFile: recipe, atomically: false, encoding: .utf8)
        early.readsDone()
        let before = try folder.tree("_site")
        #expect(throws: SiteWriteError.self) {
            try folder.writer().write(record: early) { sink in for file in pages("two") { try sink.add(file) } }
        }
        #expect(try folder.tree("_site") == before)

        // Saved once the digest after the reads was taken: built.
        #expect(utimensat(AT_FDCWD, recipe, &times, 0) == 0)
        usleep(30_000)
        var late = BuildRecord(inputs: inputs, before: inputs.settledSnapshot(), warnings: "", colouredWarnings: "")
        late.readsDone()
        _ = late.after?()  // waits for the digest
        _ = try folder.writer().write(record: late) { sink in
            try "---\ntitle: Broth\n---\n".write(toFile: recipe, atomically: false, encoding: .utf8)
            for file in pages("two") { try sink.add(file) }
        }
        #expect(try folder.tree("_site") != before)
        #expect(folder.writer().upToDate(inputs) == nil)
    }

    /// The files a build took from the parse cache are not stamped again
    /// once it has read the folder: the cache holds them as the snapshot
    /// stamped them, so one saved during the build is for the next build,
    /// not an error. A file the build read anew is stamped again, and its
    /// change fails the build, naming it.
    @Test func onlyTheFilesTheBuildReadAreStampedAgain() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        let soup = try folder.make("kitchen/recipes/soup.md", "---\ntitle: Soup\n---\n")
        let stew = try folder.make("kitchen/recipes/stew.md", "---\ntitle: Stew\n---\n")
        _ = try folder.writer().write(pages("one"))
        let kitchen = URL(fileURLWithPath: folder.path("kitchen"))
        let inputs = BuildInputs(dataFolder: kitchen, options: [], secret: nil)
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
        for file in [soup, stew] { #expect(utimensat(AT_FDCWD, file, &times, 0) == 0) }
        usleep(30_000)
        var cache = DocumentCache()
        /// The snapshot, and a load with `cache` that takes its stamps.
        func load() throws -> InputSnapshot {
            var snapshot = inputs.settledSnapshot()
            snapshot.index()
            let indexed = snapshot
            _ = try KitchenLoader.load(kitchen, cache: &cache, knownStamp: { indexed.own($0) }, takenAt: snapshot.takenAt)
            return snapshot
        }
        _ = try load()
        let before = try load()
        #expect(cache.lastReadPaths.isEmpty)

        // Both taken from the cache: soup saved after the snapshot is not an error.
        try "---\ntitle: Soap\n---\n".write(toFile: soup, atomically: false, encoding: .utf8)
        var record = BuildRecord(inputs: inputs, before: before, warnings: "", colouredWarnings: "")
        record.readsDone(documents: cache)
        _ = try folder.writer().write(record: record) { sink in for file in pages("two") { try sink.add(file) } }
        // The state keeps the stamps the site was made from: the next build reads soup.
        #expect(folder.writer().upToDate(inputs) == nil)

        // Soup read anew (it changed), then saved again before the reads were done.
        let next = try load()
        #expect(cache.lastReadPaths == ["recipes/soup.md"])
        #expect(utimensat(AT_FDCWD, soup, &times, 0) == 0)
        var failing = BuildRecord(inputs: inputs, before: next, warnings: "", colouredWarnings: "")
        failing.readsDone(documents: cache)
        let site = try folder.tree("_site")
        #expect(throws: SiteWriteError(
            path: folder.path("kitchen") + "/recipes/soup.md",
            reason: "changed while the site was being built, so the site could mix two versions; build again once it is saved"
        )) {
            try folder.writer().write(record: failing) { sink in for file in pages("three") { try sink.add(file) } }
        }
        #expect(try folder.tree("_site") == site)
    }

    /// A file is racy (its stamp could stay the same through another
    /// change) only while the coarse clock file times come from is still in
    /// the tick of its time: saved, then the clock past it, it is trusted at
    /// once, with no fixed wait.
    @Test func aFileIsRacyOnlyWithinTheClockTickOfItsTime() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        let recipe = try folder.make("kitchen/recipes/soup.md", "---\ntitle: Soup\n---\n")
        let inputs = BuildInputs(dataFolder: URL(fileURLWithPath: folder.path("kitchen")), options: [], secret: nil)
        // A time at or after the clock's present tick.
        let now = Timestamp.now(coarse: false)
        var times = [timespec(tv_sec: Int(now.seconds) + 5, tv_nsec: 500_000_000), timespec(tv_sec: Int(now.seconds) + 5, tv_nsec: 500_000_000)]
        #expect(utimensat(AT_FDCWD, recipe, &times, 0) == 0)
        #expect(inputs.snapshot().racy == ["recipes/soup.md"])
        // Saved now, and the coarse clock past that moment: not racy, a few
        // milliseconds later (the old fixed window was 20 ms).
        try "---\ntitle: Stew\n---\n".write(toFile: recipe, atomically: false, encoding: .utf8)
        _ = Timestamp.settled()
        #expect(inputs.snapshot().racy.isEmpty)
    }

    @Test func contentHashTellsApartWhatItShould() {
        var seen = Set<ContentHash>()
        var inputs: [[UInt8]] = [[], [0], [0, 0], [1]]
        for length in 1...70 { inputs.append([UInt8](repeating: 0x61, count: length)) }
        let base = [UInt8](repeating: 7, count: 64)
        for index in 0..<64 {
            var copy = base
            copy[index] ^= 1
            inputs.append(copy)
        }
        for input in inputs { seen.insert(ContentHash(input)) }
        #expect(seen.count == inputs.count)
        #expect(ContentHash("abc") == ContentHash(Array("abc".utf8)))
    }
}

import Synchronization

final class Mutexed<T: Sendable>: Sendable {
    private let storage = Mutex<T?>(nil)
    func set(_ value: T) { storage.withLock { $0 = value } }
    var value: T? { storage.withLock { $0 } }
}
