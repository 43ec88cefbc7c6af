import Foundation
import Larder
import LarderSite

/// A built site held in memory, as `larder serve` serves it: the files of
/// `SiteBuilder.render()` by path. Images stay on disk (`.copy(from:)`) and
/// are read when asked for, and only from inside the data folder.
public struct SiteSnapshot: Sendable {
    /// Site-relative paths (`recipes/pancakes/index.html`) to contents.
    public let files: [String: OutputFile.Contents]
    /// The data folder's real path, the fence for images.
    let dataFolder: String

    public init(files: [OutputFile], dataFolder: String) {
        var byPath: [String: OutputFile.Contents] = [:]
        byPath.reserveCapacity(files.count)
        for file in files { byPath[file.path] = file.contents }
        self.files = byPath
        self.dataFolder = dataFolder
    }

    /// The bytes of a file of the site, or nil when the site has no such
    /// file (or its image is gone, or resolves to a place outside the data
    /// folder).
    func bytes(at path: String) -> [UInt8]? {
        switch files[path] {
        case .bytes(let bytes)?:
            return bytes
        case .copy(let source)?:
            // Sniffed on the bytes served, as the writer does on the bytes it
            // copies: the file may have changed since the build checked it.
            guard let real = Self.realPath(source),
                  real.hasPrefix(dataFolder == "/" ? "/" : dataFolder + "/"),
                  let data = FileManager.default.contents(atPath: real),
                  ImageFormat.problem(head: Array(data.prefix(ImageFormat.sniffLength)), fileName: path.split(separator: "/").last ?? "") == nil
            else { return nil }
            return [UInt8](data)
        case nil:
            return nil
        }
    }

    /// Whether the site has a page at `path`.
    func contains(_ path: String) -> Bool { files[path] != nil }

    /// How many files differ from `previous` (changed, added or removed).
    /// Images are compared by their source path, not their bytes.
    func changedCount(since previous: SiteSnapshot) -> Int {
        var changed = 0
        for (path, contents) in files where previous.files[path] != contents { changed += 1 }
        for path in previous.files.keys where files[path] == nil { changed += 1 }
        return changed
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
