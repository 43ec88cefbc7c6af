import Foundation
import Synchronization
import Testing

@testable import LarderSite

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The writer on a real disk, in a fresh folder per test.
@Suite struct SiteWriterTests {
    // MARK: Writing and swapping

    @Test func writesATreeAndSwapsItIn() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        let image = try folder.make("kitchen/images/soup.gif", "GIF89abyte")
        let first: [OutputFile] = [
            OutputFile(path: "index.html", text: "<h1>Home</h1>\n"),
            OutputFile(path: "lists/weekly/index.html", text: "weekly"),
            OutputFile(path: "lists/weekly.txt", text: "☐ milk\n"),
            OutputFile(path: "recipes/soup/index.html", text: "soup"),
            OutputFile(path: "images/soup.gif", copyingFrom: image),
        ]
        let summary = try folder.writer().write(first)
        #expect(summary == SiteWriteSummary(fileCount: 5, byteCount: 14 + 6 + 9 + 4 + 10))
        #expect(try folder.tree("_site") == WriterFolder.expected(first))
        #expect(try folder.entries(".") == ["._site.larder-state", "_site", "kitchen"])

        let second = [
            OutputFile(path: "index.html", text: "<h1>Home again</h1>\n"),
            OutputFile(path: "recipes/bread/index.html", text: "bread"),
        ]
        #expect(try folder.writer().write(second).fileCount == 2)
        #expect(try folder.tree("_site") == WriterFolder.expected(second))
        #expect(try folder.entries(".") == ["._site.larder-state", "_site", "kitchen"])
    }

    @Test func sameFilesGiveTheSameTreeWhateverTheirOrder() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        let files = (0..<200).map { OutputFile(path: "recipes/r\($0)/index.html", text: "recipe \($0)\n") }
        _ = try folder.writer(output: "a").write(files)
        _ = try folder.writer(output: "b").write(files.reversed())
        let a = try folder.tree("a")
        #expect(a.count == 1 + 200 + 201)
        #expect(a == (try folder.tree("b")))
        #expect(a == WriterFolder.expected(files))
    }

    @Test func emptyFilesListGivesASiteWithOnlyTheMarker() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        #expect(try folder.writer().write([]) == SiteWriteSummary(fileCount: 0, byteCount: 0))
        #expect(try folder.tree("_site") == WriterFolder.expected([]))
    }

    @Test func modesAreTheSameWhateverTheUmask() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        // As with umask 077, without changing this process's umask under
        // the other tests.
        var fileSystem = SiteFileSystem.live
        fileSystem.makeDirectory = { path throws(SiteWriteError) in
            try SiteFileSystem.live.makeDirectory(path)
            chmod(path, 0o700)
        }
        fileSystem.writeFile = { path, bytes throws(SiteWriteError) in
            defer { chmod(path, 0o600) }
            return try SiteFileSystem.live.writeFile(path, bytes)
        }
        let files = (0..<100).map { OutputFile(path: "lists/l\($0)/index.html", text: "list \($0)") }
        _ = try folder.writer(fileSystem: fileSystem).write(files)
        #expect(try folder.tree("_site") == WriterFolder.expected(files))
        var info = stat()
        #expect(lstat(folder.path("_site"), &info) == 0 && info.st_mode & 0o777 == 0o755)
    }

    @Test func aSymbolicLinkOutputKeepsTheLinkAndReplacesWhatItPointsTo() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path("www/site"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path("_site"), withDestinationPath: "www/site")
        let files = [OutputFile(path: "index.html", text: "hi")]
        _ = try folder.writer().write(files)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.path("_site")) == "www/site")
        #expect(try folder.tree("www/site") == WriterFolder.expected(files))
    }

    @Test func createsAMissingParentOfTheOutput() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        let files = [OutputFile(path: "index.html", text: "hi")]
        _ = try folder.writer(output: "build/web/site").write(files)
        #expect(try folder.tree("build/web/site") == WriterFolder.expected(files))
    }

    // MARK: Where the output may be

    @Test func refusesTheDataFolderAndWhatContainsIt() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        let data = folder.path("kitchen")
        let fix = "choose another -o, such as _site inside the data folder"
        #expect(throws: SiteWriteError(path: data, reason: "is the data folder, which building would replace; \(fix)")) {
            try folder.writer(output: "kitchen").validate()
        }
        #expect(throws: SiteWriteError(path: data + "/lists/..", reason: "is the data folder, which building would replace; \(fix)")) {
            try folder.writer(output: "kitchen/lists/..").validate()
        }
        #expect(throws: SiteWriteError(
            path: folder.root, reason: "contains the data folder \(data), which building would replace; \(fix)"
        )) {
            try folder.writer(output: ".").validate()
        }
        #expect(throws: SiteWriteError(
            path: folder.path("kitchen/recipes/site"),
            reason: "is inside the data folder's recipes/ folder, which holds your data; \(fix)"
        )) {
            try folder.writer(output: "kitchen/recipes/site").validate()
        }
        #expect(throws: SiteWriteError(path: "/", reason: "is the root folder; \(fix)")) {
            try SiteWriter(output: URL(fileURLWithPath: "/"), dataFolder: URL(fileURLWithPath: data)).validate()
        }
    }

    @Test func refusesTheDataFolderThroughASymbolicLink() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        try FileManager.default.createSymbolicLink(atPath: folder.path("link"), withDestinationPath: "kitchen")
        #expect(throws: SiteWriteError(
            path: folder.path("link"),
            reason: "is the data folder, which building would replace; choose another -o, such as _site inside the data folder"
        )) {
            try folder.writer(output: "link").validate()
        }
    }

    @Test func refusesAFolderLarderDidNotMake() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        _ = try folder.make("docs/notes.txt", "mine")
        let refusal = SiteWriteError(
            path: folder.path("docs"),
            reason: "is not empty and was not made by larder build (it has no .larder-site file); choose another -o or empty it"
        )
        #expect(throws: refusal) { try folder.writer(output: "docs").validate() }
        #expect(throws: refusal) { try folder.writer(output: "docs").write([OutputFile(path: "a", text: "a")]) }
        #expect(try folder.tree("docs") == ["notes.txt": .file("mine")])
        // A marker with other contents is not Larder's.
        _ = try folder.make("docs/.larder-site", "something else\n")
        #expect(throws: refusal) { try folder.writer(output: "docs").validate() }
    }

    @Test func refusesAFile() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        _ = try folder.make("site.html", "page")
        #expect(throws: SiteWriteError(
            path: folder.path("site.html"),
            reason: "is a file, not a folder; remove the file or choose another -o, such as _site inside the data folder"
        )) {
            try folder.writer(output: "site.html").validate()
        }
    }

    @Test func allowsAnEmptyFolderAMissingOneAndOneInsideTheData() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path("empty"), withIntermediateDirectories: true)
        let files = [OutputFile(path: "index.html", text: "hi")]
        for output in ["empty", "missing", "kitchen/_site", "kitchen/public/site"] {
            try folder.writer(output: output).validate()
            _ = try folder.writer(output: output).write(files)
            #expect(try folder.tree(output) == WriterFolder.expected(files))
        }
        // A second build may replace what the first made.
        try folder.writer(output: "empty").validate()
    }

    @Test func validateChangesNothing() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        try folder.writer(output: "deep/er/site").validate()
        #expect(try folder.entries(".") == ["kitchen"])
    }

    // MARK: Failures leave the previous site

    /// The first file written is the marker.
    @Test(arguments: [1, 2, 7, 151])
    func aFailedWriteLeavesThePreviousSiteAndNoTemporaryFolder(failingAt nth: Int) throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        let previous = (0..<50).map { OutputFile(path: "lists/l\($0)/index.html", text: "old \($0)") }
        _ = try folder.writer().write(previous)
        let before = try folder.tree("_site")

        let injected = SiteWriteError(path: "injected", reason: "disk full")
        let next = (0..<150).map { OutputFile(path: "recipes/r\($0)/index.html", text: "new \($0)") }
        let writer = folder.writer(fileSystem: .failing(writeNumber: nth, with: injected))
        #expect(throws: injected) { try writer.write(next) }
        #expect(try folder.tree("_site") == before)
        #expect(try folder.entries(".") == ["._site.larder-state", "_site", "kitchen"])
    }

    @Test func aFailedSwapPutsThePreviousSiteBack() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        _ = try folder.writer().write([OutputFile(path: "index.html", text: "old")])
        let before = try folder.tree("_site")
        let injected = SiteWriteError(path: "injected", reason: "rename failed")
        var fileSystem = SiteFileSystem.live
        // The second rename of the swap: the new site into place.
        fileSystem.rename = { source, destination throws(SiteWriteError) in
            if source.contains(".larder-tmp-") { throw injected }
            try SiteFileSystem.live.rename(source, destination)
        }
        #expect(throws: injected) {
            try folder.writer(fileSystem: fileSystem).write([OutputFile(path: "index.html", text: "new")])
        }
        #expect(try folder.tree("_site") == before)
        #expect(try folder.entries(".") == ["._site.larder-state", "_site", "kitchen"])
    }

    @Test func aMissingImageLeavesThePreviousSite() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        _ = try folder.writer().write([OutputFile(path: "index.html", text: "old")])
        let missing = folder.path("kitchen/images/gone.jpg")
        #expect(throws: SiteWriteError(
            path: missing,
            reason: "cannot read the image for images/gone.jpg: No such file or directory; check that it exists"
        )) {
            try folder.writer().write([OutputFile(path: "images/gone.jpg", copyingFrom: missing)])
        }
        #expect(try folder.tree("_site") == WriterFolder.expected([OutputFile(path: "index.html", text: "old")]))
    }

    /// The writer sniffs the bytes it copies: an image replaced by HTML
    /// after the check (or never checked) is not published.
    @Test func anImageThatIsNotAPictureIsNotCopied() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        _ = try folder.writer().write([OutputFile(path: "index.html", text: "old")])
        let page = try folder.make("kitchen/images/soup.png", "<script>alert(1)</script>")
        let gif = try folder.make("kitchen/images/named.png", "GIF89a")
        for (source, reason) in [
            (page, "is HTML, not an image, so it is not published; it changed since it was checked: build again"),
            (gif, "is in the GIF format, but its name says PNG, so it is not published; it changed since it was checked: build again"),
        ] {
            #expect(throws: SiteWriteError(path: source, reason: reason)) {
                try folder.writer().write([OutputFile(path: "images/soup.png", copyingFrom: source)])
            }
        }
        #expect(try folder.tree("_site") == WriterFolder.expected([OutputFile(path: "index.html", text: "old")]))
    }

    // MARK: Killed builds and concurrent builds

    @Test func leftoversOfKilledBuildsAreRemoved() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        _ = try folder.writer().write([OutputFile(path: "index.html", text: "old")])
        _ = try folder.make("._site.larder-tmp-4242/lists/half-written.html", "<p")
        _ = try folder.make("._site.larder-old-4343/index.html", "older")
        _ = try folder.make("._site.larder-tmp-mine/keep.txt", "not a pid: not ours")
        _ = try folder.make("._other.larder-tmp-4242/keep.txt", "another output's")
        _ = try folder.writer().write([OutputFile(path: "index.html", text: "new")])
        #expect(try folder.entries(".") == [
            "._other.larder-tmp-4242", "._site.larder-state", "._site.larder-tmp-mine", "_site", "kitchen",
        ])
    }

    @Test func aBuildKilledMidSwapHasItsPreviousSiteRestored() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        // Killed between the two renames: no output, the previous site aside.
        _ = try folder.writer(output: "._site.larder-old-4242").write([OutputFile(path: "index.html", text: "previous")])
        let before = try folder.tree("._site.larder-old-4242")
        let injected = SiteWriteError(path: "injected", reason: "disk full")
        #expect(throws: injected) {
            try folder.writer(fileSystem: .failing(writeNumber: 1, with: injected)).write([OutputFile(path: "index.html", text: "new")])
        }
        #expect(try folder.tree("_site") == before)
    }

    @Test func twoBuildsAtOnceGiveOneCompleteSite() async throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        let trees = ["a", "b"].map { name in
            (0..<300).map { OutputFile(path: "\(name)/p\($0 % 20)/\($0).html", text: "\(name) \($0)") }
        }
        for _ in 0..<3 {
            let writer = folder.writer()
            async let first = Task.detached { try writer.write(trees[0]) }.value
            async let second = Task.detached { try writer.write(trees[1]) }.value
            _ = try await (first, second)
            let result = try folder.tree("_site")
            #expect(result == WriterFolder.expected(trees[0]) || result == WriterFolder.expected(trees[1]))
            #expect(try folder.entries(".") == ["._site.larder-state", "_site", "kitchen"])
        }
    }

    @Test func aBuildWaitsForTheLockThenWrites() async throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        let fd = open(folder.path("._site.larder-lock"), O_RDWR | O_CREAT, 0o644)
        #expect(fd >= 0 && flock(fd, LOCK_EX) == 0)
        let writer = folder.writer(lockTimeout: .seconds(120))
        let build = Task.detached { try writer.write([OutputFile(path: "index.html", text: "hi")]) }
        try await Task.sleep(for: .milliseconds(300))
        #expect(try folder.entries(".") == ["._site.larder-lock", "kitchen"])
        close(fd)
        #expect(try await build.value.fileCount == 1)
        // The lock file goes with the build that held it last.
        #expect(try folder.entries(".") == ["._site.larder-state", "_site", "kitchen"])
    }

    @Test func aBuildWaitsForTheLockThenGivesUp() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        let lock = folder.path("._site.larder-lock")
        let fd = open(lock, O_RDWR | O_CREAT, 0o644)
        #expect(fd >= 0)
        defer { close(fd) }
        #expect(flock(fd, LOCK_EX) == 0)
        let writer = folder.writer(lockTimeout: .milliseconds(100))
        #expect(throws: SiteWriteError(
            path: lock,
            reason: "another larder build has been writing this output for over 0.1 seconds and still holds this lock; wait for it to finish, then build again"
        )) {
            try writer.write([OutputFile(path: "index.html", text: "hi")])
        }
        #expect(try folder.entries(".") == ["._site.larder-lock", "kitchen"])
    }

    // MARK: Bad files

    @Test(arguments: [
        ("", "it is empty"),
        ("/etc/passwd", "it is absolute"),
        ("../escape.html", "it has a '..' name"),
        ("lists/../../escape.html", "it has a '..' name"),
        ("./index.html", "it has a '.' name"),
        ("lists//a.html", "it has an empty name (a doubled or trailing '/')"),
        ("lists/", "it has an empty name (a doubled or trailing '/')"),
        ("lists\\a.html", "it contains a backslash"),
        ("a\u{0}b.html", "it contains a NUL byte"),
    ])
    func badPathsAreRefusedBeforeAnythingIsWritten(path: String, problem: String) throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        #expect(throws: SiteWriteError(
            path: path,
            reason: "cannot be written: \(problem); a page path must be relative, with names separated by '/'. This is a bug in Larder (or an id that slipped through): please report it"
        )) {
            try folder.writer().write([OutputFile(path: "index.html", text: "ok"), OutputFile(path: path, text: "bad")])
        }
        #expect(try folder.entries(".") == ["kitchen"])
    }

    @Test func clashingFilesAreRefused() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        let writer = folder.writer()
        #expect(throws: SiteWriteError(path: "a.html", reason: "is produced twice; give the two pages different ids")) {
            try writer.write([OutputFile(path: "a.html", text: "1"), OutputFile(path: "a.html", text: "2")])
        }
        #expect(throws: SiteWriteError(
            path: "lists/a", reason: "is produced as a file and is also a folder of other files; give them different ids"
        )) {
            try writer.write([OutputFile(path: "lists/a/index.html", text: "1"), OutputFile(path: "lists/a", text: "2")])
        }
        #expect(throws: SiteWriteError(path: ".larder-site", reason: "is the name of Larder's own marker file; rename the page or file")) {
            try writer.write([OutputFile(path: ".larder-site", text: "")])
        }
    }

    @Test func imagesFromOutsideTheDataFolderAreRefused() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        let secret = try folder.make("secret.txt", "password")
        try FileManager.default.createDirectory(atPath: folder.path("kitchen/images"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path("kitchen/images/cat.jpg"), withDestinationPath: secret)
        #expect(throws: SiteWriteError(
            path: folder.path("kitchen/images/cat.jpg"),
            reason: "is outside the data folder (it resolves to \(secret)), so it is not published; copy the image into the data folder"
        )) {
            try folder.writer().write([OutputFile(path: "images/cat.jpg", copyingFrom: folder.path("kitchen/images/cat.jpg"))])
        }
    }
}

/// A fresh folder holding `kitchen/`, the data folder, by its real path.
struct WriterFolder {
    let root: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("larder-writer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base.appendingPathComponent("kitchen"), withIntermediateDirectories: true)
        root = try OutputLocation.resolve(base.path)
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }

    func path(_ relative: String) -> String { relative == "." ? root : root + "/" + relative }

    func writer(
        output: String = "_site", fileSystem: SiteFileSystem = .live,
        lockTimeout: Duration = .seconds(30), inPlaceLimit: Int? = nil, stateDeltaMinimum: Int? = nil
    ) -> SiteWriter {
        SiteWriter(
            output: URL(fileURLWithPath: path(output)), dataFolder: URL(fileURLWithPath: path("kitchen")),
            fileSystem: fileSystem, lockTimeout: lockTimeout, inPlaceLimit: inPlaceLimit,
            stateDeltaMinimum: stateDeltaMinimum
        )
    }

    /// Makes a file and its folders; returns its path.
    @discardableResult
    func make(_ relative: String, _ text: String) throws -> String {
        let url = URL(fileURLWithPath: path(relative))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func entries(_ relative: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path(relative)).sorted()
    }

    enum Entry: Hashable {
        case folder(mode: mode_t)
        case file([UInt8], mode: mode_t)

        static func file(_ text: String) -> Entry { .file(Array(text.utf8), mode: 0o644) }
    }

    /// Everything under a folder (following a link at the top only), by
    /// relative path.
    func tree(_ relative: String) throws -> [String: Entry] {
        var result: [String: Entry] = [:]
        func walk(_ folder: String, _ prefix: String) throws {
            for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
                let full = folder + "/" + name
                var info = stat()
                #expect(lstat(full, &info) == 0)
                let mode = info.st_mode & 0o7777
                if (info.st_mode & S_IFMT) == S_IFDIR {
                    result[prefix + name] = .folder(mode: mode)
                    try walk(full, prefix + name + "/")
                } else {
                    result[prefix + name] = .file(Array(FileManager.default.contents(atPath: full)!), mode: mode)
                }
            }
        }
        try walk(path(relative), "")
        return result
    }

    /// The tree a write of `files` must give.
    static func expected(_ files: [OutputFile]) -> [String: Entry] {
        var result: [String: Entry] = [".larder-site": .file(OutputLocation.markerContents, mode: 0o644)]
        for file in files {
            let bytes = switch file.contents {
            case .bytes(let bytes): bytes
            case .copy(let source): Array(FileManager.default.contents(atPath: source)!)
            }
            result[file.path] = .file(bytes, mode: 0o644)
            var folder = Substring(file.path)
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                result[String(folder)] = .folder(mode: 0o755)
            }
        }
        return result
    }
}

/// Counts the writes; a class, as the seam's closures are `@Sendable`.
final class WriteCounter: Sendable {
    let count = Mutex(0)
}

extension SiteFileSystem {
    /// The real disk, except that the `n`th file written fails.
    static func failing(writeNumber n: Int, with error: SiteWriteError) -> SiteFileSystem {
        let counter = WriteCounter()
        var fileSystem = SiteFileSystem.live
        fileSystem.writeFile = { path, bytes throws(SiteWriteError) in
            let number = counter.count.withLock { count in
                count += 1
                return count
            }
            if number == n { throw error }
            return try SiteFileSystem.live.writeFile(path, bytes)
        }
        return fileSystem
    }
}
