import Foundation
import Larder

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `larder check` keeps the parse cache between checks of a folder:
/// the same `DocumentCache` a build keeps beside its output, in the user's
/// cache folder (`$XDG_CACHE_HOME/larder`, else `~/.cache/larder`; on macOS
/// `~/Library/Caches/larder`), one file per data folder, named after a hash
/// of its real path. A check has no output folder to keep it beside, and
/// the data folder is the user's (often a git repository): nothing is
/// written there.
///
/// Only folders of at least `minimumFiles` data files get one: below that,
/// reading the files costs about what reading the cache does, and tests and
/// small kitchens leave nothing behind. At most `keptFiles` caches are kept,
/// the least recently written removed first.
public enum CheckCache {
    static let minimumFiles = 200
    static let keptFiles = 16
    static let prefix = "check-"

    /// The folder that holds check caches, from the environment; nil when
    /// there is no home to put it in.
    public static func folder(environment: [String: String]) -> URL? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            return URL(fileURLWithPath: cache).appendingPathComponent("larder")
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        #if canImport(Darwin)
        return URL(fileURLWithPath: home).appendingPathComponent("Library/Caches/larder")
        #else
        return URL(fileURLWithPath: home).appendingPathComponent(".cache/larder")
        #endif
    }

    /// The cache file of the data folder `dataFolder` in `folder`; nil when
    /// the data folder's real path cannot be had.
    static func file(for dataFolder: URL, in folder: URL) -> URL? {
        guard let resolved = realpath(dataFolder.path, nil) else { return nil }
        defer { free(resolved) }
        // 32 hex digits: a file name that every system takes as it is.
        return folder.appendingPathComponent(prefix + ContentHash(Array(String(cString: resolved).utf8)).hexDigits)
    }

    /// Makes the cache folder (readable by the user only: caches hold the
    /// data of unlisted lists), and removes the oldest caches past
    /// `keptFiles`, `file` aside. False when the folder cannot be made.
    static func prepare(_ folder: URL, keeping file: URL) -> Bool {
        var info = stat()
        if lstat(folder.path, &info) != 0 {
            guard (try? FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
            )) != nil else { return false }
        } else if (info.st_mode & S_IFMT) != S_IFDIR {
            return false
        }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return true }
        var caches: [(name: String, modified: Int)] = []
        // Bases only (a cache's delta and temporary files have a dot).
        for name in names where name.hasPrefix(prefix) && !name.contains(".") && name != file.lastPathComponent {
            guard lstat(folder.path + "/" + name, &info) == 0 else { continue }
            #if canImport(Darwin)
            caches.append((name, Int(info.st_mtimespec.tv_sec)))
            #else
            caches.append((name, Int(info.st_mtim.tv_sec)))
            #endif
        }
        for stale in caches.sorted(by: { $0.modified > $1.modified }).dropFirst(keptFiles - 1) {
            unlink(folder.path + "/" + stale.name)
            unlink(DocumentCache.deltaFile(of: folder.appendingPathComponent(stale.name)).path)
        }
        return true
    }
}
