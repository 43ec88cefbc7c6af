import Foundation

/// What each page job of a build read and wrote, kept for the next build
/// in the writer's state (`SiteState.jobs`, in `._site.larder-state`, so
/// trusted exactly when the state is): by job key ("recipe pancakes",
/// "index"…), the fingerprint of the job's inputs (`JobFingerprints`) and
/// the paths of the files it made. A rebuild whose job has the same
/// fingerprint does not render it: its files are carried over from the
/// previous site (`SiteSink.keep`).
///
/// Recipe and list jobs also keep what the aggregate pages (index, search,
/// categories, tags, favorites) show of their item, as a digest, and the text
/// that is costly to derive for them (a recipe's summary, a list's count
/// line), so that those pages can tell they are unchanged, and be rendered
/// when they are not, without the work of every recipe and list page.
/// Records that do not read back whole are ignored (every page renders).
public struct JobRecords: Sendable {
    struct Record: Sendable, Hashable {
        var fingerprint: ContentHash
        var outputs: [String]
        /// For recipe and list jobs: what aggregate pages show of the item.
        var digest: ContentHash?
        /// With `digest`: a recipe's summary, a list's count line.
        var text: String?
    }

    var records: [String: Record] = [:]

    private static let magic = Array("larder-jobs 1\n".utf8)

    // MARK: Reading and writing

    init() {}

    /// The records in `bytes` (`encoded()`), nil when they are not whole.
    init?(_ bytes: [UInt8]) {
        guard let records = bytes.withUnsafeBytes({ JobRecords($0) }) else { return nil }
        self = records
    }

    /// How many records `body` holds, from its head alone.
    static func count(in body: UnsafeRawBufferPointer) -> Int? {
        var reader = SealedFile.Reader(buffer: body)
        guard reader.bytes(Self.magic.count).map(Array.init) == Self.magic else { return nil }
        return reader.count()
    }

    /// The records in `body`, read in place (a state file mapped in).
    init?(_ body: UnsafeRawBufferPointer) {
        var records: [String: Record] = [:]
        records.reserveCapacity(Self.count(in: body) ?? 0)
        let whole = Self.scan(body, decoding: { _ in true }) { key, record in
            records[String(decoding: key.bindMemory(to: UInt8.self), as: UTF8.self)] = record
            return true
        }
        guard whole else { return nil }
        self.records = records
    }

    /// The record of `key` in `body` (`encoded()`), read in place: the keys
    /// compared as bytes, no other record decoded. Nil when there is none,
    /// or the bytes are not whole.
    static func record(_ key: String, in body: UnsafeRawBufferPointer) -> Record? {
        var key = key, found: Record?
        _ = key.withUTF8 { wanted in
            scan(body, decoding: { $0.elementsEqual(UnsafeRawBufferPointer(wanted)) }) { _, record in
                found = record
                return false
            }
        }
        return found
    }

    /// Reads the records in `body` in order, each key's bytes in place:
    /// those `decoding` takes are decoded and handed to `visit`, until it
    /// returns false; the others are stepped over. False when the bytes
    /// are not whole records (checked as far as read; all of them, to the
    /// end, unless `visit` stopped).
    private static func scan(
        _ body: UnsafeRawBufferPointer, decoding: (UnsafeRawBufferPointer) -> Bool,
        _ visit: (UnsafeRawBufferPointer, Record) -> Bool
    ) -> Bool {
        var reader = SealedFile.Reader(buffer: body)
        guard reader.bytes(Self.magic.count).map(Array.init) == Self.magic, let count = reader.count() else { return false }
        for _ in 0..<count {
            guard let length = reader.count(), let key = reader.bytes(length),
                  let fingerprint = reader.hash(), let outputCount = reader.count()
            else { return false }
            let decoded = decoding(key)
            var outputs: [String] = []
            if decoded { outputs.reserveCapacity(outputCount) }
            for _ in 0..<outputCount {
                guard let length = reader.count(), let output = reader.bytes(length) else { return false }
                if decoded { outputs.append(String(decoding: output.bindMemory(to: UInt8.self), as: UTF8.self)) }
            }
            guard let flags = reader.u64(), let digest = reader.hash(), let textLength = reader.count(),
                  let text = reader.bytes(textLength)
            else { return false }
            guard decoded else { continue }
            let record = Record(
                fingerprint: fingerprint, outputs: outputs, digest: flags & 1 != 0 ? digest : nil,
                text: flags & 2 != 0 ? String(decoding: text.bindMemory(to: UInt8.self), as: UTF8.self) : nil
            )
            guard visit(key, record) else { return true }
        }
        return reader.isAtEnd
    }

    /// The records as bytes, for the state file (which has the checksum).
    func encoded() -> [UInt8] {
        var out = SealedFile.Writer(magic: Self.magic)
        out.reserve(8 + records.reduce(0) { size, record in
            size + 64 + record.key.utf8.count + (record.value.text?.utf8.count ?? 0)
                + record.value.outputs.reduce(0) { $0 + 8 + $1.utf8.count }
        })
        out.add(UInt64(records.count))
        // In the table's order, like the state's files: read back into a
        // table, never compared.
        for (key, record) in records {
            out.add(key)
            out.add(record.fingerprint)
            out.add(UInt64(record.outputs.count))
            for output in record.outputs { out.add(output) }
            out.add((record.digest == nil ? 0 : 1) | (record.text == nil ? 0 : 2))
            out.add(record.digest ?? ContentHash(high: 0, low: 0))
            out.add(record.text ?? "")
        }
        return out.bytes
    }
}

extension SealedFile.Writer {
    mutating func add(_ hash: ContentHash) {
        add(hash.high)
        add(hash.low)
    }
}

extension SealedFile.Reader {
    mutating func hash() -> ContentHash? {
        guard let high = u64(), let low = u64() else { return nil }
        return ContentHash(high: high, low: low)
    }
}
