import Foundation
import LarderCore
import Synchronization

/// The lists' history as a site build reads it: from a small file kept
/// beside the output when that was saved at the same commit (HEAD, read
/// from files, with the folder's place in the repository and the depth),
/// so a rebuild with no new commit starts no git process; else from git,
/// then saved. The file is only a cache: one that cannot be read or
/// written costs a git run, never a wrong page.
public struct HistoryCache: Sendable {
    /// Where the cache is kept (`._site.larder-history` beside the output);
    /// nil keeps nothing (`larder serve`).
    public var file: URL?
    /// The last history read, kept in memory by a process that builds
    /// again and again (`larder serve`), in place of a file.
    public var memory: Memory?

    public init(file: URL?, memory: Memory? = nil) {
        self.file = file
        self.memory = memory
    }

    /// The last history read and the commit it is of, shared by the builds
    /// of one process: an edit of a list is no new commit, so the preview
    /// rebuilds it without running git.
    public final class Memory: Sendable {
        fileprivate let kept = Mutex<(key: String, history: FolderHistory)?>(nil)

        public init() {}
    }

    /// What loading gave: the history, or why there is none.
    public struct Loaded: Sendable {
        public var history: FolderHistory?
        /// Why there is no history though it was asked for.
        public var problem: HistoryError?
        /// Whether git was run (false: the cache was current).
        public var ranGit: Bool
    }

    /// Whether list pages show history: larder.json's `history.show`, or by
    /// default when the data folder is the top of a git repository.
    public static func shows(_ settings: HistorySettings, dataFolder: URL) -> Bool {
        settings.show ?? FileManager.default.fileExists(atPath: dataFolder.appendingPathComponent(".git").path)
    }

    /// The history of `dataFolder`'s lists, `settings.depth` versions each.
    public func load(_ dataFolder: URL, settings: HistorySettings, environment: [String: String]) -> Loaded {
        guard let repository = GitRepository.locate(dataFolder), !repository.isShallow else {
            // `open` says which.
            return fresh(dataFolder, settings: settings, environment: environment, key: nil)
        }
        let key = repository.headFromFiles().map {
            ["larder-history 1", LarderVersion.current, repository.top.path, repository.folder, $0, String(settings.depth)]
                .joined(separator: "\u{1F}")
        }
        if let key, let kept = memory?.kept.withLock({ $0 }), kept.key == key {
            return Loaded(history: kept.history, problem: nil, ranGit: false)
        }
        if let key, let file, let bytes = try? Data(contentsOf: file), let newline = bytes.firstIndex(of: 10),
           String(decoding: bytes[..<newline], as: UTF8.self) == key,
           let history = try? JSONDecoder().decode(FolderHistory.self, from: bytes[(newline + 1)...]) {
            return Loaded(history: history, problem: nil, ranGit: false)
        }
        return fresh(dataFolder, settings: settings, environment: environment, key: key)
    }

    private func fresh(_ dataFolder: URL, settings: HistorySettings, environment: [String: String], key: String?) -> Loaded {
        let history: FolderHistory
        do {
            history = try HistoryReader.open(dataFolder, environment: environment).read(depth: settings.depth)
        } catch {
            return Loaded(history: nil, problem: error, ranGit: error.kind == .gitFailed)
        }
        if let key { memory?.kept.withLock { $0 = (key, history) } }
        if let key, let file, let json = try? JSONEncoder().encode(history) {
            // Written whole under another name, then renamed: a build that
            // stops half way leaves the old cache or none, never half of one.
            let temporary = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).tmp")
            if (try? (Data((key + "\n").utf8) + json).write(to: temporary)) != nil {
                if rename(temporary.path, file.path) != 0 { try? FileManager.default.removeItem(at: temporary) }
            }
        }
        return Loaded(history: history, problem: nil, ranGit: true)
    }
}

extension HistoryCache {
    /// For the check that nothing changed since the last build: HEAD and
    /// SOURCE_DATE_EPOCH, when list pages show history (larder.json read for
    /// `history.show` alone), so that a commit, which changes no data file,
    /// or another reference time still rebuilds them. Empty when they do not.
    public static func freshness(_ dataFolder: URL, environment: [String: String]) -> [String] {
        var settings = HistorySettings()
        if let bytes = try? [UInt8](Data(contentsOf: dataFolder.appendingPathComponent("larder.json"))),
           let root = try? JSONReader.parse(bytes) {
            settings.show = root["history"]?["show"]?.bool
        }
        guard shows(settings, dataFolder: dataFolder) else { return [] }
        let head = GitRepository.locate(dataFolder)?.headFromFiles() ?? "unknown"
        return ["git HEAD " + head, "SOURCE_DATE_EPOCH " + (environment["SOURCE_DATE_EPOCH"] ?? "unset")]
    }
}
