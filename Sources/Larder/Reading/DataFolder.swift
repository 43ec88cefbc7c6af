import Foundation
import LarderCore

/// What stops a whole run, as opposed to a problem in one file.
public struct LarderError: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}

/// The kinds of data file, each with its schema.
public enum DocumentKind: String, Sendable, Hashable, CaseIterable {
    case config
    case favorites
    case list
    case recipe
}

/// A data file found in the folder, before it is read.
struct DataFile: Sendable, Hashable {
    enum Format: Sendable, Hashable { case json, markdown, cooklang }
    var kind: DocumentKind
    var format: Format
    /// Relative to the data folder, with `/`.
    var path: String
    /// The file name without extension (lists and recipes only; for a
    /// Cooklang file, made from its path: `DataFolder.cooklangID`).
    var id: String
    /// A Cooklang recipe's pictures beside it (`Easy Pancakes.jpg`,
    /// `Easy Pancakes.3.jpg`), names in its folder: part of what makes two
    /// data files the same, so that a picture added or removed beside an
    /// unchanged recipe has the parse cache read the recipe again.
    var images: [String] = []
    /// The file's stamp as the scan found it, before it is read: what the
    /// parse cache compares, so that each file is stamped once. Not part of
    /// what makes two data files the same.
    var stamp: FileStamp?

    init(kind: DocumentKind, format: Format, path: String, id: String, stamp: FileStamp? = nil) {
        self.kind = kind
        self.format = format
        self.path = path
        self.id = id
        self.stamp = stamp
    }

    static func == (a: DataFile, b: DataFile) -> Bool {
        a.kind == b.kind && a.format == b.format && a.path == b.path && a.id == b.id && a.images == b.images
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(format)
        hasher.combine(path)
        hasher.combine(id)
        hasher.combine(images)
    }
}

/// Finds the data files of a folder, and keeps every path inside it.
struct DataFolder: Sendable {
    /// The folder as the user named it.
    let url: URL
    /// Its real path (symlinks resolved), the fence every file must stay in.
    let realPath: String
    /// `url.path` without a trailing slash.
    private let rootPath: String
    /// Stamps of regular files (by path relative to the folder) that the
    /// run already took, before this scan: a build's snapshot of its inputs
    /// (`KitchenLoader.load(_:cache:stamps:)`), looked up in the caller's
    /// table. Such a file is not stamped again; one that is not there, or
    /// is a link, is.
    var knownStamp: (@Sendable (String) -> FileStamp?)?
    /// Listings of folders (by path relative to the folder, sorted by name,
    /// every entry but `.` and `..`) that the run already took, before this
    /// scan: a build's snapshot. A folder that is not there is listed.
    var knownListing: (@Sendable (String) -> [FolderEntry]?)?

    init(_ url: URL) throws(LarderError) {
        let path = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw LarderError(path: path, reason: "no such folder")
        }
        guard isDirectory.boolValue else {
            throw LarderError(path: path, reason: "not a folder; give the data folder (the one with lists/ and recipes/)")
        }
        guard let real = Self.realPath(path) else {
            throw LarderError(path: path, reason: "cannot resolve the folder's path")
        }
        self.url = url
        self.realPath = real
        self.rootPath = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    /// A folder that is never read from, for files read from memory.
    init(memory url: URL) {
        self.url = url
        self.realPath = url.path
        self.rootPath = url.path
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `relativePath` resolves (through any symlinks) to a place
    /// inside the folder.
    func staysInside(_ relativePath: String) -> Bool {
        guard let real = Self.realPath(absolute(relativePath)) else { return false }
        return real == realPath || holds(real)
    }

    /// Whether the resolved path `real` is below the folder.
    private func holds(_ real: String) -> Bool {
        real.hasPrefix(realPath.hasSuffix("/") ? realPath : realPath + "/")
    }

    /// The bytes of the file at `relativePath`, at most `limit`. A symbolic
    /// link is read at its real path, if that is inside the folder, opened
    /// without following links: a link put in place after the scan cannot
    /// lead out. A plain file costs one `open`, as before.
    func read(_ relativePath: String, limit: Int) -> Result<[UInt8], BoundedRead.Failure> {
        let direct = BoundedRead.bytes(atPath: absolute(relativePath), limit: limit, followingLinks: false)
        guard case .failure(.link) = direct else { return direct }
        guard let real = Self.realPath(absolute(relativePath)) else { return .failure(.cannotOpen) }
        guard holds(real) else { return .failure(.escapes) }
        switch BoundedRead.bytes(atPath: real, limit: limit, followingLinks: false) {
        case .failure(.link): return .failure(.cannotOpen)  // swapped again meanwhile
        case let other: return other
        }
    }

    /// The absolute path of a relative one. Plain string joining: URL's
    /// appending is slow enough to show in profiles of 10,000 files.
    func absolute(_ relativePath: String) -> String {
        rootPath + "/" + relativePath
    }

    /// The data files, in a stable order, and problems with the folder's
    /// layout (stray files, bad names, duplicate ids, links leading out).
    func scan() throws(LarderError) -> (files: [DataFile], diagnostics: [Diagnostic]) {
        var files: [DataFile] = []
        var diagnostics: [Diagnostic] = []
        var budget = SizeBudget()
        for (name, kind) in [("larder.json", DocumentKind.config), ("favorites.json", .favorites)] {
            let (file, problem) = topLevelFile(name, kind: kind, budget: &budget)
            files += [file].compactMap { $0 }
            diagnostics += problem
        }
        let walk = try walk()
        // One array, each file put in its place once (a shelf's 50,000
        // files were copied into it, every string retained again).
        files.reserveCapacity(files.count + walk.shelves.values.reduce(walk.cooklang.count) { $0 + $1.count })
        for (folder, kind) in [("lists", DocumentKind.list), ("recipes", .recipe)] {
            let found = dataFiles(walk.shelves[folder] ?? [], in: folder, kind: kind, budget: &budget, into: &files)
            diagnostics += (walk.shelfProblems[folder] ?? []) + found
        }
        diagnostics += walk.diagnostics
        let cooklang = cooklangFiles(walk.cooklang, budget: &budget)
        files += cooklang.files
        diagnostics += cooklang.diagnostics
        // Without Cooklang files, each kind's ids are unique already.
        guard !cooklang.files.isEmpty else { return (files, diagnostics) }
        let unique = Self.uniqueIDs(files)
        return (unique.files, diagnostics + unique.diagnostics)
    }

    /// The Cooklang files the walk found, stamped (the one `stat` each, as
    /// for Markdown files), and the problems with them.
    func cooklangFiles(_ entries: [CooklangEntry], budget: inout SizeBudget) -> (files: [DataFile], diagnostics: [Diagnostic]) {
        var files: [DataFile] = []
        var diagnostics: [Diagnostic] = []
        for entry in entries {
            let (type, size, stamp) = stampedEntry(entry.path)
            guard type == .regular else {
                diagnostics.append(type.diagnostic(for: entry.path))
                continue
            }
            guard entry.id.utf8.count <= Identifier.maximumLength else {
                diagnostics.append(.error(
                    "id-too-long",
                    "the id '\(entry.id.prefix(24))…' made from the path '\(entry.path)' is \(entry.id.utf8.count) bytes long, over the limit of \(Identifier.maximumLength): the site names a file after it, and a file name has at most 255 bytes",
                    at: SourceLocation(path: entry.path, line: 1, column: 1), hint: "rename the file or its folders to shorter names"
                ))
                continue
            }
            guard budget.admits(size, at: entry.path, &diagnostics) else { continue }
            var file = DataFile(kind: entry.kind, format: .cooklang, path: entry.path, id: entry.id, stamp: stamp)
            file.images = entry.images
            files.append(file)
        }
        return (files, diagnostics)
    }

    /// `files` without the second and later claims of one list or recipe
    /// id (a `.md` and a `.cook` file, or `Easy Pancakes.cook` and
    /// `easy-pancakes.cook`), each reported naming both files.
    static func uniqueIDs(_ files: [DataFile]) -> (files: [DataFile], diagnostics: [Diagnostic]) {
        var byID: [DocumentKind: [String: String]] = [:]
        var kept: [DataFile] = []
        var diagnostics: [Diagnostic] = []
        kept.reserveCapacity(files.count)
        for file in files {
            guard file.kind == .list || file.kind == .recipe else {
                kept.append(file)
                continue
            }
            if let other = byID[file.kind]?[file.id] {
                diagnostics.append(.error(
                    "duplicate-id", "'\(file.path)' and '\(other)' both have the id '\(file.id)'",
                    at: SourceLocation(path: file.path, line: 1, column: 1),
                    hint: "keep one of them, or rename one (a Cooklang file's id is made from its path)"
                ))
                continue
            }
            byID[file.kind, default: [:]][file.id] = file.path
            kept.append(file)
        }
        return (kept, diagnostics)
    }

    /// `larder.json` or `favorites.json`: nothing when it is missing, the
    /// problems when it is not a file or is too large.
    func topLevelFile(_ name: String, kind: DocumentKind, budget: inout SizeBudget) -> (DataFile?, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        switch entry(name) {
        case (.missing, _): return (nil, [])
        case (.regular, let size):
            guard budget.admits(size, at: name, &diagnostics) else { return (nil, diagnostics) }
            return (DataFile(kind: kind, format: .json, path: name, id: ""), [])
        case (let other, _): return (nil, [other.diagnostic(for: name)])
        }
    }

    /// The id a data file name claims (`weekly` for `weekly.md` and
    /// `weekly.json`, valid or not), nil for other names.
    static func claimedID(_ name: String) -> Substring? {
        if name.hasSuffix(".md") { return name.dropLast(3) }
        if name.hasSuffix(".json") { return name.dropLast(5) }
        return nil
    }

    /// The data files among `entries` (sorted entries of `folder`, all of
    /// them or all that claim some ids), added to `files`, and the problems
    /// with them; files over the size limits are left out (`budget`). An
    /// entry's stamp, when its listing has one, is the file's.
    func dataFiles(
        _ entries: [FolderEntry], in folder: String, kind: DocumentKind, budget: inout SizeBudget,
        into files: inout [DataFile]
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        // Two files claim one id only as `<id>.json` and `<id>.md`, which
        // the sorted names hold next to each other among the valid ids (a
        // name between them starts with `<id>.`, whose id has a dot): the
        // last valid id is all the check needs, not a table of them.
        var last: (id: String, path: String)?
        // Each file not stamped yet is stamped by its name in the open folder.
        var descriptor: Int32?
        defer { if let descriptor, descriptor >= 0 { close(descriptor) } }
        let prefix = folder + "/"
        for entry in entries where !entry.name.hasPrefix(".") {
            let name = entry.name
            let path = prefix + name
            func at() -> SourceLocation { SourceLocation(path: path, line: 1, column: 1) }
            guard let claimed = Self.claimedID(name) else {
                diagnostics.append(.warning(
                    "unknown-file", "'\(path)' is not a data file and is ignored",
                    at: at(), hint: "\(folder)/ holds .md and .json files only"
                ))
                continue
            }
            let id = String(claimed)
            let format: DataFile.Format = name.hasSuffix(".md") ? .markdown : .json
            let (type, size, stamp): (EntryType, Int, FileStamp?)
            if let known = entry.stamp, known.mode & UInt32(S_IFMT) == UInt32(S_IFREG) {
                (type, size, stamp) = (.regular, Int(known.size), known)
            } else {
                if descriptor == nil { descriptor = open(absolute(folder), O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
                (type, size, stamp) = descriptor! >= 0 ? stampedEntry(path, in: descriptor!, name: name) : stampedEntry(path)
            }
            guard type == .regular else {
                diagnostics.append(type.diagnostic(for: path))
                continue
            }
            guard Identifier.isValid(id) else {
                diagnostics.append(.error(
                    "bad-id", "the file name '\(id)' is not a valid id: lowercase letters, digits and - only",
                    at: at(), hint: "rename the file to '\(Identifier.suggest(from: id))\(name[claimed.endIndex...])'"
                ))
                continue
            }
            guard id.utf8.count <= Identifier.maximumLength else {
                diagnostics.append(.error(
                    "id-too-long",
                    "the id '\(id.prefix(24))…' is \(id.utf8.count) bytes long, over the limit of \(Identifier.maximumLength): the site names a file after it (\(folder)/<id>.txt), and a file name has at most 255 bytes",
                    at: at(), hint: "rename the file to a shorter name"
                ))
                continue
            }
            if let last, last.id == id {
                diagnostics.append(.error(
                    "duplicate-id", "'\(path)' and '\(last.path)' both have the id '\(id)'",
                    at: at(), hint: "keep one of them, or rename one"
                ))
                continue
            }
            last = (id, path)
            guard budget.admits(size, at: path, &diagnostics) else { continue }
            files.append(DataFile(kind: kind, format: format, path: path, id: id, stamp: stamp))
        }
        return diagnostics
    }

    /// The file size and total size limits, applied from the sizes the scan
    /// sees: a file over them is never opened.
    struct SizeBudget {
        private var total = 0
        private var exhausted = false

        /// Whether a file of `size` bytes at `path` may be read; when not, and
        /// there is something new to say, why, in `diagnostics`.
        mutating func admits(_ size: Int, at path: String, _ diagnostics: inout [Diagnostic]) -> Bool {
            if size > Limits.maximumFileSize {
                diagnostics.append(DataFolder.tooLarge(path, size: size))
                return false
            }
            guard !exhausted else { return false }
            total += size
            guard total > Limits.maximumTotalSize else { return true }
            // Said once, at the first file past the limit; the rest are skipped.
            exhausted = true
            diagnostics.append(.error(
                "folder-too-large",
                "the data files add up to more than \(Limits.describe(bytes: Limits.maximumTotalSize)); '\(path)' and the files after it are not read",
                at: SourceLocation(path: path, line: 1, column: 1),
                hint: "a data folder is for one household's lists and recipes; split it into several folders"
            ))
            return false
        }
    }

    /// The diagnostic for a data file over `Limits.maximumFileSize`.
    static func tooLarge(_ path: String, size: Int) -> Diagnostic {
        .error(
            "file-too-large",
            "'\(path)' is \(Limits.describe(count: size)) bytes, over the limit of \(Limits.describe(bytes: Limits.maximumFileSize)) per data file",
            at: SourceLocation(path: path, line: 1, column: 1),
            hint: "a recipe or list is a few kilobytes; split the file, or remove what does not belong in it"
        )
    }

    enum EntryType: Equatable {
        case missing, regular, directory, escapingLink, brokenLink, linkLoop, special

        func diagnostic(for path: String) -> Diagnostic {
            let at = SourceLocation(path: path, line: 1, column: 1)
            switch self {
            case .escapingLink:
                return .error(
                    "path-escape", "'\(path)' is a symbolic link to a place outside the data folder",
                    at: at, hint: "copy the file into the folder instead of linking to it"
                )
            case .brokenLink:
                return .error("broken-link", "'\(path)' is a symbolic link to nothing", at: at, hint: "remove the link or fix its target")
            case .linkLoop:
                return .error("broken-link", "'\(path)' is a symbolic link that leads back to itself", at: at, hint: "remove the link or point it at a file")
            case .directory:
                return .warning("unknown-file", "'\(path)' is a folder and is ignored", at: at, hint: "data files sit directly in lists/ and recipes/")
            case .special:
                return .error("not-a-file", "'\(path)' is not a regular file", at: at, hint: "remove it from the data folder")
            case .missing, .regular:
                return .error("not-a-file", "'\(path)' cannot be read", at: at)
            }
        }
    }

    /// What `relativePath` is, following symlinks only while they stay inside.
    func entryType(_ relativePath: String) -> EntryType {
        entry(relativePath).type
    }

    /// What `relativePath` is, and its size in bytes when it is a regular
    /// file. Only stat calls: nothing is opened, so a FIFO cannot block.
    func entry(_ relativePath: String) -> (type: EntryType, size: Int) {
        let (type, size, _) = stampedEntry(relativePath)
        return (type, size)
    }

    /// The same, with a regular file's stamp (`FileStamp`, of the link's
    /// target for a link) from the same `stat`.
    /// `folder`, `name`: the folder of `relativePath` open, and its name in
    /// it, so that the path above is not walked again for each of its files.
    func stampedEntry(
        _ relativePath: String, in folder: Int32 = AT_FDCWD, name: String? = nil
    ) -> (type: EntryType, size: Int, stamp: FileStamp?) {
        if let known = knownStamp?(relativePath), known.mode & UInt32(S_IFMT) == UInt32(S_IFREG) {
            return (.regular, Int(known.size), known)
        }
        let path = name ?? absolute(relativePath)
        var info = stat()
        guard fstatat(folder, path, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return (.missing, 0, nil) }
        if (info.st_mode & S_IFMT) == S_IFLNK {
            guard fstatat(folder, path, &info, 0) == 0 else { return (errno == ELOOP ? .linkLoop : .brokenLink, 0, nil) }
            guard staysInside(relativePath) else { return (.escapingLink, 0, nil) }
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return (.regular, Int(info.st_size), FileStamp(info))
        case S_IFDIR: return (.directory, 0, nil)
        default: return (.special, 0, nil)
        }
    }
}

/// Ids: file names of lists and recipes, store and category ids.
public enum Identifier {
    /// The longest id of a list or recipe, in bytes: the site has a file
    /// `<id>.txt`, and file systems allow names of 255 bytes.
    public static let maximumLength = 255 - ".txt".utf8.count

    /// Lowercase ASCII letters, digits and `-`, at least one.
    public static func isValid<S: StringProtocol>(_ id: S) -> Bool {
        !id.isEmpty && id.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
    }

    /// A valid id made from any text: "Mum's Pancakes!" -> "mums-pancakes".
    public static func suggest(from text: String) -> String {
        suggestion(from: text) ?? "untitled"
    }

    /// The same, or nil when no letter or digit of the text has an ASCII
    /// form ("🍕", "ラーメン", "!!!").
    public static func suggestion(from text: String) -> String? {
        var out = ""
        var pendingDash = false
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
            if scalar.properties.generalCategory == .nonspacingMark || scalar == "'" || scalar == "’" { continue }
            let lower = Character(scalar).lowercased()
            if lower.count == 1, let ascii = lower.unicodeScalars.first, ascii.isASCII,
               (ascii >= "a" && ascii <= "z") || (ascii >= "0" && ascii <= "9") {
                if pendingDash, !out.isEmpty { out += "-" }
                pendingDash = false
                out.unicodeScalars.append(ascii)
            } else {
                pendingDash = true
            }
        }
        return out.isEmpty ? nil : out
    }
}
