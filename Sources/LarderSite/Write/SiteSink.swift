import Foundation
import Larder
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Takes the files of a site as render workers produce them, from any number
/// of threads at once, and puts each on disk at once, so that the site is
/// never held whole in memory. Folders are made as files need them.
///
/// It works in one of two ways, chosen by `SiteWriter`:
/// - **a new tree**: every file goes into a new folder that will replace the
///   output whole. A file whose bytes are those of the same path in the
///   previous site is hard-linked from there instead of written: same inode,
///   untouched on disk.
/// - **staging** (the previous site is intact): only files that differ from
///   the previous site's are written, into a staging folder laid out like
///   the site, to be renamed into the output when the build has succeeded
///   (`SiteCommit`); unchanged files are only recorded. When more files
///   change than `stagingLimit`, the sink turns the staging folder into a
///   new tree (linking what it had only recorded) and goes on as above.
///
/// Made by `SiteWriter.write(record:stream:)`; after the first failure every
/// `add` throws that failure.
public final class SiteSink: Sendable {
    private let root: String
    private let dataFolder: String
    private let fileSystem: SiteFileSystem
    private let fixModes: Bool
    private let previous: Previous?
    /// The previous site's folder, open, so that checking its files does not
    /// walk the path above it for each (-1 when it cannot be opened: then by
    /// paths).
    private let previousFolder: Int32
    /// The previous site's files found changed by the check made ahead
    /// (`Previous.checkedAhead`), once waited for: nil when there was none,
    /// or it checked another folder than `previousFolder`.
    private let damagedAhead: @Sendable () -> Set<String>?
    private let stagingLimit: Int
    private let measures: Bool
    private let state: Mutex<State>
    /// The previous build's page jobs (`JobRecords`), only with a previous
    /// site whose state read back whole; and this build's, once recorded.
    private let previousJobsSource: PreviousJobs?
    /// The previous build's jobs whole (decoded now, the first time).
    var previousJobs: JobRecords? { previousJobsSource?.records }
    /// One of the previous build's jobs, without decoding them all.
    func previousJob(_ key: String) -> JobRecords.Record? { previousJobsSource?.record(key) }
    /// Whether the previous build left job records.
    var hasPreviousJobs: Bool { !(previousJobsSource?.isEmpty ?? true) }
    private let jobs = Mutex<[String: JobRecords.Record?]?>(nil)

    /// The previous site, with its state file, when there is one to link from.
    struct Previous: Sendable {
        let root: String
        let files: [String: SiteState.Entry]
        let finished: Timestamp
        /// Its files checked on another thread while the build loaded the
        /// data (`SiteWriter.readStateAhead`): waited for when a file is
        /// first vouched for, and used only if it checked this very folder.
        var checkedAhead: (@Sendable () -> FilesCheck?)? = nil
    }

    /// Which of the previous site's files are no longer what its build
    /// wrote (`isIntact`), found by checking each in the output folder with
    /// the device and inode `folder`.
    struct FilesCheck: Sendable {
        var folder: [UInt64]
        var damaged: Set<String>

        /// Each file of the state in `mapped` checked in the folder at
        /// `root`, read from the mapping (no table of them made): the
        /// read-ahead checks them while it decodes the table. Nil when the
        /// folder cannot be opened.
        static func of(_ mapped: SiteState.Mapped, root: String) -> FilesCheck? {
            let descriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            guard let folder = SiteSink.identity(of: descriptor) else { return nil }
            let finished = mapped.state.finished, changes = mapped.state.sinceBase.files
            // The delta's files are checked by their own entries; a base
            // entry of a path the delta changed is not (found by a hash of
            // its bytes, then compared).
            var byHash: [UInt64: [String]] = [:]
            for path in changes.keys { byHash[Self.hash(path.utf8), default: []].append(path) }
            let changed = byHash
            let count = mapped.baseFileCount
            let runs = Array(stride(from: 0, to: count, by: 4096))
            let found = runs.concurrentMap { first -> [String] in
                var damaged: [String] = []
                // A path copied onto the stack with its terminating zero.
                withUnsafeTemporaryAllocation(of: CChar.self, capacity: 4096) { buffer in
                    mapped.forEachBaseFile(first..<min(first + 4096, count)) { path, entry in
                        if !changed.isEmpty, let paths = changed[Self.hash(path)],
                           paths.contains(where: { $0.utf8.elementsEqual(path) }) {
                            return
                        }
                        guard path.count < buffer.count else {
                            damaged.append(String(decoding: path, as: UTF8.self))
                            return
                        }
                        UnsafeMutableRawBufferPointer(buffer).copyMemory(from: path)
                        buffer[path.count] = 0
                        if !SiteSink.isIntact(buffer.baseAddress!, entry, in: descriptor, finished: finished) {
                            damaged.append(String(decoding: path, as: UTF8.self))
                        }
                    }
                }
                return damaged
            }
            var damaged = Set(found.joined())
            for (path, entry) in changes {
                if let entry, !SiteSink.isIntact(path, entry, in: descriptor, finished: finished) { damaged.insert(path) }
            }
            return FilesCheck(folder: folder, damaged: damaged)
        }

        /// FNV-1a of some bytes: a path's, to find it among a delta's.
        private static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
            return hash
        }
    }

    enum Mode: Sendable {
        case tree
        case staging
    }

    private struct State: Sendable {
        var mode: Mode
        var paths = SitePaths()
        var entries: [String: SiteState.Entry] = [:]
        /// Copied images: absolute source path and stamp before copying.
        var images: [String: Stamp] = [:]
        var byteCount = 0
        var reusedCount = 0
        /// Staging: the files written, the folders made for them, and the
        /// files the previous site holds as they are.
        var staged = Set<String>()
        var stagedDirectories = Set<String>()
        var unchanged: [String] = []
        /// Staging: the previous site's files carried over as they are
        /// (`take`), by path only, while `keptApart`: the previous state's
        /// table stands for their entries and folders. They are taken into
        /// `paths`, `entries` and `unchanged` (`settleKept`) only when a
        /// path the previous site did not have is added, or the staging
        /// folder becomes a new tree; a rebuild that makes the same files
        /// again never pays for 23,000 of them (10,000 recipes).
        var kept = KeptPaths()
        /// Staging, while `keptApart`: the files added at paths the
        /// previous site had, checked against the kept ones together once
        /// the pages are made (`checkAddedOverKept`), not one by one.
        var addedOverKept: [String] = []
        var keptApart = true
        var failure: SiteWriteError?
        /// CPU time summed over all threads: the writer's own share of a
        /// build, when measured.
        var busy = Duration.zero
    }

    /// What the sink did with one file, decided under the lock.
    private enum Action {
        case write
        case link
        case none
    }

    init(
        root: String, dataFolder: String, fileSystem: SiteFileSystem, fixModes: Bool, previous: Previous?,
        staging: Bool = false, stagingLimit: Int = .max, measures: Bool = false, previousJobs: PreviousJobs? = nil
    ) {
        self.measures = measures
        self.root = root
        self.dataFolder = dataFolder
        self.fileSystem = fileSystem
        self.fixModes = fixModes
        self.previous = previous
        let previousFolder = previous.map { open($0.root, O_RDONLY | O_DIRECTORY | O_CLOEXEC) } ?? -1
        self.previousFolder = previousFolder
        if let checkedAhead = previous?.checkedAhead, let folder = Self.identity(of: previousFolder) {
            let damaged = Mutex<Set<String>??>(nil)
            damagedAhead = {
                damaged.withLock { known in
                    if known == nil {
                        let check = checkedAhead()
                        known = check?.folder == folder ? check?.damaged : .some(nil)
                    }
                    return known!
                }
            }
        } else {
            damagedAhead = { nil }
        }
        previousJobsSource = previous == nil ? nil : previousJobs
        self.stagingLimit = stagingLimit
        var state = State(mode: staging && previous != nil ? .staging : .tree)
        // A rebuild takes in about as many files as the previous site had:
        // staging, nearly all kept.
        if let previous {
            if state.mode != .staging {
                state.entries.reserveCapacity(previous.files.count)
                state.paths.reserveCapacity(previous.files.count)
            }
        }
        self.state = Mutex(state)
    }

    deinit {
        if previousFolder >= 0 { close(previousFolder) }
    }

    /// Writes (or links) one file of the site. Throws for a path that is not
    /// safe, produced twice, clashing with a folder or differing from another
    /// only in case, an image from outside the data folder, or a failed write.
    public func add(_ file: OutputFile) throws(SiteWriteError) {
        let start = measures ? Self.threadTime() : .zero
        do throws(SiteWriteError) {
            try checkFailure()
            let realSource = try SitePaths.check(file, dataFolder: dataFolder)
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
            let same = isUnchanged(file.path, entry)
            let destination = root + "/" + file.path
            var action = try place(file.path, unchanged: same)
            if action == .link, !fileSystem.link(previous!.root + "/" + file.path, destination) {
                // EXDEV, EPERM (a file system without hard links), EMLINK.
                action = .write
            }
            var written = Int(entry.size)
            if action == .write {
                switch file.contents {
                case .bytes(let bytes): written = try fileSystem.writeFile(destination, bytes)
                case .copy(let source): written = try fileSystem.copyImage(realSource ?? source, destination)
                }
                if fixModes { try fileSystem.setMode(destination, 0o644) }
            }
            let elapsed = measures ? Self.threadTime() - start : .zero
            state.withLock { state in
                state.entries[file.path] = entry
                if case .copy(let source) = file.contents { state.images[source] = sourceStamp }
                state.byteCount += written
                if action != .write { state.reusedCount += 1 }
                state.busy += elapsed
            }
        } catch {
            fail(error)
            throw error
        }
    }

    /// Carries over the previous build's file at `path` as it is, without its
    /// bytes: for a producer that knows the file would come out the same.
    /// Staging, it only records it; in a new tree, it links it (or copies it
    /// when linking is not possible). Not for images copied from the data
    /// folder: `add` them, so that their sources' stamps are recorded for the
    /// next build's check that nothing changed. False, with nothing done,
    /// when that cannot be vouched for (no such file in the previous state,
    /// or changed on disk since): then the caller renders the file and
    /// `add`s it.
    public func keep(_ path: String) throws(SiteWriteError) -> Bool {
        try keep(groups: [[path]])[0]
    }

    /// Carries over each group of files (a page job's) whole, or not at all:
    /// true for a group whose every file could be vouched for, as `keep(_:)`
    /// says; nothing of a group is taken when one of its files cannot.
    func keep(groups: [[String]]) throws(SiteWriteError) -> [Bool] {
        try take(groups, vouched: vouch(groups))
    }

    /// The size of each group's files in the previous build, nil for a
    /// group one of whose files cannot be vouched for (not in the previous
    /// state, or changed on disk since). Takes no lock and changes nothing:
    /// a producer calls it on all cores (one `fstatat` a file), then
    /// `take`s them all at once. A size, not the entries: an array for
    /// each of 55,000 jobs at 50,000 recipes was made here and freed in
    /// `take`.
    func vouch(_ groups: [[String]]) -> [Int64?] {
        guard let previous else { return groups.map { _ in nil } }
        let damaged = damagedAhead()
        // A path of the previous site was checked when it was written.
        return groups.map { paths -> Int64? in
            var size: Int64 = 0
            for path in paths {
                guard let entry = previous.files[path], isIntact(path, entry, in: previous, damaged: damaged) else { return nil }
                size += entry.size
            }
            return size
        }
    }

    /// Takes in the groups `vouch` vouched for (`sizes`: what it found),
    /// under the lock once (taken once for thousands of files, by one
    /// thread: two taking it in turns spent as much again spinning for
    /// it); in a new tree, then links them on all cores. True for each
    /// group taken.
    ///
    /// `distinct`: the groups are the previous build's page jobs' files,
    /// whose paths differ (that build checked it): they are not checked
    /// again, path by path, against each other.
    func take(_ groups: [[String]], vouched sizes: [Int64?], distinct: Bool = false) throws(SiteWriteError) -> [Bool] {
        let start = measures ? Self.threadTime() : .zero
        do throws(SiteWriteError) {
            try checkFailure()
            guard let previous else { return groups.map { _ in false } }
            var toLink: [String] = []
            try state.withLock { state throws(SiteWriteError) in
                for (index, size) in sizes.enumerated() {
                    guard let size else { continue }
                    state.byteCount += Int(size)
                    state.reusedCount += groups[index].count
                    if state.mode == .staging, state.keptApart {
                        // Files of the previous site, whose paths were
                        // checked when it was made: only not twice. (A
                        // rebuild carries over before it renders: no
                        // entries yet, and no path hashed for them.)
                        let noneAdded = state.entries.isEmpty
                        if distinct, noneAdded {
                            state.kept.append(distinct: groups[index])
                            continue
                        }
                        for path in groups[index] {
                            guard noneAdded || state.entries[path] == nil, state.kept.insert(path) else {
                                throw SitePaths.producedTwice(path)
                            }
                        }
                        continue
                    }
                    for path in groups[index] {
                        let folders = try state.paths.add(path)
                        switch state.mode {
                        case .tree:
                            for folder in folders { try makeDirectory(folder) }
                            toLink.append(path)
                        case .staging:
                            state.unchanged.append(path)
                        }
                        // Vouched for: the previous state has it.
                        state.entries[path] = previous.files[path]
                    }
                }
            }
            let copied = toLink.chunked(512).concurrentMap { paths in
                Swift.Result { () throws(SiteWriteError) -> Int in
                    var copied = 0
                    for path in paths where try !carryOver(path, from: previous) { copied += 1 }
                    return copied
                }
            }
            var copiedCount = 0
            for outcome in copied { copiedCount += try outcome.get() }
            let elapsed = measures ? Self.threadTime() - start : .zero
            state.withLock { state in
                state.reusedCount -= copiedCount
                state.busy += elapsed
            }
            return sizes.map { $0 != nil }
        } catch {
            fail(error)
            throw error
        }
    }

    /// For a rebuild of a few pages (`SiteBuilder.renderEdits`): carries
    /// over every file of the previous site but those at `except` (what the
    /// pages to render make), as they are, and records `images` (the copied
    /// images' sources, stamped by the caller, who found them as the
    /// previous build did) as if they had been added. Called before any
    /// file is added. False, with nothing taken, when one of the files
    /// cannot be vouched for (changed on disk since the previous build, or
    /// gone): then the caller rebuilds the usual way.
    func keepRest(except: Set<String>, images: [String: Stamp]) throws(SiteWriteError) -> Bool {
        guard let previous else { return false }
        var groups: [[String]], sizes: [Int64?]
        if let damaged = damagedAhead() {
            // Checked ahead (the usual case): one pass over the table, no
            // file looked up again. A damaged file among those rendered
            // again is written anyway.
            guard damaged.isSubset(of: except) else { return false }
            var paths: [String] = [], size: Int64 = 0
            paths.reserveCapacity(previous.files.count)
            for (path, entry) in previous.files where !except.contains(path) {
                paths.append(path)
                size += entry.size
            }
            (groups, sizes) = ([paths], [size])
        } else {
            // Runs of the previous site's files, each vouched for on all
            // cores: one file is enough to give up.
            groups = previous.files.keys.filter { !except.contains($0) }.chunked(4096)
            sizes = groups.concurrentMap { self.vouch([$0])[0] }
            guard !sizes.contains(where: { $0 == nil }) else { return false }
        }
        guard try take(groups, vouched: sizes, distinct: true).allSatisfy({ $0 }) else { return false }
        state.withLock { $0.images.merge(images) { _, stamped in stamped } }
        return true
    }

    /// The content hash of a file added so far, or else, when the caller
    /// knows it was carried over (`kept`: it is not looked up among the
    /// kept files, see `KeptPaths`), the previous site's (for `sw.js`,
    /// which names the version of the files it caches).
    func contentHash(of path: String, kept: Bool) -> ContentHash? {
        state.withLock { state in
            if let added = state.entries[path] { return added.hash }
            return kept ? previous?.files[path]?.hash : nil
        }
    }

    /// Throws for a file added at the path of a file carried over (which
    /// would be produced twice): checked once the pages are made, for the
    /// files added while the kept ones were held apart.
    func checkAddedOverKept() throws(SiteWriteError) {
        try state.withLock { state throws(SiteWriteError) in
            defer { state.addedOverKept = [] }
            guard state.keptApart, let path = state.kept.firstHeld(of: state.addedOverKept) else { return }
            let error = SitePaths.producedTwice(path)
            if state.failure == nil { state.failure = error }
            throw error
        }
    }

    /// Takes `path` into the site's paths and makes the folders it needs in
    /// the sink's folder; says whether to write the file, link it from the
    /// previous site, or (staging, unchanged) do nothing. Folders are made in
    /// the lock, so that no file goes into one before it exists; the files
    /// themselves are written outside it.
    private func place(_ path: String, unchanged: Bool) throws(SiteWriteError) -> Action {
        try state.withLock { state throws(SiteWriteError) -> Action in
            if state.mode == .staging, state.keptApart {
                if previous?.files[path] == nil {
                    // A path the previous site did not have (so not a kept
                    // one) may clash with a kept file's folder or name:
                    // those are checked with it.
                    try settleKept(&state)
                } else if !state.kept.isEmpty {
                    // Kept too? Checked with the others at the end.
                    state.addedOverKept.append(path)
                }
            }
            let folders = try state.paths.add(path)
            switch state.mode {
            case .tree:
                for folder in folders { try makeDirectory(folder) }
                return unchanged ? .link : .write
            case .staging:
                if unchanged {
                    state.unchanged.append(path)
                    return .none
                }
                state.staged.insert(path)
                if state.staged.count > stagingLimit {
                    try switchToTree(&state)
                } else {
                    try makeStagedDirectories(for: path, &state)
                }
                return .write
            }
        }
    }

    private func makeDirectory(_ folder: String) throws(SiteWriteError) {
        try fileSystem.makeDirectory(root + "/" + folder)
        if fixModes { try fileSystem.setMode(root + "/" + folder, 0o755) }
    }

    /// The folders of `path` not yet in the staging folder, parents first.
    private func makeStagedDirectories(for path: String, _ state: inout State) throws(SiteWriteError) {
        var missing: [String] = []
        var folder = Substring(path)
        while let slash = folder.lastIndex(of: "/") {
            folder = folder[..<slash]
            let name = String(folder)
            if state.stagedDirectories.contains(name) { break }
            missing.append(name)
        }
        for name in missing.reversed() {
            try makeDirectory(name)
            state.stagedDirectories.insert(name)
        }
    }

    /// Makes the staging folder a whole new tree: the folders it lacks, and
    /// the unchanged files linked from the previous site.
    private func switchToTree(_ state: inout State) throws(SiteWriteError) {
        guard state.mode == .staging, let previous else { return }
        try settleKept(&state)
        state.mode = .tree
        for folder in state.paths.directories.sorted() where !state.stagedDirectories.contains(folder) {
            try makeDirectory(folder)
        }
        for path in state.unchanged {
            // Copied: counted as written after all.
            if try !carryOver(path, from: previous) { state.reusedCount -= 1 }
        }
        state.unchanged = []
        state.stagedDirectories = []
    }

    /// Takes the kept files held apart into the site's paths and entries,
    /// as unchanged files; from then on `take` takes each at once.
    private func settleKept(_ state: inout State) throws(SiteWriteError) {
        guard state.keptApart else { return }
        state.keptApart = false
        // From here on the site's paths check every file: those added
        // over a kept one clash with it below.
        state.addedOverKept = []
        guard let previous, !state.kept.isEmpty else { return }
        // Sorted: the same paths check in the same order on every run.
        for path in state.kept.all.sorted() {
            _ = try state.paths.add(path)
            state.entries[path] = previous.files[path]
            state.unchanged.append(path)
        }
        state.kept = KeptPaths()
    }

    /// Links the previous site's file into the sink's folder, or copies it
    /// when it cannot be linked; true when linked.
    private func carryOver(_ path: String, from previous: Previous) throws(SiteWriteError) -> Bool {
        let source = previous.root + "/" + path, destination = root + "/" + path
        if fileSystem.link(source, destination) { return true }
        _ = try fileSystem.copyFile(source, destination)
        if fixModes { try fileSystem.setMode(destination, 0o644) }
        return false
    }

    /// Whether the previous site's file at `path` holds the same bytes and
    /// was not changed since that build: same size, mode 0644, a change time
    /// before the build finished (a file edited by hand in the site, or
    /// touched by a build that failed, has a later one).
    private func isUnchanged(_ path: String, _ entry: SiteState.Entry) -> Bool {
        guard let previous, let old = previous.files[path], old == entry else { return false }
        return isIntact(path, entry, in: previous, damaged: damagedAhead())
    }

    /// Whether the previous site's file at `path` is still what that build
    /// wrote, by the check made ahead (`damaged`) when there is one.
    private func isIntact(
        _ path: String, _ entry: SiteState.Entry, in previous: Previous, damaged: Set<String>?
    ) -> Bool {
        if let damaged { return damaged.isEmpty || !damaged.contains(path) }
        if previousFolder < 0 {
            return Self.isIntact(previous.root + "/" + path, entry, in: AT_FDCWD, finished: previous.finished)
        }
        return Self.isIntact(path, entry, in: previousFolder, finished: previous.finished)
    }

    /// Whether the file at `path` (in the folder open as `folder`) is still
    /// what the build that finished at `finished` wrote: a regular file of
    /// mode 0644 and the recorded size, with a change time before then.
    static func isIntact(_ path: String, _ entry: SiteState.Entry, in folder: Int32, finished: Timestamp) -> Bool {
        // Through `withCString`: the path passed as a String was copied
        // into a new array for each call (114,000 at 50,000 recipes).
        path.withCString { isIntact($0, entry, in: folder, finished: finished) }
    }

    /// The same, for a path given as a C string.
    static func isIntact(_ path: UnsafePointer<CChar>, _ entry: SiteState.Entry, in folder: Int32, finished: Timestamp) -> Bool {
        var info = stat()
        let found = fstatat(folder, path, &info, AT_SYMLINK_NOFOLLOW)
        guard found == 0, (info.st_mode & S_IFMT) == S_IFREG,
              info.st_mode & 0o7777 == 0o644, Int64(info.st_size) == entry.size
        else { return false }
        #if canImport(Darwin)
        let changed = Timestamp(info.st_ctimespec)
        #else
        let changed = Timestamp(info.st_ctim)
        #endif
        return !(finished < changed)
    }

    /// The device and inode of the folder open as `descriptor`.
    static func identity(of descriptor: Int32) -> [UInt64]? {
        var info = stat()
        guard descriptor >= 0, fstat(descriptor, &info) == 0 else { return nil }
        return [UInt64(info.st_dev), UInt64(info.st_ino)]
    }

    /// The CPU time of the calling thread.
    private static func threadTime() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }


    private func fail(_ error: SiteWriteError) {
        state.withLock { state in
            if state.failure == nil { state.failure = error }
        }
    }

    /// This build's page jobs, for the next build (saved in the state), as
    /// the records that differ from `previousJobs` (nil: removed); with no
    /// previous jobs, every record.
    func record(jobChanges: [String: JobRecords.Record?]) {
        jobs.withLock { $0 = jobChanges }
    }

    /// This build's page jobs, whole: the previous ones with the changes
    /// recorded. Nil when none were recorded.
    var recordedJobs: JobRecords? {
        guard let changes = jobs.withLock({ $0 }) else { return nil }
        var records = previousJobs ?? JobRecords()
        records.records.reserveCapacity(records.records.count + changes.count)
        for (key, record) in changes { records.records[key] = record }
        return records
    }

    /// The recorded jobs' changes to the previous build's: none when
    /// neither recorded any.
    var recordedJobChanges: [String: JobRecords.Record?]? {
        jobs.withLock { recorded in
            guard let recorded else { return previousJobs?.records.isEmpty ?? true ? [:] : nil }
            return recorded
        }
    }

    /// Throws the first failure of any `add`, even one a producer caught.
    public func checkFailure() throws(SiteWriteError) {
        try state.withLock { state throws(SiteWriteError) in
            if let failure = state.failure { throw failure }
        }
    }

    /// What was put on disk, for the summary and the next build's state.
    func result() -> Result {
        state.withLock { state in
            var entries = state.entries
            var directories: Set<String>? = state.paths.directories
            var added: [String: SiteState.Entry]?
            if state.keptApart, let previous, !state.kept.isEmpty {
                // Every file added is one the previous site had (else the
                // kept ones were settled), none is also kept.
                if state.kept.count + entries.count == previous.files.count {
                    // The previous site's files, no more, no fewer: its
                    // table with the added ones over it, merged only when
                    // asked for (`Result.entries`).
                    entries = previous.files
                    directories = nil
                    added = state.entries
                } else {
                    for path in state.kept.all {
                        entries[path] = previous.files[path]
                        SitePaths.addFolders(of: path, to: &directories!)
                    }
                }
            }
            return Result(
                summary: SiteWriteSummary(
                    fileCount: entries.count, byteCount: state.byteCount, reusedCount: state.reusedCount,
                    writerTime: state.busy
                ),
                listed: entries, images: state.images, mode: state.mode, staged: state.staged,
                directories: directories, added: added
            )
        }
    }

    struct Result {
        var summary: SiteWriteSummary
        /// Every file of the site; with `sameFiles`, the previous state's
        /// table, which `added` overrides.
        var listed: [String: SiteState.Entry]
        var images: [String: Stamp]
        var mode: Mode
        /// Staging: the files written into the staging folder.
        var staged: Set<String>
        /// Every folder of the new site; nil: the previous site's (`sameFiles`).
        var directories: Set<String>?
        /// When the site has the previous site's files, by path (its
        /// state's table), none removed, none new: the entries of the files
        /// added (the others are the previous site's, as its state has them).
        var added: [String: SiteState.Entry]?

        /// The site has the previous site's files, by path: `added` is set.
        var sameFiles: Bool { added != nil }

        /// Every file of the site and its entry: made from `listed` and
        /// `added` when asked for (a rebuild whose state is written as a
        /// delta never asks: at 50,000 recipes the merge copied a table of
        /// 114,000 files).
        var entries: [String: SiteState.Entry] {
            guard let added else { return listed }
            return listed.merging(added) { _, new in new }
        }
    }

    /// Staging: turns the staging folder into a whole new tree, for a change
    /// too large to commit in place. Does nothing in a new tree.
    func makeTree() throws(SiteWriteError) {
        try state.withLock { state throws(SiteWriteError) in try switchToTree(&state) }
    }
}
