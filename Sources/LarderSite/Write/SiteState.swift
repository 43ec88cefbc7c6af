import Foundation
import Larder
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a build leaves beside the output for the next one
/// (`._site.larder-state`): the size and content hash of every file of the
/// site, so that unchanged files can be linked instead of written; and, for
/// `larder build`, the stamps of what it read, the warnings it printed and
/// its page jobs (`JobRecords`), so that a rebuild with nothing changed can
/// stop at once and one with little changed renders little.
///
/// Beside the output, never inside: the site is published, and the file
/// names every page, unlisted ones included. A binary file in two sealed
/// parts (see "Reading and writing"); anything that does not read back
/// whole is ignored (a full build follows).
///
/// A rebuild that changed few files and jobs of a large site does not
/// write it all again: it writes a delta beside it (`._site.larder-state.delta`,
/// the same two parts), which names the base file it applies to by the
/// base's id and holds every file and job that differs from the base, with
/// the whole summary. Past an eighth of the base's entries, the next
/// rebuild writes a new base (with a new id) and removes the delta.
struct SiteState: Sendable {
    struct Entry: Sendable, Hashable {
        var size: Int64
        /// Of the bytes; of the source's path and stamp for a copied image.
        var hash: ContentHash
    }

    /// What a rebuild that takes edited recipes as edits
    /// (`KitchenLoader.recipeEdits`) needs of every recipe, kept so that
    /// it reads none of them: every category and tag (as `TaxonSlugs`
    /// keys, sorted), and the ids of the recipes that other recipes name
    /// as ingredients or lists shop for (sorted); and the files the
    /// build's diagnostics point into (sorted). Edits change none of it.
    struct RecipeNames: Sendable, Hashable {
        var categories: [String]
        var tags: [String]
        var named: [String]
        var reported: [String] = []
    }

    /// The inputs (`BuildInputs` snapshot and copied images) the site was
    /// built from; nil when the build could not vouch for them.
    var inputs: ContentHash?
    /// The same of every input but the recipes in Larder's own formats
    /// (`InputSnapshot.otherDigest`), with the copied images: when it is
    /// the same now, a rebuild may take the changed recipes as edits.
    var otherInputs: ContentHash? = nil
    /// The parse cache beside the output (`ParseCacheStamp`) as this build
    /// left it, true to what it read; nil when it is not known to be.
    var parseCache: ContentHash? = nil
    /// What a rebuild that takes edits reads of every recipe
    /// (`RecipeNames`); nil when the build did not say.
    var recipeNames: RecipeNames? = nil
    /// The images copied, by absolute source path: their stamps are part of
    /// `inputs`.
    var images: [String]
    /// The warnings the build printed, without and with colour.
    var warnings: String
    var colouredWarnings: String
    /// The output folder and its marker as the build left them.
    var output: ContentHash
    /// When the build had finished changing the disk, by the clock file
    /// times come from: a file of the site changed afterwards (by hand, or by
    /// a build that failed after linking it) has a change time at or after it.
    var finished: Timestamp
    var files: [String: Entry]
    /// The page jobs of the build (`JobRecords`, encoded), for a base file
    /// to hold; empty when it recorded none. A state read from disk has
    /// none here: they are decoded straight from the file it was read
    /// from into `ReadAhead.jobs` (with the delta's changes).
    var jobs: [UInt8] = []
    /// For a state read from disk: the base file it was read from.
    var base: Base? = nil
    /// For a state read from a base and a delta: what the delta changed.
    var sinceBase = Changes()

    struct Base: Sendable, Hashable {
        var id: UInt64
        /// Its files and job records.
        var entryCount: Int
    }

    /// Files and job records set (to a value) or removed (nil), by path and
    /// by job key.
    struct Changes: Sendable {
        var files: [String: Entry?] = [:]
        var jobs: [String: JobRecords.Record?] = [:]

        var count: Int { files.count + jobs.count }

        /// `later`'s changes over these.
        mutating func add(_ later: Changes) {
            files.merge(later.files) { _, new in new }
            jobs.merge(later.jobs) { _, new in new }
        }
    }

    private static let magic = Array("larder-state 4\n".utf8)
    private static let baseKind: UInt64 = 0, deltaKind: UInt64 = 1
    /// A delta is written only beside a base of at least this many entries
    /// (files and jobs: a site of some 1,000 pages); a smaller state is
    /// written whole, a few hundred kilobytes at most.
    static let deltaMinimum = 2_000
    /// A delta holds at most this fraction of its base's entries.
    static let deltaFraction = 8

    /// The delta beside the state file at `path`.
    static func deltaPath(of path: String) -> String { path + ".delta" }

    /// The digest of the output folder and marker now.
    static func outputStamp(of location: OutputLocation) -> ContentHash {
        var builder = ContentHash.Builder()
        Stamp(path: location.path).add(to: &builder)
        Stamp(path: location.path + "/" + OutputLocation.markerName).add(to: &builder)
        return builder.hash
    }

    // MARK: Reading and writing
    //
    // Two sealed parts: the magic line, the summary's length, the summary
    // (whether the file is a base or a delta, the base's id, then all but
    // the files and jobs, with the body's length and hash) and its
    // checksum; then the body (a base's files and jobs; a delta's changed
    // files and jobs). The check that nothing changed reads the summaries
    // alone, a few hundred bytes, however large the site; setting the
    // output's stamp and the end time after the swap seals the summary
    // again, not the body.

    /// The state in `path` (with the delta beside it, when it applies), or
    /// nil when there is none or it is not whole.
    static func read(_ path: String) -> SiteState? {
        readAhead(path)?.state
    }

    /// A state read before the build took the output's lock (`SiteWriter.readAhead`),
    /// with its job records, and the stamps of the files it was read from:
    /// the writer takes it once it holds the lock only if the files there
    /// still have those stamps (nil: no delta). A state file is only ever
    /// replaced whole, by a rename (or removed), never changed in place, so
    /// another build's state in between has another inode or change time.
    struct ReadAhead: Sendable {
        var file: FileStamp
        var delta: FileStamp?
        var state: SiteState
        var jobs: PreviousJobs?
    }

    /// The state in `path`, and the delta beside it when it is whole and
    /// made on that base, with the stamps of the files read.
    static func readAhead(_ path: String) -> ReadAhead? {
        guard let mapped = Mapped(path) else { return nil }
        var state = mapped.state
        state.files = mapped.files()
        return ReadAhead(file: mapped.stamp, delta: mapped.deltaStamp, state: state, jobs: PreviousJobs(mapped.jobs()))
    }

    /// A state file mapped and checked, with the delta beside it when it is
    /// whole and made on that base: what `readAhead` decodes, in parts, so
    /// that the read-ahead can check the output's files from the mapping
    /// (`filesIntact`) while it decodes the table of them.
    struct Mapped: Sendable {
        let file: FileBytes
        let stamp: FileStamp
        let deltaStamp: FileStamp?
        /// The summary's values (the delta's, when it applies), with the
        /// base and the delta's changes (`sinceBase`); no files, no jobs.
        let state: SiteState
        /// Where each of the base's file entries starts in the file.
        private let starts: [Int]
        /// Where the job records are (nil: none).
        private let jobBytes: Range<Int>?

        init?(_ path: String) {
            guard let file = FileBytes(contentsOf: path), let stamp = file.stamp, let part = decode(file.buffer),
                  part.kind == baseKind, case .files(let starts, let jobBytes) = part.body
            else { return nil }
            var state = part.state
            let jobCount = jobBytes.flatMap { JobRecords.count(in: file.bytes($0)) } ?? 0
            state.base = Base(id: part.id, entryCount: starts.count + jobCount)
            let delta = FileBytes(contentsOf: deltaPath(of: path))
            if let delta, let changed = decode(delta.buffer), changed.kind == deltaKind, changed.id == part.id,
               case .changes(let changes) = changed.body {
                let base = state.base
                state = changed.state
                (state.base, state.sinceBase) = (base, changes)
            }
            (self.file, self.stamp, self.deltaStamp, self.state) = (file, stamp, delta?.stamp, state)
            (self.starts, self.jobBytes) = (starts, jobBytes)
        }

        /// Every file's entry, by path: the base's with the delta's changes.
        func files() -> [String: Entry] {
            var files: [String: Entry] = [:]
            files.reserveCapacity(starts.count)
            forEachBaseFile(starts.indices) { path, entry in
                files[String(decoding: path.bindMemory(to: UInt8.self), as: UTF8.self)] = entry
            }
            for (path, entry) in state.sinceBase.files { files[path] = entry }
            return files
        }

        /// Whether the state has job records (the delta's included).
        var hasJobs: Bool { jobBytes != nil || !state.sinceBase.jobs.isEmpty }

        /// The record of the job `key`, the delta's change over the base's,
        /// found in place (`JobRecords.record(_:in:)`): for a rebuild that
        /// needs a few of them.
        func jobRecord(_ key: String) -> JobRecords.Record? {
            if let change = state.sinceBase.jobs[key] { return change }
            return jobBytes.flatMap { JobRecords.record(key, in: file.bytes($0)) }
        }

        /// The job records (with the delta's), decoded in place.
        func jobs() -> JobRecords? {
            guard let jobBytes, var jobs = JobRecords(file.bytes(jobBytes)) else { return nil }
            for (key, record) in state.sinceBase.jobs { jobs.records[key] = record }
            return jobs
        }

        /// How many files the base has.
        var baseFileCount: Int { starts.count }

        /// Calls `body` with the base's files at the positions `range` (in
        /// the order stored), each as its path's UTF-8 bytes, in place, and
        /// its entry; the delta's changes not applied.
        func forEachBaseFile(_ range: Range<Int>, _ body: (UnsafeRawBufferPointer, Entry) -> Void) {
            let bytes = UnsafeRawBufferPointer(file.buffer)
            for index in range {
                // Checked whole when the file was mapped (`decodeFiles`).
                var reader = SealedFile.Reader(buffer: UnsafeRawBufferPointer(rebasing: bytes[starts[index]...]))
                let length = reader.count()!, path = reader.bytes(length)!
                body(path, Entry(size: Int64(bitPattern: reader.u64()!), hash: reader.hash()!))
            }
        }
    }

    /// One file's parts.
    private struct Part {
        var kind: UInt64
        var id: UInt64
        /// The summary's values (no files, no jobs).
        var state: SiteState
        var body: Body
    }

    private enum Body {
        /// Where each file entry starts in the file, and where the job
        /// records are (nil: none).
        case files(starts: [Int], jobs: Range<Int>?)
        case changes(Changes)
    }

    /// A state file's bytes, or nil when they are not a whole one.
    private static func decode(_ data: UnsafeBufferPointer<UInt8>) -> Part? {
        let buffer = UnsafeRawBufferPointer(data)
        guard let summary = summary(in: buffer, fileSize: buffer.count), summary.body.upperBound == buffer.count
        else { return nil }
        let bytes = UnsafeRawBufferPointer(rebasing: buffer[summary.body])
        guard ContentHash(buffer: bytes) == summary.bodyHash else { return nil }
        var reader = SealedFile.Reader(buffer: bytes)
        let body = summary.kind == baseKind ? decodeFiles(&reader, at: summary.body.lowerBound) : decodeChanges(&reader)
        guard let body, reader.isAtEnd else { return nil }
        return Part(kind: summary.kind, id: summary.id, state: summary.state, body: body)
    }

    /// The state without its files and jobs (empty), from the summaries
    /// alone (the delta's, when there is one made on the base): for the
    /// check that nothing changed, which needs neither. Each file must
    /// still be of the length its summary gives.
    static func readSummary(_ path: String) -> SiteState? {
        guard let base = readSummaryPart(path), base.kind == baseKind else { return nil }
        if let delta = readSummaryPart(deltaPath(of: path)), delta.kind == deltaKind, delta.id == base.id {
            return delta.state
        }
        return base.state
    }

    private static func readSummaryPart(_ path: String) -> (kind: UInt64, id: UInt64, state: SiteState)? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let fileSize = Int(info.st_size)
        let lead = magic.count + 8
        guard let head = readBytes(descriptor, at: 0, count: lead), head.count == lead else { return nil }
        let length = head.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: magic.count, as: UInt64.self)) }
        guard length <= UInt64(fileSize), let rest = readBytes(descriptor, at: lead, count: Int(length) + 16) else { return nil }
        return (head + rest).withUnsafeBytes { buffer in
            guard let summary = summary(in: buffer, fileSize: fileSize), summary.body.upperBound == fileSize else { return nil }
            return (summary.kind, summary.id, summary.state)
        }
    }

    /// Where the output's stamp is in the bytes of a whole state file (base
    /// or delta), for `restamp`; nil when they are not one.
    static func stampOffset(in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBytes { buffer in
            summary(in: buffer, fileSize: buffer.count).map { magic.count + 8 + $0.stampOffset }
        }
    }

    /// The summary at the start of `buffer` (checked), and where the body
    /// is in a file of `fileSize` bytes.
    private static func summary(
        in buffer: UnsafeRawBufferPointer, fileSize: Int
    ) -> (kind: UInt64, id: UInt64, state: SiteState, stampOffset: Int, bodyHash: ContentHash, body: Range<Int>)? {
        var reader = SealedFile.Reader(buffer: buffer)
        guard reader.bytes(magic.count).map(Array.init) == magic, let length = reader.count() else { return nil }
        let end = reader.offset + length
        guard end + 16 <= buffer.count else { return nil }
        var tail = SealedFile.Reader(buffer: UnsafeRawBufferPointer(rebasing: buffer[end..<(end + 16)]))
        guard let checksum = tail.hash(),
              ContentHash(buffer: UnsafeRawBufferPointer(rebasing: buffer[..<end])) == checksum
        else { return nil }
        var summary = SealedFile.Reader(buffer: UnsafeRawBufferPointer(rebasing: buffer[reader.offset..<end]))
        guard let kind = summary.u64(), kind == baseKind || kind == deltaKind, let id = summary.u64(),
              let (state, stampOffset, body) = decodeSummary(&summary), summary.isAtEnd,
              body.length <= fileSize - (end + 16)
        else { return nil }
        return (kind, id, state, stampOffset, body.hash, (end + 16)..<(end + 16 + body.length))
    }

    private static func decodeSummary(
        _ reader: inout SealedFile.Reader
    ) -> (state: SiteState, stampOffset: Int, body: (length: Int, hash: ContentHash))? {
        guard let hasInputs = reader.u64(), let inputs = reader.hash(), let hasOther = reader.u64(), let other = reader.hash(),
              let hasParseCache = reader.u64(), let parseCache = reader.hash(), let hasNames = reader.u64(),
              let categories = reader.strings(), let tags = reader.strings(), let named = reader.strings(),
              let reported = reader.strings(),
              let imageCount = reader.count()
        else { return nil }
        var images: [String] = []
        for _ in 0..<imageCount {
            guard let image = reader.string() else { return nil }
            images.append(image)
        }
        guard let warnings = reader.string(), let coloured = reader.string() else { return nil }
        let stampOffset = reader.offset
        guard let output = reader.hash(), let seconds = reader.u64(), let nanoseconds = reader.u64(),
              let bodyLength = reader.u64(), bodyLength <= UInt64(Int.max), let bodyHash = reader.hash()
        else { return nil }
        let state = SiteState(
            inputs: hasInputs == 1 ? inputs : nil, otherInputs: hasOther == 1 ? other : nil,
            parseCache: hasParseCache == 1 ? parseCache : nil,
            recipeNames: hasNames == 1
                ? RecipeNames(categories: categories, tags: tags, named: named, reported: reported) : nil, images: images, warnings: warnings, colouredWarnings: coloured, output: output,
            finished: Timestamp(seconds: Int64(bitPattern: seconds), nanoseconds: Int64(bitPattern: nanoseconds)),
            files: [:]
        )
        return (state, stampOffset, (Int(bodyLength), bodyHash))
    }

    /// Where the files and the job records are (the body starts at
    /// `offset` in the file), each entry checked to be whole; nothing
    /// decoded (`Mapped`).
    private static func decodeFiles(_ reader: inout SealedFile.Reader, at offset: Int) -> Body? {
        guard let fileCount = reader.count() else { return nil }
        var starts: [Int] = []
        starts.reserveCapacity(fileCount)
        for _ in 0..<fileCount {
            starts.append(offset + reader.offset)
            guard let length = reader.count(), reader.bytes(length) != nil, reader.u64() != nil, reader.hash() != nil
            else { return nil }
        }
        guard let jobCount = reader.count() else { return nil }
        let start = offset + reader.offset
        guard reader.bytes(jobCount) != nil else { return nil }
        // No job records (a state written without them) reads as nil.
        return .files(starts: starts, jobs: jobCount == 0 ? nil : start..<(start + jobCount))
    }

    private static func decodeChanges(_ reader: inout SealedFile.Reader) -> Body? {
        var changes = Changes()
        guard let fileCount = reader.count() else { return nil }
        for _ in 0..<fileCount {
            guard let path = reader.string(), let set = reader.u64(), let size = reader.u64(), let hash = reader.hash()
            else { return nil }
            changes.files[path] = .some(set == 1 ? Entry(size: Int64(bitPattern: size), hash: hash) : nil)
        }
        guard let setCount = reader.count(), let setBytes = reader.bytes(setCount),
              let set = JobRecords(setBytes), let removedCount = reader.count()
        else { return nil }
        for (key, record) in set.records { changes.jobs[key] = record }
        for _ in 0..<removedCount {
            guard let key = reader.string() else { return nil }
            changes.jobs[key] = .some(nil)
        }
        return .changes(changes)
    }

    /// `count` bytes of the file open as `descriptor` from `offset`, fewer
    /// at its end; nil when it cannot be read.
    private static func readBytes(_ descriptor: Int32, at offset: Int, count: Int) -> [UInt8]? {
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, done in
            done = 0
            while done < count {
                let got = pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset + done))
                if got < 0, errno == EINTR { continue }
                if got < 0 { failed = true }
                guard got > 0 else { break }
                done += got
            }
        }
        return failed ? nil : bytes
    }

    /// The bytes of a base file (with a new id).
    func encoded() -> [UInt8] { encodedStampable().bytes }

    /// The bytes of a base file (with a new id), and where in them `output`
    /// and `finished` are, so that they can be set again without encoding
    /// every entry again (`restamp`).
    func encodedStampable() -> (bytes: [UInt8], stampOffset: Int) {
        var body = SealedFile.Writer(magic: [])
        body.reserve(16 + files.reduce(0) { $0 + 32 + $1.key.utf8.count } + jobs.count)
        body.add(UInt64(files.count))
        // In the table's order, not sorted: the file is read back into a
        // table, never compared, and sorting 23,000 paths on every rebuild
        // (50,000 recipes: 115,000) was a tenth of what saving the state
        // cost.
        for (path, entry) in files {
            body.add(path)
            body.add(UInt64(bitPattern: entry.size))
            body.add(entry.hash)
        }
        body.add(UInt64(jobs.count))
        body.add(bytes: jobs)
        return sealed(kind: Self.baseKind, id: UInt64.random(in: 1...UInt64.max), body: body.bytes)
    }

    /// The bytes of a delta of `base` holding `changes` (what differs from
    /// the base), with this state's summary, and where its stamp is.
    func encodedDelta(of base: Base, _ changes: Changes) -> (bytes: [UInt8], stampOffset: Int) {
        var body = SealedFile.Writer(magic: [])
        body.add(UInt64(changes.files.count))
        for (path, entry) in changes.files {
            body.add(path)
            body.add(entry == nil ? 0 : 1)
            body.add(UInt64(bitPattern: entry?.size ?? 0))
            body.add(entry?.hash ?? ContentHash(high: 0, low: 0))
        }
        var set = JobRecords(), removed: [String] = []
        for (key, record) in changes.jobs {
            if let record { set.records[key] = record } else { removed.append(key) }
        }
        let setBytes = set.encoded()
        body.add(UInt64(setBytes.count))
        body.add(bytes: setBytes)
        body.add(UInt64(removed.count))
        for key in removed { body.add(key) }
        return sealed(kind: Self.deltaKind, id: base.id, body: body.bytes)
    }

    private func sealed(kind: UInt64, id: UInt64, body: [UInt8]) -> (bytes: [UInt8], stampOffset: Int) {
        var summary = SealedFile.Writer(magic: [])
        summary.add(kind)
        summary.add(id)
        for hash in [inputs, otherInputs, parseCache] {
            summary.add(hash == nil ? 0 : 1)
            summary.add(hash ?? ContentHash(high: 0, low: 0))
        }
        summary.add(recipeNames == nil ? 0 : 1)
        for names in [recipeNames?.categories, recipeNames?.tags, recipeNames?.named, recipeNames?.reported] {
            summary.add(strings: names ?? [])
        }
        summary.add(UInt64(images.count))
        for image in images { summary.add(image) }
        summary.add(warnings)
        summary.add(colouredWarnings)
        let offset = Self.magic.count + 8 + summary.count
        summary.add(output)
        summary.add(UInt64(bitPattern: finished.seconds))
        summary.add(UInt64(bitPattern: finished.nanoseconds))
        summary.add(UInt64(body.count))
        summary.add(ContentHash(body))
        var out = SealedFile.Writer(magic: Self.magic)
        out.add(UInt64(summary.count))
        out.add(bytes: summary.bytes)
        var bytes = out.sealed()
        bytes.reserveCapacity(bytes.count + body.count)
        bytes += body
        return (bytes, offset)
    }

    /// Sets `output` and `finished` in bytes from `encodedStampable` or
    /// `encodedDelta`, and seals the summary again.
    static func restamp(_ bytes: inout [UInt8], at offset: Int, output: ContentHash, finished: Timestamp) {
        var values = SealedFile.Writer(magic: [])
        values.add(output)
        values.add(UInt64(bitPattern: finished.seconds))
        values.add(UInt64(bitPattern: finished.nanoseconds))
        bytes.replaceSubrange(offset..<(offset + 32), with: values.bytes)
        let length = bytes.withUnsafeBytes { Int(UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: magic.count, as: UInt64.self))) }
        let end = magic.count + 8 + length
        let checksum = bytes.withUnsafeBytes { ContentHash(buffer: UnsafeRawBufferPointer(rebasing: $0[..<end])) }
        var tail = SealedFile.Writer(magic: [])
        tail.add(checksum)
        bytes.replaceSubrange(end..<(end + 16), with: tail.bytes)
    }

    /// Writes a state file's bytes (a base or a delta) beside the output,
    /// whole or not at all; a base replaces the delta there. A state that
    /// cannot be written costs the next build its shortcuts, nothing more:
    /// the old one is removed (it no longer describes the output) and the
    /// build still succeeds.
    static func save(_ bytes: [UInt8], at location: OutputLocation, fileSystem: SiteFileSystem) {
        let isDelta = bytes.count > magic.count + 16
            && bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: magic.count + 8, as: UInt64.self)) } == deltaKind
        let (target, temporary) = isDelta ? (location.stateDelta, location.newStateDelta) : (location.state, location.newState)
        unlink(temporary)
        do throws(SiteWriteError) {
            _ = try fileSystem.writeFile(temporary, bytes)
            try fileSystem.rename(temporary, target)
            if !isDelta { unlink(location.stateDelta) }
        } catch {
            unlink(temporary)
            remove(at: location)
        }
    }

    /// Removes the state beside the output, base and delta.
    static func remove(at location: OutputLocation) {
        unlink(location.state)
        unlink(location.stateDelta)
    }
}

/// The files a build leaves beside the output for the next one: a magic
/// line, little-endian values and length-prefixed strings, and a checksum
/// of all that last, so that a file cut short or damaged does not read back
/// at all (the commit journal is one such file; the state is two such
/// parts, `SiteState`).
enum SealedFile {
    /// The values in the file at `path`, or nil when there is none, it is
    /// not whole, or `decode` refuses it or leaves some of it unread.
    static func read<T>(_ path: String, magic: [UInt8], _ decode: (inout Reader) -> T?) -> T? {
        guard let data = FileManager.default.contents(atPath: path), data.count >= magic.count + 16 else { return nil }
        return data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> T? in
            let body = UnsafeRawBufferPointer(rebasing: buffer[..<(buffer.count - 16)])
            var reader = Reader(buffer: UnsafeRawBufferPointer(rebasing: buffer[(buffer.count - 16)...]))
            guard let high = reader.u64(), let low = reader.u64(),
                  ContentHash(buffer: body) == ContentHash(high: high, low: low)
            else { return nil }
            reader = Reader(buffer: body)
            guard reader.bytes(magic.count).map(Array.init) == magic, let value = decode(&reader), reader.isAtEnd
            else { return nil }
            return value
        }
    }

    struct Writer {
        private var out: [UInt8]

        init(magic: [UInt8]) { out = magic }

        mutating func add(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { out += $0 } }

        mutating func add(_ text: String) {
            add(UInt64(text.utf8.count))
            out += text.utf8
        }

        mutating func add(bytes: [UInt8]) { out += bytes }

        mutating func add(strings: [String]) {
            add(UInt64(strings.count))
            for text in strings { add(text) }
        }

        /// Room for `count` more bytes, so that a large file is not copied
        /// each time its array grows (a state of 114,000 files, 27 MB).
        mutating func reserve(_ count: Int) { out.reserveCapacity(out.count + count) }

        var count: Int { out.count }
        var bytes: [UInt8] { out }

        /// The bytes, checksum last.
        func sealed() -> [UInt8] {
            var out = self
            let checksum = ContentHash(self.out)
            out.add(checksum.high)
            out.add(checksum.low)
            return out.out
        }
    }

    /// Reads little-endian values, nil past the end.
    struct Reader {
        let buffer: UnsafeRawBufferPointer
        var offset = 0

        init(buffer: UnsafeRawBufferPointer) { self.buffer = buffer }

        var isAtEnd: Bool { offset == buffer.count }

        mutating func bytes(_ count: Int) -> UnsafeRawBufferPointer? {
            guard count >= 0, count <= buffer.count - offset else { return nil }
            defer { offset += count }
            return UnsafeRawBufferPointer(rebasing: buffer[offset..<(offset + count)])
        }

        mutating func u64() -> UInt64? {
            bytes(8).map { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
        }

        /// A count of things that each take at least one byte, so a damaged
        /// count cannot ask for more than the file holds.
        mutating func count() -> Int? {
            guard let value = u64(), value <= UInt64(buffer.count - offset) else { return nil }
            return Int(value)
        }

        /// Decoded as the parse cache decodes its strings: the file's
        /// checksum already vouches for its bytes, which larder wrote from
        /// Strings, and the generic validating initializer cost some 350
        /// instructions a string (a state read at 10,000 recipes: 94 M).
        mutating func string() -> String? {
            guard let length = count(), let raw = bytes(length) else { return nil }
            return String(decoding: raw.bindMemory(to: UInt8.self), as: UTF8.self)
        }

        mutating func strings() -> [String]? {
            guard let count = count() else { return nil }
            var strings: [String] = []
            strings.reserveCapacity(count)
            for _ in 0..<count {
                guard let text = string() else { return nil }
                strings.append(text)
            }
            return strings
        }
    }
}

/// The previous build's job records: decoded whole when first asked for
/// (`records`), or on another thread once a build knows it will need them
/// (`decodeInBackground`); until then looked up one at a time in the mapped
/// state (`record(_:)`), which is all a rebuild of a few edited recipes'
/// pages needs (some 55,000 records at 50,000 recipes, 36 MB decoded).
final class PreviousJobs: Sendable {
    private let mapped: SiteState.Mapped?
    private let decoded: Mutex<JobRecords??>

    /// Records decoded already.
    init(_ records: JobRecords?) {
        mapped = nil
        decoded = Mutex(.some(records))
    }

    /// The records of a mapped state, decoded when asked for.
    init(mapped: SiteState.Mapped) {
        self.mapped = mapped
        decoded = Mutex(nil)
    }

    var records: JobRecords? {
        decoded.withLock { decoded in
            if decoded == nil { decoded = .some(mapped?.jobs()) }
            return decoded!
        }
    }

    /// The record of the job `key`.
    func record(_ key: String) -> JobRecords.Record? {
        if let records = decoded.withLock({ $0 }) { return records?.records[key] }
        return mapped?.jobRecord(key)
    }

    /// Whether there are any records.
    var isEmpty: Bool {
        if let records = decoded.withLock({ $0 }) { return records?.records.isEmpty ?? true }
        return !(mapped?.hasJobs ?? false)
    }

    func decodeInBackground() {
        DispatchQueue.global().async { _ = self.records }
    }
}

private extension FileBytes {
    /// The bytes at `range` of the file, in place: valid while it lives.
    func bytes(_ range: Range<Int>) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[range])
    }
}
