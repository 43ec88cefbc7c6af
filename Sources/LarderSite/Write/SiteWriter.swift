import Foundation
import Larder
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Puts a rendered site on disk so that a failed or interrupted build leaves
/// the previous site as it was, in one of two ways:
///
/// - **A new tree, swapped in** (a first build, no usable state, or a change
///   to many files): the site is written whole into a new folder beside the
///   output (files that came out as the previous site's hard-linked from it),
///   then swapped in by two renames.
/// - **In place** (the previous site is as its state file describes it, and
///   few files changed): only the changed files are written, into a staging
///   folder beside the output, and once the build has succeeded they are
///   renamed into the output one by one under a journal (`SiteCommit`);
///   the rest of the site is not touched.
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
/// `._site.larder-tmp-<pid>` (the new site or the staged files while
/// written), `._site.larder-old-<pid>` (the previous site during the swap),
/// `._site.larder-backup-<pid>` and `._site.larder-commit` (an in-place
/// commit's backups and journal) and `._site.larder-lock` (an exclusive
/// `flock` held for the whole write; a second build waits for it, up to two
/// minutes, then fails). None of them outlives a build that finishes; what
/// a killed build left is cleaned up by the next one, which first finishes
/// an in-place commit that was under way. `._site.larder-state` stays: what
/// the next build needs to link unchanged files, to tell that nothing
/// changed (see `SiteState`) and to render only the pages whose inputs
/// changed (see `JobRecords`); so does `._site.larder-cache`, the parsed
/// data files (`parseCacheFile`).
public struct SiteWriter: Sendable {
    public let output: URL
    public let dataFolder: URL
    let fileSystem: SiteFileSystem
    let lockTimeout: Duration
    /// The most files a build may change (write or remove) and still commit
    /// in place; nil: `inPlaceLimit(_:)` of the previous site's file count.
    let inPlaceLimit: Int?
    /// The fewest entries a base state file holds for a rebuild to write a
    /// delta beside it rather than a whole new state (`SiteState.deltaMinimum`;
    /// tests lower it).
    let stateDeltaMinimum: Int
    /// A pause after each step of an in-place commit, so that the fault
    /// tests can kill a build in the middle of one; zero otherwise.
    public var commitStepPause: Duration = .zero
    /// Whether the summary's `writerTime` is measured (two clock reads per
    /// file).
    public var measuresWriterTime = false
    /// The previous site's state, being read on another thread
    /// (`readStateAhead()`); taken under the lock only if the file is still
    /// the one read.
    var stateAhead: (@Sendable () -> SiteState.ReadAhead?)?
    /// Its files checked in the output, after it was read (`readStateAhead()`).
    var filesCheckAhead: (@Sendable () -> SiteSink.FilesCheck?)?

    public init(output: URL, dataFolder: URL, stateDeltaMinimum: Int? = nil) {
        self.init(output: output, dataFolder: dataFolder, fileSystem: .live, stateDeltaMinimum: stateDeltaMinimum)
    }

    init(
        output: URL, dataFolder: URL, fileSystem: SiteFileSystem,
        lockTimeout: Duration = .seconds(120), inPlaceLimit: Int? = nil, stateDeltaMinimum: Int? = nil
    ) {
        self.output = output
        self.dataFolder = dataFolder
        self.fileSystem = fileSystem
        self.lockTimeout = lockTimeout
        self.inPlaceLimit = inPlaceLimit
        self.stateDeltaMinimum = stateDeltaMinimum ?? SiteState.deltaMinimum
    }

    /// The most changed files committed in place: a tenth of the site, and
    /// at least 100. Past that, a new tree and its swap keep the whole change
    /// atomic, and cost less: at 10,000 recipes, with half the files
    /// changed, committing in place took 0.71 s of CPU against 0.46 s for
    /// the swap (a link aside and a rename per changed file, then removing
    /// the backups and the staging folders).
    static func inPlaceLimit(_ fileCount: Int) -> Int {
        max(100, fileCount / 10)
    }

    /// Where `larder build` keeps the parsed data files between builds:
    /// beside the output, never in it. Nil when the output's path cannot be
    /// resolved.
    public var parseCacheFile: URL? {
        (try? OutputLocation(output: output, dataFolder: dataFolder)).map { URL(fileURLWithPath: $0.parseCache) }
    }

    /// Where the lists' history is kept between builds (`HistoryCache`).
    public var historyCacheFile: URL? {
        (try? OutputLocation(output: output, dataFolder: dataFolder)).map { URL(fileURLWithPath: $0.historyCache) }
    }

    /// Starts reading the previous site's state (some megabytes, every
    /// file's entry and every job's record) on another thread, so that it
    /// is read while the build loads the data rather than after. Before
    /// the lock is taken: `write` uses it only if the state file is still
    /// the one that was read.
    ///
    /// Then, on that thread, it checks each file of the previous site in the
    /// output (one `fstatat` a file: 114,000 at 50,000 recipes), which a
    /// rebuild needs before it carries a file over (`SiteSink.vouch`), so
    /// that the build's own threads do not.
    public mutating func readStateAhead() {
        guard let location = try? OutputLocation(output: output, dataFolder: dataFolder) else { return }
        let path = location.state, root = location.path
        let state = BackgroundSlot<SiteState.ReadAhead>(), check = BackgroundSlot<SiteSink.FilesCheck>()
        DispatchQueue.global().async {
            guard let mapped = SiteState.Mapped(path) else {
                state.set(nil)
                check.set(nil)
                return
            }
            // The output checked from the mapped state, beside the decoding
            // of its files and job records: a rebuild of a few edited
            // recipes' pages waits for the check (`SiteSink.keepRest`), with
            // little else to do.
            DispatchQueue.global().async { check.set(SiteSink.FilesCheck.of(mapped, root: root)) }
            var ahead = SiteState.ReadAhead(file: mapped.stamp, delta: mapped.deltaStamp, state: mapped.state)
            ahead.state.files = mapped.files()
            // Decoded once the build knows it needs them all
            // (`decodeJobsAhead`): a rebuild of edits looks up a few.
            ahead.jobs = PreviousJobs(mapped: mapped)
            state.set(ahead)
        }
        stateAhead = { state.wait() }
        filesCheckAhead = { check.wait() }
    }

    /// Starts decoding the previous build's job records read ahead, on
    /// another thread, for a build that will look at every one (the whole
    /// way: `SiteBuilder.render(into:inputs:)`), once the state is read;
    /// returns at once.
    public func decodeJobsAhead() {
        guard let stateAhead else { return }
        DispatchQueue.global().async { stateAhead()?.jobs?.decodeInBackground() }
    }

    /// Checks that the output may be replaced (see the type's rules), changing
    /// nothing, so a build can fail before it renders anything.
    public func validate() throws(SiteWriteError) {
        try OutputLocation(output: output, dataFolder: dataFolder).check(writable: false)
    }

    /// Writes `files` as the complete new site and swaps it in for the output:
    /// `write(record:stream:)` fed from an array.
    public func write(_ files: [OutputFile]) throws(SiteWriteError) -> SiteWriteSummary {
        do {
            return try write { sink in
                for file in files { try sink.add(file) }
            }
        } catch let error as SiteWriteError {
            throw error
        } catch {
            // Only the sink throws in the loop above, and only SiteWriteError.
            throw SiteWriteError(path: output.path, reason: "\(error)")
        }
    }

    /// Writes the complete new site from the files `produce` gives the sink
    /// (from any threads, in any order), each put on disk as it comes, then
    /// puts it in place of the output: the changed files renamed in, or a
    /// new tree swapped in (see the type). On any failure before that, the
    /// producer's or the writer's, the previous site is untouched and the
    /// new folder removed; the error is rethrown as it was.
    ///
    /// Files whose bytes are those of the previous site (by the state file's
    /// sizes and hashes) are left as they are, or hard-linked from it into a
    /// new tree, rather than written. What ends on disk depends only on the
    /// set of files, not their order or what was there: modes are 0644 and
    /// 0755 whatever the umask, and the marker is the same in every build.
    ///
    /// `record`, from `larder build`: what the build read, so that a change
    /// to the data during the build is an error rather than a mixed site,
    /// and so that the next build can tell nothing changed (`upToDate`).
    public func write(record: BuildRecord? = nil, stream produce: (SiteSink) throws -> Void) throws -> SiteWriteSummary {
        let location = try OutputLocation(output: output, dataFolder: dataFolder)
        try location.check()
        do {
            try FileManager.default.createDirectory(atPath: location.parent, withIntermediateDirectories: true)
        } catch {
            throw SiteWriteError(
                path: location.parent,
                reason: "cannot make the folder for the output: \(error.localizedDescription); make it yourself or choose another -o"
            )
        }
        let lock = SiteLock(path: location.lock, timeout: lockTimeout)
        return try lock.withLock { () throws -> SiteWriteSummary in
            try SiteCommit.rollForward(at: location, fileSystem: fileSystem)
            try cleanLeftovers(of: location)
            // Again, now that no other build can change the output.
            try location.check()
            let temporary = location.temporary(pid: getpid())
            try fileSystem.makeDirectory(temporary)
            var result: SiteSink.Result
            let commit: SiteCommit?
            // The sink and both states hold an entry per file of the site:
            // freed off the main thread once the site is in (see the end).
            let sink: SiteSink, previous: SiteState?
            var state: SiteState
            var encoded: (bytes: [UInt8], stampOffset: Int)
            var isDelta = false
            do {
                (sink, previous) = try openSink(temporary, location: location)
                try produce(sink)
                try sink.checkFailure()
                try sink.checkAddedOverKept()
                result = sink.result()
                // Few changes to a large site: only they are written, beside
                // the base file the previous state was read from.
                let delta = stateDelta(result, previous: previous, jobs: sink.recordedJobChanges)
                // Else the job records are encoded whole, on another core
                // while the commit is planned.
                var encodeJobs: (@Sendable () -> [UInt8])?
                if delta == nil, let jobs = sink.recordedJobs { encodeJobs = { jobs.encoded() } }
                let encodedJobs = Self.inBackground(encodeJobs)
                if let record { try checkUnchanged(record, images: result.images) }
                // The data folder stamped again, to notice a file changed
                // during the build: from now, on another core while the
                // commit is planned and the state encoded, unless the build
                // started it as soon as it had read it all
                // (`BuildRecord.readsDone`); compared before anything is put
                // in place.
                var record = record
                if record?.after == nil { record?.readsDone() }
                commit = plan(result, previous: previous, location: location)
                if commit == nil, result.mode == .staging {
                    try sink.makeTree()
                    result = sink.result()
                }
                state = SiteState(
                    inputs: record.map { inputsDigest($0.before.digest, images: result.images) },
                    otherInputs: record.map { inputsDigest($0.before.otherDigest, images: result.images) },
                    parseCache: record?.parseCache?() ?? nil, recipeNames: record?.recipeNames,
                    images: result.images.keys.sorted(),
                    warnings: record?.warnings ?? "", colouredWarnings: record?.colouredWarnings ?? "",
                    // Both set once the site is in.
                    output: ContentHash(high: 0, low: 0), finished: Timestamp(seconds: 0, nanoseconds: 0),
                    files: [:]
                )
                if let delta {
                    encoded = state.encodedDelta(of: delta.base, delta.changes)
                    isDelta = true
                } else {
                    state.files = result.entries
                    state.jobs = encodedJobs() ?? []
                    encoded = state.encodedStampable()
                }
                if let record, let changed = record.after?() ?? nil, !changed.isEmpty {
                    throw Self.changedDuringBuild(record, changed)
                }
            } catch {
                try? fileSystem.removeTree(temporary)
                throw error
            }
            // Moved out, so that restamping changes the only copy (5 MB at
            // 10,000 recipes) in place.
            var bytes: [UInt8] = []
            Swift.swap(&bytes, &encoded.bytes)
            let stampOffset = encoded.stampOffset
            if let commit {
                try commitInPlace(commit, state: bytes, location: location)
            } else {
                try swap(temporary, into: location)
            }
            SiteState.restamp(&bytes, at: stampOffset, output: SiteState.outputStamp(of: location), finished: Timestamp.settled())
            SiteState.save(bytes, at: location, fileSystem: fileSystem)
            #if DEBUG
            // Debug builds (the end-to-end tests') check that a delta reads
            // back, over its base, as the state this build holds.
            if isDelta, let back = SiteState.readAhead(location.state) {
                precondition(back.state.files == result.entries, "the state's delta does not read back as its files")
                precondition(back.jobs?.records?.records ?? [:] == sink.recordedJobs?.records ?? [:], "the state's delta does not read back as its jobs")
            }
            #endif
            if let commit {
                commit.cleanUp(at: location, fileSystem: fileSystem)
                result.summary.inPlace = true
            }
            let summary = result.summary
            BackgroundRelease.drop((sink, previous, result, state))
            return summary
        }
    }

    /// The state of the site in `result` as a delta of the base file the
    /// previous state was read from (`SiteState`): the previous delta's
    /// changes and this build's (its files that differ from the previous
    /// state's, and `jobs`, the job records that do). Nil without a
    /// previous state, beside a base smaller than `stateDeltaMinimum`, or
    /// past an eighth of its entries: then the state is written whole.
    private func stateDelta(
        _ result: SiteSink.Result, previous: SiteState?, jobs: [String: JobRecords.Record?]?
    ) -> (base: SiteState.Base, changes: SiteState.Changes)? {
        guard let previous, let base = previous.base, base.entryCount >= stateDeltaMinimum, let jobs else { return nil }
        let limit = base.entryCount / SiteState.deltaFraction
        var changes = previous.sinceBase
        var files: [String: SiteState.Entry?] = [:]
        if let added = result.added {
            for (path, entry) in added where previous.files[path] != entry { files[path] = entry }
        } else {
            // Without `added`, `listed` is every file of the site.
            for (path, entry) in result.listed where previous.files[path] != entry {
                files[path] = entry
                if files.count > limit { return nil }
            }
            for path in previous.files.keys where result.listed[path] == nil {
                files.updateValue(nil, forKey: path)
                if files.count > limit { return nil }
            }
        }
        changes.add(SiteState.Changes(files: files, jobs: jobs))
        return changes.count <= limit ? (base, changes) : nil
    }

    /// The in-place commit of a staged build, or nil when it changed too
    /// many files for one, or the output is not as the commit needs it (then
    /// the staging folder becomes a new tree).
    private func plan(_ result: SiteSink.Result, previous: SiteState?, location: OutputLocation) -> SiteCommit? {
        guard result.mode == .staging, let previous else { return nil }
        let removed = result.sameFiles ? [] : previous.files.keys.filter { result.listed[$0] == nil }
        guard result.staged.count + removed.count <= inPlaceLimit ?? Self.inPlaceLimit(previous.files.count) else { return nil }
        var steps: [SiteCommit.Step] = []
        if !removed.isEmpty || result.staged.contains(where: { previous.files[$0] == nil }) {
            var before = Set<String>()
            for path in previous.files.keys { SitePaths.addFolders(of: path, to: &before) }
            // Nil: the previous site's folders.
            let directories = result.directories ?? before
            let gone = before.subtracting(directories)
            func parent(_ path: String) -> String { path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "" }
            // A removed folder goes with all in it.
            for path in removed.sorted() where !gone.contains(parent(path)) {
                steps.append(.removeFile(path))
            }
            for folder in gone.sorted() where !gone.contains(parent(folder)) {
                steps.append(.removeFolder(folder))
            }
            // Sorted: parents first.
            for folder in directories.subtracting(before).sorted() {
                steps.append(.makeFolder(folder))
            }
        }
        for path in result.staged.sorted() { steps.append(.place(path)) }
        // The marker, written anew, so that the output's stamp tells this
        // build's site from the previous one's.
        steps.append(.place(OutputLocation.markerName))
        func name(_ path: String) -> String { String(path[path.index(after: path.lastIndex(of: "/")!)...]) }
        let commit = SiteCommit(
            staging: name(location.temporary(pid: getpid())), backup: name(location.backup(pid: getpid())), steps: steps
        )
        // Something put in the site by hand in the commit's way (a file
        // where it makes a folder, a folder or link where it puts a file, a
        // link for a folder): a new tree, which leaves it out.
        return commit.obstacle(at: location) == nil ? commit : nil
    }

    /// Writes the state to save and the journal, then runs the commit's
    /// steps. Up to the journal, a failure leaves the output untouched;
    /// after it, the steps are all done, undone, or (undoing failed) left to
    /// the next build to finish. The caller saves the state, then cleans up.
    private func commitInPlace(_ commit: SiteCommit, state: [UInt8], location: OutputLocation) throws(SiteWriteError) {
        let staging = location.beside(commit.staging), backup = location.beside(commit.backup)
        do throws(SiteWriteError) {
            try fileSystem.makeDirectory(backup)
            _ = try fileSystem.writeFile(backup + "/" + SiteCommit.stateName, state)
            try commit.save(at: location, fileSystem: fileSystem)
        } catch {
            try? fileSystem.removeTree(staging)
            try? fileSystem.removeTree(backup)
            throw error
        }
        try commit.apply(at: location, fileSystem: fileSystem, pause: commitStepPause)
    }

    /// What the last build printed, when its state says the output is what
    /// it made and nothing it read has changed since: then building again
    /// would give the same site. Nil whenever that cannot be told for sure
    /// (no state, a damaged one, a file changed just now, a different binary,
    /// secret or options).
    public func upToDate(_ inputs: BuildInputs) -> BuildRecord.Warnings? {
        upToDate(inputs, now: inputs.snapshot())
    }

    /// The same, with the data files' stamps `now` taken by the caller, who
    /// keeps them for the build when they differ (`settledSnapshot`).
    public func upToDate(_ inputs: BuildInputs, now: InputSnapshot) -> BuildRecord.Warnings? {
        var info = stat()
        guard let location = try? OutputLocation(output: output, dataFolder: dataFolder),
              let state = SiteState.readSummary(location.state), let recorded = state.inputs,
              SiteState.outputStamp(of: location) == state.output,
              // No in-place commit under way or interrupted.
              lstat(location.journal, &info) != 0
        else { return nil }
        guard now.racy.isEmpty else { return nil }
        var images: [String: Stamp] = [:]
        for image in state.images { images[image] = Stamp(path: image) }
        guard inputsDigest(now.digest, images: images) == recorded else { return nil }
        return BuildRecord.Warnings(plain: state.warnings, coloured: state.colouredWarnings)
    }

    /// What a rebuild that takes the changed recipes as edits
    /// (`KitchenLoader.recipeEdits`) starts from: the previous build's
    /// warnings, and the copied images' sources stamped now.
    struct EditsBase: Sendable {
        var warnings: BuildRecord.Warnings
        var images: [String: Stamp]
        var recipeNames: SiteState.RecipeNames
    }

    /// The `EditsBase` of a build whose data files' stamps are `now`: nil
    /// unless the output is as the previous build left it, every input but
    /// the recipes in Larder's own formats is as it was then (the copied
    /// images too), no file was being saved, and the parse cache beside the
    /// output is the one that build left (true to what it read).
    func editsBase(now: InputSnapshot) -> EditsBase? {
        var info = stat()
        guard now.racy.isEmpty, let location = try? OutputLocation(output: output, dataFolder: dataFolder),
              let state = SiteState.readSummary(location.state), let other = state.otherInputs,
              let parseCache = state.parseCache, let recipeNames = state.recipeNames,
              SiteState.outputStamp(of: location) == state.output,
              lstat(location.journal, &info) != 0, Self.parseCacheStamp(location.parseCache) == parseCache
        else { return nil }
        var images: [String: Stamp] = [:]
        for image in state.images { images[image] = Stamp(path: image) }
        guard inputsDigest(now.otherDigest, images: images) == other else { return nil }
        return EditsBase(
            warnings: BuildRecord.Warnings(plain: state.warnings, coloured: state.colouredWarnings), images: images,
            recipeNames: recipeNames
        )
    }

    /// The stamps of the parse cache file at `path` and of its delta, as
    /// one digest; nil when there is no cache file.
    static func parseCacheStamp(_ path: String) -> ContentHash? {
        guard FileStamp(path: path) != nil else { return nil }
        var builder = ContentHash.Builder()
        for file in [path, DocumentCache.deltaFile(of: URL(fileURLWithPath: path)).path] {
            guard let stamp = FileStamp(path: file) else {
                builder.add(0 as UInt64)
                continue
            }
            builder.add(1 as UInt64)
            for value in [UInt64(stamp.mode), UInt64(bitPattern: stamp.size), UInt64(bitPattern: Int64(stamp.seconds)),
                          UInt64(bitPattern: Int64(stamp.nanoseconds)), UInt64(bitPattern: Int64(stamp.changeSeconds)),
                          UInt64(bitPattern: Int64(stamp.changeNanoseconds)), stamp.inode, stamp.device] {
                builder.add(value)
            }
        }
        return builder.hash
    }

    /// A snapshot's digest (`InputSnapshot.digest` or `otherDigest`) and
    /// the copied images' stamps, as one digest.
    private func inputsDigest(_ snapshot: ContentHash, images: [String: Stamp]) -> ContentHash {
        var builder = ContentHash.Builder()
        builder.add(snapshot)
        for (path, stamp) in images.sorted(by: { $0.key < $1.key }) {
            builder.add(path)
            stamp.add(to: &builder)
        }
        return builder.hash
    }

    /// Throws when a data file was being saved as the build began, or an
    /// image changed between the build's start and now, when every file
    /// has been read: the site could mix old and new versions. (The data
    /// files' stamps are taken again beside the state's encoding: see
    /// `write(record:stream:)`.)
    private func checkUnchanged(_ record: BuildRecord, images: [String: Stamp]) throws(SiteWriteError) {
        let again = "build again once it is saved"
        if let path = record.before.racy.first {
            throw SiteWriteError(
                path: record.inputs.dataFolder + "/" + path,
                reason: "was being changed while the build read it, so the site could mix two versions of it; \(again)"
            )
        }
        for (path, stamp) in images.sorted(by: { $0.key < $1.key }) where Stamp(path: path) != stamp {
            throw SiteWriteError(path: path, reason: "changed while the build copied it; \(again)")
        }
    }

    /// The error for a data folder whose stamps, taken again once every
    /// file has been read, are not the ones the build started from.
    private static func changedDuringBuild(_ record: BuildRecord, _ changed: [String]) -> SiteWriteError {
        SiteWriteError(
            path: record.inputs.dataFolder + "/" + changed[0],
            reason: "changed while the site was being built"
                + (changed.count > 1 ? " (and \(changed.count - 1) more data file\(changed.count > 2 ? "s" : ""))" : "")
                + ", so the site could mix two versions; build again once it is saved"
        )
    }

    /// Runs `work` (when there is some) on another thread at once; the
    /// function returned waits for its value (nil without work).
    static func inBackground<Value: Sendable>(_ work: (@Sendable () -> Value)?) -> @Sendable () -> Value? {
        guard let work else { return { nil } }
        let slot = BackgroundSlot<Value>()
        DispatchQueue.global().async { slot.set(work()) }
        return { slot.wait() }
    }

    /// A sink into `root`, the marker already written, linking from the
    /// previous site when its state reads back whole, and staging only the
    /// changed files when the output is also as that state describes it;
    /// with that state, when staging.
    private func openSink(_ root: String, location: OutputLocation) throws(SiteWriteError) -> (SiteSink, SiteState?) {
        // The umask may take bits away (077 would make a private site); then
        // every entry gets its mode set, which costs a call per entry.
        var info = stat()
        let fixModes = lstat(root, &info) != 0 || info.st_mode & 0o777 != 0o755
        if fixModes { try fileSystem.setMode(root, 0o755) }
        // Written, never linked, so that its stamp tells one build's output
        // from another's.
        let marker = root + "/" + OutputLocation.markerName
        _ = try fileSystem.writeFile(marker, OutputLocation.markerContents)
        if fixModes { try fileSystem.setMode(marker, 0o644) }
        var previous: SiteSink.Previous?
        var state: SiteState?
        var previousJobs: PreviousJobs?
        if lstat(location.path, &info) == 0, let read = previousState(at: location) {
            previous = SiteSink.Previous(
                root: location.path, files: read.state.files, finished: read.state.finished,
                checkedAhead: read.ahead ? filesCheckAhead : nil
            )
            state = read.state
            previousJobs = read.jobs
        }
        let intact = state.map { SiteState.outputStamp(of: location) == $0.output } ?? false
        let sink = SiteSink(
            root: root, dataFolder: location.dataFolder, fileSystem: fileSystem, fixModes: fixModes, previous: previous,
            staging: intact, stagingLimit: inPlaceLimit ?? Self.inPlaceLimit(state?.files.count ?? 0),
            measures: measuresWriterTime, previousJobs: previousJobs
        )
        return (sink, intact ? state : nil)
    }

    /// The state beside the output and its job records: the one read ahead
    /// when the file is still that one, else read now.
    /// `ahead`: the one read ahead.
    private func previousState(at location: OutputLocation) -> (state: SiteState, jobs: PreviousJobs?, ahead: Bool)? {
        if let ahead = stateAhead?(), FileStamp(path: location.state) == ahead.file,
           FileStamp(path: location.stateDelta) == ahead.delta {
            return (ahead.state, ahead.jobs, true)
        }
        guard let read = SiteState.readAhead(location.state) else { return nil }
        return (read.state, read.jobs, false)
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
        unlink(location.newState)
        unlink(location.newStateDelta)
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

/// A value made on another thread (`SiteWriter.inBackground`,
/// `readStateAhead`): set there once, waited for here (as often as asked).
private final class BackgroundSlot<Value: Sendable>: Sendable {
    private let value = Mutex<Value?>(nil)
    private let done = DispatchGroup()

    init() { done.enter() }

    func set(_ newValue: Value?) {
        value.withLock { $0 = newValue }
        done.leave()
    }

    func wait() -> Value? {
        done.wait()
        return value.withLock { $0 }
    }
}

/// What `larder build` read and printed, given to the writer so that the
/// site is refused when the data changed under the build, and kept in the
/// state file so that the next build can stop early.
public struct BuildRecord: Sendable {
    public var inputs: BuildInputs
    /// Taken before the data was loaded.
    public var before: InputSnapshot
    public var warnings: String
    public var colouredWarnings: String
    /// The data files the build read that changed since `before` (or were
    /// not in it), found once the build has read all it reads (`readsDone`),
    /// on another thread. Nil: the writer starts it itself, once the site
    /// is made.
    var after: (@Sendable () -> [String]?)?
    /// The parse cache beside the output as the build leaves it
    /// (`SiteWriter.parseCacheStamp`), asked once the pages are made (the
    /// cache is saved while they render); nil when it is not true to what
    /// the build read (not saved), or there is none.
    var parseCache: (@Sendable () -> ContentHash?)?
    /// What a rebuild that takes edits needs of every recipe
    /// (`SiteState.RecipeNames`), kept with the output.
    var recipeNames: SiteState.RecipeNames?

    /// The warnings of the build that made the output.
    public struct Warnings: Sendable, Hashable {
        public var plain: String
        public var coloured: String
    }

    public init(inputs: BuildInputs, before: InputSnapshot, warnings: String, colouredWarnings: String) {
        self.inputs = inputs
        self.before = before
        self.warnings = warnings
        self.colouredWarnings = colouredWarnings
    }

    /// Starts stamping the data files again, on another thread: for a build
    /// that has read every data file it reads (the loader, the theme, the
    /// secret), so that the check that none changed in between runs beside
    /// the rendering rather than after it. A file saved later cannot be in
    /// this site; its new stamp makes the next build read it.
    ///
    /// `documents`: the parse cache the build loaded with. A file it took
    /// from there was not read (the cache vouches for its contents at
    /// `before`'s stamp), so it is not stamped again: a one-recipe rebuild
    /// stamps the files it read, not the 11,000 of the folder. A file the
    /// build read that `before` does not have was added during the build.
    ///
    /// `taken`: files the build took as they were at `before`'s stamp
    /// another way (a rebuild of edited recipes: every other recipe, by
    /// its stamp in the parse cache), not stamped again either.
    mutating func readsDone(documents: DocumentCache? = nil, taken: (@Sendable (String) -> Bool)? = nil) {
        let (inputs, before) = (inputs, before)
        after = SiteWriter.inBackground {
            var changed = inputs.changedFiles(since: before) { path, stamp in
                taken?(path) == true || documents?.tookFromCache(path, stamp: stamp) == true
            }
            if let read = documents?.lastReadPaths {
                // A build's snapshot has its table already (`index()` then does nothing).
                var snapshot = before
                snapshot.index()
                changed += read.filter { !snapshot.contains($0) }.sorted()
            }
            return changed
        }
    }
}
