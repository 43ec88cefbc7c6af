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
/// the entries of `lists/`, `recipes/` and `templates/` that do not start
/// with a dot (what the loader and the theme read); each by path, type,
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

    /// Top-level files and folders the loader or the theme reads.
    static let files = ["larder.json", "favorites.json", ".larder-secret"]
    static let folders = ["lists", "recipes", "templates"]

    public init(dataFolder: URL, options: [String], secret: [UInt8]?) {
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
    }

    init(dataFolder: String, context: ContentHash) {
        self.dataFolder = dataFolder
        self.context = context
    }

    /// The stamps of the data files now.
    public func snapshot() -> InputSnapshot {
        var clock = Timestamp.now(coarse: false)
        // Anything changed this close before the stamps were taken could
        // change again with the same stamp (file times come from a clock
        // that ticks every few milliseconds).
        clock.nanoseconds -= 20_000_000
        if clock.nanoseconds < 0 {
            clock.nanoseconds += 1_000_000_000
            clock.seconds -= 1
        }
        var builder = ContentHash.Builder()
        builder.add(context)
        var racy: [String] = []
        var stamps: [String: ContentHash] = [:]
        func add(_ relative: String) {
            let stamp = Stamp(path: dataFolder + "/" + relative)
            builder.add(relative)
            stamp.add(to: &builder)
            stamps[relative] = stamp.digest
            if stamp.isRecent(since: clock) { racy.append(relative) }
        }
        for name in Self.files { add(name) }
        for folder in Self.folders {
            // The folder by its type only: its times change with every file
            // made in it, editors' dot files included, and the names in it
            // are listed below.
            var info = stat()
            builder.add(folder)
            builder.add(UInt64(stat(dataFolder + "/" + folder, &info) == 0 ? info.st_mode & S_IFMT : 0))
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: dataFolder + "/" + folder) else { continue }
            for name in names.sorted() where !name.hasPrefix(".") {
                add(folder + "/" + name)
            }
        }
        return InputSnapshot(digest: builder.hash, racy: racy, context: context, stamps: stamps)
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
    /// Files changed so recently that a further change could keep the stamp:
    /// a snapshot with any is never trusted to stand for their contents.
    public let racy: [String]
    /// `BuildInputs.context`, and each data file's stamp by its path relative
    /// to the data folder ("recipes/pancakes.md"): what pages' fingerprints
    /// are made of (`JobFingerprints`), so that no file is stamped twice.
    let context: ContentHash
    let stamps: [String: ContentHash]
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

/// One file's `lstat`, and its target's `stat` when it is a link.
struct Stamp: Sendable, Hashable {
    var own: Fields?
    var target: Fields?

    struct Fields: Sendable, Hashable {
        var mode: UInt64
        var size: Int64
        var device: UInt64
        var inode: UInt64
        var modified: Timestamp
        var changed: Timestamp

        init(_ info: stat) {
            mode = UInt64(info.st_mode)
            size = Int64(info.st_size)
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            #if canImport(Darwin)
            modified = Timestamp(info.st_mtimespec)
            changed = Timestamp(info.st_ctimespec)
            #else
            modified = Timestamp(info.st_mtim)
            changed = Timestamp(info.st_ctim)
            #endif
        }

        func add(to builder: inout ContentHash.Builder) {
            for value in [mode, UInt64(bitPattern: size), device, inode] { builder.add(value) }
            for time in [modified, changed] {
                builder.add(time.seconds)
                builder.add(time.nanoseconds)
            }
        }
    }

    init(path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        own = Fields(info)
        if (info.st_mode & S_IFMT) == S_IFLNK, stat(path, &info) == 0 { target = Fields(info) }
    }

    /// The stamp as one hash.
    var digest: ContentHash {
        var builder = ContentHash.Builder()
        add(to: &builder)
        return builder.hash
    }

    func add(to builder: inout ContentHash.Builder) {
        for fields in [own, target] {
            if let fields {
                builder.add(1 as UInt64)
                fields.add(to: &builder)
            } else {
                builder.add(0 as UInt64)
            }
        }
    }

    /// Changed at or after `moment` (or with whole-second times, in the same
    /// or the previous second).
    func isRecent(since moment: Timestamp) -> Bool {
        [own, target].contains { fields in
            guard let fields else { return false }
            for time in [fields.modified, fields.changed] {
                if !(time < moment) { return true }
                if time.nanoseconds == 0, time.seconds >= moment.seconds - 1 { return true }
            }
            return false
        }
    }
}
