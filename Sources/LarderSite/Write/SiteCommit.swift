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
///
/// Nothing is written through a link in the site, nor into something put
/// there by hand: `obstacle(at:)` checks the output's shape before the
/// journal (on a mismatch the build writes a new tree instead), and each step
/// checks its folders again, as the disk may change between.
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

        var path: String {
            switch self {
            case .removeFile(let path), .removeFolder(let path), .makeFolder(let path), .place(let path): path
            }
        }
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
        // The folders this run made: undoing removes only those, never one
        // that was there already.
        var made = Set<Int>()
        for index in steps.indices {
            if pause > .zero { Thread.sleep(forTimeInterval: Double(pause.components.attoseconds) / 1e18 + Double(pause.components.seconds)) }
            do throws(SiteWriteError) {
                if let blocked = blockedFolder(index, at: location) { throw Self.notAFolder(blocked, at: location) }
                if try perform(index, at: location, fileSystem: fileSystem) { made.insert(index) }
            } catch {
                do throws(SiteWriteError) {
                    for done in steps.indices[...index].reversed() {
                        try undo(done, made: made.contains(done), at: location, fileSystem: fileSystem)
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
    /// A journal that does not read back whole cannot be finished, nor one
    /// whose steps find a file or link where the site's folders must be (put
    /// there by hand since): it is removed with the state file, so that this
    /// build writes a new tree, which replaces the site whole.
    static func rollForward(at location: OutputLocation, fileSystem: SiteFileSystem) throws(SiteWriteError) {
        var info = stat()
        guard lstat(location.journal, &info) == 0 else { return }
        guard let commit = read(location.journal) else {
            SiteState.remove(at: location)
            unlink(location.journal)
            return
        }
        for index in commit.steps.indices {
            if commit.blockedFolder(index, at: location) != nil {
                SiteState.remove(at: location)
                unlink(location.journal)
                return
            }
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
        // A base or a delta, as the build prepared it.
        if let data = FileManager.default.contents(atPath: location.beside(backup) + "/" + Self.stateName) {
            var bytes = [UInt8](data)
            if let offset = SiteState.stampOffset(in: bytes) {
                SiteState.restamp(&bytes, at: offset, output: SiteState.outputStamp(of: location), finished: Timestamp.settled())
                SiteState.save(bytes, at: location, fileSystem: fileSystem)
                cleanUp(at: location, fileSystem: fileSystem)
                return
            }
        }
        SiteState.remove(at: location)
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
        let path = steps[index].path
        return (location.path + "/" + path, location.beside(staging) + "/" + path, location.beside(backup) + "/\(index)")
    }

    /// Does step `index` unless the disk shows it done. True when it made
    /// the step's folder.
    @discardableResult
    private func perform(_ index: Int, at location: OutputLocation, fileSystem: SiteFileSystem) throws(SiteWriteError) -> Bool {
        let (site, staged, backup) = paths(index, at: location)
        switch steps[index] {
        case .removeFile, .removeFolder:
            guard !exists(backup), exists(site) else { return false }
            try fileSystem.rename(site, backup)
        case .makeFolder:
            // Made before a kill; or there already (`obstacle` sends that
            // to a new tree, but the disk may have changed since).
            if type(site) == S_IFDIR { return false }
            // A file or link in the way goes with the backups: never
            // followed, put back by undoing, removed once the commit is done.
            if exists(site), !exists(backup) { try fileSystem.rename(site, backup) }
            try fileSystem.makeDirectory(site)
            try fileSystem.setMode(site, 0o755)
            return true
        case .place:
            guard exists(staged) else { return false }
            if let kind = type(site), !exists(backup) {
                // A file of the site is linked aside, so that its path serves
                // a whole file throughout; anything else there (a folder, a
                // link) is moved aside, never linked or read through.
                if kind != S_IFREG {
                    try fileSystem.rename(site, backup)
                } else if !fileSystem.link(site, backup) {
                    _ = try fileSystem.copyFile(site, backup)
                }
            }
            try fileSystem.rename(staged, site)
        }
        return false
    }

    /// Undoes step `index` as far as it was done; `made`: whether this run
    /// made the step's folder.
    private func undo(_ index: Int, made: Bool, at location: OutputLocation, fileSystem: SiteFileSystem) throws(SiteWriteError) {
        let (site, staged, backup) = paths(index, at: location)
        switch steps[index] {
        case .removeFile, .removeFolder:
            if exists(backup) { try fileSystem.rename(backup, site) }
        case .makeFolder:
            if made, rmdir(site) != 0 { throw .system(errno, path: site, action: "cannot remove the folder") }
            if exists(backup) { try fileSystem.rename(backup, site) }
        case .place:
            // The new file back to the staging folder first, so that a
            // build killed while undoing can still finish the commit.
            if !exists(staged), exists(site) { try fileSystem.rename(site, staged) }
            if exists(backup) { try fileSystem.rename(backup, site) }
        }
    }

    private func exists(_ path: String) -> Bool {
        type(path) != nil
    }

    /// The file type bits of what is at `path`, the link itself for a link;
    /// nil when nothing is.
    private func type(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    // MARK: The output's shape

    /// The first path of the output that is not as the steps need it, or
    /// nil: every folder above a step's path a folder (not a link to one)
    /// or made by the commit, nothing where the commit makes a folder, and
    /// nothing but a file where it puts one, unless an earlier step removes
    /// it. Checked before the journal is written: something put in the site
    /// by hand sends the build to a new tree, which leaves it out, rather than
    /// into a commit that fails on it, or renames into a folder elsewhere
    /// through a link.
    func obstacle(at location: OutputLocation) -> String? {
        // Folders found to be folders, or made by the commit, and the
        // paths earlier steps remove.
        var folders = Set<String>(), made = Set<String>(), removed = Set<String>()
        for step in steps {
            let path = step.path
            var inMadeFolder = false
            var folder = Substring(path)
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                let name = String(folder)
                if made.contains(name) { inMadeFolder = true }
                guard !folders.contains(name) else { break }
                guard type(location.path + "/" + name) == S_IFDIR else { return name }
                folders.insert(name)
            }
            // Whatever is at a path the commit removes goes aside as it is.
            guard !inMadeFolder, !removed.contains(path) else {
                if case .makeFolder = step { made.insert(path); folders.insert(path) }
                continue
            }
            let kind = type(location.path + "/" + path)
            switch step {
            case .removeFile, .removeFolder:
                removed.insert(path)
            case .makeFolder:
                guard kind == nil else { return path }
                made.insert(path)
                folders.insert(path)
            case .place:
                guard kind == nil || kind == S_IFREG else { return path }
            }
        }
        return nil
    }

    /// The first folder above step `index`'s path that is not a folder (a
    /// file, or a link that may lead out of the site), or is missing where
    /// the step makes or puts something; nil when there is none. (Removing,
    /// a missing folder means nothing to remove.)
    private func blockedFolder(_ index: Int, at location: OutputLocation) -> String? {
        let removes = switch steps[index] {
        case .removeFile, .removeFolder: true
        case .makeFolder, .place: false
        }
        var folder = Substring(steps[index].path)
        while let slash = folder.lastIndex(of: "/") {
            folder = folder[..<slash]
            let kind = type(location.path + "/" + folder)
            if kind.map({ $0 != S_IFDIR }) ?? !removes { return String(folder) }
        }
        return nil
    }

    static func notAFolder(_ path: String, at location: OutputLocation) -> SiteWriteError {
        SiteWriteError(
            path: location.path + "/" + path,
            reason: "is missing or not a folder (changed in the site by other means during the build?), so the build cannot write into it; build again"
        )
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
