import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `larder print -o` may put a sheet. Outside the data folder, any
/// path: the user asked for it. Inside it, only a new file or an earlier
/// sheet, and never in `lists/`, `recipes/`, `images/` or `templates/`,
/// never a dot-file or in a dot-folder (`.larder-secret`, `.gitignore`,
/// `.git/`, the build's state), never `larder.json` or `favorites.json`:
/// the sheet would overwrite the user's data, or become data (a template,
/// a secret, a config) at the next build. "Inside" is decided on the real
/// path: `..` and symbolic links resolved, a link at the destination itself
/// included, so that no link leads the sheet onto a data file. The sheet
/// is written as a new file renamed over the destination: a link there is
/// replaced, never followed (as before these rules).
public struct SheetDestination: Sendable, Hashable {
    /// The path as given, for messages.
    public let given: String
    /// Where the sheet is written: the real path of the folder, and the
    /// name as given.
    public let path: String

    /// Checks `output` against the rules above; throws, changing nothing,
    /// when the sheet may not go there.
    public init(_ output: String, dataFolder: URL) throws(SiteWriteError) {
        given = output
        let absolute = OutputLocation.absolute(output)
        let slash = absolute.lastIndex(of: "/")!
        let name = absolute[absolute.index(after: slash)...]
        guard name != ".", name != "..", !name.isEmpty else {
            throw SiteWriteError(path: output, reason: "is a folder; name the file to write the sheet to")
        }
        let folder = try OutputLocation.resolve(slash == absolute.startIndex ? "/" : String(absolute[..<slash]))
        path = (folder == "/" ? "/" : folder + "/") + name
        // Where a link at the destination leads.
        let resolved = try OutputLocation.resolve(path)
        let root = try OutputLocation.resolve(OutputLocation.absolute(dataFolder.path))
        try Self.check(resolved, given: output, absolute: absolute, root: root)
    }

    /// Throws when `path` (real) is inside `root` and not a new file or an
    /// earlier sheet in a place that holds no data.
    private static func check(_ path: String, given output: String, absolute: String, root: String) throws(SiteWriteError) {
        guard path == root || path.hasPrefix(root == "/" ? "/" : root + "/") else { return }
        let relative = path == root ? "." : String(path.dropFirst(root == "/" ? 1 : root.count + 1))
        // Through a link (or `..`): say where it leads.
        let through = path == absolute ? "" : " (it leads to \(relative))"
        let elsewhere = "write the sheet elsewhere, or name a new file"
        if relative == "." {
            throw SiteWriteError(path: output, reason: "is the data folder\(through); name the file to write the sheet to")
        }
        let parts = relative.split(separator: "/")
        // Lowercased: on a case-insensitive disk `Lists/` is `lists/`.
        let owned = OutputLocation.dataSubfolders.contains(parts[0].lowercased())
            || parts.contains { $0.hasPrefix(".") } || dataFiles.contains(relative.lowercased())
        if owned {
            throw SiteWriteError(path: output, reason: "is one of the data folder's own files\(through); \(elsewhere)")
        }
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard (info.st_mode & S_IFMT) == S_IFREG, isSheet(path) else {
            throw SiteWriteError(
                path: output,
                reason: "is in the data folder and is not a sheet that larder print wrote\(through); \(elsewhere)"
            )
        }
    }

    /// The data folder's own files at its top, besides the folders.
    static let dataFiles: Set<String> = ["larder.json", "favorites.json"]

    /// How many bytes of a file are read to tell a sheet.
    static let sniffLength = 4096

    /// Whether the file at `path` starts as a sheet of `larder print` does:
    /// HTML whose head names Larder as its generator and whose title ends
    /// in "· Shopping sheet", or text whose second line is the sheet's date
    /// and count.
    static func isSheet(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: sniffLength)
        let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, sniffLength) }
        guard count > 0 else { return false }
        let head = String(decoding: bytes[..<count], as: UTF8.self)
        if head.hasPrefix("<!doctype html>") {
            return head.contains("<meta name=\"generator\" content=\"Larder ") && head.contains(" · Shopping sheet</title>")
        }
        let lines = head.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
        guard lines.count > 2 else { return false }
        // "2025-06-15 · 9 items", then " · about 12.40 EUR" with prices.
        return lines[1].wholeMatch(of: #/[0-9]{4}-[0-9]{2}-[0-9]{2} · [0-9]+ items?( · .*)?/#) != nil
    }

    /// Writes `bytes` as the sheet: into a new file beside it, renamed over
    /// it, so that a reader never sees half a sheet and no link at the
    /// destination is followed (the real path was resolved already).
    public func write(_ bytes: [UInt8]) throws(SiteWriteError) {
        let slash = path.lastIndex(of: "/")!
        let folder = slash == path.startIndex ? "/" : String(path[..<slash])
        let temporary = (folder == "/" ? "/." : folder + "/.") + path[path.index(after: slash)...] + ".larder-tmp-\(getpid())"
        unlink(temporary)
        do throws(SiteWriteError) {
            _ = try SiteFileSystem.live.writeFile(temporary, bytes)
            try SiteFileSystem.live.rename(temporary, path)
        } catch {
            unlink(temporary)
            throw SiteWriteError(path: given, reason: "cannot be written: \(error.reason)")
        }
    }
}
