import Foundation

/// The git repository that holds a data folder, found without running git:
/// the nearest `.git` (a folder, or a file naming one, as in worktrees and
/// submodules) at or above the folder. Its HEAD is read from files too, so
/// that a build can tell its history cache is current with no git process.
public struct GitRepository: Sendable, Hashable {
    /// The top of the work tree.
    public var top: URL
    /// The data folder, relative to `top` ("" when it is the top).
    public var folder: String
    /// The repository's own folder (`.git`, or the worktree's).
    var gitDirectory: URL
    /// Where refs and objects are shared (the main `.git` of a worktree).
    var commonDirectory: URL

    /// The repository holding `dataFolder`, or nil when no `.git` is found
    /// at or above it.
    public static func locate(_ dataFolder: URL) -> GitRepository? {
        let start = dataFolder.standardizedFileURL.resolvingSymlinksInPath()
        var top = start
        var inside: [String] = []
        while true {
            let dotGit = top.appendingPathComponent(".git")
            if let gitDirectory = gitDirectory(at: dotGit) {
                var common = gitDirectory
                if let text = try? String(contentsOf: gitDirectory.appendingPathComponent("commondir"), encoding: .utf8) {
                    let path = text.trimmingCharacters(in: .whitespacesAndNewlines)
                    common = path.hasPrefix("/") ? URL(fileURLWithPath: path)
                        : gitDirectory.appendingPathComponent(path).standardizedFileURL
                }
                return GitRepository(
                    top: top, folder: inside.reversed().joined(separator: "/"),
                    gitDirectory: gitDirectory, commonDirectory: common
                )
            }
            let parent = top.deletingLastPathComponent()
            if parent.path == top.path { return nil }
            inside.append(top.lastPathComponent)
            top = parent
        }
    }

    private static func gitDirectory(at dotGit: URL) -> URL? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dotGit.path, isDirectory: &isFolder) else { return nil }
        if isFolder.boolValue { return dotGit }
        // "gitdir: PATH" (worktrees, submodules).
        guard let text = try? String(contentsOf: dotGit, encoding: .utf8), text.hasPrefix("gitdir:") else { return nil }
        let path = text.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespacesAndNewlines)
        return path.hasPrefix("/") ? URL(fileURLWithPath: path)
            : dotGit.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
    }

    /// Whether the clone is shallow: its history stops at a cut, and a
    /// list's changes before it are unknown.
    public var isShallow: Bool {
        FileManager.default.fileExists(atPath: commonDirectory.appendingPathComponent("shallow").path)
    }

    /// The commit id HEAD names, read from `HEAD`, the loose ref or
    /// `packed-refs`; nil when that does not give one (an unborn branch, a
    /// ref store this does not read): then the caller asks git.
    public func headFromFiles() -> String? {
        guard var text = try? String(contentsOf: gitDirectory.appendingPathComponent("HEAD"), encoding: .utf8) else { return nil }
        text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("ref:") else { return Self.isCommitID(text) ? text : nil }
        let ref = text.dropFirst(4).trimmingCharacters(in: .whitespaces)
        guard ref.hasPrefix("refs/"), !ref.contains("..") else { return nil }
        for folder in [gitDirectory, commonDirectory] {
            if let loose = try? String(contentsOf: folder.appendingPathComponent(ref), encoding: .utf8) {
                let id = loose.trimmingCharacters(in: .whitespacesAndNewlines)
                return Self.isCommitID(id) ? id : nil
            }
        }
        guard let packed = try? String(contentsOf: commonDirectory.appendingPathComponent("packed-refs"), encoding: .utf8) else {
            return nil
        }
        for line in packed.split(separator: "\n") where line.hasSuffix(" " + ref) {
            let id = String(line.prefix { $0 != " " })
            return Self.isCommitID(id) ? id : nil
        }
        return nil
    }

    static func isCommitID(_ text: String) -> Bool {
        (text.utf8.count == 40 || text.utf8.count == 64) && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
