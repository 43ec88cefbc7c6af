import ArgumentParser
import Foundation
import Larder
import LarderSite

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate a data folder and report every problem with its file, line and column.",
        discussion: """
            Every file is checked against Larder's JSON Schemas and cross-checked (unknown \
            stores, categories, recipes and lists, duplicate ids, missing images, unreadable \
            quantities, unknown units). Nothing is written.

            Exit status: 0 no errors (warnings allowed), 1 errors found (or warnings with \
            --warnings-as-errors), 2 wrong usage or an unreadable folder.

            Text diagnostics go to standard error; --format json and --format github print \
            to standard output.
            """
    )

    @OptionGroup var folder: DataFolderArguments
    var directory: String { folder.path }

    @Option(help: "Output format: text, json or github (GitHub Actions annotations).")
    var format: OutputFormat = .text

    @Flag(help: "Treat warnings as errors (exit 1 when there are any).")
    var warningsAsErrors = false

    @Option(help: "Colour: auto (only on a terminal, unless NO_COLOR is set), always or never.")
    var color: ColorChoice = .auto

    @Flag(help: "Read and check every file, without the parse cache of the last check (kept for folders of 200 data files or more, in ~/.cache/larder).")
    var noCache = false

    func run() throws {
        var check = SiteBuild(
            dataFolder: URL(fileURLWithPath: directory), destination: .noOutput,
            displayName: directory, environment: [:]
        )
        if !noCache { check.checkCacheFolder = CheckCache.folder(environment: ProcessInfo.processInfo.environment) }
        let result = check.run()
        let report = result.report
        if EmptyDataFolder.isEmpty(report, directory) { throw EmptyDataFolder.stop(directory) }
        let useColor = format == .text && color.enabled(for: STDERR_FILENO)
        let formatter = DiagnosticFormatter(
            format: format.diagnosticFormat, color: useColor, pathPrefix: directory
        )
        let output = formatter.render(report)
        if format == .text {
            Terminal.diagnostics(output)
        } else {
            FileHandle.standardOutput.write(Data(output.utf8))
        }
        if result.stopCode?.namesWrongPlace == true { throw ExitCode(ExitStatus.usage) }
        if report.hasErrors || (warningsAsErrors && report.warningCount > 0) {
            throw ExitCode(ExitStatus.dataErrors)
        }
    }
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, github

    var diagnosticFormat: DiagnosticFormat {
        switch self {
        case .text: .text
        case .json: .json
        case .github: .github
        }
    }
}

enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never

    func enabled(for descriptor: Int32) -> Bool {
        switch self {
        case .always: true
        case .never: false
        case .auto: isatty(descriptor) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        }
    }
}
