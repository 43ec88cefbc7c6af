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
    enum Format: Sendable, Hashable { case json, markdown }
    var kind: DocumentKind
    var format: Format
    /// Relative to the data folder, with `/`.
    var path: String
    /// The file name without extension (lists and recipes only).
    var id: String
}

/// Finds the data files of a folder, and keeps every path inside it.
struct DataFolder: Sendable {
    /// The folder as the user named it.
    let url: URL
    /// Its real path (symlinks resolved), the fence every file must stay in.
    let realPath: String
    /// `url.path` without a trailing slash.
    private let rootPath: String

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
        return real == realPath || real.hasPrefix(realPath.hasSuffix("/") ? realPath : realPath + "/")
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
        for (name, kind) in [("larder.json", DocumentKind.config), ("favorites.json", .favorites)] {
            switch entryType(name) {
            case .missing: continue
            case .regular: files.append(DataFile(kind: kind, format: .json, path: name, id: ""))
            case let other: diagnostics.append(other.diagnostic(for: name))
            }
        }
        for (folder, kind) in [("lists", DocumentKind.list), ("recipes", .recipe)] {
            let (found, problems) = try scanFolder(folder, kind: kind)
            files += found
            diagnostics += problems
        }
        return (files, diagnostics)
    }

    private func scanFolder(_ folder: String, kind: DocumentKind) throws(LarderError) -> ([DataFile], [Diagnostic]) {
        switch entryType(folder) {
        case .missing: return ([], [])
        case .directory: break
        case let other: return ([], [other.diagnostic(for: folder)])
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: absolute(folder)).sorted()
        } catch {
            throw LarderError(path: absolute(folder), reason: "cannot read the folder: \(error.localizedDescription)")
        }
        var files: [DataFile] = []
        var diagnostics: [Diagnostic] = []
        var byID: [String: String] = [:]
        for name in names where !name.hasPrefix(".") {
            let path = "\(folder)/\(name)"
            let at = SourceLocation(path: path, line: 1, column: 1)
            let format: DataFile.Format
            let id: String
            if name.hasSuffix(".md") {
                format = .markdown
                id = String(name.dropLast(3))
            } else if name.hasSuffix(".json") {
                format = .json
                id = String(name.dropLast(5))
            } else {
                diagnostics.append(.warning(
                    "unknown-file", "'\(path)' is not a data file and is ignored",
                    at: at, hint: "\(folder)/ holds .md and .json files only"
                ))
                continue
            }
            let type = entryType(path)
            guard type == .regular else {
                diagnostics.append(type.diagnostic(for: path))
                continue
            }
            guard Identifier.isValid(id) else {
                diagnostics.append(.error(
                    "bad-id", "the file name '\(id)' is not a valid id: lowercase letters, digits and - only",
                    at: at, hint: "rename the file to '\(Identifier.suggest(from: id))\(name.hasSuffix(".md") ? ".md" : ".json")'"
                ))
                continue
            }
            if let other = byID[id] {
                diagnostics.append(.error(
                    "duplicate-id", "'\(path)' and '\(other)' both have the id '\(id)'",
                    at: at, hint: "keep one of them, or rename one"
                ))
                continue
            }
            byID[id] = path
            files.append(DataFile(kind: kind, format: format, path: path, id: id))
        }
        return (files, diagnostics)
    }

    enum EntryType: Equatable {
        case missing, regular, directory, escapingLink, brokenLink, special

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
        let path = absolute(relativePath)
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        if (info.st_mode & S_IFMT) == S_IFLNK {
            guard stat(path, &info) == 0 else { return .brokenLink }
            guard staysInside(relativePath) else { return .escapingLink }
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        default: return .special
        }
    }
}

/// Ids: file names of lists and recipes, store and category ids.
public enum Identifier {
    /// Lowercase ASCII letters, digits and `-`, at least one.
    public static func isValid<S: StringProtocol>(_ id: S) -> Bool {
        !id.isEmpty && id.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
    }

    /// A valid id made from any text: "Mum's Pancakes!" -> "mums-pancakes".
    public static func suggest(from text: String) -> String {
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
        return out.isEmpty ? "untitled" : out
    }
}
