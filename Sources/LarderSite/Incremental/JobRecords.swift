import Foundation

/// What each page job of a build read and wrote, kept for the next build
/// beside the writer's state (`._site.larder-jobs`): by job key ("recipe
/// pancakes", "index"…), the fingerprint of the job's inputs and the paths
/// of the files it made. A rebuild whose job has the same fingerprint does
/// not render it: its files are carried over from the previous site
/// (`SiteSink.keep`).
///
/// Recipe and list jobs also keep what the aggregate pages (index, search,
/// categories, tags, favorites) show of their item, as a digest, and the text
/// that is costly to derive for them (a recipe's summary, a list's count
/// line), so that those pages can tell they are unchanged, and be rendered
/// when they are not, without the work of every recipe and list page.
///
/// The records belong to one state file: they name its `finished` time and
/// output stamp, and are ignored with any other (a state that was not
/// written, or one from a build that recorded no jobs). A binary file with a
/// checksum, like the state; anything that does not read back whole is
/// ignored (every page is rendered).
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

    /// The records in `path` when they are whole and belong to `state`.
    static func read(_ path: String, of state: SiteState) -> JobRecords? {
        guard let data = FileManager.default.contents(atPath: path), data.count >= magic.count + 16 else { return nil }
        return data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> JobRecords? in
            let body = UnsafeRawBufferPointer(rebasing: buffer[..<(buffer.count - 16)])
            var reader = SiteState.Reader(buffer: UnsafeRawBufferPointer(rebasing: buffer[(buffer.count - 16)...]))
            guard let high = reader.u64(), let low = reader.u64(),
                  ContentHash(buffer: body) == ContentHash(high: high, low: low)
            else { return nil }
            reader = SiteState.Reader(buffer: body)
            guard reader.bytes(magic.count).map(Array.init) == magic,
                  reader.hash() == binding(of: state), let count = reader.count()
            else { return nil }
            var records = JobRecords()
            records.records.reserveCapacity(count)
            for _ in 0..<count {
                guard let key = reader.string(), let fingerprint = reader.hash(), let outputCount = reader.count() else { return nil }
                var outputs: [String] = []
                for _ in 0..<outputCount {
                    guard let output = reader.string() else { return nil }
                    outputs.append(output)
                }
                guard let flags = reader.u64(), let digest = reader.hash(), let text = reader.string() else { return nil }
                records.records[key] = Record(
                    fingerprint: fingerprint, outputs: outputs,
                    digest: flags & 1 != 0 ? digest : nil, text: flags & 2 != 0 ? text : nil
                )
            }
            return reader.isAtEnd ? records : nil
        }
    }

    /// The file's bytes for `state`, checksum last.
    func encoded(of state: SiteState) -> [UInt8] {
        var out = Self.magic
        func add(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { out += $0 } }
        func add(_ hash: ContentHash) {
            add(hash.high)
            add(hash.low)
        }
        func add(_ text: String) {
            add(UInt64(text.utf8.count))
            out += text.utf8
        }
        add(Self.binding(of: state))
        add(UInt64(records.count))
        for (key, record) in records.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            add(key)
            add(record.fingerprint)
            add(UInt64(record.outputs.count))
            for output in record.outputs { add(output) }
            add((record.digest == nil ? 0 : 1) | (record.text == nil ? 0 : 2))
            add(record.digest ?? ContentHash(high: 0, low: 0))
            add(record.text ?? "")
        }
        add(ContentHash(out))
        return out
    }

    /// What ties the records to one state: its finishing time and output.
    private static func binding(of state: SiteState) -> ContentHash {
        var builder = ContentHash.Builder()
        builder.add(state.output)
        builder.add(state.finished.seconds)
        builder.add(state.finished.nanoseconds)
        return builder.hash
    }
}

extension SiteState.Reader {
    mutating func hash() -> ContentHash? {
        guard let high = u64(), let low = u64() else { return nil }
        return ContentHash(high: high, low: low)
    }
}
