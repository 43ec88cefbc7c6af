import Foundation
import ZIPFoundation

/// The files of an app export, read whole into memory: a zip's entries (a
/// zip inside it stays one entry: `ExportFiles(zip:)` opens it in turn), a
/// folder's files, or one file. Paths are relative and `/`-separated, in
/// the order the source lists them; macOS's `__MACOSX/` copies and hidden
/// files (`.DS_Store`) are left out. Nothing is extracted to disk, so an
/// entry named `../x` is only a name.
public struct ExportFiles: Sendable {
    public struct Entry: Sendable, Hashable {
        public var path: String
        public var bytes: [UInt8]

        public init(path: String, bytes: [UInt8]) {
            self.path = path
            self.bytes = bytes
        }

        /// The last component of the path, lowercased extension included.
        public var name: Substring { path.split(separator: "/").last ?? "" }
    }

    /// Why an archive could not be read.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        case notAZip
        case damaged(entry: String)
        case tooLarge(limit: Int)
        case tooManyEntries(limit: Int)

        public var description: String {
            switch self {
            case .notAZip: "not a zip archive"
            case .damaged(let entry): "the zip is damaged (at \(entry))"
            case .tooLarge(let limit): "unpacks to more than \(limit >> 20) MB"
            case .tooManyEntries(let limit): "holds more than \(limit) files"
            }
        }
    }

    /// Bounds against zip bombs: what an export of a few thousand recipes
    /// with photos stays well under.
    public static let maximumUnpackedBytes = 512 << 20
    public static let maximumEntries = 20_000

    public var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// Whether `bytes` start as a zip does (a local file header, or the end
    /// record of an empty zip).
    public static func isZip(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 4 && bytes[0] == 0x50 && bytes[1] == 0x4B && (bytes[2] == 3 || bytes[2] == 5) && (bytes[3] == 4 || bytes[3] == 6)
    }

    /// A zip's files (directories left out), each read whole; the bounds
    /// are parameters so that tests can reach them with small archives.
    public init(zip bytes: [UInt8], maximumBytes: Int = maximumUnpackedBytes, maximumEntries: Int = maximumEntries) throws(Failure) {
        let archive: Archive
        do {
            archive = try Archive(data: Data(bytes), accessMode: .read)
        } catch {
            throw .notAZip
        }
        var entries: [Entry] = []
        var total = 0
        for entry in archive where entry.type == .file {
            // Zips made on macOS write UTF-8 names without the UTF-8 flag,
            // which ZIPFoundation then reads as code page 437 (mojibake):
            // a name that is valid UTF-8 is taken as UTF-8.
            let utf8 = entry.path(using: .utf8)
            let path = utf8.isEmpty ? entry.path : utf8
            guard !ExportFiles.isJunk(path) else { continue }
            guard entries.count < maximumEntries else { throw .tooManyEntries(limit: maximumEntries) }
            var data: [UInt8] = []
            do {
                _ = try archive.extract(entry, skipCRC32: false) { chunk in
                    total += chunk.count
                    guard total <= maximumBytes else { throw Failure.tooLarge(limit: maximumBytes) }
                    data.append(contentsOf: chunk)
                }
            } catch let failure as Failure {
                throw failure
            } catch {
                throw .damaged(entry: path)
            }
            entries.append(Entry(path: path, bytes: data))
        }
        self.entries = entries
    }

    /// The entry at `path`, if there is one.
    public func entry(_ path: String) -> Entry? {
        entries.first { $0.path == path }
    }

    /// macOS's resource-fork copies and hidden files, which no export means
    /// as content.
    static func isJunk(_ path: String) -> Bool {
        path.hasPrefix("__MACOSX/") || path.split(separator: "/").contains { $0.hasPrefix(".") }
    }

    /// The content of gzip data (a `.paprikarecipe`), or nil when `bytes`
    /// are not gzip or do not inflate. Only the first member is read.
    public static func gunzip(_ bytes: [UInt8], limit: Int = maximumUnpackedBytes) -> [UInt8]? {
        // RFC 1952: magic 1f 8b, method 8 (deflate), flags, then optional
        // fields before the raw deflate stream.
        guard bytes.count >= 18, bytes[0] == 0x1F, bytes[1] == 0x8B, bytes[2] == 8 else { return nil }
        let flags = bytes[3]
        var start = 10
        if flags & 0x04 != 0 {
            guard start + 2 <= bytes.count else { return nil }
            start += 2 + Int(bytes[start]) + Int(bytes[start + 1]) << 8
        }
        for flag: UInt8 in [0x08, 0x10] where flags & flag != 0 {
            guard let end = bytes[min(start, bytes.count)...].firstIndex(of: 0) else { return nil }
            start = end + 1
        }
        if flags & 0x02 != 0 { start += 2 }
        guard start < bytes.count - 8 else { return nil }
        let stream = Data(bytes[start..<(bytes.count - 8)])
        var output: [UInt8] = []
        do {
            // The inflater asks for whole buffers and tells zlib each holds
            // `size` bytes, so the last is padded with zeros (which no
            // deflate stream reads past its end), and a stream that never
            // ends is stopped once it is read through.
            _ = try Data.decompress(size: Int64(stream.count), bufferSize: 64 << 10, skipCRC32: true, provider: { position, size in
                let start = Int(position)
                guard start < stream.count else { throw Failure.damaged(entry: "the end of the gzip data") }
                var chunk = stream.subdata(in: start..<min(start + size, stream.count))
                if chunk.count < size { chunk.append(Data(count: size - chunk.count)) }
                return chunk
            }, consumer: { chunk in
                output.append(contentsOf: chunk)
                guard output.count <= limit else { throw Failure.tooLarge(limit: limit) }
            })
        } catch {
            return nil
        }
        return output
    }
}
