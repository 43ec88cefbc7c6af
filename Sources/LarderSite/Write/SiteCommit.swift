import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Puts a staged build into the output in place: the changed files renamed
/// over the old ones (each rename atomic, so every file a web server serves
/// is whole, old or new), removed files and folders moved aside, then the
/// new state saved.
///
/// Before the first change it writes its plan, the journal
/// `._site.larder-commit` beside the output; the staged files wait in
/// `._site.larder-tmp-<pid>`, laid out like the site, and what the commit
/// replaces or removes goes to `._site.larder-backup-<pid>` (by step
/// number), with the state to save once it is done. Every step can tell
/// from the disk whether it was done, so running the plan again from the
/// start finishes it wherever a killed build stopped (`rollForward`). A step
/// that fails undoes the steps before it, from the backups, in reverse.
struct SiteCommit: Sendable, Hashable {
    enum Step: Sendable, Hashable {
        /// A file of the previous site that the new one lacks.
        case removeFile(String)
        /// A folder of the previous site that the new one lacks, with all in it.
        case removeFolder(String)
        /// A folder the new site has and the previous one lacks.
        case makeFolder(String)
        /// A file written into the staging folder, new or changed.
        case place(String)
    }

    /// The staging and backup folders, by name, beside the output.
    var staging: String
    var backup: String
    var steps: [Step]

    private static let magic = Array("larder-commit 1\n".utf8)
    static let stateName = "state"

    // MARK: Running

    /// Runs every step. On a failure it undoes what it did and rethrows the
    /// failure; when undoing fails too, the journal stays (the next build
    /// finishes the commit) and the error says so.
    func apply(at location: OutputLocation, fileSystem: SiteFileSystem, pause: Duration = .zero) throws(SiteWriteError) {
        for index in steps.indices {
            if pause > .zero { Thread.sleep(forTimeInterval: Double(pause.components.attoseconds) / 1e18 + Double(pause.components.seconds)) }
            do throws(SiteWriteError) {
                try perform(index, at: location, fileSystem: fileSystem)
            } catch {
                do throws(SiteWriteError) {
                    for done in steps.indices[...index].reversed() {
                        try undo(done, at: location, fileSystem: fileSystem)
                    }
                } catch let undoing {
                    throw SiteWriteError(
                        path: error.path,
                        reason: "\(error.reason). Putting the previous site back failed too (\(undoing.path): \(undoing.reason)); the next larder build finishes this one's changes first"
                    )
                }
                unlink(location.journal)
                try? fileSystem.removeTree(location.beside(staging))
                try? fileSystem.removeTree(location.beside(backup))
                throw error
            }
        }
    }

    /// Finishes a commit whose build was killed or could not undo it: the
    /// journal beside the output, if any, run again and then completed.
    /// A journal that does not read back whole cannot be finished: it is
    /// removed with the state file, so that the next build starts afresh.
    static func rollForward(at location: OutputLocation, fileSystem: SiteFileSystem) throws(SiteWriteError) {
        var info = stat()
        guard lstat(location.journal, &info) == 0 else { return }
        guard let commit = read(location.journal) else {
            unlink(location.state)
            unlink(location.journal)
            return
        }
        for index in commit.steps.indices {
            do throws(SiteWriteError) {
                try commit.perform(index, at: location, fileSystem: fileSystem)
            } catch {
                throw SiteWriteError(
                    path: error.path,
                    reason: "\(error.reason). A build interrupted while it changed the site left it part old, part new, and this one could not finish its changes; fix the cause and build again"
                )
            }
        }
        commit.complete(at: location, fileSystem: fileSystem)
    }

    /// Once every step is done: saves the state the build prepared, as of
    /// now, and cleans up.
    private func complete(at location: OutputLocation, fileSystem: SiteFileSystem) {
        if var state = SiteState.read(location.beside(backup) + "/" + Self.stateName) {
            state.output = SiteState.outputStamp(of: location)
            state.finished = Timestamp.settled()
            SiteState.save(state.encoded(), at: location, fileSystem: fileSystem)
        } else {
            unlink(location.state)
        }
        cleanUp(at: location, fileSystem: fileSystem)
    }

    /// Once the state is saved: removes the journal, the staging and the
    /// backup folders. What stays is removed by the next build with its
    /// leftovers.
    func cleanUp(at location: OutputLocation, fileSystem: SiteFileSystem) {
        unlink(location.journal)
        try? fileSystem.removeTree(location.beside(staging))
        try? fileSystem.removeTree(location.beside(backup))
    }

    private func paths(_ index: Int, at location: OutputLocation) -> (site: String, staged: String, backup: String) {
        let path: String
        switch steps[index] {
        case .removeFile(let p), .removeFolder(let p), .makeFolder(let p), .place(let p): path = p
        }
        return (location.path + "/" + path, location.beside(staging) + "/" + path, location.beside(backup) + "/\(index)")
    }

    /// Does step `index` unless the disk shows it done.
    private func perform(_ index: Int, at location: OutputLocation, fileSystem: SiteFileSystem) throws(SiteWriteError) {
        let (site, staged, backup) = paths(index, at: location)
        switch steps[index] {
        case .removeFile, .removeFolder:
            guard !exists(backup), exists(site) else { return }
            try fileSystem.rename(site, backup)
        case .makeFolder:
            guard !exists(site) else { return }
            try fileSystem.makeDirectory(site)
            try fileSystem.setMode(site, 0o755)
        case .place:
            guard exists(staged) else { return }
            if exists(site), !exists(backup), !fileSystem.link(site, backup) {
                _ = try fileSystem.copyFile(site, backup)
            }
            try fileSystem.rename(staged, site)
        }
    }

    /// Undoes step `index` as far as it was done.
    private func undo(_ index: Int, at location: OutputLocation, fileSystem: SiteFileSystem) throws(SiteWriteError) {
        let (site, staged, backup) = paths(index, at: location)
        switch steps[index] {
        case .removeFile, .removeFolder:
            if exists(backup) { try fileSystem.rename(backup, site) }
        case .makeFolder:
            if exists(site), rmdir(site) != 0 { throw .system(errno, path: site, action: "cannot remove the folder") }
        case .place:
            // The new file back to the staging folder first, so that a
            // build killed while undoing can still finish the commit.
            if !exists(staged), exists(site) { try fileSystem.rename(site, staged) }
            if exists(backup) { try fileSystem.rename(backup, site) }
        }
    }

    private func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    // MARK: The journal

    /// Writes the journal whole (a new file renamed over), or throws.
    func save(at location: OutputLocation, fileSystem: SiteFileSystem) throws(SiteWriteError) {
        let new = location.journal + "-new"
        unlink(new)
        do throws(SiteWriteError) {
            _ = try fileSystem.writeFile(new, encoded())
            try fileSystem.rename(new, location.journal)
        } catch {
            unlink(new)
            throw error
        }
    }

    /// The journal at `path`, or nil when it does not read back whole.
    static func read(_ path: String) -> SiteCommit? {
        SealedFile.read(path, magic: magic) { reader in
            guard let staging = reader.string(), let backup = reader.string(), let count = reader.count(),
                  [staging, backup].allSatisfy({ SitePaths.problem(with: $0) == nil && !$0.contains("/") })
            else { return nil }
            var steps: [Step] = []
            for _ in 0..<count {
                guard let kind = reader.u64(), let path = reader.string(), SitePaths.problem(with: path) == nil else { return nil }
                switch kind {
                case 0: steps.append(.removeFile(path))
                case 1: steps.append(.removeFolder(path))
                case 2: steps.append(.makeFolder(path))
                case 3: steps.append(.place(path))
                default: return nil
                }
            }
            return SiteCommit(staging: staging, backup: backup, steps: steps)
        }
    }

    func encoded() -> [UInt8] {
        var out = SealedFile.Writer(magic: Self.magic)
        out.add(staging)
        out.add(backup)
        out.add(UInt64(steps.count))
        for step in steps {
            switch step {
            case .removeFile(let path): out.add(0); out.add(path)
            case .removeFolder(let path): out.add(1); out.add(path)
            case .makeFolder(let path): out.add(2); out.add(path)
            case .place(let path): out.add(3); out.add(path)
            }
        }
        return out.sealed()
    }
}
