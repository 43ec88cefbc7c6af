import Foundation
import Larder

/// Notices changes to the files that make the site: larder.json,
/// favorites.json, .larder-secret, lists/, recipes/, templates/, config/ and
/// images/ (with its subfolders). A look takes every file's `FileStamp` and
/// compares them with the last look's: portable, and it sees editors'
/// save-by-rename. At 10,000 recipes a look costs ~40 ms, so on Linux
/// inotify (`FolderEvents`) says when to look; elsewhere it polls.
struct FolderWatcher: Sendable {
    /// The data folder's path.
    let root: String
    #if canImport(Glibc)
    private let events: FolderEvents?
    #endif

    /// `polling` looks every interval even where inotify is there.
    init(root: String, polling: Bool) {
        self.root = root
        #if canImport(Glibc)
        events = polling ? nil : FolderEvents(root: root)
        #endif
    }

    /// Returns when something may have changed: after inotify's word (once
    /// a burst of writes, such as an editor's save-by-rename, has settled),
    /// or after `pollInterval`.
    func waitForChange(pollInterval: Duration) async throws {
        #if canImport(Glibc)
        if let events {
            while !events.drain() { try await Task.sleep(for: .milliseconds(20)) }
            repeat { try await Task.sleep(for: .milliseconds(20)) } while events.drain()
            events.addWatches()
            return
        }
        #endif
        try await Task.sleep(for: pollInterval)
    }

    static let files = ["larder.json", "favorites.json", ".larder-secret"]
    /// `config/` holds the cook CLI's aisle.conf and pantry.conf.
    static let flatFolders = ["lists", "recipes", "templates", "config"]
    static let deepFolders = ["images"]

    /// Every watched file, relative to the folder, with its stamp.
    func look() -> [String: FileStamp] {
        var stamps: [String: FileStamp] = [:]
        func add(_ relative: String) {
            if let stamp = FileStamp(path: root + "/" + relative) { stamps[relative] = stamp }
        }
        for name in Self.files { add(name) }
        let manager = FileManager.default
        for folder in Self.flatFolders {
            for name in (try? manager.contentsOfDirectory(atPath: root + "/" + folder)) ?? [] {
                add(folder + "/" + name)
            }
        }
        for folder in Self.deepFolders {
            guard let walk = manager.enumerator(atPath: root + "/" + folder) else { continue }
            while let name = walk.nextObject() as? String { add(folder + "/" + name) }
        }
        // Cooklang files anywhere (`Breakfast/Easy Pancakes.cook`) and the
        // pictures beside them, found as the loader finds them.
        for path in KitchenLoader.cooklangInputs(URL(fileURLWithPath: root)).files where stamps[path] == nil { add(path) }
        return stamps
    }

    /// Folders below `path`, relative to it, at any depth.
    static func subfolders(of path: String) -> [String] {
        guard let walk = FileManager.default.enumerator(atPath: path) else { return [] }
        var folders: [String] = []
        while let name = walk.nextObject() as? String {
            if (walk.fileAttributes?[.type] as? FileAttributeType) == .typeDirectory { folders.append(name) }
        }
        return folders
    }

    /// The paths that differ between two looks (changed, added, removed), sorted.
    static func changes(from old: [String: FileStamp], to new: [String: FileStamp]) -> [String] {
        var paths: [String] = []
        for (path, stamp) in new where old[path] != stamp { paths.append(path) }
        for path in old.keys where new[path] == nil { paths.append(path) }
        return paths.sorted()
    }
}
