import Foundation
import LarderCore

/// Reads the history of a data folder's lists from git with two processes
/// whatever the number of commits: one `git log` over `lists/` (each
/// commit's author, date and the blobs of the files it changed, renames
/// found), then one `git cat-file --batch` for HEAD and the blobs.
/// Each version of a file is read with the list reader the site uses
/// (`KitchenLoader.readFile`), so items compare by what Larder reads.
public struct HistoryReader: Sendable {
    public var repository: GitRepository
    public var git: GitProcess

    /// The repository holding `dataFolder` and the `git` to read it with;
    /// why not, when there is none, it is shallow or git is missing.
    public static func open(_ dataFolder: URL, environment: [String: String]) throws(HistoryError) -> HistoryReader {
        guard let repository = GitRepository.locate(dataFolder) else {
            throw HistoryError(
                .notRepository, "\(dataFolder.path) is not in a git repository, so its lists have no history",
                hint: "git init there and commit the lists (see docs/commands.md#larder-history)"
            )
        }
        if repository.isShallow {
            throw HistoryError(
                .shallow, "\(repository.top.path) is a shallow clone: the history of its lists is cut short",
                hint: "fetch the whole history with git fetch --unshallow"
            )
        }
        guard let executable = GitProcess.find(environment: environment) else {
            throw HistoryError(
                .gitMissing, "git is not installed (no git on PATH), so the history of lists cannot be read",
                hint: "install git (git-scm.com), or put it on PATH"
            )
        }
        return HistoryReader(
            repository: repository,
            git: GitProcess(executable: executable, directory: repository.top.path, environment: environment)
        )
    }

    /// The lists' histories at HEAD: for each list file HEAD holds under
    /// `lists/`, its versions newest first, following renames; at most
    /// `depth` versions a list (nil: all of them); only the lists at `only`
    /// (paths relative to the data folder), when given.
    public func read(depth: Int? = nil, only: Set<String>? = nil) throws(HistoryError) -> FolderHistory {
        let prefix = repository.folder.isEmpty ? "" : repository.folder + "/"
        let log: [UInt8]
        do {
            log = try git.run([
                "log", "-z", "--raw", "--no-abbrev", "-M", "--no-color", "--no-ext-diff",
                "--format=%x1e%H%x1f%an%x1f%at%x1f%ai", "--", prefix + "lists",
            ])
        } catch {
            // A repository without a commit has no history yet.
            if repository.headFromFiles() == nil, error.reason.contains("does not have any commits") {
                return FolderHistory(head: "", headTime: 0, lists: [:])
            }
            throw error
        }
        let commits = Self.parseLog(log, prefix: prefix)
        var tracked = Self.track(commits, depth: depth)
        if let only { tracked = tracked.filter { only.contains($0.key) } }

        // HEAD's commit and every blob the versions need, in one batch.
        var wanted: [String] = []
        var seen = Set<String>()
        for versions in tracked.values {
            for version in versions {
                for blob in [version.source, version.blob] where !Self.isNull(blob) && seen.insert(blob).inserted {
                    wanted.append(blob)
                }
            }
        }
        let batch = try git.run(["cat-file", "--batch"], input: Array((["HEAD"] + wanted).map { $0 + "\n" }.joined().utf8))
        let objects = Self.parseBatch(batch)
        guard let head = objects.first, head.type == "commit" else {
            return FolderHistory(head: "", headTime: 0, lists: [:])
        }
        let headTime = Self.committerTime(head.content) ?? 0

        // Each distinct (blob, kind of file) read once, on all cores.
        var blobs: [String: [UInt8]] = [:]
        for object in objects.dropFirst() where object.type == "blob" { blobs[object.id] = object.content }
        let contents = blobs
        var reads: [ReadKey] = []
        var readSeen = Set<ReadKey>()
        for versions in tracked.values {
            for version in versions {
                for (blob, path) in [(version.source, version.sourcePath), (version.blob, version.path)]
                where !Self.isNull(blob) && readSeen.insert(ReadKey(blob: blob, path: path)).inserted {
                    reads.append(ReadKey(blob: blob, path: path))
                }
            }
        }
        let items = reads.concurrentMap { key -> [VersionItem]? in
            guard let bytes = contents[key.blob],
                  let result = KitchenLoader.readFile(key.path, bytes: bytes),
                  !result.diagnostics.contains(where: { $0.severity == .error }),
                  let list = result.list else { return nil }
            return list.items.map(VersionItem.init)
        }
        var read: [ReadKey: [VersionItem]] = [:]
        for (key, value) in zip(reads, items) { read[key] = value }

        var lists: [String: [ListVersion]] = [:]
        for (path, versions) in tracked {
            lists[path] = versions.map { version in
                let before = Self.isNull(version.source) ? [] : read[ReadKey(blob: version.source, path: version.sourcePath)]
                let after = read[ReadKey(blob: version.blob, path: version.path)]
                return ListVersion(
                    commit: version.commit.id, author: version.commit.author, time: version.commit.time,
                    zone: version.commit.zone, path: version.path, renamedFrom: version.renamedFrom,
                    changes: before.flatMap { old in after.map { VersionItem.changes(from: old, to: $0) } } ?? [],
                    items: after?.map(\.name) ?? [], readable: after != nil
                )
            }
        }
        tracked = [:]
        return FolderHistory(head: head.id, headTime: headTime, lists: lists)
    }

    private struct ReadKey: Hashable, Sendable {
        var blob: String
        var path: String
    }

    // MARK: The log

    struct Commit: Sendable, Hashable {
        var id: String
        var author: String
        var time: Int64
        var zone: String
        var entries: [Entry]
    }

    /// One file a commit changed (`git log --raw`), paths relative to the
    /// data folder.
    struct Entry: Sendable, Hashable {
        var status: Character
        var source: String
        var blob: String
        var sourcePath: String
        var path: String
    }

    /// A version of one list found in the log, before its blobs are read.
    struct TrackedVersion: Sendable, Hashable {
        var commit: Commit
        var source: String
        var sourcePath: String
        var blob: String
        var path: String
        var renamedFrom: String?
    }

    /// `git log -z --raw --format=%x1e%H%x1f%an%x1f%at%x1f%ai`: commits
    /// start with 0x1E; raw entries are `:modes src dst STATUS` then one path
    /// (two for a rename or copy), each ended by NUL.
    static func parseLog(_ bytes: [UInt8], prefix: String) -> [Commit] {
        var commits: [Commit] = []
        let tokens = bytes.split(separator: 0, omittingEmptySubsequences: false)
        var index = 0
        func relative(_ path: Substring) -> String {
            path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : String(path)
        }
        while index < tokens.count {
            let token = String(decoding: tokens[index], as: UTF8.self)
            index += 1
            let trimmed = token.drop { $0 == "\n" }
            if trimmed.hasPrefix("\u{1E}") {
                let fields = trimmed.dropFirst().split(separator: "\u{1F}", omittingEmptySubsequences: false)
                guard fields.count >= 4 else { continue }
                // An author name holding 0x1F keeps its parts.
                let date = fields[fields.count - 1]
                commits.append(Commit(
                    id: String(fields[0]), author: fields[1..<(fields.count - 2)].joined(separator: "\u{1F}"),
                    time: Int64(fields[fields.count - 2]) ?? 0,
                    zone: String(date.split(separator: " ").last ?? "+0000"), entries: []
                ))
            } else if trimmed.hasPrefix(":"), !commits.isEmpty {
                let meta = trimmed.split(separator: " ")
                guard meta.count >= 5, let status = meta[4].first, index < tokens.count else { continue }
                let first = String(decoding: tokens[index], as: UTF8.self)
                index += 1
                var second = first
                if status == "R" || status == "C", index < tokens.count {
                    second = String(decoding: tokens[index], as: UTF8.self)
                    index += 1
                }
                commits[commits.count - 1].entries.append(Entry(
                    status: status, source: String(meta[2]), blob: String(meta[3]),
                    sourcePath: relative(Substring(first)), path: relative(Substring(second))
                ))
            }
        }
        return commits
    }

    /// Each list file HEAD holds, by its path there, and its versions newest
    /// first: walking the log from the newest commit, a file is followed to
    /// its older name at a rename and ends where it was added. Each
    /// commit's version compares the file before and after that commit, so
    /// the order of commits from merged branches does not matter.
    static func track(_ commits: [Commit], depth: Int?) -> [String: [TrackedVersion]] {
        // An older name of a file: the list (its path at HEAD) it became.
        var following: [String: String] = [:]
        // Paths whose state at HEAD is known (present, deleted or renamed away).
        var decided = Set<String>()
        var lists: [String: [TrackedVersion]] = [:]
        for commit in commits {
            for entry in commit.entries where isListFile(entry.path) || isListFile(entry.sourcePath) {
                let list: String?
                if let followed = following[entry.path] {
                    list = followed
                } else if entry.status != "D", decided.insert(entry.path).inserted {
                    list = entry.path
                } else {
                    list = nil
                }
                decided.insert(entry.sourcePath)
                guard let list, entry.status != "D" else { continue }
                // Older commits name the file by its source path; once it
                // was added (or copied), that path is another file.
                let renamed = entry.status == "R" && entry.sourcePath != entry.path
                let added = entry.status == "A" || entry.status == "C"
                following[entry.path] = nil
                if !added { following[entry.sourcePath] = list }
                if depth.map({ lists[list, default: []].count < $0 }) ?? true {
                    lists[list, default: []].append(TrackedVersion(
                        commit: commit, source: added ? nullBlob : entry.source,
                        sourcePath: entry.sourcePath, blob: entry.blob, path: entry.path,
                        renamedFrom: renamed ? entry.sourcePath : nil
                    ))
                } else if lists[list] == nil {
                    lists[list] = []
                }
            }
        }
        return lists
    }

    static let nullBlob = String(repeating: "0", count: 40)
    static func isNull(_ blob: String) -> Bool { blob.allSatisfy { $0 == "0" } }

    /// `lists/<id>.md` or `.json`: the files `larder history` follows.
    static func isListFile(_ path: String) -> Bool {
        guard path.hasPrefix("lists/"), !path.dropFirst(6).contains("/") else { return false }
        return path.hasSuffix(".md") || path.hasSuffix(".json")
    }

    // MARK: The batch

    struct Object: Sendable {
        var id: String
        var type: String
        var content: [UInt8]
    }

    /// `git cat-file --batch`: `ID TYPE SIZE\n` then the content and `\n`,
    /// or `NAME missing\n`.
    static func parseBatch(_ bytes: [UInt8]) -> [Object] {
        var objects: [Object] = []
        var index = 0
        while index < bytes.count {
            guard let end = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) else { break }
            let header = String(decoding: bytes[index..<end], as: UTF8.self).split(separator: " ")
            index = end + 1
            guard header.count == 3, let size = Int(header[2]), index + size <= bytes.count else {
                objects.append(Object(id: String(header.first ?? ""), type: "missing", content: []))
                continue
            }
            objects.append(Object(id: String(header[0]), type: String(header[1]), content: Array(bytes[index..<(index + size)])))
            index += size + 1
        }
        return objects
    }

    /// The time on a commit's `committer` line.
    static func committerTime(_ commit: [UInt8]) -> Int64? {
        let text = String(decoding: commit, as: UTF8.self)
        for line in text.split(separator: "\n") {
            if line.isEmpty { break }
            guard line.hasPrefix("committer ") else { continue }
            let parts = line.split(separator: " ")
            return parts.count >= 2 ? Int64(parts[parts.count - 2]) : nil
        }
        return nil
    }
}
