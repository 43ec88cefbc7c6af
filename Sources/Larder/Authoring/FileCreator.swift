import Foundation

/// A file an authoring command (`init`, `new`, `import`) writes into a data
/// folder: text, or the bytes of a picture.
public struct AuthoredFile: Sendable, Hashable {
    /// Relative to the data folder, with `/`.
    public var path: String
    public var bytes: [UInt8]
    /// Permission bits, such as 0o644, or 0o600 for a secret.
    public var permissions: UInt16

    public init(path: String, contents: String, permissions: UInt16 = 0o644) {
        self.init(path: path, bytes: Array(contents.utf8), permissions: permissions)
    }

    public init(path: String, bytes: [UInt8], permissions: UInt16 = 0o644) {
        self.path = path
        self.bytes = bytes
        self.permissions = permissions
    }

    /// The bytes as text (a text file's contents).
    public var contents: String { String(decoding: bytes, as: UTF8.self) }
}

/// Why an authoring command wrote nothing.
public enum AuthoringError: Error, Sendable, Hashable, CustomStringConvertible {
    /// These paths (relative to the data folder) are already taken.
    case exists([String])
    /// A file or folder that could not be made; what was made before it has
    /// been removed again.
    case io(path: String, reason: String)

    public var description: String {
        switch self {
        case .exists(let paths): "already there: \(paths.joined(separator: ", "))"
        case .io(let path, let reason): "\(path): \(reason)"
        }
    }
}

/// Writes new files into a folder, all or none, and never over anything.
///
/// Every path is checked before the first byte is written, so a refusal
/// leaves the folder as it was; each file is then created with `O_EXCL`, so
/// a file that appears meanwhile is not replaced either, and a failure
/// halfway removes what this run made.
public struct FileCreator: Sendable {
    public let folder: URL

    public init(folder: URL) {
        self.folder = folder
    }

    /// The paths of `files` that are taken: something (a file, a folder, a
    /// link, even a broken one) is there, or one of its folders is a file.
    public func conflicts(_ files: [AuthoredFile]) -> [String] {
        var taken: [String] = []
        var seen: Set<String> = []
        for file in files {
            var parent = ""
            for component in file.path.split(separator: "/").dropLast() {
                parent += parent.isEmpty ? String(component) : "/\(component)"
                if case .some(false) = isDirectory(parent), seen.insert(parent).inserted {
                    taken.append(parent)
                }
            }
            if isDirectory(file.path) != nil, seen.insert(file.path).inserted {
                taken.append(file.path)
            }
        }
        return taken
    }

    /// Creates the folder if it is missing, then `files` in it; throws
    /// `.exists` (having written nothing) when any of them is taken.
    public func create(_ files: [AuthoredFile]) throws(AuthoringError) {
        let taken = conflicts(files)
        guard taken.isEmpty else { throw .exists(taken) }
        var madeFolders: [String] = []
        var madeFiles: [String] = []
        do throws(AuthoringError) {
            try makeFolder(folder.path, made: &madeFolders)
            for file in files {
                let path = absolute(file.path)
                try makeFolder((path as NSString).deletingLastPathComponent, made: &madeFolders)
                try write(file, to: path)
                madeFiles.append(path)
            }
        } catch {
            for path in madeFiles.reversed() { unlink(path) }
            for path in madeFolders.reversed() { rmdir(path) }
            throw error
        }
    }

    /// Writes `file` over the file at its path (or where there is none),
    /// all or nothing: see `replace(_:)` for several.
    public func replace(_ file: AuthoredFile) throws(AuthoringError) {
        try replace([file])
    }

    /// Writes `files` over the files at their paths (or where there are
    /// none): each is written whole beside its place under a hidden name
    /// (all of them, or none when one fails), then each renamed over its
    /// place, so that a failure while writing leaves the old files as they
    /// were and a reader never sees half of a new one. A folder there is
    /// not replaced (`.exists`).
    ///
    /// Both or neither, also when a rename fails: each old file is kept
    /// under a second hidden name (a hard link, so its place is never
    /// empty) until every new one is in place, and put back if one is not.
    public func replace(_ files: [AuthoredFile]) throws(AuthoringError) {
        try replace(files, renaming: { rename($0, $1) })
    }

    /// `replace(_:)` with the rename to use (tests make one fail).
    func replace(_ files: [AuthoredFile], renaming: (String, String) -> Int32) throws(AuthoringError) {
        let folders = files.filter { isDirectory($0.path) == true }.map(\.path)
        guard folders.isEmpty else { throw .exists(folders) }
        let temporaries = files.map { hidden($0, suffix: "replacing") }
        try create(temporaries)
        // The old files, linked under a hidden name. nil where there is none,
        // or where the file system makes no hard links (that file is then
        // replaced without a way back, as a lone rename would).
        let existed = files.map { isDirectory($0.path) != nil }
        let keptOld: [String?] = files.map { file in
            let kept = absolute(hidden(file, suffix: "previous").path)
            unlink(kept)
            return link(absolute(file.path), kept) == 0 ? kept : nil
        }
        defer { for kept in keptOld { if let kept { unlink(kept) } } }
        for (index, (temporary, file)) in zip(temporaries, files).enumerated() {
            guard renaming(absolute(temporary.path), absolute(file.path)) == 0 else {
                let reason = String(cString: strerror(errno))
                for rest in temporaries[index...] { unlink(absolute(rest.path)) }
                for done in 0..<index {
                    let place = absolute(files[done].path)
                    if let kept = keptOld[done] {
                        rename(kept, place)
                    } else if !existed[done] {
                        unlink(place)
                    }
                }
                throw .io(path: file.path, reason: "cannot replace the file: \(reason)")
            }
        }
    }

    /// `file` under a hidden name beside its place, for this process.
    private func hidden(_ file: AuthoredFile, suffix: String) -> AuthoredFile {
        let name = (file.path as NSString).lastPathComponent
        let folderPath = (file.path as NSString).deletingLastPathComponent
        let hidden = ".\(name).\(getpid()).\(suffix)"
        return AuthoredFile(
            path: folderPath.isEmpty ? hidden : "\(folderPath)/\(hidden)", bytes: file.bytes, permissions: file.permissions
        )
    }

    private func absolute(_ relativePath: String) -> String {
        folder.appendingPathComponent(relativePath).path
    }

    /// nil: nothing there; true: a folder (through links); false: anything else.
    private func isDirectory(_ relativePath: String) -> Bool? {
        let path = absolute(relativePath)
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        if (info.st_mode & S_IFMT) == S_IFLNK {
            guard stat(path, &info) == 0 else { return false }
        }
        return (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Makes `path` and its missing parents, noting each folder it made.
    private func makeFolder(_ path: String, made: inout [String]) throws(AuthoringError) {
        var missing: [String] = []
        var current = path
        while !current.isEmpty, current != "/", !FileManager.default.fileExists(atPath: current) {
            missing.append(current)
            current = (current as NSString).deletingLastPathComponent
        }
        for folder in missing.reversed() {
            if mkdir(folder, 0o755) == 0 {
                made.append(folder)
            } else if errno != EEXIST {
                throw .io(path: relative(folder), reason: "cannot make the folder: \(String(cString: strerror(errno)))")
            }
        }
    }

    private func write(_ file: AuthoredFile, to path: String) throws(AuthoringError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode_t(file.permissions))
        guard descriptor >= 0 else {
            if errno == EEXIST { throw .exists([file.path]) }
            throw .io(path: file.path, reason: "cannot create the file: \(String(cString: strerror(errno)))")
        }
        // The umask can only take bits away, so a secret made 0600 stays private.
        defer { close(descriptor) }
        let bytes = file.bytes
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else {
                let reason = String(cString: strerror(errno))
                unlink(path)
                throw .io(path: file.path, reason: "cannot write the file: \(reason)")
            }
            written += count
        }
    }

    private func relative(_ path: String) -> String {
        let root = folder.path
        guard path.hasPrefix(root + "/") else { return path }
        return String(path.dropFirst(root.count + 1))
    }
}
