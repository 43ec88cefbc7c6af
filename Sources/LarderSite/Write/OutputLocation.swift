import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the site goes, by real path, the names of the writer's own files
/// beside it, and the rules for when it may be replaced.
struct OutputLocation: Sendable, Hashable {
    /// The output as given, for messages.
    let given: String
    /// Its real path: symlinks resolved, or for an output that does not exist
    /// yet, its nearest existing ancestor resolved and the rest appended.
    let path: String
    /// The real path of the data folder, resolved the same way.
    let dataFolder: String
    /// The output's parent, where the temporary folder, the lock and the
    /// previous site sit during a build (one file system, so renames are atomic).
    let parent: String
    /// The output's last path component.
    let name: String

    /// The file in the site root that marks a folder Larder may replace.
    static let markerName = ".larder-site"
    /// Fixed, so that the marker is the same build to build.
    static let markerContents = Array("This folder is made by larder build, which replaces all of it on every build.\n".utf8)
    /// Folders of the data folder that the output must never be in.
    static let dataSubfolders: Set<String> = ["lists", "recipes", "images", "templates"]

    init(output: URL, dataFolder: URL) throws(SiteWriteError) {
        let given = Self.absolute(output.path)
        let real = try Self.resolve(given)
        self.given = given
        self.path = real
        self.dataFolder = (try? Self.resolve(Self.absolute(dataFolder.path))) ?? Self.absolute(dataFolder.path)
        let slash = real.lastIndex(of: "/")!
        self.parent = slash == real.startIndex ? "/" : String(real[..<slash])
        self.name = String(real[real.index(after: slash)...])
    }

    private var hiddenPrefix: String { (parent == "/" ? "/." : parent + "/.") + name }
    /// The new site while it is being written.
    func temporary(pid: Int32) -> String { hiddenPrefix + ".larder-tmp-\(pid)" }
    /// The previous site between the two renames of the swap.
    func previous(pid: Int32) -> String { hiddenPrefix + ".larder-old-\(pid)" }
    /// What an in-place commit replaces or removes, and the state it saves.
    func backup(pid: Int32) -> String { hiddenPrefix + ".larder-backup-\(pid)" }
    /// The plan of an in-place commit, while it runs (see `SiteCommit`).
    var journal: String { hiddenPrefix + ".larder-commit" }
    /// A file or folder named `name` in the folder that holds the output.
    func beside(_ name: String) -> String { (parent == "/" ? "/" : parent + "/") + name }
    /// Held with `flock` for the whole of a write.
    var lock: String { hiddenPrefix + ".larder-lock" }
    /// What the last build left for the next one (see `SiteState`).
    var state: String { hiddenPrefix + ".larder-state" }
    /// The next state while it is written, renamed over `state` when whole.
    var newState: String { hiddenPrefix + ".larder-state-new" }
    /// The changes since `state` was written, when few (see `SiteState`).
    var stateDelta: String { SiteState.deltaPath(of: state) }
    /// The next delta while it is written.
    var newStateDelta: String { hiddenPrefix + ".larder-state-new.delta" }
    /// The parsed data files, for the next build to read only what changed
    /// (`DocumentCache`).
    var parseCache: String { hiddenPrefix + ".larder-cache" }
    /// The lists' history read from git, by commit (`HistoryCache`).
    var historyCache: String { hiddenPrefix + ".larder-history" }

    /// Throws unless the output may be replaced by a new site: see
    /// `SiteWriter.validate()` for the rules. `writable`: also that the
    /// folder that holds it can be written to.
    func check(writable: Bool = true) throws(SiteWriteError) {
        let fix = "choose another -o, such as _site inside the data folder"
        if path == "/" {
            throw SiteWriteError(path: given, reason: "is the root folder; \(fix)")
        }
        if let home = try? Self.resolve(Self.absolute(FileManager.default.homeDirectoryForCurrentUser.path)), path == home {
            throw SiteWriteError(path: given, reason: "is your home folder; \(fix)")
        }
        if path == dataFolder {
            throw SiteWriteError(path: given, reason: "is the data folder, which building would replace; \(fix)")
        }
        if dataFolder.hasPrefix(path + "/") {
            throw SiteWriteError(path: given, reason: "contains the data folder \(dataFolder), which building would replace; \(fix)")
        }
        if path.hasPrefix(dataFolder + "/") {
            let first = path.dropFirst(dataFolder.count + 1).prefix { $0 != "/" }
            // Lowercased: on a case-insensitive disk `Images/` is `images/`.
            if Self.dataSubfolders.contains(first.lowercased()) {
                throw SiteWriteError(path: given, reason: "is inside the data folder's \(first)/ folder, which holds your data; \(fix)")
            }
        }
        var info = stat()
        guard lstat(path, &info) == 0 else {
            guard errno == ENOENT else { throw .system(errno, path: given, action: "cannot look at the output folder") }
            if writable { try checkWritable(nearestExisting(parent)) }
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: break
        case S_IFLNK:
            throw SiteWriteError(path: given, reason: "is a symbolic link to nothing; remove the link or \(fix)")
        default:
            throw SiteWriteError(path: given, reason: "is a file, not a folder; remove the file or \(fix)")
        }
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw SiteWriteError(path: given, reason: "cannot list the output folder: \(error.localizedDescription); check its permissions or \(fix)")
        }
        if !entries.isEmpty, !hasMarker {
            throw SiteWriteError(
                path: given,
                reason: "is not empty and was not made by larder build (it has no \(Self.markerName) file); choose another -o or empty it"
            )
        }
        if writable { try checkWritable(parent) }
    }

    /// Whether the output holds Larder's marker, exactly.
    private var hasMarker: Bool {
        let marker = path + "/" + Self.markerName
        var info = stat()
        guard lstat(marker, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
              Int(info.st_size) == Self.markerContents.count,
              let data = FileManager.default.contents(atPath: marker)
        else { return false }
        return Array(data) == Self.markerContents
    }

    private func checkWritable(_ folder: String) throws(SiteWriteError) {
        guard access(folder, W_OK) == 0 else {
            throw .system(errno, path: folder, action: "cannot write in the folder that holds the output")
        }
    }

    private func nearestExisting(_ folder: String) -> String {
        var folder = folder
        while access(folder, F_OK) != 0, folder != "/" {
            folder = (folder as NSString).deletingLastPathComponent
        }
        return folder
    }

    /// The temporary, backup and previous-site folders that builds of this
    /// output killed before they finished left beside it, by full path,
    /// sorted.
    func leftovers() -> (temporary: [String], previous: [String]) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent) else { return ([], []) }
        func matching(_ kind: String) -> [String] {
            let prefix = "." + name + kind
            return names.filter { entry in
                guard entry.hasPrefix(prefix) else { return false }
                let pid = entry.dropFirst(prefix.count)
                return !pid.isEmpty && pid.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
            }
            .sorted()
            .map(beside)
        }
        return (matching(".larder-tmp-") + matching(".larder-backup-"), matching(".larder-old-"))
    }

    /// `path` made absolute against the working folder, without trailing `/`.
    static func absolute(_ path: String) -> String {
        var path = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// The real path of an absolute path that need not exist: its nearest
    /// existing ancestor through `realpath`, the rest appended (`.` and `..`
    /// in that rest taken by name, as nothing there can be a link).
    static func resolve(_ path: String) throws(SiteWriteError) -> String {
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        guard errno == ENOENT, path != "/" else {
            throw .system(errno, path: path, action: "cannot resolve the path (is a part of it a file?)")
        }
        let slash = path.lastIndex(of: "/")!
        let parent = try resolve(slash == path.startIndex ? "/" : String(path[..<slash]))
        switch path[path.index(after: slash)...] {
        case ".", "": return parent
        case "..": return parent == "/" ? "/" : (parent as NSString).deletingLastPathComponent
        case let last: return (parent == "/" ? "/" : parent + "/") + last
        }
    }
}
