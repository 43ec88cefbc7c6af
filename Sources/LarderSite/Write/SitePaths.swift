import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The paths of a site seen so far, checked one file at a time as the files
/// arrive: safe relative paths, no path twice, no path both a file and a
/// folder, no two paths that differ only in case (one file on macOS and
/// Windows), images from inside the data folder.
struct SitePaths: Sendable {
    private var files = Set<String>()
    /// Every folder the files need.
    private(set) var directories = Set<String>()
    /// Files and folders whose case-folded path is not their path, by it:
    /// a path that is its own folding (nearly all: ids are lowercase ASCII)
    /// clashes only with one of those, so it need not be kept twice.
    private var folded: [String: String] = [:]

    /// Takes `path` in; returns the folders it needs that no earlier path
    /// needed, each after its parent.
    mutating func add(_ path: String) throws(SiteWriteError) -> [String] {
        guard !directories.contains(path) else { throw Self.clash(path) }
        guard files.insert(path).inserted else { throw Self.producedTwice(path) }
        var new: [String] = []
        // The folders by their slashes, found on UTF-8 bytes: a path of the
        // site is split for every file of every build, carried-over ones too.
        let bytes = path.utf8
        var end = bytes.endIndex
        while let slash = bytes[..<end].lastIndex(of: UInt8(ascii: "/")) {
            end = slash
            let name = String(path[..<slash])
            // Ancestors of a folder already seen are already in.
            guard !directories.contains(name) else { break }
            if files.contains(name) { throw Self.clash(name) }
            new.append(name)
        }
        new.reverse()
        for name in new { try checkCase(name) }
        try checkCase(path)
        directories.formUnion(new)
        return new
    }

    /// Throws when `name` differs only in case from a file or folder
    /// already in.
    private mutating func checkCase(_ name: String) throws(SiteWriteError) {
        let key = Self.fold(name)
        // A path that is its own folding, with none other folded yet,
        // cannot clash (the usual case: lowercase ids).
        guard key != name || !folded.isEmpty else { return }
        var other = folded[key]
        if key != name {
            if files.contains(key) || directories.contains(key) { other = key }
            folded[key] = name
        }
        if let other, other != name {
            throw SiteWriteError(
                path: name,
                reason: "and \(other) differ only in case, so they would be one file on macOS and Windows; give them different ids or names"
            )
        }
    }

    /// Room for `count` files.
    mutating func reserveCapacity(_ count: Int) {
        files.reserveCapacity(count)
    }

    static func producedTwice(_ path: String) -> SiteWriteError {
        SiteWriteError(path: path, reason: "is produced twice; give the two pages different ids")
    }

    /// Adds the folders of `path` (each ancestor) to `folders`.
    static func addFolders(of path: String, to folders: inout Set<String>) {
        var folder = Substring(path)
        while let slash = folder.lastIndex(of: "/") {
            folder = folder[..<slash]
            guard folders.insert(String(folder)).inserted else { return }
        }
    }

    private static func clash(_ folder: String) -> SiteWriteError {
        SiteWriteError(path: folder, reason: "is produced as a file and is also a folder of other files; give them different ids")
    }

    /// Lowercased: ASCII by bytes (ids are ASCII, and mostly lowercase
    /// already: then the path itself), anything else by Unicode.
    private static func fold(_ path: String) -> String {
        var upper = false
        for byte in path.utf8 {
            if byte >= 0x80 { return path.lowercased() }
            if byte >= 0x41, byte <= 0x5A { upper = true }
        }
        guard upper else { return path }
        return String(decoding: path.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }

    /// What is wrong with an output path, or nil when it is a safe relative
    /// one. One pass over the bytes: it runs for every file of the site.
    static func problem(with path: String) -> String? {
        if path.isEmpty { return "it is empty" }
        var nul = false, backslash = false
        var nameLength = 0, dots = 0
        var badName: String?
        func endOfName() {
            guard badName == nil else { return }
            if nameLength == 0 {
                badName = "it has an empty name (a doubled or trailing '/')"
            } else if dots == nameLength, dots <= 2 {
                badName = "it has a '\(String(repeating: ".", count: dots))' name"
            }
        }
        for byte in path.utf8 {
            switch byte {
            case 0: nul = true
            case 0x5C: backslash = true
            case 0x2F:
                endOfName()
                nameLength = 0
                dots = 0
                continue
            case 0x2E: dots += 1
            default: break
            }
            nameLength += 1
        }
        endOfName()
        if nul { return "it contains a NUL byte" }
        if backslash { return "it contains a backslash" }
        if path.utf8.first == 0x2F { return "it is absolute" }
        return badName
    }

    /// Throws unless `file` may be written at all, whatever else is in the
    /// site: a safe path, not the marker, an image from inside the data folder.
    /// Returns an image's real path, to be copied from.
    @discardableResult
    static func check(_ file: OutputFile, dataFolder: String) throws(SiteWriteError) -> String? {
        if let problem = problem(with: file.path) {
            throw SiteWriteError(
                path: file.path,
                reason: "cannot be written: \(problem); a page path must be relative, with names separated by '/'. This is a bug in Larder (or an id that slipped through): please report it"
            )
        }
        if file.path == OutputLocation.markerName {
            throw SiteWriteError(path: file.path, reason: "is the name of Larder's own marker file; rename the page or file")
        }
        if case .copy(let source) = file.contents {
            return try checkSource(source, of: file.path, dataFolder: dataFolder)
        }
        return nil
    }

    /// Images are published only from inside the data folder, whatever links
    /// lead there: the spec's rule for paths in files, checked again here.
    private static func checkSource(_ source: String, of path: String, dataFolder: String) throws(SiteWriteError) -> String {
        guard let resolved = realpath(source, nil) else {
            throw .system(errno, path: source, action: "cannot read the image for \(path)")
        }
        defer { free(resolved) }
        let real = String(cString: resolved)
        guard real.hasPrefix(dataFolder == "/" ? "/" : dataFolder + "/") else {
            throw SiteWriteError(
                path: source,
                reason: "is outside the data folder (it resolves to \(real)), so it is not published; copy the image into the data folder"
            )
        }
        return real
    }
}
