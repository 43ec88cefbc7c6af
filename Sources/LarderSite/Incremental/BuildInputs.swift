import Foundation
import Larder

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Everything a build reads, by stamps rather than contents, so that a
/// rebuild can tell in a few milliseconds that nothing changed, and a build
/// can tell that a file changed while it was reading.
///
/// The data files are `larder.json`, `favorites.json`, `.larder-secret`, and
/// the entries of `lists/`, `recipes/`, `templates/` and `config/` (the cook
/// CLI's aisle.conf and pantry.conf) that do not start with a dot (what the
/// loader and the theme read); each by path, type,
/// size, modification and change time to the nanosecond, inode and device,
/// a symbolic link also by what it points to. The images a build copies are
/// stamped by the writer, which knows them. The context is what else decides
/// the output: the larder binary (its version, size, times and inode, so
/// every new build of it counts), the options, and a fingerprint derived from
/// the secret with HMAC (never the secret itself).
public struct BuildInputs: Sendable {
    /// The data folder as given.
    public let dataFolder: String
    let context: ContentHash
    /// What else decides whether the last build is still up to date, but
    /// not which pages are made again: those that depend on it say so in
    /// their own fingerprints (git's HEAD: only list pages whose history
    /// changed are made again after a commit).
    let freshness: ContentHash

    /// Top-level files and folders the loader or the theme reads.
    static let files = ["larder.json", "favorites.json", ".larder-secret"]
    static let folders = ["lists", "recipes", "templates", "config"]

    public init(dataFolder: URL, options: [String], secret: [UInt8]?, freshness: [String] = []) {
        var path = dataFolder.path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        self.dataFolder = path
        var builder = ContentHash.Builder()
        builder.add(LarderVersion.current)
        builder.add(Self.executableStamp())
        builder.add(UInt64(options.count))
        for option in options { builder.add(option) }
        if let secret {
            builder.add(1 as UInt64)
            builder.add(bytes: HMAC.sha256(key: secret, message: Array("larder build state".utf8)))
        } else {
            builder.add(0 as UInt64)
        }
        context = builder.hash
        var fresh = ContentHash.Builder()
        fresh.add(UInt64(freshness.count))
        for value in freshness { fresh.add(value) }
        self.freshness = fresh.hash
    }

    init(dataFolder: String, context: ContentHash) {
        self.dataFolder = dataFolder
        self.context = context
        freshness = ContentHash.Builder().hash
    }

    /// The stamps of the data files now.
    public func snapshot() -> InputSnapshot {
        // File times come from the coarse clock, which ticks every few
        // milliseconds: a file with a time in the present tick could change
        // again with the same stamp; one with an earlier time cannot (a
        // change now gets this tick's time or a later one). A file saved
        // the moment before a build is racy only within that tick, not for
        // a fixed 20 ms (what an editor's save followed at once by a build
        // waited out, then stamped every file again).
        let clock = Timestamp.now(coarse: true)
        var builder = ContentHash.Builder()
        builder.add(context)
        builder.add(freshness)
        // The same, but for the recipes in Larder's own formats
        // (`InputSnapshot.otherDigest`).
        var other = builder
        var racy: [String] = []
        var files: [InputSnapshot.File] = []
        var listings: [String: [FolderEntry]] = [:]
        func add(_ relative: String, _ stamp: Stamp, digest: ContentHash? = nil) {
            let digest = digest ?? stamp.digest
            builder.add(relative)
            builder.add(digest)
            if !KitchenLoader.isRecipeText(relative) {
                other.add(relative)
                other.add(digest)
            }
            files.append(InputSnapshot.File(path: relative, digest: digest, own: stamp.target == nil ? stamp.own : nil))
            if stamp.isRecent(since: clock) { racy.append(relative) }
        }
        for name in Self.files { add(name, Stamp(path: dataFolder + "/" + name)) }
        /// A folder, by its type only (see below).
        func addType(_ relative: String, _ type: UInt64) {
            builder.add(relative)
            builder.add(type)
            other.add(relative)
            other.add(type)
        }
        var visited = Set<[UInt64]>()
        /// Every entry of the folder open as `descriptor` (at `relative`),
        /// and of the folders in it, as deep as the loader walks for
        /// Cooklang files (`Breakfast/Easy Pancakes.cook` and the pictures
        /// beside it); `cooklangOnly`: only those files, in a folder that
        /// is not Larder's (a README there is not an input).
        func stampTree(_ relative: String, _ descriptor: Int32, depth: Int, cooklangOnly: Bool = false) {
            var info = stat()
            guard fstat(descriptor, &info) == 0,
                  visited.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted,
                  let names = Self.names(in: descriptor, all: true) else { return }
            // A site built inside the data folder is output, not input.
            if depth > 0, names.contains(OutputLocation.markerName) { return }
            files.reserveCapacity(files.count + names.count)
            let visible = names.filter { !$0.hasPrefix(".") }
            let stamped = Self.stamps(of: visible, in: descriptor)
            listings[relative] = Self.listing(names, visible, stamped)
            for (name, (stamp, digest)) in zip(visible, stamped) {
                let path = relative + "/" + name
                guard let type = (stamp.target ?? stamp.own).map({ $0.mode & UInt32(S_IFMT) }), type == UInt32(S_IFDIR) else {
                    if !cooklangOnly || Self.isCooklangInput(name) { add(path, stamp, digest: digest) }
                    continue
                }
                // A folder by its type only: its times change with every
                // file made in it, editors' dot files included, and the
                // names in it are listed.
                addType(path, UInt64(type))
                guard depth < Limits.maximumFolderDepth else { continue }
                let inner = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                guard inner >= 0 else { continue }
                defer { close(inner) }
                stampTree(path, inner, depth: depth + 1, cooklangOnly: cooklangOnly)
            }
        }
        for folder in Self.folders {
            // The folder by its type only (see above).
            var info = stat()
            addType(folder, UInt64(stat(dataFolder + "/" + folder, &info) == 0 ? info.st_mode & S_IFMT : 0))
            // Each entry stamped by its name in the open folder.
            let descriptor = open(dataFolder + "/" + folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            stampTree(folder, descriptor, depth: 1)
        }
        // Cooklang files and their pictures at the top and in the other
        // folders (not images/, whose files the writer stamps when it
        // copies them).
        let root = open(dataFolder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if root >= 0, let names = Self.names(in: root) {
            defer { close(root) }
            let known = Set(Self.files + Self.folders + ["images"])
            for name in names where !known.contains(name) {
                let stamp = Stamp(at: root, name)
                let type = (stamp.target ?? stamp.own).map { $0.mode & UInt32(S_IFMT) }
                if type == UInt32(S_IFDIR) {
                    addType(name, UInt64(S_IFDIR))
                    let inner = openat(root, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                    guard inner >= 0 else { continue }
                    defer { close(inner) }
                    stampTree(name, inner, depth: 1, cooklangOnly: true)
                } else if Self.isCooklangInput(name) {
                    add(name, stamp)
                }
            }
        } else if root >= 0 {
            close(root)
        }
        return InputSnapshot(
            digest: builder.hash, otherDigest: other.hash, racy: racy, context: context, files: files,
            listings: listings, takenAt: Int(clock.seconds)
        )
    }

    /// A folder's listing for the loader (`InputSnapshot.listings`): every
    /// name (`names`, sorted), typed as its stamp found it (`stamped`, the
    /// stamps of `visible`, the names without a leading dot, in order); a
    /// dot name, or one whose stamp has no type the walk tells apart, as
    /// unknown.
    private static func listing(_ names: [String], _ visible: [String], _ stamped: [(Stamp, ContentHash)]) -> [FolderEntry] {
        var next = visible.startIndex
        return names.map { name in
            guard next < visible.endIndex, visible[next] == name else { return FolderEntry(name: name, type: UInt8(DT_UNKNOWN)) }
            defer { next += 1 }
            let type: Int32
            let own = stamped[next].0.own
            switch (own?.mode ?? 0) & UInt32(S_IFMT) {
            case UInt32(S_IFDIR): type = Int32(DT_DIR)
            case UInt32(S_IFREG): type = Int32(DT_REG)
            case UInt32(S_IFLNK): type = Int32(DT_LNK)
            default: type = Int32(DT_UNKNOWN)
            }
            // A regular file's stamp goes with it (`FolderEntry.stamp`), as
            // the snapshot's table has it (a link's is left out there too).
            return FolderEntry(name: name, type: UInt8(type), stamp: type == Int32(DT_REG) ? own : nil)
        }
    }

    /// The stamps of `names` in the folder open as `descriptor`, with their
    /// digests, in order; a large folder's (`recipes/`, some 10,000 files)
    /// on all cores, a run of names to a task.
    private static func stamps(of names: [String], in descriptor: Int32) -> [(Stamp, ContentHash)] {
        names.concurrentMap(runsOf: 512) { name in
            let stamp = Stamp(at: descriptor, name)
            return (stamp, stamp.digest)
        }
    }

    /// The files of `before` that are no longer as it stamped them (changed,
    /// replaced or gone), leaving out those `unneeded` says the build did
    /// not read (their contents came from the parse cache, by the stamp
    /// `before` took: `DocumentCache.tookFromCache`); in `before`'s order.
    /// Each folder's files are stamped by name in the open folder, as the
    /// snapshot does.
    func changedFiles(since before: InputSnapshot, unneeded: (_ path: String, _ stamp: FileStamp) -> Bool) -> [String] {
        var changed: [String] = []
        var folder = (path: "", descriptor: Int32(-1))
        defer { if folder.descriptor >= 0 { close(folder.descriptor) } }
        for file in before.files {
            if let own = file.own, unneeded(file.path, own) { continue }
            let slash = file.path.lastIndex(of: "/")
            let parent = slash.map { String(file.path[..<$0]) } ?? ""
            if parent != folder.path || folder.descriptor < 0 {
                if folder.descriptor >= 0 { close(folder.descriptor) }
                folder = (parent, open(parent.isEmpty ? dataFolder : dataFolder + "/" + parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC))
            }
            let name = slash.map { String(file.path[file.path.index(after: $0)...]) } ?? file.path
            let stamp = folder.descriptor >= 0 ? Stamp(at: folder.descriptor, name) : Stamp()
            if stamp.digest != file.digest { changed.append(file.path) }
        }
        return changed
    }

    /// A Cooklang recipe or menu, or a picture (of a recipe beside it): a
    /// top-level file the loader reads beside the known ones, and a file
    /// that only the pages showing it depend on (`JobFingerprints`).
    static func isCooklangInput(_ name: String) -> Bool {
        name.hasSuffix(".cook") || name.hasSuffix(".menu") || ImageFormat(fileName: name) != nil
    }

    /// A snapshot with no file changed in the last moments, waiting up to a
    /// tenth of a second for one that was just saved; then the last one taken.
    /// `first`, a snapshot just taken (by the check that nothing changed):
    /// kept when it has no such file, so the files are stamped once.
    public func settledSnapshot(startingWith first: InputSnapshot? = nil) -> InputSnapshot {
        var snapshot = first ?? snapshot()
        for _ in 0..<5 where !snapshot.racy.isEmpty {
            usleep(20_000)
            snapshot = self.snapshot()
        }
        return snapshot
    }

    /// The names in the folder open as `descriptor` that do not start with a
    /// dot (`all`: every name but `.` and `..`), sorted; nil when it cannot
    /// be listed.
    private static func names(in descriptor: Int32, all: Bool = false) -> [String]? {
        // A descriptor of its own: closing the listing closes it.
        let copy = dup(descriptor)
        guard copy >= 0 else { return nil }
        guard let folder = fdopendir(copy) else {
            close(copy)
            return nil
        }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
                String(cString: UnsafeRawPointer(tuple).assumingMemoryBound(to: CChar.self))
            }
            if !name.hasPrefix(".") || all && name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// The stamp of the running binary: a rebuilt larder must not trust what
    /// an older one made.
    private static func executableStamp() -> String {
        #if os(Linux)
        // The link itself is made anew for each process: its target counts.
        let link = "/proc/self/exe"
        #else
        let link = CommandLine.arguments.first ?? ""
        #endif
        var builder = ContentHash.Builder()
        guard let resolved = realpath(link, nil) else { return "" }
        defer { free(resolved) }
        let path = String(cString: resolved)
        builder.add(path)
        Stamp(path: path).add(to: &builder)
        return builder.hash.description
    }
}

/// What the data files looked like at one moment.
public struct InputSnapshot: Sendable, Hashable {
    let digest: ContentHash
    /// The same, of every input but the recipes in Larder's own formats
    /// (`KitchenLoader.isRecipeText`): when it is the previous build's, only
    /// such recipes can have changed, and a rebuild may take them as edits
    /// (`KitchenLoader.recipeEdits`).
    let otherDigest: ContentHash
    /// Files changed so recently that a further change could keep the stamp:
    /// a snapshot with any is never trusted to stand for their contents.
    public let racy: [String]
    /// `BuildInputs.context`: part of every page's fingerprint.
    let context: ContentHash
    /// Each data file's stamp, by its path relative to the data folder
    /// ("recipes/pancakes.md"), in the order taken: a list, so that the
    /// check that nothing changed, which needs the digest alone, does not
    /// pay for a table of them; a build makes the table once (`index()`).
    let files: [File]
    /// Each file's position in `files` by its path, once `index()` made it
    /// (empty before): how the loader finds a stamp instead of stamping
    /// the data file again (`own(_:)`), and the pages' fingerprints theirs
    /// (`digest(_:)`, `JobFingerprints`). Positions, not the files: 55,000
    /// of those (100 bytes each) copied into a table's storage were 15 MB
    /// of fresh memory in every rebuild at 50,000 recipes.
    private var positions: [String: Int] = [:]

    /// A data file's stamp.
    struct File: Sendable, Hashable {
        var path: String
        /// Of its `Stamp` (a link's target's too).
        var digest: ContentHash
        /// Its own `FileStamp`; nil for a link (the loader stamps a link
        /// itself) or a file that is not there.
        var own: FileStamp?
    }

    /// The folders the snapshot listed (`lists/`, `recipes/`, the folders
    /// walked for Cooklang files), by path relative to the data folder:
    /// every name, sorted, with its type; what the loader's walk takes
    /// instead of listing them again (`DataFolder.knownListing`).
    let listings: [String: [FolderEntry]]

    init(
        digest: ContentHash, otherDigest: ContentHash, racy: [String], context: ContentHash, files: [File],
        listings: [String: [FolderEntry]] = [:], takenAt: Int
    ) {
        self.digest = digest
        self.otherDigest = otherDigest
        self.racy = racy
        self.context = context
        self.files = files
        self.listings = listings
        self.takenAt = takenAt
    }

    /// Makes the table by path, for a build that goes on past the check
    /// that nothing changed. A path listed twice is found at its last place.
    public mutating func index() {
        guard positions.isEmpty else { return }
        positions.reserveCapacity(files.count)
        for index in files.indices { positions[files[index].path] = index }
    }

    /// Whether the snapshot has a data file at `path` (after `index()`).
    func contains(_ path: String) -> Bool {
        positions[path] != nil
    }

    /// The own `FileStamp` of the data file at `path` (after `index()`):
    /// nil for a link or a file the snapshot does not have.
    public func own(_ path: String) -> FileStamp? {
        // Read in place: a `File` copied out retains its path.
        positions[path].flatMap { files[$0].own }
    }

    /// The stamp digest of the data file at `path` (after `index()`).
    func digest(_ path: String) -> ContentHash? {
        positions[path].map { files[$0].digest }
    }

    /// Each data file's stamp digest by path.
    var stamps: [String: ContentHash] {
        Dictionary(files.map { ($0.path, $0.digest) }, uniquingKeysWith: { $1 })
    }

    /// The regular files' own stamps (links left out).
    public var fileStamps: [KnownStamp] {
        files.compactMap { file in file.own.map { KnownStamp(path: file.path, stamp: $0) } }
    }

    /// When the stamps began to be taken (seconds since the epoch, rounded
    /// down): what the parse cache's entries made with them are dated.
    public let takenAt: Int
}

/// A data file's stamp as a snapshot took it, by its path relative to the
/// data folder.
public struct KnownStamp: Sendable, Hashable {
    public var path: String
    public var stamp: FileStamp
}

/// A wall-clock time to the nanosecond.
struct Timestamp: Sendable, Hashable, Comparable {
    var seconds: Int64
    var nanoseconds: Int64

    /// `coarse`: the clock file times are taken from on Linux, so that a
    /// file changed after this moment never has an earlier time.
    static func now(coarse: Bool) -> Timestamp {
        var time = timespec()
        #if os(Linux)
        clock_gettime(coarse ? CLOCK_REALTIME_COARSE : CLOCK_REALTIME, &time)
        #else
        clock_gettime(CLOCK_REALTIME, &time)
        #endif
        return Timestamp(seconds: Int64(time.tv_sec), nanoseconds: Int64(time.tv_nsec))
    }

    /// Now, once the clock file times come from has passed it (a few
    /// milliseconds at most): a file changed before has an earlier or equal
    /// change time, one changed after has a later one.
    static func settled() -> Timestamp {
        let now = now(coarse: false)
        for _ in 0..<100 where !(now < Self.now(coarse: true)) {
            usleep(1000)
        }
        return now
    }

    init(seconds: Int64, nanoseconds: Int64) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    init(_ time: timespec) {
        self.init(seconds: Int64(time.tv_sec), nanoseconds: Int64(time.tv_nsec))
    }

    static func < (a: Timestamp, b: Timestamp) -> Bool {
        (a.seconds, a.nanoseconds) < (b.seconds, b.nanoseconds)
    }
}

/// What stands at a path: its `FileStamp` (of the entry itself, `lstat`),
/// and its target's when it is a symbolic link (`stat`), nil where there is
/// nothing.
struct Stamp: Sendable, Hashable {
    var own: FileStamp?
    var target: FileStamp?

    /// Nothing there.
    init() {}

    init(path: String) {
        self.init(at: AT_FDCWD, path)
    }

    /// The stamp of `name` in the folder open as `folder` (or `AT_FDCWD`):
    /// the folder's path is not walked again for each of its files.
    init(at folder: Int32, _ name: String) {
        var info = stat()
        // Through `withCString`, which passes a long name without copying
        // it into a new array for each call.
        let (own, target) = name.withCString { name -> (FileStamp?, FileStamp?) in
            guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return (nil, nil) }
            let own = FileStamp(info)
            guard (info.st_mode & S_IFMT) == S_IFLNK, fstatat(folder, name, &info, 0) == 0 else { return (own, nil) }
            return (own, FileStamp(info))
        }
        self.own = own
        self.target = target
    }

    /// The stamp as one hash.
    var digest: ContentHash {
        // On the stack, without arrays: a snapshot takes one per data file.
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 18) { words in
            var count = 0
            func put(_ value: UInt64) {
                words[count] = value.littleEndian
                count += 1
            }
            func put(_ stamp: FileStamp?) {
                guard let stamp else { return put(0) }
                put(1)
                put(UInt64(stamp.mode))
                put(UInt64(bitPattern: stamp.size))
                put(stamp.device)
                put(stamp.inode)
                put(UInt64(bitPattern: Int64(stamp.seconds)))
                put(UInt64(bitPattern: Int64(stamp.nanoseconds)))
                put(UInt64(bitPattern: Int64(stamp.changeSeconds)))
                put(UInt64(bitPattern: Int64(stamp.changeNanoseconds)))
            }
            put(own)
            put(target)
            return ContentHash(buffer: UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: words[..<count])))
        }
    }

    func add(to builder: inout ContentHash.Builder) {
        builder.add(digest)
    }

    /// Changed at or after `moment` (or with whole-second times, in the same
    /// or the previous second).
    func isRecent(since moment: Timestamp) -> Bool {
        func recent(_ seconds: Int, _ nanoseconds: Int) -> Bool {
            let time = Timestamp(seconds: Int64(seconds), nanoseconds: Int64(nanoseconds))
            return !(time < moment) || (nanoseconds == 0 && time.seconds >= moment.seconds - 1)
        }
        func recent(_ stamp: FileStamp?) -> Bool {
            guard let stamp else { return false }
            return recent(stamp.seconds, stamp.nanoseconds) || recent(stamp.changeSeconds, stamp.changeNanoseconds)
        }
        return recent(own) || recent(target)
    }
}
