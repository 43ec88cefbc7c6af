import Foundation
import Testing

@testable import LarderSite

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Rebuilds that change few files: staged beside the output and renamed into
/// it under a journal, the rest of the site untouched; undone when a step
/// fails, finished by the next build when one is killed part way.
@Suite struct InPlaceCommitTests {
    func inode(_ path: String) -> UInt64? {
        var info = stat()
        return lstat(path, &info) == 0 ? UInt64(info.st_ino) : nil
    }

    func inodes(_ folder: WriterFolder, _ files: [OutputFile]) -> [String: UInt64?] {
        Dictionary(uniqueKeysWithValues: files.map { ($0.path, inode(folder.path("_site/" + $0.path))) })
    }

    /// 300 pages in 30 folders; `version` changes one in fifty.
    func pages(_ version: String) -> [OutputFile] {
        (0..<300).map { OutputFile(path: "recipes/g\($0 % 30)/r\($0).html", text: $0 % 50 == 0 ? "r\($0) \(version)" : "r\($0)") }
    }

    @Test func aSmallChangeIsRenamedIntoTheOutputAndTheRestIsNotTouched() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        _ = try folder.writer().write(pages("one"))
        let root = inode(folder.path("_site")), before = inodes(folder, pages("one"))
        let summary = try folder.writer().write(pages("two"))
        #expect(summary.inPlace)
        #expect(summary.reusedCount == 294)
        #expect(inode(folder.path("_site")) == root)
        #expect(try folder.tree("_site") == WriterFolder.expected(pages("two")))
        for (index, file) in pages("two").enumerated() {
            #expect((inode(folder.path("_site/" + file.path)) == before[file.path]!) == (index % 50 != 0), "\(file.path)")
        }
        #expect(try folder.entries(".") == ["._site.larder-state", "_site", "kitchen"])
        // The state describes the site: nothing changed, nothing written.
        let again = try folder.writer().write(pages("two"))
        #expect(again.inPlace && again.reusedCount == 300)
        #expect(try folder.tree("_site") == WriterFolder.expected(pages("two")))
    }

    @Test func filesAndFoldersComeAndGoInPlace() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        let first = pages("one") + [
            OutputFile(path: "a", text: "a file that becomes a folder"),
            OutputFile(path: "b/c/d.html", text: "a folder that becomes a file"),
            OutputFile(path: "gone/deep/er/x.html", text: "a folder removed whole"),
            OutputFile(path: "recipes/g1/gone.html", text: "one file removed"),
        ]
        _ = try folder.writer().write(first)
        let root = inode(folder.path("_site"))
        let second = pages("one") + [
            OutputFile(path: "a/index.html", text: "now a folder"),
            OutputFile(path: "b", text: "now a file"),
            OutputFile(path: "new/folder/y.html", text: "a new folder"),
            OutputFile(path: "recipes/g1/new.html", text: "a new file"),
        ]
        let summary = try folder.writer().write(second)
        #expect(summary.inPlace)
        #expect(inode(folder.path("_site")) == root)
        #expect(try folder.tree("_site") == WriterFolder.expected(second))
        #expect(try folder.entries(".") == ["._site.larder-state", "_site", "kitchen"])
        // And back again.
        #expect(try folder.writer().write(first).inPlace)
        #expect(try folder.tree("_site") == WriterFolder.expected(first))
    }

    @Test func aLargeChangeSwapsInANewTree() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        let image = try folder.make("kitchen/images/soup.gif", "GIF89a")
        let extra = [OutputFile(path: "images/soup.gif", copyingFrom: image)]
        _ = try folder.writer().write(pages("one") + extra)
        let root = inode(folder.path("_site")), before = inodes(folder, pages("one") + extra)
        // Over the limit, found while the files come: the staged files and
        // those recorded so far become a new tree.
        let summary = try folder.writer(inPlaceLimit: 3).write(pages("two") + extra)
        #expect(!summary.inPlace)
        #expect(summary.reusedCount == 295)
        #expect(inode(folder.path("_site")) != root)
        #expect(try folder.tree("_site") == WriterFolder.expected(pages("two") + extra))
        for (index, file) in pages("two").enumerated() {
            #expect((inode(folder.path("_site/" + file.path)) == before[file.path]!) == (index % 50 != 0), "\(file.path)")
        }
        #expect(inode(folder.path("_site/images/soup.gif")) == before["images/soup.gif"]!)
        // Over the limit only with the removed files, found at the end.
        let fewer = Array(pages("one").prefix(290))
        #expect(try !folder.writer(inPlaceLimit: 10).write(fewer).inPlace)
        #expect(try folder.tree("_site") == WriterFolder.expected(fewer))
        #expect(try folder.entries(".") == ["._site.larder-state", "_site", "kitchen"])
    }

    @Test func aSiteChangedSinceItsStateIsSwapped() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        _ = try folder.writer().write(pages("one"))
        // A file added in the site root by hand: the output is not what the
        // state describes, so it is replaced whole.
        _ = try folder.make("_site/stray.html", "by hand")
        #expect(try !folder.writer().write(pages("two")).inPlace)
        #expect(try folder.tree("_site") == WriterFolder.expected(pages("two")))
    }

    // MARK: Keeping files

    @Test func keptFilesAreCarriedOverInPlaceAndInANewTree() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        _ = try folder.writer().write(pages("one"))
        let before = inodes(folder, pages("one"))
        for limit in [nil, -1] {
            let summary = try folder.writer(inPlaceLimit: limit).write { sink in
                for (index, file) in pages("two").enumerated() {
                    if index % 50 == 0 {
                        try sink.add(file)
                    } else if try !sink.keep(file.path) {
                        Issue.record("\(file.path) was not kept")
                    }
                }
            }
            #expect(summary.inPlace == (limit == nil))
            #expect(summary.reusedCount == 294)
            #expect(try folder.tree("_site") == WriterFolder.expected(pages("two")))
            #expect(inode(folder.path("_site/recipes/g1/r1.html")) == before["recipes/g1/r1.html"]!)
            _ = try folder.writer().write(pages("one"))
        }
        // Not vouched for, nothing done (the caller renders the file): a path
        // the previous build did not make, and a file changed on disk since.
        let edited = "recipes/g1/r1.html"
        try Data("edited by hand".utf8).write(to: URL(fileURLWithPath: folder.path("_site/" + edited)))
        _ = try folder.writer().write { sink in
            #expect(try !sink.keep("recipes/never.html"))
            #expect(try !sink.keep(edited))
            for file in pages("one") {
                if file.path == edited { try sink.add(file) } else { #expect(try sink.keep(file.path)) }
            }
        }
        #expect(try folder.tree("_site") == WriterFolder.expected(pages("one")))
    }

    /// Kept files are held apart from the site's paths until a path the
    /// previous site did not have comes (`SiteSink.settleKept`): the same
    /// checks, the same site and state, whichever way.
    @Test func keptFilesHeldApartGiveTheSameSiteAndChecks() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        _ = try folder.writer().write(pages("one"))
        func write(_ files: [OutputFile], keeping: (Int, OutputFile) -> Bool) throws -> SiteWriteSummary {
            try folder.writer().write { sink in
                for (index, file) in files.enumerated() {
                    if keeping(index, file) { #expect(try sink.keep(file.path), "\(file.path)") } else { try sink.add(file) }
                }
            }
        }
        // The same files: the previous table, with the rendered ones' entries.
        var summary = try write(pages("two")) { index, _ in index % 50 != 0 }
        #expect(summary.inPlace && summary.fileCount == 300 && summary.reusedCount == 294)
        #expect(try folder.tree("_site") == WriterFolder.expected(pages("two")))
        // The state describes the site: everything can be kept again.
        summary = try write(pages("two")) { _, _ in true }
        #expect(summary.reusedCount == 300)
        #expect(try folder.tree("_site") == WriterFolder.expected(pages("two")))

        // One file fewer (kept apart, then taken with the others for the commit).
        let fewer = Array(pages("two").dropLast())
        summary = try write(fewer) { index, _ in index != 0 }
        #expect(summary.inPlace && summary.fileCount == 299)
        #expect(try folder.tree("_site") == WriterFolder.expected(fewer))

        // A new path: the kept files are settled, the new one checked with them.
        let more = fewer + [OutputFile(path: "recipes/new/n.html", text: "new")]
        summary = try write(more) { index, file in index > 3 && file.path != "recipes/new/n.html" }
        #expect(summary.inPlace && summary.fileCount == 300)
        #expect(try folder.tree("_site") == WriterFolder.expected(more))

        // Produced twice, kept then added and added then kept; a new path that
        // differs only in case from a kept file: errors, the site as it was.
        let before = try folder.tree("_site")
        let kept = "recipes/g1/r1.html"
        for steps in [["keep", "add"], ["add", "keep"]] {
            #expect(throws: SiteWriteError(path: kept, reason: "is produced twice; give the two pages different ids")) {
                try folder.writer().write { sink in
                    for step in steps {
                        if step == "keep" { _ = try sink.keep(kept) } else { try sink.add(OutputFile(path: kept, text: "r1")) }
                    }
                }
            }
        }
        #expect(throws: SiteWriteError.self) {
            try folder.writer().write { sink in
                for file in more { _ = try sink.keep(file.path) }
                try sink.add(OutputFile(path: "recipes/G1/r1.html", text: "case"))
            }
        }
        #expect(try folder.tree("_site") == before)
    }

    // MARK: Failures

    /// The real disk, except that renames whose source contains `marker`
    /// fail from the `n`th on.
    func failingRenames(from n: Int, containing marker: String) -> SiteFileSystem {
        let counter = WriteCounter()
        var fileSystem = SiteFileSystem.live
        fileSystem.rename = { source, destination throws(SiteWriteError) in
            if source.contains(marker) {
                let number = counter.count.withLock { count in
                    count += 1
                    return count
                }
                if number >= n { throw SiteWriteError(path: source, reason: "injected") }
            }
            try SiteFileSystem.live.rename(source, destination)
        }
        return fileSystem
    }

    @Test(arguments: [1, 3, 6])
    func aRenameThatFailsMidCommitIsUndone(failingAt nth: Int) throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        let first = pages("one") + [OutputFile(path: "old/x.html", text: "removed")]
        _ = try folder.writer().write(first)
        let before = try folder.tree("_site")
        let second = pages("two") + [OutputFile(path: "new/y.html", text: "added")]
        let error = #expect(throws: SiteWriteError.self) {
            _ = try folder.writer(fileSystem: failingRenames(from: nth, containing: ".larder-tmp-")).write(second)
        }
        #expect(error?.reason == "injected")
        #expect(try folder.tree("_site") == before)
        #expect(try folder.entries(".") == ["._site.larder-state", "_site", "kitchen"])
        // Putting the previous site back renamed entries of its root, so the
        // output no longer has the stamp its state recorded: a new tree.
        #expect(try !folder.writer().write(second).inPlace)
        #expect(try folder.tree("_site") == WriterFolder.expected(second))
    }

    @Test func aCommitThatCannotBeUndoneIsFinishedByTheNextBuild() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        _ = try folder.writer().write(pages("one"))
        // Every rename of a staged file from the third on fails, and so does
        // every rename back out of the backups: as if the build died there.
        var fileSystem = failingRenames(from: 3, containing: ".larder-tmp-")
        let forward = fileSystem.rename
        fileSystem.rename = { source, destination throws(SiteWriteError) in
            if source.contains(".larder-backup-") || destination.contains(".larder-tmp-") {
                throw SiteWriteError(path: source, reason: "injected")
            }
            try forward(source, destination)
        }
        let error = #expect(throws: SiteWriteError.self) {
            _ = try folder.writer(fileSystem: fileSystem).write(pages("two"))
        }
        #expect(error?.reason.hasSuffix("the next larder build finishes this one's changes first") == true, "\(String(describing: error))")
        let site = try folder.tree("_site")
        #expect(site != WriterFolder.expected(pages("one")) && site != WriterFolder.expected(pages("two")))
        #expect(try folder.entries(".").contains("._site.larder-commit"))
        let location = try OutputLocation(
            output: URL(fileURLWithPath: folder.path("_site")), dataFolder: URL(fileURLWithPath: folder.path("kitchen"))
        )
        // Not up to date while a commit is unfinished.
        let inputs = BuildInputs(dataFolder: URL(fileURLWithPath: folder.path("kitchen")), options: [], secret: nil)
        #expect(folder.writer().upToDate(inputs) == nil)
        // Finishing is idempotent: once, then again as if killed and rerun.
        try SiteCommit.rollForward(at: location, fileSystem: .live)
        #expect(try folder.tree("_site") == WriterFolder.expected(pages("two")))
        #expect(try folder.entries(".") == ["._site.larder-state", "_site", "kitchen"])
        // The state saved by finishing describes the site: a rebuild in place.
        let again = try folder.writer().write(pages("two"))
        #expect(again.inPlace && again.reusedCount == 300)
    }

    @Test func aCommitKilledAtEachStepIsFinishedExactly() throws {
        // Runs the commit's steps one at a time from a saved journal: after
        // k of them, as a killed build leaves it, the next build's roll
        // forward gives the new site exactly.
        let first = pages("one") + [OutputFile(path: "a", text: "file"), OutputFile(path: "old/x.html", text: "x")]
        let second = pages("two") + [OutputFile(path: "a/index.html", text: "folder"), OutputFile(path: "new/y.html", text: "y")]
        var stepCount = 0, interrupted = 0
        var k = 0
        repeat {
            let folder = try WriterFolder()
            defer { folder.remove() }
            _ = try folder.writer().write(first)
            let stopAfter = k
            let counter = WriteCounter()
            // The k+1th change of the site's own entries fails and so does
            // everything after it: the disk as a kill after k steps leaves it.
            var fileSystem = SiteFileSystem.live
            let dead = { @Sendable () -> Bool in
                counter.count.withLock { count in
                    count += 1
                    return count > stopAfter
                }
            }
            fileSystem.rename = { source, destination throws(SiteWriteError) in
                if source.contains("/_site/") || destination.contains("/_site/") || source.hasSuffix("/_site") {
                    if dead() { throw SiteWriteError(path: source, reason: "killed") }
                }
                try SiteFileSystem.live.rename(source, destination)
            }
            fileSystem.makeDirectory = { path throws(SiteWriteError) in
                if path.contains("/_site/"), dead() { throw SiteWriteError(path: path, reason: "killed") }
                try SiteFileSystem.live.makeDirectory(path)
            }
            let result = Result { try folder.writer(fileSystem: fileSystem).write(second) }
            let location = try OutputLocation(
                output: URL(fileURLWithPath: folder.path("_site")), dataFolder: URL(fileURLWithPath: folder.path("kitchen"))
            )
            if case .success = result {
                stepCount = k
                #expect(try folder.tree("_site") == WriterFolder.expected(second))
                break
            }
            if (try folder.entries(".")).contains("._site.larder-commit") {
                // Undoing ran on the dead disk too: the next build finishes.
                interrupted += 1
                try SiteCommit.rollForward(at: location, fileSystem: .live)
                #expect(try folder.tree("_site") == WriterFolder.expected(second), "after \(k) steps")
            } else {
                // Nothing was done that needed undoing.
                #expect(try folder.tree("_site") == WriterFolder.expected(first), "after \(k) steps")
            }
            #expect(try folder.entries(".") == ["._site.larder-state", "_site", "kitchen"], "after \(k) steps")
            k += 1
        } while k < 100
        #expect(stepCount > 5)
        #expect(interrupted >= stepCount - 1)
    }

    // MARK: Something in the way

    /// The previous site with a new folder and an old one, and the next
    /// version: `old/x.html` removed, `recipes/new/y.html` added, six pages
    /// changed. (Deeper than the root: an entry added there by hand sends
    /// the build to a new tree anyway.)
    let before = [OutputFile(path: "old/x.html", text: "removed")]
    let after = [OutputFile(path: "recipes/new/y.html", text: "added")]

    /// Puts `obstacle` in the site when the commit's journal is written:
    /// after the writer looked at the site, as a process racing the build.
    func racing(_ obstacle: @escaping @Sendable () -> Void, then base: SiteFileSystem = .live) -> SiteFileSystem {
        var fileSystem = base
        fileSystem.writeFile = { path, bytes throws(SiteWriteError) in
            if path.hasSuffix(".larder-commit-new") { obstacle() }
            return try base.writeFile(path, bytes)
        }
        return fileSystem
    }

    @Test func somethingInTheWayFoundBeforeTheCommitSendsTheBuildToANewTree() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        let outside = try folder.make("outside/file", "not the site's")
        let site = folder.path("_site")
        let obstacles: [(String, () throws -> Void)] = [
            ("a file where a folder is made", { try folder.make("_site/recipes/new", "by hand") }),
            ("a link where a folder is made", { #expect(symlink(folder.path("outside"), site + "/recipes/new") == 0) }),
            ("a folder where a file goes", {
                #expect(unlink(site + "/recipes/g0/r0.html") == 0)
                try folder.make("_site/recipes/g0/r0.html/note", "by hand")
            }),
            ("a link where a file goes", {
                #expect(unlink(site + "/recipes/g0/r0.html") == 0)
                #expect(symlink(outside, site + "/recipes/g0/r0.html") == 0)
            }),
            ("a link for a folder", {
                #expect(rename(site + "/recipes/g0", folder.path("outside/g0")) == 0)
                #expect(symlink(folder.path("outside/g0"), site + "/recipes/g0") == 0)
            }),
        ]
        for (name, put) in obstacles {
            _ = try folder.writer().write(pages("one") + before)
            try put()
            let outsideBefore = try folder.tree("outside")
            let summary = try folder.writer().write(pages("two") + after)
            #expect(!summary.inPlace, "\(name)")
            #expect(try folder.tree("_site") == WriterFolder.expected(pages("two") + after), "\(name)")
            #expect(try folder.tree("outside") == outsideBefore, "\(name)")
            try? FileManager.default.removeItem(atPath: folder.path("outside/g0"))
        }
    }

    /// Something that comes in the commit's way after the writer looked (a
    /// file or link where it makes a folder, a folder or link where it puts
    /// a file) is set aside with the backups, never followed, and gone with
    /// them once the commit is done.
    @Test(arguments: ["file for a folder", "link for a folder", "folder for a file", "link for a file"])
    func somethingInTheWayDuringTheCommitIsSetAsideAndGone(_ kind: String) throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        _ = try folder.writer().write(pages("one") + before)
        let outside = try folder.make("outside/file", "not the site's")
        let outsideBefore = try folder.tree("outside")
        let site = folder.path("_site")
        let summary = try folder.writer(fileSystem: racing {
            switch kind {
            case "file for a folder": _ = try? folder.make("_site/recipes/new", "by hand")
            case "link for a folder": symlink(folder.path("outside"), site + "/recipes/new")
            case "folder for a file":
                unlink(site + "/recipes/g0/r0.html")
                _ = try? folder.make("_site/recipes/g0/r0.html/note", "by hand")
            default:
                unlink(site + "/recipes/g0/r0.html")
                symlink(outside, site + "/recipes/g0/r0.html")
            }
        }).write(pages("two") + after)
        #expect(summary.inPlace)
        #expect(try folder.tree("outside") == outsideBefore)
        // A link left in the site fails here, before walking the site.
        var info = stat()
        for path in ["recipes/new", "recipes/g0/r0.html"] {
            #expect(lstat(site + "/" + path, &info) == 0, "\(path)")
            guard (info.st_mode & S_IFMT) != S_IFLNK else {
                Issue.record("\(path) is a link")
                return
            }
        }
        #expect(try folder.tree("_site") == WriterFolder.expected(pages("two") + after))
        #expect(try folder.entries(".") == ["._site.larder-state", "_site", "kitchen", "outside"])
    }

    /// A commit that fails after something came in its way puts it back and
    /// removes only the folders it made itself.
    @Test(arguments: ["file", "folder"])
    func undoingPutsBackWhatWasInTheWayAndRemovesOnlyWhatItMade(_ kind: String) throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        _ = try folder.writer().write(pages("one") + before)
        let obstacle = kind == "file" ? "_site/recipes/new" : "_site/recipes/new/mine.txt"
        let fileSystem = racing({ _ = try? folder.make(obstacle, "by hand") }, then: failingRenames(from: 8, containing: ".larder-tmp-"))
        let error = #expect(throws: SiteWriteError.self) {
            _ = try folder.writer(fileSystem: fileSystem).write(pages("two") + after)
        }
        #expect(error?.reason == "injected")
        var expected = WriterFolder.expected(pages("one") + before)
        expected[String(obstacle.dropFirst(6))] = .file("by hand")
        if kind == "folder" { expected["recipes/new"] = .folder(mode: 0o755) }
        #expect(try folder.tree("_site") == expected)
        #expect(try folder.entries(".") == ["._site.larder-state", "_site", "kitchen"])
        #expect(try !folder.writer().write(pages("two") + after).inPlace)
        #expect(try folder.tree("_site") == WriterFolder.expected(pages("two") + after))
    }

    @Test func aLinkPutForAFolderDuringTheCommitIsNeverRenamedThrough() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        _ = try folder.writer().write(pages("one") + before)
        let outside = folder.path("outside")
        // recipes/g0 holds a changed page (r0).
        let fileSystem = racing {
            rename(folder.path("_site/recipes/g0"), outside)
            symlink(outside, folder.path("_site/recipes/g0"))
        }
        let error = #expect(throws: SiteWriteError.self) {
            _ = try folder.writer(fileSystem: fileSystem).write(pages("two") + after)
        }
        #expect(error?.path == folder.path("_site/recipes/g0"), "\(String(describing: error))")
        #expect(error?.reason.hasPrefix("is missing or not a folder") == true, "\(String(describing: error))")
        #expect(try folder.entries(".") == ["._site.larder-state", "_site", "kitchen", "outside"])
        #expect(try folder.tree("outside") == WriterFolder.expected(pages("one")).filter { $0.key.hasPrefix("recipes/g0/") }
            .reduce(into: [:]) { $0[String($1.key.dropFirst(11))] = $1.value })
        #expect(try !folder.writer().write(pages("two") + after).inPlace)
        #expect(try folder.tree("_site") == WriterFolder.expected(pages("two") + after))
    }

    func location(_ folder: WriterFolder) throws -> OutputLocation {
        try OutputLocation(output: URL(fileURLWithPath: folder.path("_site")), dataFolder: URL(fileURLWithPath: folder.path("kitchen")))
    }

    /// A journal left by a build that could neither finish nor undo: its
    /// first step done (`old` removed), making `recipes/new` refused, and so is
    /// putting `old` back.
    func leaveJournal(_ folder: WriterFolder) throws {
        _ = try folder.writer().write(pages("one") + before)
        var fileSystem = SiteFileSystem.live
        fileSystem.makeDirectory = { path throws(SiteWriteError) in
            if path.hasSuffix("/_site/recipes/new") { throw SiteWriteError(path: path, reason: "injected") }
            try SiteFileSystem.live.makeDirectory(path)
        }
        fileSystem.rename = { source, destination throws(SiteWriteError) in
            if source.contains(".larder-backup-") { throw SiteWriteError(path: source, reason: "injected") }
            try SiteFileSystem.live.rename(source, destination)
        }
        #expect(throws: SiteWriteError.self) { _ = try folder.writer(fileSystem: fileSystem).write(pages("two") + after) }
        #expect(try folder.entries(".").contains("._site.larder-commit"))
    }

    @Test func finishingACommitSetsAsideAFileWhereItMakesAFolder() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        try leaveJournal(folder)
        _ = try folder.make("_site/recipes/new", "by hand")
        try SiteCommit.rollForward(at: try location(folder), fileSystem: .live)
        #expect(try folder.tree("_site") == WriterFolder.expected(pages("two") + after))
        #expect(try folder.entries(".") == ["._site.larder-state", "_site", "kitchen"])
    }

    @Test func aJournalFacingALinkForAFolderIsDroppedForANewTree() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        try leaveJournal(folder)
        let outside = folder.path("outside")
        rename(folder.path("_site/recipes/g0"), outside)
        symlink(outside, folder.path("_site/recipes/g0"))
        let outsideBefore = try folder.tree("outside")
        let summary = try folder.writer().write(pages("two") + after)
        #expect(!summary.inPlace && summary.reusedCount == 0)
        #expect(try folder.entries(".") == ["._site.larder-state", "_site", "kitchen", "outside"])
        // The link was not followed: what it pointed at is as it was.
        #expect(try folder.tree("outside") == outsideBefore)
    }

    @Test func aDamagedJournalMeansAFullBuild() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        _ = try folder.writer().write(pages("one"))
        _ = try folder.make("._site.larder-commit", "larder-commit 1\ngarbage")
        let summary = try folder.writer().write(pages("two"))
        #expect(!summary.inPlace && summary.reusedCount == 0)
        #expect(try folder.tree("_site") == WriterFolder.expected(pages("two")))
        #expect(try folder.entries(".") == ["._site.larder-state", "_site", "kitchen"])
    }

    @Test func aJournalReadsBackAsWritten() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        let commit = SiteCommit(
            staging: "._site.larder-tmp-1", backup: "._site.larder-backup-1",
            steps: [.removeFile("a"), .removeFolder("b/c"), .makeFolder("d"), .place("d/é.html")]
        )
        let path = folder.path("journal")
        try Data(commit.encoded()).write(to: URL(fileURLWithPath: path))
        #expect(SiteCommit.read(path) == commit)
        var bytes = commit.encoded()
        bytes[20] ^= 1
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(SiteCommit.read(path) == nil)
    }

    // MARK: Paths

    /// The one-pass path check says what the plain one (split into names)
    /// says, for every string of up to five of these pieces.
    @Test func thePathCheckAgreesWithSplittingIntoNames() {
        func plain(_ path: String) -> String? {
            if path.isEmpty { return "it is empty" }
            if path.utf8.contains(0) { return "it contains a NUL byte" }
            if path.contains("\\") { return "it contains a backslash" }
            if path.hasPrefix("/") { return "it is absolute" }
            for name in path.split(separator: "/", omittingEmptySubsequences: false) {
                if name.isEmpty { return "it has an empty name (a doubled or trailing '/')" }
                if name == "." || name == ".." { return "it has a '\(name)' name" }
            }
            return nil
        }
        let pieces = ["a", "/", ".", "\\", "\u{0}", "é"]
        var paths = [""]
        var all = [""]
        for _ in 0..<5 {
            paths = paths.flatMap { path in pieces.map { path + $0 } }
            all += paths
        }
        for path in all {
            #expect(SitePaths.problem(with: path) == plain(path), "\(Array(path.utf8))")
        }
    }
}
