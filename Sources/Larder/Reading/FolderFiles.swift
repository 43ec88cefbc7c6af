import Foundation

/// Why a file of the data folder that is not a data file (a template, the
/// secret) cannot be read; names it, relative to the folder.
public struct FolderFileError: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public var description: String { "\(path): \(reason)" }
}

/// Reads the files of the data folder that are not data files (templates,
/// `.larder-secret`) by the rules data files are read by: a symbolic link is
/// followed only while it stays inside the folder (so `/proc/self/environ`,
/// a home folder's keys or a CI token never reach a page), only a regular
/// file is opened (a FIFO cannot hang the run), and never more than a limit.
public struct FolderFiles: Sendable {
    let folder: DataFolder

    /// Throws when `url` is not a folder.
    public init(_ url: URL) throws(LarderError) {
        folder = try DataFolder(url)
    }

    /// The bytes of the file at `relativePath`, nil when there is none.
    public func read(_ relativePath: String, limit: Int) throws(FolderFileError) -> [UInt8]? {
        guard try check(relativePath, expecting: .regular) else { return nil }
        switch folder.read(relativePath, limit: limit) {
        case .success(let bytes): return bytes
        case .failure(.escapes): throw FolderFileError(path: relativePath, reason: Self.outside)
        case .failure(.tooLarge(let size)):
            throw FolderFileError(path: relativePath, reason: "is \(Limits.describe(count: size)) bytes, over the limit of \(Limits.describe(bytes: limit))")
        case .failure(.notRegular): throw FolderFileError(path: relativePath, reason: "is not a regular file")
        case .failure(.cannotOpen), .failure(.link): throw FolderFileError(path: relativePath, reason: "cannot be read")
        }
    }

    /// The names in the folder at `relativePath`, sorted; nil when there is
    /// no such folder.
    public func names(in relativePath: String) throws(FolderFileError) -> [String]? {
        guard try check(relativePath, expecting: .directory) else { return nil }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.absolute(relativePath)) else {
            throw FolderFileError(path: relativePath, reason: "cannot be read")
        }
        return names.sorted()
    }

    private static let outside = "is a symbolic link to a place outside the data folder, so it is not read; copy what it links to into the folder"

    /// False when nothing is at `relativePath`; throws unless it is the
    /// `expected` kind, inside the folder.
    private func check(_ relativePath: String, expecting expected: DataFolder.EntryType) throws(FolderFileError) -> Bool {
        let type = folder.entryType(relativePath)
        switch type {
        case .missing: return false
        case expected: return true
        case .escapingLink: throw FolderFileError(path: relativePath, reason: Self.outside)
        case .brokenLink, .linkLoop: throw FolderFileError(path: relativePath, reason: "is a symbolic link to nothing")
        case .directory: throw FolderFileError(path: relativePath, reason: "is a folder, not a file")
        case .regular: throw FolderFileError(path: relativePath, reason: "is a file, not a folder")
        case .special: throw FolderFileError(path: relativePath, reason: "is not a regular file")
        }
    }
}
