import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files of a site, checked before anything is written: safe relative
/// paths, no path twice, no path both a file and a folder, images from inside
/// the data folder.
struct SitePlan: Sendable {
    /// Every folder the files need, relative, each after its parent.
    var directories: [String]
    var files: [OutputFile]

    init(_ files: [OutputFile], dataFolder: String) throws(SiteWriteError) {
        var paths = Set<String>()
        var directories = Set<String>()
        for file in files {
            if let problem = Self.problem(with: file.path) {
                throw SiteWriteError(
                    path: file.path,
                    reason: "cannot be written: \(problem); a page path must be relative, with names separated by '/'. This is a bug in Larder (or an id that slipped through): please report it"
                )
            }
            if file.path == OutputLocation.markerName {
                throw SiteWriteError(path: file.path, reason: "is the name of Larder's own marker file; rename the page or file")
            }
            guard paths.insert(file.path).inserted else {
                throw SiteWriteError(path: file.path, reason: "is produced twice; give the two pages different ids")
            }
            var folder = Substring(file.path)
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                // Ancestors of a folder already seen are already in.
                guard directories.insert(String(folder)).inserted else { break }
            }
            if case .copy(let source) = file.contents {
                try Self.checkSource(source, of: file.path, dataFolder: dataFolder)
            }
        }
        // Sorting by bytes puts every folder after its parent (a prefix).
        self.directories = directories.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        if let clash = self.directories.first(where: paths.contains) {
            throw SiteWriteError(path: clash, reason: "is produced as a file and is also a folder of other files; give them different ids")
        }
        self.files = files
    }

    /// What is wrong with an output path, or nil when it is a safe relative one.
    static func problem(with path: String) -> String? {
        if path.isEmpty { return "it is empty" }
        if path.utf8.contains(0) { return "it contains a NUL byte" }
        if path.contains("\\") { return "it contains a backslash" }
        if path.hasPrefix("/") { return "it is absolute" }
        for name in path.split(separator: "/", omittingEmptySubsequences: false) {
            if name.isEmpty { return "it has an empty name (a doubled or trailing '/')" }
            if name == "." || name == ".." { return "it has a '\(name)' name" }
        }
        return nil
    }

    /// Images are published only from inside the data folder, whatever links
    /// lead there: the spec's rule for paths in files, checked again here.
    private static func checkSource(_ source: String, of path: String, dataFolder: String) throws(SiteWriteError) {
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
    }
}
