import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a build leaves beside the output for the next one
/// (`._site.larder-state`): the size and content hash of every file of the
/// site, so that unchanged files can be linked instead of written; and, for
/// `larder build`, the stamps of what it read and the warnings it printed,
/// so that a rebuild with nothing changed can stop at once.
///
/// Beside the output, never inside: the site is published, and the file
/// names every page, unlisted ones included. A binary file with a checksum;
/// anything that does not read back whole is ignored (a full build follows).
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

    private static let magic = Array("larder-state 1\n".utf8)

    /// The digest of the output folder and marker now.
    static func outputStamp(of location: OutputLocation) -> ContentHash {
        var builder = ContentHash.Builder()
        Stamp(path: location.path).add(to: &builder)
        Stamp(path: location.path + "/" + OutputLocation.markerName).add(to: &builder)
        return builder.hash
    }

    // MARK: Reading and writing

    /// The state in `path`, or nil when there is none or it is not whole.
    static func read(_ path: String) -> SiteState? {
        SealedFile.read(path, magic: magic) { decode(&$0, whole: true) }
    }

    /// The state without its files and jobs (empty), checked whole all the
    /// same: for the check that nothing changed, which needs neither, and
    /// would otherwise make 23,000 strings at 10,000 recipes.
    static func readSummary(_ path: String) -> SiteState? {
        SealedFile.read(path, magic: magic) { decode(&$0, whole: false) }
    }

    private static func decode(_ reader: inout SealedFile.Reader, whole: Bool) -> SiteState? {
        guard let hasInputs = reader.u64(), let inputHigh = reader.u64(), let inputLow = reader.u64(),
              let imageCount = reader.count()
        else { return nil }
        var images: [String] = []
        for _ in 0..<imageCount {
            guard let image = reader.string() else { return nil }
            images.append(image)
        }
        guard let warnings = reader.string(), let coloured = reader.string(),
              let outputHigh = reader.u64(), let outputLow = reader.u64(),
              let seconds = reader.u64(), let nanoseconds = reader.u64(),
              let fileCount = reader.count()
        else { return nil }
        var files: [String: Entry] = [:]
        if whole { files.reserveCapacity(fileCount) }
        for _ in 0..<fileCount {
            guard whole else {
                guard let length = reader.count(), reader.bytes(length) != nil, reader.bytes(24) != nil else { return nil }
                continue
            }
            guard let path = reader.string(), let size = reader.u64(), let high = reader.u64(), let low = reader.u64() else { return nil }
            files[path] = Entry(size: Int64(bitPattern: size), hash: ContentHash(high: high, low: low))
        }
        guard let jobCount = reader.count(), let jobs = reader.bytes(jobCount) else { return nil }
        return SiteState(
            inputs: hasInputs == 1 ? ContentHash(high: inputHigh, low: inputLow) : nil,
            images: images, warnings: warnings, colouredWarnings: coloured,
            output: ContentHash(high: outputHigh, low: outputLow),
            finished: Timestamp(seconds: Int64(bitPattern: seconds), nanoseconds: Int64(bitPattern: nanoseconds)),
            files: files, jobs: whole ? Array(jobs) : []
        )
    }

    /// The file's bytes, checksum last.
    func encoded() -> [UInt8] { encodedStampable().bytes }

    /// The file's bytes, and where in them `output` and `finished` are, so
    /// that they can be set again without encoding every entry again
    /// (`restamp`).
    func encodedStampable() -> (bytes: [UInt8], stampOffset: Int) {
        var out = SealedFile.Writer(magic: Self.magic)
        out.add(inputs == nil ? 0 : 1)
        out.add(inputs?.high ?? 0)
        out.add(inputs?.low ?? 0)
        out.add(UInt64(images.count))
        for image in images { out.add(image) }
        out.add(warnings)
        out.add(colouredWarnings)
        let offset = out.count
        out.add(output.high)
        out.add(output.low)
        out.add(UInt64(bitPattern: finished.seconds))
        out.add(UInt64(bitPattern: finished.nanoseconds))
        out.add(UInt64(files.count))
        // Sorted, so that the same site gives the same file (by String's
        // order, which compares ASCII as bytes: three times as fast as by
        // UTF-8 bytes over 23,000 paths).
        for (path, entry) in files.sorted(by: { $0.key < $1.key }) {
            out.add(path)
            out.add(UInt64(bitPattern: entry.size))
            out.add(entry.hash.high)
            out.add(entry.hash.low)
        }
        out.add(UInt64(jobs.count))
        out.add(bytes: jobs)
        return (out.sealed(), offset)
    }

    /// Sets `output` and `finished` in bytes from `encodedStampable`.
    static func restamp(_ bytes: inout [UInt8], at offset: Int, output: ContentHash, finished: Timestamp) {
        var values = SealedFile.Writer(magic: [])
        values.add(output.high)
        values.add(output.low)
        values.add(UInt64(bitPattern: finished.seconds))
        values.add(UInt64(bitPattern: finished.nanoseconds))
        bytes.replaceSubrange(offset..<(offset + 32), with: values.bytes)
        SealedFile.reseal(&bytes)
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

/// The files a build leaves beside the output for the next one (the state,
/// the commit journal): a magic line, little-endian values and
/// length-prefixed strings, and a checksum of all that last, so that a
/// file cut short or damaged does not read back at all.
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

    /// Sets the checksum of sealed bytes changed in place.
    static func reseal(_ bytes: inout [UInt8]) {
        let body = bytes.count - 16
        let checksum = bytes.withUnsafeBytes { ContentHash(buffer: UnsafeRawBufferPointer(rebasing: $0[..<body])) }
        var tail = Writer(magic: [])
        tail.add(checksum.high)
        tail.add(checksum.low)
        bytes.replaceSubrange(body..., with: tail.bytes)
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
