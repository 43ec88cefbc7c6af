import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Documents already read and checked, kept between loads of the same folder
/// (`KitchenLoader.load(_:cache:)`), so a change to one file re-reads that
/// file only. A file counts as unchanged while its `FileStamp` is the same.
///
/// `larder serve` keeps one in memory; `larder build` keeps one on disk
/// between builds, and `larder check` one per folder in the user's cache
/// folder (`init(contentsOf:)`, `write(to:)`). On disk it is a base file and
/// a delta beside it (see "On disk"), so that a load that read a few files
/// anew writes those few, not every entry again.
public struct DocumentCache: Sendable {
    struct Entry: Sendable {
        var stamp: FileStamp
        /// For an entry kept untrusted (`unverified`): when the load that
        /// read it began to take stamps (seconds since the epoch), which it
        /// is judged by (`timestampGranularity`) in whatever file it is
        /// written again. 0 for the others: judged by the stamping time of
        /// the file that holds it, as they are written with the load that
        /// read or trusted them.
        var stampedAt = 0
        var document: ReadDocument
        /// The entry as the cache file held it, for one read from there:
        /// written back as these bytes, not encoded again (a rebuild after
        /// one edit re-encodes one entry, not 11,000).
        var encoded: FileBytesSlice? = nil
        /// Read from the base file (not its delta, not read anew): the base
        /// holds it as it is, so a delta need not.
        var inBase = false
    }

    private(set) var entries = EntryTable()
    /// Entries read from a cache file that a load does not take, by path:
    /// of files changed too close before their stamps were taken (see
    /// `timestampGranularity`), which a load reads again. They are still
    /// what the load that wrote them read, which is what a rebuild taking
    /// edits compares with (`KitchenLoader.recipeEdits`). Few: the files
    /// saved just before the last build.
    private(set) var unverified: [String: Entry] = [:]
    /// The category lookup the Markdown documents were read with: headings
    /// (`## Dairy`) resolve through it, so a change of categories in
    /// larder.json invalidates them. JSON documents do not depend on it.
    private var markdownLookup: [String: String] = [:]
    /// The real path of the data folder the documents were read from.
    private var folder = ""
    /// When the last load began to take stamps (seconds since the epoch; 0
    /// before any load, which trusts no stamp once on disk).
    var stampedAt = 0

    /// How many documents the last load took from the cache, and how many it read.
    public private(set) var lastHits = 0
    public private(set) var lastReads = 0
    /// How many of the files the last load passed have an entry now: when
    /// it is `count`, no entry is of a file that is gone.
    private(set) var lastKept = 0
    /// The paths the last load read from disk (not taken from the cache).
    public private(set) var lastReadPaths = Set<String>()
    /// Whether the entries differ from the files they were read from
    /// (`init(contentsOf:)`), so that writing them again is worth it: a file
    /// read anew or gone, or an entry left out when read back. Always true
    /// for a cache not read from a file. larder.json does not count (it is
    /// never written).
    public private(set) var changed = true
    /// How many files it holds.
    public var count: Int { entries.count }

    /// The base file the entries were read from (`Base`); nil when there was
    /// none, or the folder or the category lookup changed since: then the
    /// next write is a whole new base.
    private var base: Base?
    /// Paths the base holds an entry for that is no longer true (read anew,
    /// or the file gone): a delta lists them, so that the base's entry is
    /// not taken again.
    private var voided = Set<String>()

    struct Base: Sendable, Hashable {
        /// The checksum of its header: what a delta names it by.
        var id: UInt64
        var entryCount: Int
    }

    public init() {}

    /// The documents for `files`, in order: cached ones whose file is
    /// unchanged, the others read (in parallel) and remembered.
    mutating func read(_ files: [DataFile], with reader: DocumentReader) -> [ReadDocument] {
        if reader.folder.realPath != folder {
            entries = EntryTable()
            folder = reader.folder.realPath
            changed = true
            base = nil
        }
        if files.contains(where: { $0.format == .markdown }), reader.categoryLookup != markdownLookup {
            // Headings are Markdown's: JSON and Cooklang documents stay.
            entries = entries.filter { $0.value.document.file.format != .markdown }
            markdownLookup = reader.categoryLookup
            changed = true
            // A base read with the old lookup cannot take a delta made with the new one.
            base = nil
        }
        // Taken out, so that the updates below change it in place rather
        // than copying 10,000 entries the workers still share.
        let known = entries
        entries = EntryTable()
        let count = files.count
        var stamps = [FileStamp?](repeating: nil, count: count)
        var hits = [Bool](repeating: false, count: count)
        // Each worker puts its document straight into its slot of the
        // result: a document is copied once, not once per intermediate array.
        let documents = [ReadDocument](unsafeUninitializedCapacity: count) { slots, initialized in
            stamps.withUnsafeMutableBufferPointer { stampSlots in
                hits.withUnsafeMutableBufferPointer { hitSlots in
                    files.withUnsafeBufferPointer { files in
                        nonisolated(unsafe) let (slots, stampSlots, hitSlots, files) = (slots, stampSlots, hitSlots, files)
                        DispatchQueue.concurrentPerform(iterations: count) { index in
                            let file = files[index]
                            // The stamp is taken before the file is read (by the folder's
                            // scan, else here): a write while it is being read changes the
                            // stamp, so the next load reads it again.
                            let stamp = file.stamp ?? FileStamp(path: reader.folder.absolute(file.path))
                            stampSlots[index] = stamp
                            if let stamp, let document = known.document(of: file, stamp: stamp) {
                                hitSlots[index] = true
                                (slots.baseAddress! + index).initialize(to: document)
                            } else {
                                (slots.baseAddress! + index).initialize(to: reader.read(file))
                            }
                        }
                    }
                }
            }
            initialized = count
        }
        var updated = consume known
        lastReadPaths.reserveCapacity(lastReadPaths.count + hits.lazy.filter { !$0 }.count)
        for index in 0..<count {
            if hits[index] {
                lastHits += 1
                lastKept += 1
                continue
            }
            lastReads += 1
            if stamps[index] != nil { lastKept += 1 }
            if case .config = documents[index].content {} else { changed = true }
            let path = documents[index].file.path
            lastReadPaths.insert(path)
            if updated[path]?.inBase == true { voided.insert(path) }
            updated[path] = stamps[index].map { Entry(stamp: $0, document: documents[index]) }
            unverified[path] = nil
        }
        entries = updated
        return documents
    }

    /// Whether the last load took the file at `path` from the cache, by an
    /// entry made with `stamp` (the stamp a build's snapshot took before the
    /// load): then what the load has of it is what the file held at that
    /// stamp, however the file changed since, and the build need not stamp
    /// it again to know (`BuildRecord.readsDone`).
    public func tookFromCache(_ path: String, stamp: FileStamp) -> Bool {
        // The stamp alone (an entry copied out is a retain of each of its
        // fields: called for every file of the folder); the paths read
        // this time, a few, only for a file it holds.
        entries.stamp(of: path) == stamp && !lastReadPaths.contains(path)
    }

    /// Whether Markdown documents read with the category lookup `lookup`
    /// may be taken from here and put here (`read(_:with:)` would drop them
    /// all for another lookup).
    func readsMarkdown(with lookup: [String: String]) -> Bool {
        markdownLookup == lookup
    }

    /// Forgets files that are gone.
    mutating func keepOnly(_ paths: Set<String>) {
        let gone = entries.paths.filter { !paths.contains($0) }
        for path in gone {
            if entries[path]?.inBase == true { voided.insert(path) }
            entries[path] = nil
        }
        if !gone.isEmpty { changed = true }
        if !unverified.isEmpty { unverified = unverified.filter { paths.contains($0.key) } }
    }

    /// Starts the counts of a new load.
    mutating func resetCounts() {
        lastHits = 0
        lastReads = 0
        lastKept = 0
        lastReadPaths = []
        stampedAt = Self.now()
    }

    private static func now() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int(time.tv_sec)
    }
}

// MARK: - On disk

extension DocumentCache {
    /// Raised whenever the format or what a read depends on changes meaning.
    static let formatVersion: UInt64 = 9
    static let magic = Array("larder parse cache\n".utf8)
    /// How far apart two changes of a file may be and still get the same
    /// time stamp, at most, on the file systems people use (FAT: 2 s). A file
    /// changed this close before the stamps were taken is read again on the
    /// next load rather than trusted ("racily clean", in git's words).
    static let timestampGranularity = 2
    /// The payload is cut into this many parts, decoded in parallel.
    static let parts = 8
    /// A delta holds at most this fraction of the base's entries (as new
    /// entries, and as voided ones); past it, a new base is written.
    static let deltaFraction = 8

    /// The delta beside the cache file `url`.
    public static func deltaFile(of url: URL) -> URL {
        URL(fileURLWithPath: url.path + ".delta")
    }

    /// The cache written by `write(to:)` at `url`: its base file, with the
    /// delta beside it when the delta was made on that base; an empty cache
    /// when there is none, or when it is damaged, truncated, from another
    /// version or build of larder, or not a cache at all: a cache never fails
    /// a load, at worst everything is read again. A delta that does not
    /// apply (damaged, or made on another base) is only left unread.
    public init(contentsOf url: URL) {
        self.init()
        guard let bytes = FileBytes(contentsOf: url.path), var cache = try? Self.decodeFile(bytes, keepRecent: false).cache,
              cache.base != nil
        else { return }
        if let deltaBytes = FileBytes(contentsOf: Self.deltaFile(of: url).path),
           let delta = try? Self.decodeDelta(deltaBytes), delta.deltaOf == cache.base?.id,
           delta.folder == cache.folder, delta.markdownLookup == cache.markdownLookup {
            for path in delta.voided {
                cache.entries[path] = nil
                cache.unverified[path] = nil
                cache.voided.insert(path)
            }
            for entry in delta.entries.values {
                let path = entry.document.file.path
                cache.entries[path] = entry
                cache.unverified[path] = nil
                cache.voided.insert(path)
            }
            // Newer than the base's (which the delta voids).
            for (path, entry) in delta.unverified { cache.unverified[path] = entry }
            cache.changed = cache.changed || delta.changed
            cache.stampedAt = max(cache.stampedAt, delta.stampedAt)
        }
        self = cache
    }

    /// Writes the cache to `url`, readable by the user only (it holds the
    /// data of unlisted lists): a delta beside it when the entries were read
    /// from the base there and few changed since, else a new base (and the
    /// delta removed). Each file is written whole or not at all (a
    /// temporary file beside it, renamed over it). larder.json is not kept:
    /// it is read on every load.
    public func write(to url: URL) throws {
        let delta = url.path + ".delta"
        if let base, voided.count <= base.entryCount / Self.deltaFraction {
            var fresh: [Entry] = []
            for entry in entries.values where !entry.inBase && !Self.isConfig(entry) {
                fresh.append(entry)
            }
            // Kept too: what the last load read of files it did not read
            // again (a rebuild of edits), as untrusted as they were.
            for (path, entry) in unverified where !entry.inBase && entries[path] == nil { fresh.append(entry) }
            if fresh.count <= base.entryCount / Self.deltaFraction {
                try Self.save(encodedChunks(fresh, deltaOf: base.id, voided: voided.sorted()), to: delta)
                return
            }
        }
        try Self.save(encodedChunks(storedEntries, deltaOf: 0, voided: []), to: url.path)
        // A delta of the previous base names that base: left, it would not
        // be read, but it is no use either.
        unlink(delta)
        Self.removeTemporaries(of: URL(fileURLWithPath: delta))
    }

    /// `chunks` written to a temporary file beside `path` and renamed over it.
    private static func save(_ chunks: [[UInt8]], to path: String) throws {
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var failure: Int32 = 0
        for chunk in chunks where failure == 0 {
            chunk.withUnsafeBytes { buffer in
                var written = 0
                while written < buffer.count {
                    let count = systemWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else {
                        failure = count < 0 ? errno : EIO
                        return
                    }
                    written += count
                }
            }
        }
        close(descriptor)
        if failure == 0, rename(temporary, path) != 0 { failure = errno }
        guard failure == 0 else {
            unlink(temporary)
            throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO)
        }
        removeTemporaries(of: URL(fileURLWithPath: path))
    }

    /// Removes the temporary files of `url` that killed writers left (a
    /// build holds its lock while it writes; two checks of one folder at
    /// once at worst remove each other's, and that one is not saved).
    private static func removeTemporaries(of url: URL) {
        let folder = url.deletingLastPathComponent().path
        let prefix = url.lastPathComponent + ".tmp-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(prefix) {
            let pid = name.dropFirst(prefix.count)
            guard !pid.isEmpty, pid.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { continue }
            unlink(folder + "/" + name)
        }
    }

    /// What, besides a file's bytes, decides what reading it gives: the
    /// larder binary (its version, and its path, size, times and inode, so
    /// that every new build of larder starts afresh). The category lookup
    /// and the data folder are kept in the header and compared on use.
    static let fingerprint: String = {
        var text = "\(LarderVersion.current)\n"
        #if os(Linux)
        let link = "/proc/self/exe"
        #else
        let link = CommandLine.arguments.first ?? ""
        #endif
        if let resolved = realpath(link, nil) {
            let path = String(cString: resolved)
            free(resolved)
            text += path + "\n"
            if let stamp = FileStamp(path: path) {
                text += "\(stamp.size) \(stamp.seconds).\(stamp.nanoseconds) \(stamp.changeSeconds).\(stamp.changeNanoseconds) \(stamp.inode) \(stamp.device)"
            }
        }
        return text
    }()

    /// The whole cache as one base file (for tests; `write(to:)` writes the
    /// chunks).
    func encoded() -> [UInt8] {
        Array(encodedChunks(storedEntries, deltaOf: 0, voided: []).joined())
    }

    /// The entries a file holds: all but larder.json's.
    private var storedEntries: [Entry] {
        entries.values.filter { !Self.isConfig($0) } + unverified.filter { entries[$0.key] == nil }.map(\.value)
    }

    private static func isConfig(_ entry: Entry) -> Bool {
        if case .config = entry.document.content { return true }
        return false
    }

    /// A file of `stored` entries: the preamble (magic, format version,
    /// fingerprint, the header's length and checksum), the header (the data
    /// folder, the category lookup, when the stamps were taken, each part's
    /// length and checksum, then for a delta the id of its base, 0 for a
    /// base, and the base's paths it voids), then the entries in `parts`
    /// parts, encoded and later decoded and checked in parallel.
    func encodedChunks(_ stored: [Entry], deltaOf base: UInt64, voided: [String]) -> [[UInt8]] {
        let partSize = (stored.count + Self.parts - 1) / Self.parts
        let parts = (0..<Self.parts).map { index in
            Swift.min(index * partSize, stored.count)..<Swift.min((index + 1) * partSize, stored.count)
        }
        // Each entry read in place, by index: a part copied out, or a
        // for-in loop, copies every entry and its document.
        let encodedParts = parts.concurrentMap { part -> (bytes: [UInt8], checksum: UInt64) in
            // Room for the part as it will be: an entry read from a cache
            // file is written back as it was, and one read anew takes 1.2
            // to 1.5 times its file's size (the bench's recipes, the
            // conformance recipe pages), more with its bytes kept for its
            // problems. A part that outgrew its array was copied into one
            // twice its size, all fresh pages (parts of 15 MB at 50,000
            // recipes).
            let capacity = part.reduce(16) { total, index in
                total + (stored[index].encoded?.range.count ?? 3 * Int(stored[index].stamp.size) + 512)
            }
            var writer = CacheWriter(capacity: capacity)
            writer.unsigned(UInt64(part.count))
            for index in part {
                if let encoded = stored[index].encoded {
                    encoded.withUnsafeBufferPointer { writer.bytes.append(contentsOf: $0) }
                } else {
                    writer.entry(stored[index].stamp, stampedAt: stored[index].stampedAt, stored[index].document)
                }
            }
            return (writer.bytes, writer.bytes.withUnsafeBufferPointer(CacheChecksum.of))
        }
        var header = CacheWriter(capacity: 4096)
        header.string(folder)
        header.unsigned(UInt64(markdownLookup.count))
        for (key, value) in markdownLookup.sorted(by: { $0.key < $1.key }) {
            header.string(key)
            header.string(value)
        }
        header.int(stampedAt)
        header.unsigned(UInt64(encodedParts.count))
        for part in encodedParts {
            header.unsigned(UInt64(part.bytes.count))
            header.fixed(part.checksum)
        }
        header.fixed(base)
        header.strings(voided)
        var preamble = CacheWriter(capacity: 256)
        preamble.bytes += Self.magic
        preamble.unsigned(Self.formatVersion)
        preamble.string(Self.fingerprint)
        preamble.fixed(UInt64(header.bytes.count))
        preamble.fixed(header.bytes.withUnsafeBufferPointer(CacheChecksum.of))
        return [preamble.bytes, header.bytes] + encodedParts.map(\.bytes)
    }

    /// One file, a base or a delta (`Decoded.deltaOf`). `keepRecent`: also
    /// the entries of files changed too close before their stamps were
    /// taken (for tests).
    static func decode(_ bytes: [UInt8], keepRecent: Bool = false) throws(CacheCorrupt) -> DocumentCache {
        try decodeFile(FileBytes(copying: bytes), keepRecent: keepRecent).cache
    }

    /// A delta file read: its entries, the base's paths it voids and the
    /// base it was made on.
    private struct Delta {
        var entries: EntryTable
        var unverified: [String: Entry]
        var voided: [String]
        var deltaOf: UInt64
        var folder: String
        var markdownLookup: [String: String]
        var stampedAt: Int
        var changed: Bool
    }

    private static func decodeDelta(_ bytes: FileBytes) throws(CacheCorrupt) -> Delta {
        let file = try decodeFile(bytes, keepRecent: false)
        return Delta(
            entries: file.cache.entries, unverified: file.cache.unverified, voided: file.voided, deltaOf: file.deltaOf, folder: file.cache.folder,
            markdownLookup: file.cache.markdownLookup, stampedAt: file.cache.stampedAt, changed: file.cache.changed
        )
    }

    /// What a cache file's preamble and header say: where each part of
    /// entries lies and its checksum, the cache's own fields, the file's
    /// checksum (a base's id), and for a delta its base and the paths voided.
    private struct FileHeader {
        var parts: [(range: Range<Int>, checksum: UInt64)]
        var cache: DocumentCache
        var checksum: UInt64
        var deltaOf: UInt64
        var voided: [String]
    }

    /// The preamble and header of the file in `buffer`, checked against
    /// its length and checksum.
    private static func header(of buffer: UnsafeBufferPointer<UInt8>) throws(CacheCorrupt) -> FileHeader {
        guard buffer.starts(with: magic) else { throw CacheCorrupt() }
        var reader = CacheReader(buffer, from: magic.count)
        guard try reader.unsigned() == formatVersion, try reader.string() == fingerprint else { throw CacheCorrupt() }
        let length = try reader.fixed()
        let checksum = try reader.fixed()
        guard length <= UInt64(buffer.count - reader.position) else { throw CacheCorrupt() }
        let end = reader.position + Int(length)
        guard CacheChecksum.of(UnsafeBufferPointer(rebasing: buffer[reader.position..<end])) == checksum else {
            throw CacheCorrupt()
        }
        reader = CacheReader(buffer, from: reader.position, to: end)
        var cache = DocumentCache()
        cache.folder = try reader.string()
        let lookupCount = try reader.count()
        for _ in 0..<lookupCount {
            let key = try reader.string()
            cache.markdownLookup[key] = try reader.string()
        }
        cache.stampedAt = try reader.int()
        let partCount = try reader.count()
        var parts: [(range: Range<Int>, checksum: UInt64)] = []
        var offset = end
        for _ in 0..<partCount {
            let written = try reader.unsigned()
            let checksum = try reader.fixed()
            guard written <= UInt64(buffer.count - offset) else { throw CacheCorrupt() }
            let length = Int(written)
            parts.append((offset..<offset + length, checksum))
            offset += length
        }
        let deltaOf = try reader.fixed()
        let voided = try reader.strings()
        guard reader.isAtEnd, offset == buffer.count else { throw CacheCorrupt() }
        return FileHeader(parts: parts, cache: cache, checksum: checksum, deltaOf: deltaOf, voided: voided)
    }

    /// A file as a cache: a base's entries are marked `inBase` and the cache
    /// names the base (`base`); a delta's are not, and the cache names none.
    /// The entries keep slices of `bytes` (`Entry.encoded`, stored recipes).
    private static func decodeFile(
        _ bytes: FileBytes, keepRecent: Bool
    ) throws(CacheCorrupt) -> (cache: DocumentCache, deltaOf: UInt64, voided: [String]) {
        let header = try Self.header(of: bytes.buffer)
        var cache = header.cache
        let isBase = header.deltaOf == 0
        let decoded = header.parts.concurrentMap { range, checksum -> [Entry]? in
            let buffer = bytes.buffer
            guard CacheChecksum.of(UnsafeBufferPointer(rebasing: buffer[range])) == checksum else { return nil }
            var reader = CacheReader(buffer, from: range.lowerBound, to: range.upperBound)
            do throws(CacheCorrupt) {
                let count = try reader.count()
                var entries: [Entry] = []
                entries.reserveCapacity(count)
                for _ in 0..<count {
                    let start = reader.position
                    let (stamp, stampedAt, document) = try reader.entry(source: bytes)
                    entries.append(Entry(
                        stamp: stamp, stampedAt: stampedAt, document: document, encoded: bytes.slice(start..<reader.position),
                        inBase: isBase
                    ))
                }
                guard reader.isAtEnd else { return nil }
                return entries
            } catch {
                return nil
            }
        }
        guard !decoded.contains(where: { $0 == nil }) else { throw CacheCorrupt() }
        let total = decoded.reduce(0) { $0 + $1!.count }
        var dropped = false
        let fileStampedAt = cache.stampedAt
        func trustedBefore(_ stampedAt: Int) -> Int { (stampedAt != 0 ? stampedAt : fileStampedAt) - timestampGranularity }
        cache.entries = EntryTable(parts: decoded.map { $0! }) { stamp, stampedAt in
            guard keepRecent || !stamp.isRecent(since: trustedBefore(stampedAt)) else {
                dropped = true
                return false
            }
            return true
        }
        cache.changed = dropped
        if dropped {
            for entries in decoded {
                for index in entries!.indices
                where entries![index].stamp.isRecent(since: trustedBefore(entries![index].stampedAt)) {
                    var entry = entries![index]
                    if entry.stampedAt == 0 {
                        // Judged by this file's time wherever it goes next:
                        // encoded again with it.
                        entry.stampedAt = fileStampedAt
                        entry.encoded = nil
                    }
                    cache.unverified[entry.document.file.path] = entry
                }
            }
        }
        if isBase { cache.base = Base(id: header.checksum, entryCount: total) }
        return (cache, header.deltaOf, header.voided)
    }
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}


