import ArgumentParser
import Foundation
import Larder
import LarderSite

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the static site: list pages for the shop, recipe pages, search, favorites.",
        discussion: """
            The folder is checked first; with any error nothing is written. When few files \
            changed since the last build, only those are written, beside the output, and \
            renamed into it once the build has succeeded; otherwise the site is written to a \
            new folder beside the output and swapped in (files that came out the same as \
            last time hard-linked from the previous site). Either way a failed build leaves \
            the previous site as it was, and an interrupted one is finished or cleaned up by \
            the next. \
            When nothing the build reads has changed since the last build (data, templates, \
            secret, larder itself), it says so and stops. Links are relative: the site works \
            from any subpath and from file://.

            Unlisted lists need a secret (LARDER_SECRET, or the file .larder-secret in the \
            data folder) from which their addresses are derived.

            Exit status: 0 built, 1 errors in the data or the build, 2 wrong usage.
            """
    )

    @Argument(help: "The data folder.", completion: .directory)
    var directory: String = "."

    @Option(name: [.short, .customLong("output")], help: "The folder to write the site to.", completion: .directory)
    var output: String = "_site"

    @Option(help: "Colour: auto (only on a terminal, unless NO_COLOR is set), always or never.")
    var color: ColorChoice = .auto

    func run() throws {
        let start = ContinuousClock.now
        let folder = URL(fileURLWithPath: directory)
        var writer = SiteWriter(output: URL(fileURLWithPath: output), dataFolder: folder)
        #if LARDER_TEST_HOOKS
        // For the fault tests only (docs/faults.md): kills that land inside
        // an in-place commit. Compiled into debug builds alone (Package.swift),
        // so the shipped binary takes no test switches from its environment.
        if let pause = ProcessInfo.processInfo.environment["LARDER_TEST_COMMIT_STEP_PAUSE_MS"].flatMap(Int.init), pause > 0 {
            writer.commitStepPause = .milliseconds(pause)
        }
        #endif
        writer.measuresWriterTime = ProcessInfo.processInfo.environment["LARDER_TIMINGS"] == "1"
        let colored = color.enabled(for: STDERR_FILENO)
        do {
            try writer.validate()
        } catch {
            throw failure("\(error.path): \(error.reason)", status: ExitStatus.usage)
        }
        // A secret that cannot be read is reported in its turn, after the
        // data, by a full build.
        let environment = ProcessInfo.processInfo.environment
        let secret = Result { try UnlistedLinks.loadSecret(dataFolder: folder, environment: environment) }
        let inputs = BuildInputs(
            dataFolder: folder, options: [directory, writer.output.path], secret: (try? secret.get()) ?? nil
        )
        // Taken once: for the check that nothing changed, and, unless a file
        // was being saved just now, as the stamps the build starts from.
        let now = inputs.snapshot()
        if case .success = secret, let last = writer.upToDate(inputs, now: now) {
            FileHandle.standardError.write(Data((colored ? last.coloured : last.plain).utf8))
            Terminal.message("nothing changed since the last build: \(output) is up to date\n")
            return
        }
        let timings = Timings(enabled: environment["LARDER_TIMINGS"] == "1", start: start)
        timings.mark("no-op check")
        let before = inputs.settledSnapshot(startingWith: now)
        // Parsed files from the last build: only changed files are read.
        let cacheFile = writer.parseCacheFile
        var cache = cacheFile.map(DocumentCache.init(contentsOf:)) ?? DocumentCache()
        let loaded: LoadResult
        do {
            loaded = try KitchenLoader.load(folder, cache: &cache)
        } catch {
            throw fail(error)
        }
        timings.mark("load")
        timings.note("parse cache: \(cache.lastReads) files read, \(cache.lastHits) reused")
        let report = loaded.report
        var warnings = (plain: "", coloured: "")
        if !report.diagnostics.isEmpty {
            let formatter = { (color: Bool) in
                DiagnosticFormatter(format: .text, color: color, pathPrefix: directory).render(report)
            }
            warnings = (formatter(false), formatter(true))
            FileHandle.standardError.write(Data((colored ? warnings.coloured : warnings.plain).utf8))
        }
        guard !report.hasErrors else {
            throw failure("the site was not built: fix the errors above", status: ExitStatus.dataErrors)
        }
        // Errors from here on may name the pages of unlisted lists.
        var redaction = TokenRedaction(kitchen: loaded.kitchen, links: nil)
        do {
            let theme = try Theme.load(overrides: folder.appendingPathComponent("templates"))
            let secret = try UnlistedLinks.loadSecret(dataFolder: folder, environment: environment)
            let links = secret.map(UnlistedLinks.init)
            redaction = TokenRedaction(kitchen: loaded.kitchen, links: links)
            let builder = SiteBuilder(kitchen: loaded.kitchen, dataFolder: folder, theme: theme, unlisted: links)
            let record = BuildRecord(
                inputs: inputs, before: before, warnings: warnings.plain, colouredWarnings: warnings.coloured
            )
            // Pages go to disk as the workers render them: the site is never
            // held whole in memory.
            let summary = try writer.write(record: record) { sink in
                timings.mark("lock, leftovers")
                do {
                    try builder.render(into: sink, inputs: before)
                } catch {
                    // A failed write reaches render as text; report the
                    // writer's own error (it names the file and the cause).
                    try sink.checkFailure()
                    throw error
                }
                timings.mark("render, write and link")
                // Under the build's lock; a cache that cannot be saved only
                // makes the next build read everything.
                if let cacheFile { try? cache.write(to: cacheFile) }
                timings.mark("parse cache saved")
            }
            timings.mark(
                summary.inPlace
                    ? "commit in place (journal, renames, state saved)"
                    : "swap, old site removed, state saved"
            )
            timings.note("of render, write and link: the writer's share (cpu, summed over threads)", summary.writerTime)
            let elapsed = start.duration(to: .now)
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            let unchanged = summary.reusedCount > 0 ? " (\(summary.reusedCount) unchanged)" : ""
            Terminal.message("built \(summary.fileCount) files\(unchanged) into \(output) in \(String(format: "%.2f", seconds)) s\n")
        } catch let error as ThemeError {
            throw failure(error.description, status: ExitStatus.dataErrors)
        } catch let error as SecretError {
            throw failure(error.description, status: ExitStatus.dataErrors)
        } catch let error as SiteBuildError {
            let place = error.path.map { "\(directory)/\($0): " } ?? ""
            throw failure(place + error.reason, status: ExitStatus.dataErrors, redacting: redaction)
        } catch let error as SiteWriteError {
            throw failure("\(error.path): \(error.reason)", status: ExitStatus.dataErrors, redacting: redaction)
        } catch {
            throw failure("\(error)", status: ExitStatus.dataErrors, redacting: redaction)
        }
    }
}

/// With LARDER_TIMINGS=1, the time of each stage of a build, to stderr.
struct Timings {
    let enabled: Bool
    let start: ContinuousClock.Instant
    private let last = Box()

    private final class Box {
        var instant: ContinuousClock.Instant?
        var cpu: Double?
    }

    init(enabled: Bool, start: ContinuousClock.Instant) {
        self.enabled = enabled
        self.start = start
    }

    /// A line of its own, without a time.
    func note(_ text: String) {
        guard enabled else { return }
        Terminal.message("timing: \(text)\n")
    }

    /// A figure measured elsewhere, printed as the stages are.
    func note(_ what: String, _ duration: Duration) {
        guard enabled else { return }
        let ms = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        Terminal.message("timing: \(what): \(String(format: "%.1f", ms)) ms\n")
    }

    /// Wall time since the last mark, and the process's CPU time (user +
    /// system, all threads), which a busy machine distorts less.
    func mark(_ stage: String) {
        guard enabled else { return }
        let now = ContinuousClock.now
        let elapsed = (last.instant ?? start).duration(to: now)
        last.instant = now
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        let cpu = Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
        let cpuElapsed = cpu - (last.cpu ?? 0)
        last.cpu = cpu
        let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        Terminal.message("timing: \(stage): \(String(format: "%.1f", ms)) ms (cpu \(String(format: "%.1f", cpuElapsed)) ms)\n")
    }
}
