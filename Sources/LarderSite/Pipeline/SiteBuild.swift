import Foundation
import Larder
import LarderCore
import Synchronization

/// One run of the pipeline over a data folder, for every front end: `larder
/// build` (into a folder on disk), `larder serve` (into memory) and `larder
/// check` (no output). Configure it, call `run()`, print the `Result`: the
/// library prints nothing, and an error that stops the run comes back as a
/// diagnostic in the result's report, never as a throw.
///
/// The stages, each a method below, run in order by `perform`:
///
/// 1. `prepare` (a folder only): may the output be replaced, and does it
///    already hold what this build would write (`SiteWriter.upToDate`)?
///    If so, stop there.
/// 2. `load`: read, validate, resolve (`KitchenLoader`: files read in
///    parallel or taken from the parse cache; schemas and cross-references;
///    a `Kitchen`). Problems are diagnostics; with any error, stop.
/// 3. `plan`: the theme (built-in and `templates/`), the secret of unlisted
///    lists, a `SiteBuilder` (categories, tags, slugs).
/// 4. `render` into memory (`SiteBuilder.render()`), or `write`: through a
///    `SiteWriter` that writes each page as it is rendered, only those whose
///    inputs changed (`SiteBuilder.render(into:inputs:)`), then puts the
///    site in place of the output.
public struct SiteBuild: Sendable {
    /// Where the site goes.
    public enum Destination: Sendable, Hashable {
        /// `larder build -o`: a folder on disk, written incrementally and
        /// swapped or committed in (see `SiteWriter`).
        case folder(URL)
        /// `larder serve`: the files, held in memory.
        case memory
        /// `larder check`: nothing is rendered; the run stops after the
        /// folder is validated.
        case noOutput
    }

    /// The codes of the diagnostics of errors that stop a run.
    public enum StopCode: String, Sendable, CaseIterable {
        /// The data folder is missing, not a folder, or cannot be read.
        case unreadableFolder = "unreadable-folder"
        /// The output may not be replaced (see `SiteWriter`), or its path
        /// cannot be used.
        case outputRefused = "output-refused"
        /// A template cannot be read, parsed or rendered.
        case themeError = "theme-error"
        /// The folder has unlisted lists and there is no secret.
        case secretMissing = "secret-missing"
        /// The secret is there but cannot be used (too short, unreadable).
        case badSecret = "bad-secret"
        /// A page cannot be made (a list's plan, a page's render).
        case renderFailed = "render-failed"
        /// Writing the site failed (disk full, permissions, a data file
        /// saved during the build); the previous site is as it was.
        case writeFailed = "write-failed"

        /// Whether the user named the wrong place (a folder that is not
        /// the data, an output that may not be replaced), rather than the
        /// data or the build being at fault: a usage error, for exit codes.
        public var namesWrongPlace: Bool { self == .unreadableFolder || self == .outputRefused }
    }

    public var dataFolder: URL
    public var destination: Destination
    /// The data folder as the user named it: the prefix of the paths in
    /// the warnings kept with the output (printed again when it is up to
    /// date), and one of the options the output depends on.
    public var displayName: String
    /// Where `LARDER_SECRET` is looked up.
    public var environment: [String: String]
    /// A pause after each step of an in-place commit, for the fault tests
    /// (see `SiteWriter.commitStepPause`).
    public var commitStepPause: Duration = .zero
    /// The fewest entries a state file holds for a rebuild to write a delta
    /// beside it (see `SiteWriter.stateDeltaMinimum`); nil: the default.
    /// Tests lower it.
    public var stateDeltaMinimum: Int?
    /// Whether the time the writer takes is measured (two clock reads a
    /// file; `StageTimings` has it as a figure).
    public var measuresWriterTime = false
    /// Whether `Result.recipesDecoded` is counted (a pass over every recipe,
    /// which only the timings and tests show).
    public var countsDecodedRecipes = false
    /// `.noOutput` (`larder check`): the folder of the parse caches kept
    /// between checks (`CheckCache`); nil: every file is read.
    public var checkCacheFolder: URL?
    /// `.memory` (`larder serve`): the lists' history kept between runs,
    /// read from git again only after a new commit. A folder keeps it in a
    /// file beside the output instead.
    public var historyMemory: HistoryCache.Memory?
    /// The fewest data files a folder needs for a check cache (lower in tests).
    var checkCacheMinimumFiles = CheckCache.minimumFiles

    public init(dataFolder: URL, destination: Destination, displayName: String, environment: [String: String]) {
        self.dataFolder = dataFolder
        self.destination = destination
        self.displayName = displayName
        self.environment = environment
    }

    /// What a run came to.
    public struct Result: Sendable {
        public enum Outcome: Sendable {
            /// `.noOutput`: the folder was checked and has no errors.
            case checked
            /// `.memory`: the site's files.
            case rendered([OutputFile])
            /// `.folder`: the site was put in place of the output.
            case written(SiteWriteSummary)
            /// `.folder`: nothing the build reads changed since the build that
            /// made the output, which is left as it is; the warnings of that
            /// build, as it printed them.
            case upToDate(BuildRecord.Warnings)
            /// The folder has errors (in `report`): nothing was rendered.
            case dataErrors
            /// An error stopped the run (`report.stop`); nothing was
            /// published, and a previous site is as it was.
            case stopped
        }

        public var outcome: Outcome
        /// The folder's diagnostics, and the error that stopped the run.
        public var report: DiagnosticReport
        public var timings: StageTimings
        /// Data files read and parsed, and taken from the parse cache.
        public var documentsRead = 0
        public var documentsReused = 0
        /// Recipes decoded whole: those read anew, and those of the parse
        /// cache that a page rendered needed (the others are used by their
        /// outline only). Known once the site is rendered, and counted only
        /// with `countsDecodedRecipes`.
        public var recipesDecoded = 0
        /// `.memory` with a site kept (`run(documents:site:)`): the files
        /// rendered in this run; the others were taken from the site.
        public var filesRendered: Int?
        /// `.folder`, when the build took a few edited recipes as edits
        /// and rendered their pages alone (`rebuildEdits`).
        public var edits: Edits?

        /// What a build that took edits did.
        public struct Edits: Sendable {
            /// The pages it rendered.
            public var pages: Int
            /// The warnings of the previous build, which are this one's (the
            /// report is empty: the folder was not checked whole).
            public var warnings: BuildRecord.Warnings
        }

        /// The code of the error that stopped the run, if one did.
        public var stopCode: StopCode? { report.stop.flatMap { StopCode(rawValue: $0.code) } }
    }

    /// Runs the pipeline. A folder build starts from the parse cache kept
    /// beside the output, and saves it for the next.
    public func run() -> Result {
        var documents: DocumentCache?
        var none: MemorySite?
        let result = perform(&documents, site: &none, keepsSite: false)
        // Saved by now; freeing 11,000 entries would hold up the return.
        BackgroundRelease.drop(documents.take())
        return result
    }

    /// Runs the pipeline again on a folder it ran on before (`larder serve`,
    /// which rebuilds the same folder on every change): it reads again only
    /// the data files that changed since `documents` was filled, and, into
    /// `.memory`, renders only the pages whose inputs changed since `site`
    /// was made, taking the others from it. Both are kept for the next run;
    /// a run that fails leaves `site` as it was, the last good site.
    public func run(documents: inout DocumentCache, site: inout MemorySite?) -> Result {
        var kept: DocumentCache? = documents
        defer { documents = kept ?? DocumentCache() }
        return perform(&kept, site: &site, keepsSite: destination == .memory)
    }

    /// An error that ends the run, as its diagnostic.
    private struct Stop: Error {
        var diagnostic: Diagnostic
    }

    /// What a folder build keeps from its first stage for the last.
    fileprivate struct Disk {
        var writer: SiteWriter
        var inputs: BuildInputs
        /// The data files' stamps before they were read.
        var before: InputSnapshot
    }

    /// The stages in order; each throws the `Stop` that ends the run.
    private func perform(_ documents: inout DocumentCache?, site: inout MemorySite?, keepsSite: Bool) -> Result {
        var timings = StageTimings()
        var report = DiagnosticReport(diagnostics: [], fileCount: 0)
        var counts = (read: 0, reused: 0)
        var decoded = 0
        var rendered: Int?
        var edits: Result.Edits?
        // Hides the addresses of unlisted lists in the error that stops the
        // run: any token-like name until the kitchen is known, then by name.
        var redaction = TokenRedaction()
        func result(_ outcome: Result.Outcome) -> Result {
            Result(
                outcome: outcome, report: report, timings: timings, documentsRead: counts.read,
                documentsReused: counts.reused, recipesDecoded: decoded, filesRendered: rendered, edits: edits
            )
        }
        do throws(Stop) {
            var disk: Disk?
            if case .folder(let output) = destination {
                let (prepared, upToDate) = try prepare(output)
                if let upToDate { return result(.upToDate(upToDate)) }
                timings.mark("no-op check")
                // Parsed files from the last build: only changed files are read.
                if documents == nil {
                    documents = prepared.writer.parseCacheFile.map(DocumentCache.init(contentsOf:)) ?? DocumentCache()
                }
                disk = prepared
                // A few recipes edited, and nothing the other pages show:
                // their pages alone, without loading the folder whole.
                if let made = rebuildEdits(&documents!, disk: prepared, timings: &timings) {
                    counts = (documents!.lastReads, documents!.count - documents!.lastReads)
                    edits = Result.Edits(pages: made.pages, warnings: made.warnings)
                    return result(.written(made.summary))
                }
                // The whole way looks at every job record: decoded while
                // the data loads.
                prepared.writer.decodeJobsAhead()
            }

            // A check starts from the parse cache of the last check.
            var checkCache: URL?
            if destination == .noOutput, documents == nil, let folder = checkCacheFolder {
                checkCache = CheckCache.file(for: dataFolder, in: folder)
                documents = checkCache.map(DocumentCache.init(contentsOf:))
            }
            // In memory, kept between runs: the stamps the pages'
            // fingerprints are made of, as a folder build takes them.
            let memoryInputs = keepsSite ? memorySnapshot() : nil
            if let memoryInputs, !memoryInputs.racy.isEmpty {
                // A file saved this very moment could change again under
                // the same stamp: every page renders, and the site made is
                // not a base for the next run.
                site = nil
            }
            // A folder build's loader takes the stamps of the snapshot it starts from.
            let loaded = try load(&documents, stamps: disk?.before ?? memoryInputs)
            // Done with once the run has its outcome: the kitchen (and the
            // builder made of it) are freed off the main thread, which
            // returns (and, for the CLI, exits) without waiting for some
            // hundred thousand frees.
            defer { BackgroundRelease.drop(loaded) }
            report = loaded.report
            counts = documents.map { ($0.lastReads, $0.lastHits) } ?? (report.fileCount, 0)
            timings.mark("load")
            timings.note("parse cache: \(counts.read) files read, \(counts.reused) reused")
            if let checkCache, let documents, save(documents, checkCache: checkCache) { timings.mark("check cache saved") }
            guard !report.hasErrors else { return result(.dataErrors) }
            if destination == .noOutput { return result(.checked) }

            let history = readHistory(loaded.kitchen.config, cache: disk?.writer.historyCacheFile, report: &report)
            timings.mark("history")
            if let source = history?.source { timings.note("history: " + source) }

            // Errors from here on may name the pages of unlisted lists.
            redaction = TokenRedaction(kitchen: loaded.kitchen, links: nil)
            var (builder, links) = try plan(loaded.kitchen)
            builder.history = history
            timings.mark("plan: theme, builder")
            redaction = TokenRedaction(kitchen: loaded.kitchen, links: links)

            defer { BackgroundRelease.drop(builder) }
            let outcome: Result.Outcome
            if disk != nil {
                outcome = .written(try write(builder, report: report, to: disk!, documents: documents, timings: &timings))
                // The writer holds the previous state read ahead (a table
                // entry per file of the site, and the job records): freed
                // off the main thread too.
                BackgroundRelease.drop(disk.take())
            } else if let memoryInputs {
                let sink = MemorySink(previous: site)
                do {
                    try builder.render(incrementallyInto: sink, inputs: memoryInputs)
                } catch {
                    throw Stop(diagnostic: error.diagnostic)
                }
                timings.mark("render")
                let made = sink.site
                site = memoryInputs.racy.isEmpty ? made : nil
                rendered = sink.renderedCount
                outcome = .rendered(made.sortedFiles)
            } else {
                outcome = .rendered(try render(builder, timings: &timings))
            }
            if countsDecodedRecipes {
                decoded = loaded.kitchen.recipes.decodedCount
                timings.note("recipes decoded: \(decoded) of \(loaded.kitchen.recipes.count)")
            }
            return result(outcome)
        } catch {
            report.stop = redaction.apply(to: error.diagnostic)
            return result(.stopped)
        }
    }

    /// Stage 1, for a folder: checks that the output may be replaced, and
    /// whether it already holds what this build would write (then the
    /// warnings of the build that wrote it come back).
    private func prepare(_ output: URL) throws(Stop) -> (Disk, upToDate: BuildRecord.Warnings?) {
        var writer = SiteWriter(output: output, dataFolder: dataFolder, stateDeltaMinimum: stateDeltaMinimum)
        writer.commitStepPause = commitStepPause
        writer.measuresWriterTime = measuresWriterTime
        do {
            try writer.validate()
        } catch {
            throw Stop(diagnostic: error.diagnostic(.outputRefused))
        }
        // A secret that cannot be read is reported in its turn (`plan`).
        let secret = Swift.Result { try UnlistedLinks.loadSecret(dataFolder: dataFolder, environment: environment) }
        // A commit changes list pages that show history, and no data file:
        // HEAD (and the reference time) decide whether the site is up to
        // date when they do; which pages are made again is then each list
        // page's history digest's (`SiteBuilder.listFingerprint`).
        let inputs = BuildInputs(
            dataFolder: dataFolder, options: [displayName, writer.output.path], secret: (try? secret.get()) ?? nil,
            freshness: HistoryCache.freshness(dataFolder, environment: environment)
        )
        // Taken once: for the check that nothing changed, and, unless a file
        // was being saved just now, as the stamps the build starts from.
        let now = inputs.snapshot()
        if case .success = secret, let last = writer.upToDate(inputs, now: now) {
            return (Disk(writer: writer, inputs: inputs, before: now), last)
        }
        // The previous site's state is read (and its files checked) while
        // the snapshot settles and the data loads: as soon as the build is
        // known to go on.
        writer.readStateAhead()
        var before = inputs.settledSnapshot(startingWith: now)
        before.index()
        return (Disk(writer: writer, inputs: inputs, before: before), nil)
    }

    /// The data files' stamps for a run into memory that keeps its site
    /// (`run(documents:site:)`): a snapshot as a folder build takes it,
    /// settled, with its table, for the loader and the pages' fingerprints.
    private func memorySnapshot() -> InputSnapshot {
        let secret = try? UnlistedLinks.loadSecret(dataFolder: dataFolder, environment: environment)
        let inputs = BuildInputs(dataFolder: dataFolder, options: [displayName, "memory"], secret: secret ?? nil)
        var snapshot = inputs.settledSnapshot()
        snapshot.index()
        return snapshot
    }

    /// Stage 2: read, validate, resolve (`KitchenLoader`), with the parse
    /// cache when there is one. Problems in files are the report's
    /// diagnostics; only a folder that cannot be read stops here.
    private func load(_ documents: inout DocumentCache?, stamps: InputSnapshot?) throws(Stop) -> LoadResult {
        do {
            if documents != nil, let stamps {
                // The snapshot's table, made once for this and the pages' fingerprints.
                let listings = stamps.listings
                return try KitchenLoader.load(
                    dataFolder, cache: &documents!, knownStamp: { stamps.own($0) }, knownListing: { listings[$0] },
                    takenAt: stamps.takenAt
                )
            }
            if documents != nil { return try KitchenLoader.load(dataFolder, cache: &documents!) }
            return try KitchenLoader.load(dataFolder)
        } catch {
            throw Stop(diagnostic: error.diagnostic)
        }
    }

    /// Stage 2½: the lists' history from git, when list pages show it
    /// (`HistoryCache.shows`), from the cache beside the output when it was
    /// kept at the same commit. Without it the build goes on, with a
    /// warning that says why (no git, not a repository, a shallow clone).
    private func readHistory(_ config: SiteConfig, cache: URL?, report: inout DiagnosticReport) -> SiteHistory? {
        guard HistoryCache.shows(config.history, dataFolder: dataFolder) else { return nil }
        let loaded = HistoryCache(file: cache, memory: historyMemory).load(dataFolder, settings: config.history, environment: environment)
        guard let folder = loaded.history else {
            if let problem = loaded.problem {
                report.diagnostics.append(.warning(
                    "history-unavailable", "list pages show no history: \(problem.reason)", at: nil, hint: problem.hint
                ))
            }
            return nil
        }
        return SiteHistory(
            folder: folder, settings: config.history, reference: SiteHistory.reference(folder, environment: environment),
            source: loaded.ranGit ? "read from git" : "from the cache (no new commit)"
        )
    }

    /// After a check's load: the parse cache for the next check, when the
    /// folder is large enough for one and something changed since it was
    /// read (a check of an unchanged folder writes nothing). A cache that
    /// cannot be saved only makes the next check read everything. True when
    /// it was written.
    private func save(_ documents: DocumentCache, checkCache file: URL) -> Bool {
        guard documents.changed, documents.count >= checkCacheMinimumFiles,
              CheckCache.prepare(file.deletingLastPathComponent(), keeping: file)
        else { return false }
        return (try? documents.write(to: file)) != nil
    }

    /// Stage 3: the theme (built-in, with the folder's `templates/`), the
    /// secret of unlisted lists, and the builder (categories, tags, slugs).
    private func plan(_ kitchen: Kitchen) throws(Stop) -> (SiteBuilder, UnlistedLinks?) {
        let theme: Theme
        let links: UnlistedLinks?
        do {
            theme = try Theme.load(overrides: dataFolder.appendingPathComponent("templates"))
        } catch {
            throw Stop(diagnostic: error.diagnostic)
        }
        do {
            links = try UnlistedLinks.loadSecret(dataFolder: dataFolder, environment: environment).map(UnlistedLinks.init)
        } catch {
            throw Stop(diagnostic: error.diagnostic)
        }
        if let missing = UnlistedLinks.missingSecret(in: kitchen, links: links, dataFolder: dataFolder) {
            throw Stop(diagnostic: .error(
                StopCode.secretMissing.rawValue, missing.reason, at: .file(missing.list.path), hint: missing.hint
            ))
        }
        return (SiteBuilder(kitchen: kitchen, dataFolder: dataFolder, theme: theme, unlisted: links), links)
    }

    /// Stage 4, into memory: every file of the site.
    private func render(_ builder: SiteBuilder, timings: inout StageTimings) throws(Stop) -> [OutputFile] {
        do {
            let files = try builder.render()
            timings.mark("render")
            return files
        } catch {
            throw Stop(diagnostic: error.diagnostic)
        }
    }

    /// Stage 4, into a folder, through `SiteWriter`: pages go to disk as the
    /// workers render them (the site is never held whole in memory), only
    /// those whose inputs changed, then the writer puts the site in place
    /// of the output. The parse cache is saved under the build's lock.
    private func write(
        _ builder: SiteBuilder, report: DiagnosticReport, to disk: Disk, documents: DocumentCache?,
        timings: inout StageTimings
    ) throws(Stop) -> SiteWriteSummary {
        // The warnings as printed, kept with the output: a build that finds
        // it up to date prints them again.
        let warnings = { (color: Bool) in
            report.diagnostics.isEmpty
                ? "" : DiagnosticFormatter(format: .text, color: color, pathPrefix: displayName).render(report)
        }
        var record = BuildRecord(
            inputs: disk.inputs, before: disk.before, warnings: warnings(false), colouredWarnings: warnings(true)
        )
        // The data, the theme and the secret are read by now: pages are
        // made from them and from the parse cache's bytes in memory. The
        // files that came from there are not stamped again.
        record.readsDone(documents: documents)
        record.recipeNames = builder.recipeNames
        record.recipeNames?.reported = Set(report.diagnostics.compactMap { $0.location?.path }).sorted()
        // Saved on another thread once the output is locked (see below).
        let saving = ParseCacheSave(documents, to: disk.writer.parseCacheFile)
        record.parseCache = { saving.stamp() }
        let summary: SiteWriteSummary
        do {
            summary = try disk.writer.write(record: record) { sink in
                timings.mark("lock, leftovers")
                // The parse cache is saved on another thread while the pages
                // render (a one-file rebuild leaves a core idle most of that
                // time), and waited for before the lock is let go. A cache
                // that cannot be saved only makes the next build read
                // everything; one saved beside a build that then fails is
                // still true to the files it stamps.
                saving.start()
                defer { saving.wait() }
                do {
                    try builder.render(into: sink, inputs: disk.before)
                } catch {
                    // A failed write reaches render as text; report the
                    // writer's own error (it names the file and the cause).
                    try sink.checkFailure()
                    throw error
                }
                timings.mark("render, write and link")
                saving.wait()
                timings.mark("parse cache saved (the wait for it)")
            }
        } catch let error as SiteWriteError {
            throw Stop(diagnostic: error.diagnostic())
        } catch let error as SiteBuildError {
            throw Stop(diagnostic: error.diagnostic)
        } catch {
            throw Stop(diagnostic: .error(StopCode.writeFailed.rawValue, "\(error)", at: nil))
        }
        timings.mark(summary.inPlace ? "commit in place (journal, renames, state saved)" : "swap, old site removed, state saved")
        if measuresWriterTime {
            timings.note("of render, write and link: the writer's share (cpu, summed over threads)", summary.writerTime)
        }
        return summary
    }

}

extension SiteBuild {
    /// Stages 2 to 4 for a few edited recipes whose edits change nothing
    /// the other pages show (`KitchenLoader.recipeEdits`): their files are
    /// read, their pages rendered (`SiteBuilder.renderEdits`) and every
    /// other file of the site carried over, without loading the folder
    /// whole. Nil when the build must load it whole (why, in the timings):
    /// another input changed, the parse cache is not the one the previous
    /// build left, a recipe's card, category, tags or sub-recipes changed,
    /// another recipe or a list names it, a file has problems, a file of
    /// the site changed since, or the write failed (the whole build then
    /// says why).
    fileprivate func rebuildEdits(
        _ documents: inout DocumentCache, disk: Disk, timings: inout StageTimings
    ) -> (summary: SiteWriteSummary, pages: Int, warnings: BuildRecord.Warnings)? {
        func unsuitable(_ reason: String) -> (summary: SiteWriteSummary, pages: Int, warnings: BuildRecord.Warnings)? {
            timings.note("edits: no; \(reason)")
            return nil
        }
        guard let base = disk.writer.editsBase(now: disk.before) else {
            return unsuitable("an input other than a recipe changed, or the parse cache is not the last build's")
        }
        let snapshot = disk.before
        var recipeFiles: [(path: String, stamp: FileStamp?)] = []
        recipeFiles.reserveCapacity(snapshot.files.count)
        var totalSize: Int64 = 0
        // By index: a file copied out is a retain of its path.
        for index in snapshot.files.indices {
            totalSize += snapshot.files[index].own?.size ?? 0
            if KitchenLoader.isRecipeText(snapshot.files[index].path) {
                recipeFiles.append((snapshot.files[index].path, snapshot.files[index].own))
            }
        }
        let names = base.recipeNames
        let outcome = KitchenLoader.recipeEdits(
            dataFolder, cache: &documents, recipeFiles: recipeFiles, totalSize: totalSize, named: Set(names.named),
            reported: Set(names.reported),
            knownStamp: { snapshot.own($0) }, takenAt: snapshot.takenAt
        )
        guard case .edits(let edits) = outcome else {
            if case .unsuitable(let reason) = outcome { return unsuitable(reason) }
            return nil
        }
        timings.mark("edits: parse cache, changed recipes read")
        let theme: Theme, secret: [UInt8]?
        do {
            theme = try Theme.load(overrides: dataFolder.appendingPathComponent("templates"))
            secret = try UnlistedLinks.loadSecret(dataFolder: dataFolder, environment: environment)
        } catch {
            return unsuitable("the theme or the secret cannot be read")
        }
        let builder = SiteBuilder(
            kitchen: edits.kitchen, dataFolder: dataFolder, theme: theme, unlisted: secret.map(UnlistedLinks.init),
            taxonNames: (names.categories, names.tags)
        )
        var record = BuildRecord(
            inputs: disk.inputs, before: snapshot, warnings: base.warnings.plain, colouredWarnings: base.warnings.coloured
        )
        // The edits change no outline: what the next edits need is as it was.
        record.recipeNames = names
        // The other recipes were taken by their stamps (`recipeEdits`
        // compared each with the parse cache's): not stamped again.
        let edited = documents.lastReadPaths
        record.readsDone(documents: documents) { KitchenLoader.isRecipeText($0) && !edited.contains($0) }
        let saving = ParseCacheSave(documents, to: disk.writer.parseCacheFile)
        record.parseCache = { saving.stamp() }
        var pages = 0
        do {
            let summary = try disk.writer.write(record: record) { sink in
                saving.start()
                defer { saving.wait() }
                pages = try builder.renderEdits(edits.ids, into: sink, inputs: snapshot, images: base.images)
            }
            timings.mark("edits: rendered, written")
            timings.note("edits: \(edits.ids.count) recipes edited (\(edits.ids.joined(separator: ", "))), \(pages) pages rendered")
            return (summary, pages, base.warnings)
        } catch let fallback as EditsFallback {
            return unsuitable(fallback.reason)
        } catch {
            return unsuitable("\(error)")
        }
    }
}

/// The parse cache saved beside the output on another thread while the
/// pages render, when it changed since it was read (`start()`): a
/// one-file rebuild leaves a core idle most of that time.
private final class ParseCacheSave: Sendable {
    private let documents: DocumentCache?
    private let file: URL?
    private let group = DispatchGroup()
    /// Whether the file is true to `documents`: saved, or unchanged.
    private let saved = Mutex(false)

    init(_ documents: DocumentCache?, to file: URL?) {
        self.documents = documents
        self.file = file
    }

    func start() {
        guard let documents, let file else { return }
        guard documents.changed else {
            saved.withLock { $0 = true }
            return
        }
        DispatchQueue.global().async(group: group) { [self] in
            let written = (try? documents.write(to: file)) != nil
            saved.withLock { $0 = written }
        }
    }

    func wait() { group.wait() }

    /// The cache file's stamp (`SiteWriter.parseCacheStamp`) once saved,
    /// when it is true to what the build read; nil otherwise.
    func stamp() -> ContentHash? {
        wait()
        guard saved.withLock({ $0 }), let file else { return nil }
        return SiteWriter.parseCacheStamp(file.path)
    }
}

extension TokenRedaction {
    /// `diagnostic` with the tokens in its path, message and hint hidden.
    func apply(to diagnostic: Diagnostic) -> Diagnostic {
        var redacted = diagnostic
        redacted.message = apply(diagnostic.message)
        redacted.hint = diagnostic.hint.map(apply)
        if let location = diagnostic.location { redacted.location?.path = apply(location.path) }
        return redacted
    }
}
