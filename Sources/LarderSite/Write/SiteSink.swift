import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Takes the files of a site as render workers produce them, from any number
/// of threads at once, and puts each on disk at once in the new site's
/// folder, so that the site is never held whole in memory. Folders are made
/// as files need them. A file whose bytes are those of the same path in the
/// previous site is hard-linked from there instead of written: same inode,
/// untouched on disk.
///
/// Made by `SiteWriter.write(record:stream:)`; after the first failure every
/// `add` throws that failure.
public final class SiteSink: Sendable {
    private let root: String
    private let dataFolder: String
    private let fileSystem: SiteFileSystem
    private let fixModes: Bool
    private let previous: Previous?
    private let state = Mutex(State())
    /// The previous build's page jobs (`JobRecords`), only with a previous
    /// site whose state read back whole; and this build's, once recorded.
    let previousJobs: JobRecords?
    private let jobs = Mutex<JobRecords?>(nil)

    /// The previous site, with its state file, when there is one to link from.
    struct Previous: Sendable {
        let root: String
        let files: [String: SiteState.Entry]
        let finished: Timestamp
    }

    private struct State: Sendable {
        var paths = SitePaths()
        var entries: [String: SiteState.Entry] = [:]
        /// Copied images: absolute source path and stamp before copying.
        var images: [String: Stamp] = [:]
        var byteCount = 0
        var reusedCount = 0
        var failure: SiteWriteError?
    }

    init(
        root: String, dataFolder: String, fileSystem: SiteFileSystem, fixModes: Bool, previous: Previous?,
        previousJobs: JobRecords? = nil
    ) {
        self.root = root
        self.dataFolder = dataFolder
        self.fileSystem = fileSystem
        self.fixModes = fixModes
        self.previous = previous
        self.previousJobs = previous == nil ? nil : previousJobs
    }

    /// Writes (or links) one file of the site. Throws for a path that is not
    /// safe, produced twice, clashing with a folder or differing from another
    /// only in case, an image from outside the data folder, or a failed write.
    public func add(_ file: OutputFile) throws(SiteWriteError) {
        do throws(SiteWriteError) {
            try state.withLock { state throws(SiteWriteError) in
                if let failure = state.failure { throw failure }
            }
            try SitePaths.check(file, dataFolder: dataFolder)
            let entry: SiteState.Entry
            var sourceStamp: Stamp?
            switch file.contents {
            case .bytes(let bytes):
                entry = SiteState.Entry(size: Int64(bytes.count), hash: ContentHash(bytes))
            case .copy(let source):
                // An image by its path and stamp: reading it to hash it would
                // cost what copying it does.
                let stamp = Stamp(path: source)
                var builder = ContentHash.Builder()
                builder.add(source)
                stamp.add(to: &builder)
                entry = SiteState.Entry(size: (stamp.target ?? stamp.own)?.size ?? -1, hash: builder.hash)
                sourceStamp = stamp
            }
            try addPath(file.path)
            let destination = root + "/" + file.path
            let reused = reuse(file.path, entry, at: destination)
            var written = Int(entry.size)
            if !reused {
                switch file.contents {
                case .bytes(let bytes): written = try fileSystem.writeFile(destination, bytes)
                case .copy(let source): written = try fileSystem.copyFile(source, destination)
                }
                if fixModes { try fileSystem.setMode(destination, 0o644) }
            }
            state.withLock { state in
                state.entries[file.path] = entry
                if case .copy(let source) = file.contents { state.images[source] = sourceStamp }
                state.byteCount += written
                if reused { state.reusedCount += 1 }
            }
        } catch {
            state.withLock { state in
                if state.failure == nil { state.failure = error }
            }
            throw error
        }
    }

    /// Links the previous site's file at `path` into `destination` when it
    /// holds the same bytes and was not changed since that build: same size,
    /// mode 0644, a change time before the build finished (a file edited by
    /// hand in the site, or touched by a build that failed, has a later one).
    /// False when it cannot, for any reason: then the file is written.
    private func reuse(_ path: String, _ entry: SiteState.Entry, at destination: String) -> Bool {
        guard let previous, let old = previous.files[path], old == entry else { return false }
        // EXDEV, EPERM (a file system without hard links), EMLINK: write.
        return isIntact(path, entry, in: previous) && fileSystem.link(previous.root + "/" + path, destination)
    }

    /// Whether the previous site's file at `path` is still what that build
    /// wrote: a regular file of mode 0644 and the recorded size, with a
    /// change time before the build finished.
    private func isIntact(_ path: String, _ entry: SiteState.Entry, in previous: Previous) -> Bool {
        var info = stat()
        guard lstat(previous.root + "/" + path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
              info.st_mode & 0o7777 == 0o644, Int64(info.st_size) == entry.size
        else { return false }
        #if canImport(Darwin)
        let changed = Timestamp(info.st_ctimespec)
        #else
        let changed = Timestamp(info.st_ctim)
        #endif
        return !(previous.finished < changed)
    }

    /// Takes `path` in (see `SitePaths.add`) and makes the folders it needs.
    /// Folders are made in the lock, so that no file goes into one before it
    /// exists; the files themselves are written outside it.
    private func addPath(_ path: String) throws(SiteWriteError) {
        try state.withLock { state throws(SiteWriteError) in
            for folder in try state.paths.add(path) {
                try fileSystem.makeDirectory(root + "/" + folder)
                if fixModes { try fileSystem.setMode(root + "/" + folder, 0o755) }
            }
        }
    }

    /// Carries the previous site's file at `path` over as it is, without its
    /// bytes: for a page whose inputs did not change since the build that
    /// wrote it (`JobRecords`). Hard-linked, with its recorded size and hash,
    /// as `add` does for a file that came out the same. False, with nothing
    /// done, when that cannot be vouched for (no such file in the previous
    /// state, or changed on disk since): then the caller renders the file and
    /// `add`s it.
    public func keep(_ path: String) throws(SiteWriteError) -> Bool {
        try checkFailure()
        guard let previous, let entry = previous.files[path], isIntact(path, entry, in: previous) else { return false }
        do throws(SiteWriteError) {
            try addPath(path)
            let source = previous.root + "/" + path, destination = root + "/" + path
            if !fileSystem.link(source, destination) {
                // No hard links here: the same bytes, copied.
                _ = try fileSystem.copyFile(source, destination)
                if fixModes { try fileSystem.setMode(destination, 0o644) }
            }
        } catch {
            state.withLock { state in
                if state.failure == nil { state.failure = error }
            }
            throw error
        }
        state.withLock { state in
            state.entries[path] = entry
            state.byteCount += Int(entry.size)
            state.reusedCount += 1
        }
        return true
    }

    /// This build's page jobs, for the next build (saved beside the state).
    public func record(jobs: JobRecords) {
        self.jobs.withLock { $0 = jobs }
    }

    var recordedJobs: JobRecords? { jobs.withLock { $0 } }

    /// Throws the first failure of any `add`, even one a producer caught.
    public func checkFailure() throws(SiteWriteError) {
        try state.withLock { state throws(SiteWriteError) in
            if let failure = state.failure { throw failure }
        }
    }

    /// What was put on disk, for the summary and the next build's state.
    func result() -> (summary: SiteWriteSummary, entries: [String: SiteState.Entry], images: [String: Stamp]) {
        state.withLock { state in
            (
                SiteWriteSummary(
                    fileCount: state.entries.count, directoryCount: state.paths.directoryCount,
                    byteCount: state.byteCount, reusedCount: state.reusedCount
                ),
                state.entries, state.images
            )
        }
    }
}
