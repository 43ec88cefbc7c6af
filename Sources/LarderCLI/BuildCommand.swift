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

    @OptionGroup var folder: DataFolderArguments
    var directory: String { folder.path }

    @Option(name: [.short, .customLong("output")], help: "The folder to write the site to.", completion: .directory)
    var output: String = "_site"

    @Option(help: "Colour: auto (only on a terminal, unless NO_COLOR is set), always or never.")
    var color: ColorChoice = .auto

    func run() throws {
        // Checked before anything is written: a site of no data from the
        // wrong folder would replace the output.
        try EmptyDataFolder.refuse(directory)
        let environment = ProcessInfo.processInfo.environment
        var build = SiteBuild(
            dataFolder: URL(fileURLWithPath: directory), destination: .folder(URL(fileURLWithPath: output)),
            displayName: directory, environment: environment
        )
        #if LARDER_TEST_HOOKS
        // For the fault tests only (docs/faults.md): kills that land inside
        // an in-place commit. Compiled into debug builds alone (Package.swift),
        // so the shipped binary takes no test switches from its environment.
        if let pause = environment["LARDER_TEST_COMMIT_STEP_PAUSE_MS"].flatMap(Int.init), pause > 0 {
            build.commitStepPause = .milliseconds(pause)
        }
        // For the incremental tests: state deltas on small test sites.
        if let minimum = environment["LARDER_TEST_STATE_DELTA_MINIMUM"].flatMap(Int.init) {
            build.stateDeltaMinimum = minimum
        }
        #endif
        let showsTimings = environment["LARDER_TIMINGS"] == "1"
        build.measuresWriterTime = showsTimings
        build.countsDecodedRecipes = showsTimings
        let colored = color.enabled(for: STDERR_FILENO)
        let result = build.run()
        if case .upToDate(let last) = result.outcome {
            FileHandle.standardError.write(Data((colored ? last.coloured : last.plain).utf8))
            Terminal.message("nothing changed since the last build: \(output) is up to date\n")
            return
        }
        if showsTimings {
            Terminal.timings(result.timings)
            Terminal.allocator()
        }
        // A rebuild of edited recipes' pages alone did not check the folder
        // whole: its warnings are the last build's, as it printed them.
        if let warnings = result.edits?.warnings {
            FileHandle.standardError.write(Data((colored ? warnings.coloured : warnings.plain).utf8))
        }
        let report = result.report
        if !report.diagnostics.isEmpty || report.stop != nil {
            let formatter = DiagnosticFormatter(format: .text, color: colored, pathPrefix: directory)
            Terminal.diagnostics(formatter.render(report))
        }
        switch result.outcome {
        case .written(let summary):
            let unchanged = summary.reusedCount > 0 ? " (\(summary.reusedCount) unchanged)" : ""
            let seconds = String(format: "%.2f", Terminal.seconds(result.timings.total))
            Terminal.message("built \(summary.fileCount) files\(unchanged) into \(output) in \(seconds) s\n")
        case .dataErrors:
            throw failure("the site was not built: fix the errors above", status: ExitStatus.dataErrors)
        default:
            throw ExitCode(result.stopCode?.namesWrongPlace == true ? ExitStatus.usage : ExitStatus.dataErrors)
        }
    }
}
