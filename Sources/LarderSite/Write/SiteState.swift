import Foundation
import Larder

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
struct SiteState: Sendable {
    struct Entry: Sendable, Hashable {
        var size: Int64
        /// Of the bytes; of the source's path and stamp for a copied image.
        var hash: ContentHash
    }

    /// The inputs (`BuildInputs` snapshot and copied images) the site was
    /// built from; nil when the build could not vouch for them.
    var inputs: ContentHash?
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
    /// The page jobs of the build (`JobRecords`, encoded); empty when it
    /// recorded none.
    var jobs: [UInt8] = []

    private static let magic = Array("larder-state 2\n".utf8)

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
    // (all but the files and jobs, with the body's length and hash) and its
    // checksum; then the body (files and jobs). The check that nothing
    // changed reads the summary alone, a few hundred bytes, however large
    // the site; setting the output's stamp and the end time after the swap
    // seals the summary again, not the body.

    /// The state in `path`, or nil when there is none or it is not whole.
    static func read(_ path: String) -> SiteState? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return decode(data)
    }

    /// A state read before the build took the output's lock (`SiteWriter.readAhead`),
    /// with its job records, and the stamp of the file it was read from:
    /// the writer takes it once it holds the lock only if the file there
    /// still has that stamp. A state is only ever replaced whole, by a
    /// rename (or removed), never changed in place, so another build's
    /// state in between has another inode or change time.
    struct ReadAhead: Sendable {
        var file: FileStamp
        var state: SiteState
        var jobs: JobRecords?
    }

    /// The state in `path` with the stamp of the file it was read from.
    static func readAhead(_ path: String) -> ReadAhead? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
              let bytes = readBytes(descriptor, at: 0, count: Int(info.st_size)), bytes.count == Int(info.st_size),
              let state = decode(bytes)
        else { return nil }
        return ReadAhead(file: FileStamp(info), state: state, jobs: JobRecords(state.jobs))
    }

    /// The state in a file's bytes, or nil when they are not a whole one.
    private static func decode(_ data: some ContiguousBytes) -> SiteState? {
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> SiteState? in
            guard let summary = summary(in: buffer, fileSize: buffer.count), summary.body.upperBound == buffer.count
            else { return nil }
            let bytes = UnsafeRawBufferPointer(rebasing: buffer[summary.body])
            guard ContentHash(buffer: bytes) == summary.bodyHash else { return nil }
            var reader = SealedFile.Reader(buffer: bytes)
            guard let whole = decodeBody(&reader, into: summary.state), reader.isAtEnd else { return nil }
            return whole
        }
    }

    /// The state without its files and jobs (empty), from the summary
    /// alone: for the check that nothing changed, which needs neither. The
    /// file must still be of the length the summary gives.
    static func readSummary(_ path: String) -> SiteState? {
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
            return summary.state
        }
    }

    /// The summary at the start of `buffer` (checked), and where the body
    /// is in a file of `fileSize` bytes.
    private static func summary(
        in buffer: UnsafeRawBufferPointer, fileSize: Int
    ) -> (state: SiteState, bodyHash: ContentHash, body: Range<Int>)? {
        var reader = SealedFile.Reader(buffer: buffer)
        guard reader.bytes(magic.count).map(Array.init) == magic, let length = reader.count() else { return nil }
        let end = reader.offset + length
        guard end + 16 <= buffer.count else { return nil }
        var tail = SealedFile.Reader(buffer: UnsafeRawBufferPointer(rebasing: buffer[end..<(end + 16)]))
        guard let checksum = tail.hash(),
              ContentHash(buffer: UnsafeRawBufferPointer(rebasing: buffer[..<end])) == checksum
        else { return nil }
        var summary = SealedFile.Reader(buffer: UnsafeRawBufferPointer(rebasing: buffer[reader.offset..<end]))
        guard let (state, body) = decodeSummary(&summary), summary.isAtEnd, body.length <= fileSize - (end + 16)
        else { return nil }
        return (state, body.hash, (end + 16)..<(end + 16 + body.length))
    }

    private static func decodeSummary(_ reader: inout SealedFile.Reader) -> (state: SiteState, body: (length: Int, hash: ContentHash))? {
        guard let hasInputs = reader.u64(), let inputs = reader.hash(), let imageCount = reader.count() else { return nil }
        var images: [String] = []
        for _ in 0..<imageCount {
            guard let image = reader.string() else { return nil }
            images.append(image)
        }
        guard let warnings = reader.string(), let coloured = reader.string(), let output = reader.hash(),
              let seconds = reader.u64(), let nanoseconds = reader.u64(),
              let bodyLength = reader.u64(), bodyLength <= UInt64(Int.max), let bodyHash = reader.hash()
        else { return nil }
        let state = SiteState(
            inputs: hasInputs == 1 ? inputs : nil,
            images: images, warnings: warnings, colouredWarnings: coloured, output: output,
            finished: Timestamp(seconds: Int64(bitPattern: seconds), nanoseconds: Int64(bitPattern: nanoseconds)),
            files: [:]
        )
        return (state, (Int(bodyLength), bodyHash))
    }

    private static func decodeBody(_ reader: inout SealedFile.Reader, into summary: SiteState) -> SiteState? {
        var state = summary
        guard let fileCount = reader.count() else { return nil }
        state.files.reserveCapacity(fileCount)
        for _ in 0..<fileCount {
            guard let path = reader.string(), let size = reader.u64(), let hash = reader.hash() else { return nil }
            state.files[path] = Entry(size: Int64(bitPattern: size), hash: hash)
        }
        guard let jobCount = reader.count(), let jobs = reader.bytes(jobCount) else { return nil }
        state.jobs = Array(jobs)
        return state
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

    /// The file's bytes.
    func encoded() -> [UInt8] { encodedStampable().bytes }

    /// The file's bytes, and where in them `output` and `finished` are, so
    /// that they can be set again without encoding every entry again
    /// (`restamp`).
    func encodedStampable() -> (bytes: [UInt8], stampOffset: Int) {
        var body = SealedFile.Writer(magic: [])
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
        var summary = SealedFile.Writer(magic: [])
        summary.add(inputs == nil ? 0 : 1)
        summary.add(inputs ?? ContentHash(high: 0, low: 0))
        summary.add(UInt64(images.count))
        for image in images { summary.add(image) }
        summary.add(warnings)
        summary.add(colouredWarnings)
        let offset = Self.magic.count + 8 + summary.count
        summary.add(output)
        summary.add(UInt64(bitPattern: finished.seconds))
        summary.add(UInt64(bitPattern: finished.nanoseconds))
        summary.add(UInt64(body.count))
        summary.add(ContentHash(body.bytes))
        var out = SealedFile.Writer(magic: Self.magic)
        out.add(UInt64(summary.count))
        out.add(bytes: summary.bytes)
        var bytes = out.sealed()
        bytes += body.bytes
        return (bytes, offset)
    }

    /// Sets `output` and `finished` in bytes from `encodedStampable`, and
    /// seals the summary again.
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

    /// Writes the state beside the output, whole or not at all. A state that
    /// cannot be written costs the next build its shortcuts, nothing more:
    /// the old one is removed (it no longer describes the output) and the
    /// build still succeeds.
    static func save(_ bytes: [UInt8], at location: OutputLocation, fileSystem: SiteFileSystem) {
        unlink(location.newState)
        do throws(SiteWriteError) {
            _ = try fileSystem.writeFile(location.newState, bytes)
            try fileSystem.rename(location.newState, location.state)
        } catch {
            unlink(location.newState)
            unlink(location.state)
        }
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

        mutating func string() -> String? {
            guard let length = count(), let raw = bytes(length) else { return nil }
            return String(validating: raw.bindMemory(to: UInt8.self), as: UTF8.self)
        }
    }
}
