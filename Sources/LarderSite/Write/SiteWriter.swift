import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Puts a rendered site on disk: writes it whole into a new folder beside the
/// output, then swaps that in, so a failed or interrupted build leaves the
/// previous site as it was.
///
/// The output may be replaced only when it is missing, empty, or holds the
/// `.larder-site` marker that every build writes in the site root. It may not
/// be `/`, the home folder, the data folder, a folder containing it, or a
/// folder inside the data folder's `lists/`, `recipes/`, `images/` or
/// `templates/` (`kitchen/_site` is fine). Paths are compared as real paths;
/// when the output is a symbolic link, the folder it points to is replaced
/// and the link kept.
///
/// Beside the output (`_site`), in its parent folder, a build uses
/// `._site.larder-tmp-<pid>` (the new site while written),
/// `._site.larder-old-<pid>` (the previous site during the swap) and
/// `._site.larder-lock` (an exclusive `flock` held for the whole write; a
/// second build waits for it, up to two minutes, then fails). None of them
/// outlives a build that finishes; folders of the first two names left by a
/// killed build are removed by the next one.
public struct SiteWriter: Sendable {
    public let output: URL
    public let dataFolder: URL
    let fileSystem: SiteFileSystem
    let lockTimeout: Duration

    public init(output: URL, dataFolder: URL) {
        self.init(output: output, dataFolder: dataFolder, fileSystem: .live)
    }

    init(
        output: URL, dataFolder: URL, fileSystem: SiteFileSystem,
        lockTimeout: Duration = .seconds(120)
    ) {
        self.output = output
        self.dataFolder = dataFolder
        self.fileSystem = fileSystem
        self.lockTimeout = lockTimeout
    }

    /// Checks that the output may be replaced (see the type's rules), changing
    /// nothing, so a build can fail before it renders anything.
    public func validate() throws(SiteWriteError) {
        try OutputLocation(output: output, dataFolder: dataFolder).check()
    }

    /// Writes `files` as the complete new site and swaps it in for the output.
    /// On any failure before the swap the previous site is untouched and the
    /// new folder removed. What ends on disk depends only on the set of
    /// `files`, not their order: modes are 0644 and 0755 whatever the umask,
    /// and the marker is the same in every build.
    public func write(_ files: [OutputFile]) throws(SiteWriteError) -> SiteWriteSummary {
        let location = try OutputLocation(output: output, dataFolder: dataFolder)
        try location.check()
        let plan = try SitePlan(files, dataFolder: location.dataFolder)
        do {
            try FileManager.default.createDirectory(atPath: location.parent, withIntermediateDirectories: true)
        } catch {
            throw SiteWriteError(
                path: location.parent,
                reason: "cannot make the folder for the output: \(error.localizedDescription); make it yourself or choose another -o"
            )
        }
        let lock = SiteLock(path: location.lock, timeout: lockTimeout)
        return try lock.withLock { () throws(SiteWriteError) -> SiteWriteSummary in
            try cleanLeftovers(of: location)
            // Again, now that no other build can change the output.
            try location.check()
            let temporary = location.temporary(pid: getpid())
            try fileSystem.makeDirectory(temporary)
            let summary: SiteWriteSummary
            do throws(SiteWriteError) {
                summary = try fill(temporary, with: plan)
            } catch {
                try? fileSystem.removeTree(temporary)
                throw error
            }
            try swap(temporary, into: location)
            return summary
        }
    }

    /// Removes what killed builds left beside the output. One killed between
    /// the two renames of its swap left no output at all: its previous site
    /// goes back in place first.
    private func cleanLeftovers(of location: OutputLocation) throws(SiteWriteError) {
        var (temporary, previous) = location.leftovers()
        var info = stat()
        if lstat(location.path, &info) != 0, errno == ENOENT, let last = previous.popLast() {
            try fileSystem.rename(last, location.path)
        }
        for folder in temporary + previous {
            try fileSystem.removeTree(folder)
        }
    }

    /// Writes the folders, the marker and the files into `root`, in order on
    /// one thread: the kernel's work per file dominates and is serialised on
    /// the folder being written (`recipes/` holds half the entries of a
    /// site), so writing on both cores measured no faster on tmpfs and
    /// slower on ext4.
    private func fill(_ root: String, with plan: SitePlan) throws(SiteWriteError) -> SiteWriteSummary {
        // The umask may take bits away (077 would make a private site); then
        // every entry gets its mode set, which costs a call per entry.
        var info = stat()
        let fixModes = lstat(root, &info) != 0 || info.st_mode & 0o777 != 0o755
        if fixModes { try fileSystem.setMode(root, 0o755) }
        for folder in plan.directories {
            try fileSystem.makeDirectory(root + "/" + folder)
            if fixModes { try fileSystem.setMode(root + "/" + folder, 0o755) }
        }
        var bytes = 0
        let marker = OutputFile(path: OutputLocation.markerName, bytes: OutputLocation.markerContents)
        for file in [marker] + plan.files {
            let destination = root + "/" + file.path
            let written = switch file.contents {
            case .bytes(let contents): try fileSystem.writeFile(destination, contents)
            case .copy(let source): try fileSystem.copyFile(source, destination)
            }
            bytes += written
            if fixModes { try fileSystem.setMode(destination, 0o644) }
        }
        return SiteWriteSummary(
            fileCount: plan.files.count,
            directoryCount: plan.directories.count,
            byteCount: bytes - OutputLocation.markerContents.count
        )
    }

    /// Moves the output aside, the new site in, and removes the old one. If
    /// the second rename fails, the old site goes back.
    private func swap(_ temporary: String, into location: OutputLocation) throws(SiteWriteError) {
        var info = stat()
        guard lstat(location.path, &info) == 0 else {
            do throws(SiteWriteError) {
                try fileSystem.rename(temporary, location.path)
            } catch {
                try? fileSystem.removeTree(temporary)
                throw error
            }
            return
        }
        let previous = location.previous(pid: getpid())
        do throws(SiteWriteError) {
            try fileSystem.rename(location.path, previous)
        } catch {
            try? fileSystem.removeTree(temporary)
            throw error
        }
        do throws(SiteWriteError) {
            try fileSystem.rename(temporary, location.path)
        } catch {
            try? fileSystem.rename(previous, location.path)
            try? fileSystem.removeTree(temporary)
            throw error
        }
        // Removed only now that the new site is in: deleting many files
        // before creating many is what makes slow disks slower.
        do throws(SiteWriteError) {
            try fileSystem.removeTree(previous)
        } catch {
            throw SiteWriteError(
                path: previous,
                reason: "the new site is in place, but this copy of the previous one was not removed: \(error.reason)"
            )
        }
    }
}
