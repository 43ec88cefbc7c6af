import Foundation
import LarderCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A Cooklang file the walk found (`.cook`: a recipe, `.menu`: a list),
/// before it is stamped, with the pictures beside it.
struct CooklangEntry: Sendable, Hashable {
    var path: String
    var kind: DocumentKind
    var id: String
    /// Names of pictures in the same folder named after the file
    /// (`Easy Pancakes.jpg`, `Easy Pancakes.3.jpg`), sorted; recipes only.
    var images: [String]
}

/// The data folder listed once: the names in `lists/` and `recipes/` (for
/// the Markdown and JSON files there) and the Cooklang files anywhere below,
/// which Cooklang users keep at the top and in folders of their own
/// (`Breakfast/Easy Pancakes.cook`). Each folder is listed once, by
/// `readdir` with the entry's type, so that no file is stat'ed here: the
/// scan stamps only the data files it keeps.
struct FolderWalk: Sendable {
    /// Sorted entries of `lists/` and `recipes/` that are not Cooklang's
    /// (neither a .cook or .menu file, nor a picture beside one, nor a
    /// folder): the Markdown and JSON files, and strays to warn about.
    var shelves: [String: [FolderEntry]] = [:]
    /// Problems with `lists/` or `recipes/` themselves (not a folder, too many entries).
    var shelfProblems: [String: [Diagnostic]] = [:]
    /// In path order.
    var cooklang: [CooklangEntry] = []
    /// The folders walked below the top (not `lists/` and `recipes/` themselves).
    var folders: [String] = []
    /// Problems found on the way: folders not read (too deep, too many,
    /// links leading out), folders in lists/ or recipes/ that hold nothing.
    var diagnostics: [Diagnostic] = []

    /// Top-level folders never walked: the theme, the pictures, `cook`'s
    /// configuration (read by its own readers).
    static let unwalked: Set<String> = ["templates", "images", "config"]
    /// The file `larder build` puts in the site it writes: a folder holding
    /// it is a site (`_site` inside the data folder), never data.
    static let siteMarker = ".larder-site"
}

/// One entry of a folder's listing: its name and type (`d_type`: `DT_DIR`,
/// `DT_REG`, `DT_LNK`, or `DT_UNKNOWN` where it is not known).
public struct FolderEntry: Sendable, Hashable {
    public var name: String
    public var type: UInt8
    /// A regular file's stamp, when the listing came with one (a build's
    /// snapshot stamps every entry as it lists the folder): the scan takes
    /// it by position, instead of looking the path up in a table of
    /// 55,000 (50,000 recipes) or stamping the file again. Not part of
    /// what makes two entries the same.
    public var stamp: FileStamp?

    public init(name: String, type: UInt8, stamp: FileStamp? = nil) {
        self.name = name
        self.type = type
        self.stamp = stamp
    }

    public static func == (a: FolderEntry, b: FolderEntry) -> Bool {
        a.name == b.name && a.type == b.type
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(type)
    }
}

extension DataFolder {
    private typealias Listed = FolderEntry

    /// Walks the folder (see `FolderWalk`). Throws only when `lists/` or
    /// `recipes/` cannot be listed, as the scan did before it walked.
    func walk() throws(LarderError) -> FolderWalk {
        var walk = FolderWalk()
        var visited = Set<DirectoryID>()
        var folders = 0
        if let root = directoryID("") { visited.insert(root) }
        let entries = list("") ?? []
        let pictures = Self.picturesByStem(entries)
        for entry in entries where !entry.name.hasPrefix(".") {
            let name = entry.name
            if name == "lists" || name == "recipes" {
                try shelf(name, into: &walk, visited: &visited, folders: &folders)
                continue
            }
            if FolderWalk.unwalked.contains(name) { continue }
            visitEntry(entry, in: "", depth: 1, into: &walk, visited: &visited, folders: &folders, pictures: pictures)
        }
        return walk
    }

    /// `lists/` or `recipes/`: its names go to the shelf, its Cooklang files
    /// and folders are walked.
    private func shelf(
        _ folder: String, into walk: inout FolderWalk, visited: inout Set<DirectoryID>, folders: inout Int
    ) throws(LarderError) {
        switch entryType(folder) {
        case .missing: return
        case .directory: break
        case let other:
            walk.shelfProblems[folder] = [other.diagnostic(for: folder)]
            return
        }
        guard let entries = list(folder) else {
            throw LarderError(path: absolute(folder), reason: "cannot read the folder")
        }
        guard entries.count <= Limits.maximumFilesPerFolder else {
            walk.shelfProblems[folder] = [Self.tooManyEntries(folder, entries.count)]
            return
        }
        // Pictures of the recipes here are theirs, not stray files. Only a
        // Cooklang recipe has pictures found beside it: a shelf of Markdown
        // and JSON files (10,000 names) is not sorted into them.
        let cookRecipes = entries.filter { Self.cooklangKind($0.name) == .recipe }
        let pictures = cookRecipes.isEmpty ? [:] : Self.picturesByStem(entries)
        let owned = Set(cookRecipes.flatMap { pictures[Self.stem($0.name)] ?? [] })
        var names: [FolderEntry] = []
        names.reserveCapacity(entries.count)
        for entry in entries where !entry.name.hasPrefix(".") {
            let isFolder = entry.type == DT_DIR || (entry.type == DT_LNK || entry.type == DT_UNKNOWN) && entryType("\(folder)/\(entry.name)") == .directory
            if isFolder {
                let before = walk.cooklang.count
                visitFolder("\(folder)/\(entry.name)", depth: 2, into: &walk, visited: &visited, folders: &folders)
                if walk.cooklang.count == before {
                    walk.diagnostics.append(DataFolder.EntryType.directory.diagnostic(for: "\(folder)/\(entry.name)"))
                }
            } else if Self.cooklangKind(entry.name) != nil || owned.contains(entry.name) {
                visitEntry(entry, in: folder, depth: 2, into: &walk, visited: &visited, folders: &folders, pictures: pictures)
            } else {
                names.append(entry)
            }
        }
        walk.shelves[folder] = names
    }

    /// A folder below the top: its Cooklang files and folders.
    private func visitFolder(
        _ path: String, depth: Int, into walk: inout FolderWalk, visited: inout Set<DirectoryID>, folders: inout Int
    ) {
        let at = SourceLocation(path: path, line: 1, column: 1)
        guard depth <= Limits.maximumFolderDepth else {
            walk.diagnostics.append(.warning(
                "folder-too-deep", "'\(path)' is more than \(Limits.maximumFolderDepth) folders deep; nothing in it is read",
                at: at, hint: "keep recipes within a few levels of folders"
            ))
            return
        }
        // A folder seen before is a link back up, or a second way to the
        // same files: walked once.
        guard let id = directoryID(path), visited.insert(id).inserted else { return }
        folders += 1
        guard folders <= Limits.maximumFolders else {
            if folders == Limits.maximumFolders + 1 {
                walk.diagnostics.append(.error(
                    "too-many-folders",
                    "the data folder holds more than \(Limits.describe(count: Limits.maximumFolders)) folders; '\(path)' and the folders after it are not read",
                    at: at, hint: "a data folder is for one household's lists and recipes; split it into several folders"
                ))
            }
            return
        }
        guard let entries = list(path) else { return }
        // A site that `larder build` wrote inside the data folder.
        if entries.contains(where: { $0.name == FolderWalk.siteMarker }) { return }
        walk.folders.append(path)
        guard entries.count <= Limits.maximumFilesPerFolder else {
            walk.diagnostics.append(Self.tooManyEntries(path, entries.count))
            return
        }
        let pictures = Self.picturesByStem(entries)
        for entry in entries where !entry.name.hasPrefix(".") {
            visitEntry(entry, in: path, depth: depth + 1, into: &walk, visited: &visited, folders: &folders, pictures: pictures)
        }
    }

    /// One entry of a folder being walked: a folder is walked, a Cooklang
    /// file kept; the rest is not Larder's.
    private func visitEntry(
        _ entry: Listed, in folder: String, depth: Int, into walk: inout FolderWalk,
        visited: inout Set<DirectoryID>, folders: inout Int, pictures: [String: [String]]
    ) {
        let path = folder.isEmpty ? entry.name : "\(folder)/\(entry.name)"
        var type = entry.type
        if type == DT_LNK || type == DT_UNKNOWN {
            switch entryType(path) {
            case .directory: type = UInt8(DT_DIR)
            case .regular: type = UInt8(DT_REG)
            case .escapingLink where Self.cooklangKind(entry.name) != nil:
                type = UInt8(DT_REG)  // kept, so the scan says why it is not read
            case .escapingLink:
                // Said of folders only: a picture linked from elsewhere is not Larder's business.
                var info = stat()
                guard stat(absolute(path), &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return }
                walk.diagnostics.append(.warning(
                    "path-escape", "'\(path)' is a symbolic link to a place outside the data folder; nothing in it is read",
                    at: SourceLocation(path: path, line: 1, column: 1), hint: "copy what it links to into the folder instead of linking to it"
                ))
                return
            default: type = UInt8(DT_REG)
            }
        }
        if type == DT_DIR {
            visitFolder(path, depth: depth, into: &walk, visited: &visited, folders: &folders)
            return
        }
        guard let kind = Self.cooklangKind(entry.name) else { return }
        let images = kind == .recipe ? pictures[Self.stem(entry.name)] ?? [] : []
        walk.cooklang.append(CooklangEntry(path: path, kind: kind, id: Self.cooklangID(path, kind: kind), images: images))
    }

    /// `.cook` is a recipe, `.menu` a list.
    static func cooklangKind(_ name: String) -> DocumentKind? {
        if name.hasSuffix(".cook"), name.count > 5 { return .recipe }
        if name.hasSuffix(".menu"), name.count > 5 { return .list }
        return nil
    }

    /// The name without its last extension.
    static func stem(_ name: String) -> String {
        name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
    }

    /// The pictures among a folder's entries by the stem of the recipe
    /// they would belong to: `Easy Pancakes.jpg` (the recipe's) and
    /// `Easy Pancakes.3.jpg` (its third step's) under `Easy Pancakes`;
    /// sorted. Made once per folder, so that finding a recipe's pictures
    /// costs a lookup, not a pass over the folder.
    private static func picturesByStem(_ entries: [Listed]) -> [String: [String]] {
        var pictures: [String: [String]] = [:]
        for entry in entries where !entry.name.hasPrefix(".") && ImageFormat(fileName: entry.name) != nil {
            let stem = stem(entry.name)
            pictures[stem, default: []].append(entry.name)
            if let dot = stem.lastIndex(of: "."), Int(stem[stem.index(after: dot)...]) != nil {
                pictures[String(stem[..<dot]), default: []].append(entry.name)
            }
        }
        return pictures
    }

    /// The id of a Cooklang file, from its path: the path without extension
    /// (and without a leading `recipes/` for a recipe, `lists/` for a list),
    /// its folders and words joined with `-`, lowercased, accents dropped:
    /// `Breakfast/Easy Pancakes.cook` is `breakfast-easy-pancakes`. A file
    /// name with no ASCII letter or digit (`ラーメン.cook`) gets a stable code
    /// from its path instead: `recipe-` (or `menu-`) and 8 hex digits, after
    /// its folders' words.
    static func cooklangID(_ path: String, kind: DocumentKind) -> String {
        var components = stem(path).split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        let shelf = kind == .recipe ? "recipes" : "lists"
        if components.count > 1, components[0] == shelf { components.removeFirst() }
        let folders = components.dropLast().compactMap(Identifier.suggestion)
        guard let name = components.last.flatMap(Identifier.suggestion) else {
            let code = (kind == .recipe ? "recipe-" : "menu-") + pathCode(components.joined(separator: "/"))
            return (folders + [code]).joined(separator: "-")
        }
        return (folders + [name]).joined(separator: "-")
    }

    /// 8 hex digits of the FNV-1a hash of the path's UTF-8 in canonical
    /// composed form (macOS stores names decomposed): the same on every
    /// machine, for every run.
    private static func pathCode(_ path: String) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in path.precomposedStringWithCanonicalMapping.utf8 {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }

    static func tooManyEntries(_ folder: String, _ count: Int) -> Diagnostic {
        .error(
            "too-many-files",
            "\(folder)/ holds \(Limits.describe(count: count)) entries, over the limit of \(Limits.describe(count: Limits.maximumFilesPerFolder)); none of them is read",
            at: SourceLocation(path: folder, line: 1, column: 1),
            hint: "a data folder is for one household's lists and recipes; split it into several folders"
        )
    }

    /// A folder by device and inode, so a link back to it is walked once.
    struct DirectoryID: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    private func directoryID(_ relativePath: String) -> DirectoryID? {
        var info = stat()
        guard stat(relativePath.isEmpty ? realPath : absolute(relativePath), &info) == 0 else { return nil }
        return DirectoryID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// The entries of a folder with their types (`DT_DIR`, `DT_REG`,
    /// `DT_LNK`, or `DT_UNKNOWN` where the file system does not say), sorted
    /// by name; nil when it cannot be listed. A listing the run already took
    /// (`knownListing`: a build's snapshot) is not taken again.
    private func list(_ relativePath: String) -> [Listed]? {
        if let known = knownListing?(relativePath) { return known }
        guard let folder = opendir(relativePath.isEmpty ? realPath : absolute(relativePath)) else { return nil }
        defer { closedir(folder) }
        var entries: [Listed] = []
        while let entry = readdir(folder) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
                String(cString: UnsafeRawPointer(tuple).assumingMemoryBound(to: CChar.self))
            }
            if name == "." || name == ".." { continue }
            entries.append(FolderEntry(name: name, type: entry.pointee.d_type))
        }
        return entries.sorted { $0.name < $1.name }
    }
}

extension Identifier {
    /// A recipe (or, `kind: .list`, a list) as a user names it on the
    /// command line (`--recipe`): an id (`easy-pancakes`) stays as it is; a
    /// Cooklang file's path (`Breakfast/Easy Pancakes`, with or without
    /// `.cook`, or `./Breakfast/…`) becomes that file's id.
    public static func id(forReference text: String, kind: DocumentKind = .recipe) -> String {
        if isValid(text) { return text }
        var path = text
        while path.hasPrefix("./") { path.removeFirst(2) }
        for written in [".cook", ".menu", ".md", ".json"] where path.hasSuffix(written) {
            path.removeLast(written.count)
            break
        }
        return DataFolder.cooklangID(path + (kind == .recipe ? ".cook" : ".menu"), kind: kind)
    }
}

/// What `larder serve` watches besides the known files and folders: the
/// Cooklang files and the pictures beside them, and the folders walked for
/// them (so a file made in one is noticed).
public struct CooklangInputs: Sendable, Hashable {
    /// Relative to the data folder.
    public var files: [String]
    public var folders: [String]
}

extension KitchenLoader {
    /// The Cooklang files of the folder at `url` as a load finds them (see
    /// `FolderWalk`); empty when it cannot be walked.
    public static func cooklangInputs(_ url: URL) -> CooklangInputs {
        guard let folder = try? DataFolder(url), let walk = try? folder.walk() else {
            return CooklangInputs(files: [], folders: [])
        }
        var files: [String] = []
        for entry in walk.cooklang {
            files.append(entry.path)
            let folder = entry.path.lastIndex(of: "/").map { String(entry.path[...$0]) } ?? ""
            files += entry.images.map { folder + $0 }
        }
        return CooklangInputs(files: files, folders: walk.folders)
    }
}
