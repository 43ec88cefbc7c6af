#if canImport(Glibc)
import Foundation
import Glibc
import Larder

/// Linux's inotify, as a cheap "something changed" signal for the data
/// folder, so the folder is looked at (`FolderWatcher.look()`, a stat of
/// every file) only after a change rather than five times a second. Watches
/// the folder itself (larder.json, favorites.json, .larder-secret, new
/// folders) and lists/, recipes/, templates/ and images/ with its folders.
/// A class because it owns a file descriptor, closed on deinit.
final class FolderEvents: Sendable {
    private let fd: Int32
    private let root: String

    static let mask = UInt32(
        IN_CLOSE_WRITE | IN_MODIFY | IN_ATTRIB | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO
            | IN_DELETE_SELF | IN_MOVE_SELF
    )

    /// Nil where inotify cannot be had (then the watcher polls).
    init?(root: String) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        // Watched before the properties are set: an initializer that fails
        // once they are runs deinit too, and a second close(fd) would close
        // whatever the number was given to meanwhile (another thread's
        // connection, which its client then sees reset).
        guard Self.addWatches(fd: fd, root: root) else {
            close(fd)
            return nil
        }
        self.fd = fd
        self.root = root
    }

    deinit { close(fd) }

    /// Watches the folders (again: adding a watch twice is harmless, and
    /// folders made since are picked up). False when the root cannot be watched.
    @discardableResult
    func addWatches() -> Bool {
        Self.addWatches(fd: fd, root: root)
    }

    private static func addWatches(fd: Int32, root: String) -> Bool {
        guard inotify_add_watch(fd, root, Self.mask) >= 0 else { return false }
        // With the folders walked for Cooklang files (`Breakfast/`).
        var folders = FolderWatcher.flatFolders + FolderWatcher.deepFolders
            + KitchenLoader.cooklangInputs(URL(fileURLWithPath: root)).folders
        var index = 0
        while index < folders.count {
            let folder = folders[index]
            index += 1
            guard inotify_add_watch(fd, root + "/" + folder, Self.mask | UInt32(IN_ONLYDIR)) >= 0 else { continue }
            if FolderWatcher.deepFolders.contains(folder) {
                folders += FolderWatcher.subfolders(of: root + "/" + folder).map { folder + "/" + $0 }
            }
        }
        return true
    }

    /// Reads what has come in without waiting; true when anything has.
    func drain() -> Bool {
        var any = false
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { return any }
            any = true
        }
    }
}
#endif
