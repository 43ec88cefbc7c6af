import Foundation
import Larder

/// Splits a fuzz input into the files of a data folder, in the format of the
/// test suite's `.case` files: a line `=== lists/weekly.md` starts a file,
/// text before the first such line and parts with other names (`=== expect`)
/// are dropped. So the bad-input cases and `Examples/kitchen` (see
/// `Corpus/check/`) are seeds as they are.
public enum FolderInput {
    /// At most this many files, to keep an execution short.
    public static let maximumFiles = 8

    public static func files(_ bytes: [UInt8]) -> [(path: String, bytes: [UInt8])] {
        var files: [(path: String, bytes: [UInt8])] = []
        var current: (path: String?, bytes: [UInt8])?
        func flush() {
            if let file = current, let path = file.path, files.count < maximumFiles,
               !files.contains(where: { $0.path == path }) {
                files.append((path, file.bytes))
            }
        }
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            if line.starts(with: header) {
                flush()
                let name = line.dropFirst(header.count).prefix { $0 != 0x20 && $0 != 0x0D }
                current = (dataPath(String(decoding: name, as: UTF8.self)), [])
            } else if current != nil {
                current!.bytes += line
                current!.bytes.append(0x0A)
            }
        }
        flush()
        return files
    }

    private static let header = Array("=== ".utf8)

    /// The path when it names a data file whose name is safe to create:
    /// the two top-level files, or `lists/`/`recipes/` and a plain file name
    /// (not necessarily a valid id, so that bad names are fuzzed too).
    static func dataPath(_ name: String) -> String? {
        if name == "larder.json" || name == "favorites.json" { return name }
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0] == "lists" || parts[0] == "recipes" else { return nil }
        let file = parts[1]
        let safe = file.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
                || byte == 0x2D || byte == 0x5F || byte == 0x2E
        }
        guard safe, !file.isEmpty, !file.hasPrefix("."), file.utf8.count <= 40 else { return nil }
        return name
    }
}

/// A folder of its own for this process, on /dev/shm when there is one.
public struct ScratchFolder: Sendable {
    public let url: URL

    public init(name: String) {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        url = URL(fileURLWithPath: base).appendingPathComponent("\(name)-\(getpid())")
    }

    /// Empties the folder and writes `files` into it.
    public func fill(with files: [(path: String, bytes: [UInt8])]) {
        let manager = FileManager.default
        try? manager.removeItem(at: url)
        do {
            for folder in ["lists", "recipes"] {
                try manager.createDirectory(at: url.appendingPathComponent(folder), withIntermediateDirectories: true)
            }
            for file in files {
                try Data(file.bytes).write(to: url.appendingPathComponent(file.path))
            }
        } catch {
            fatalError("cannot write the scratch folder \(url.path): \(error)")
        }
    }

    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
