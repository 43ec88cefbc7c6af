import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Puts a rendered site on disk: writes it whole into a new folder beside the
/// output, then swaps that in, so a failed or interrupted build leaves the
/// previous site as it was.
///
/// The output may be replaced only when it is missing, empty, or holds the
/// `.larder-site` marker that every build writes in the site root. It may not
/// be `/`, the home folder, the data folder, a folder containing it, or a
/// folder inside the data folder's `lists/`, `recipes/`, `images/` or
/// `templates/` (`kitchen/_site` is fine). Paths are compared as real paths;
/// when the output is a symbolic link, the folder it points to is replaced
/// and the link kept.
///
/// Beside the output (`_site`), in its parent folder, a build uses
/// `._site.larder-tmp-<pid>` (the new site while written),
/// `._site.larder-old-<pid>` (the previous site during the swap) and
/// `._site.larder-lock` (an exclusive `flock` held for the whole write; a
/// second build waits for it, up to two minutes, then fails). Folders of the
/// first two names left by a killed build are removed by the next one.
public struct SiteWriter: Sendable {
    public let output: URL
    public let dataFolder: URL
    let fileSystem: SiteFileSystem
    let lockTimeout: Duration
    /// Whether to write on all cores (see `forEach`).
    let parallel: Bool

    public init(output: URL, dataFolder: URL) {
        self.init(output: output, dataFolder: dataFolder, fileSystem: .live)
    }

    init(
        output: URL, dataFolder: URL, fileSystem: SiteFileSystem,
        lockTimeout: Duration = .seconds(120), parallel: Bool = true
    ) {
        self.output = output
        self.dataFolder = dataFolder
        self.fileSystem = fileSystem
        self.lockTimeout = lockTimeout
        self.parallel = parallel
    }

    /// Checks that the output may be replaced (see the type's rules), changing
    /// nothing, so a build can fail before it renders anything.
    public func validate() throws(SiteWriteError) {
        try OutputLocation(output: output, dataFolder: dataFolder).check()
    }

    /// Writes `files` as the complete new site and swaps it in for the output.
    /// On any failure before the swap the previous site is untouched and the
    /// new folder removed. Files are written in no particular order; what ends
    /// on disk depends only on `files`: modes are 0644 and 0755 whatever the
    /// umask, and the marker is the same in every build.
    public func write(_ files: [OutputFile]) throws(SiteWriteError) -> SiteWriteSummary {
        let location = try OutputLocation(output: output, dataFolder: dataFolder)
        try location.check()
        let plan = try SitePlan(files, dataFolder: location.dataFolder)
        do {
            try FileManager.default.createDirectory(atPath: location.parent, withIntermediateDirectories: true)
        } catch {
            throw SiteWriteError(
                path: location.parent,
                reason: "cannot make the folder for the output: \(error.localizedDescription); make it yourself or choose another -o"
            )
        }
        let lock = SiteLock(path: location.lock, timeout: lockTimeout)
        return try lock.withLock { () throws(SiteWriteError) -> SiteWriteSummary in
            try cleanLeftovers(of: location)
            // Again, now that no other build can change the output.
            try location.check()
            let temporary = location.temporary(pid: getpid())
            try fileSystem.makeDirectory(temporary)
            let summary: SiteWriteSummary
            do throws(SiteWriteError) {
                summary = try fill(temporary, with: plan)
            } catch {
                try? fileSystem.removeTree(temporary)
                throw error
            }
            try swap(temporary, into: location)
            return summary
        }
    }

    /// Removes what killed builds left beside the output. One killed between
    /// the two renames of its swap left no output at all: its previous site
    /// goes back in place first.
    private func cleanLeftovers(of location: OutputLocation) throws(SiteWriteError) {
        var (temporary, previous) = location.leftovers()
        var info = stat()
        if lstat(location.path, &info) != 0, errno == ENOENT, let last = previous.popLast() {
            try fileSystem.rename(last, location.path)
        }
        for folder in temporary + previous {
            try fileSystem.removeTree(folder)
        }
    }

    /// Writes the folders, the marker and the files into `root`.
    private func fill(_ root: String, with plan: SitePlan) throws(SiteWriteError) -> SiteWriteSummary {
        // The umask may take bits away (077 would make a private site); then
        // every entry gets its mode set, which costs a call per file.
        var info = stat()
        let fixModes = lstat(root, &info) != 0 || info.st_mode & 0o777 != 0o755
        if fixModes { try fileSystem.setMode(root, 0o755) }
        // Level by level, so that every folder's parent exists when it is made.
        let levels = Dictionary(grouping: plan.directories) { $0.utf8.count { $0 == UInt8(ascii: "/") } }
        for depth in levels.keys.sorted() {
            try forEach(levels[depth]!) { folder throws(SiteWriteError) in
                try fileSystem.makeDirectory(root + "/" + folder)
                if fixModes { try fileSystem.setMode(root + "/" + folder, 0o755) }
            }
        }
        let marker = OutputFile(path: OutputLocation.markerName, bytes: OutputLocation.markerContents)
        let bytes = Atomic<Int>(0)
        try forEach([marker] + plan.files) { file throws(SiteWriteError) in
            let destination = root + "/" + file.path
            let written = switch file.contents {
            case .bytes(let contents): try fileSystem.writeFile(destination, contents)
            case .copy(let source): try fileSystem.copyFile(source, destination)
            }
            if fixModes { try fileSystem.setMode(destination, 0o644) }
            bytes.add(written, ordering: .relaxed)
        }
        return SiteWriteSummary(
            fileCount: plan.files.count,
            directoryCount: plan.directories.count,
            byteCount: bytes.load(ordering: .relaxed) - OutputLocation.markerContents.count
        )
    }

    /// Moves the output aside, the new site in, and removes the old one. If
    /// the second rename fails, the old site goes back.
    private func swap(_ temporary: String, into location: OutputLocation) throws(SiteWriteError) {
        var info = stat()
        guard lstat(location.path, &info) == 0 else {
            do throws(SiteWriteError) {
                try fileSystem.rename(temporary, location.path)
            } catch {
                try? fileSystem.removeTree(temporary)
                throw error
            }
            return
        }
        let previous = location.previous(pid: getpid())
        do throws(SiteWriteError) {
            try fileSystem.rename(location.path, previous)
        } catch {
            try? fileSystem.removeTree(temporary)
            throw error
        }
        do throws(SiteWriteError) {
            try fileSystem.rename(temporary, location.path)
        } catch {
            try? fileSystem.rename(previous, location.path)
            try? fileSystem.removeTree(temporary)
            throw error
        }
        // Removed only now that the new site is in: deleting many files
        // before creating many is what makes slow disks slower.
        do throws(SiteWriteError) {
            try fileSystem.removeTree(previous)
        } catch {
            throw SiteWriteError(
                path: previous,
                reason: "the new site is in place, but this copy of the previous one was not removed: \(error.reason)"
            )
        }
    }

    /// Runs `body` on every item, on all cores when `parallel` and there are
    /// enough items to share out. After a failure no further item starts, and
    /// the failure of the earliest item (in `items` order) that failed is
    /// thrown.
    private func forEach<Item: Sendable>(
        _ items: [Item], _ body: @Sendable (Item) throws(SiteWriteError) -> Void
    ) throws(SiteWriteError) {
        let chunk = 64
        guard parallel, items.count > chunk else {
            for item in items { try body(item) }
            return
        }
        let failure = Mutex<(index: Int, error: SiteWriteError)?>(nil)
        let failed = Atomic<Bool>(false)
        DispatchQueue.concurrentPerform(iterations: (items.count + chunk - 1) / chunk) { part in
            for index in part * chunk..<min(items.count, (part + 1) * chunk) {
                if failed.load(ordering: .relaxed) { return }
                do throws(SiteWriteError) {
                    try body(items[index])
                } catch {
                    failure.withLock { first in
                        if first == nil || index < first!.index { first = (index, error) }
                    }
                    failed.store(true, ordering: .relaxed)
                    return
                }
            }
        }
        if let (_, error) = failure.withLock({ $0 }) { throw error }
    }
}
