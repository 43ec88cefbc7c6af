import ArgumentParser
import Foundation
import Larder
import LarderSite

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the static site: list pages for the shop, recipe pages, search, favorites.",
        discussion: """
            The folder is checked first; with any error nothing is written. The site is \
            rendered in memory, written to a new folder beside the output, and swapped in, \
            so a failed or interrupted build leaves the previous site as it was. Links are \
            relative: the site works from any subpath and from file://.

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
        let writer = SiteWriter(output: URL(fileURLWithPath: output), dataFolder: folder)
        let loaded: LoadResult
        do {
            try writer.validate()
            loaded = try KitchenLoader.load(folder)
        } catch let error as SiteWriteError {
            throw failure("\(error.path): \(error.reason)", status: ExitStatus.usage)
        } catch let error as LarderError {
            throw fail(error)
        }
        let report = loaded.report
        if !report.diagnostics.isEmpty {
            let formatter = DiagnosticFormatter(
                format: .text, color: color.enabled(for: STDERR_FILENO), pathPrefix: directory
            )
            FileHandle.standardError.write(Data(formatter.render(report).utf8))
        }
        guard !report.hasErrors else {
            throw failure("the site was not built: fix the errors above", status: ExitStatus.dataErrors)
        }
        do {
            let theme = try Theme.load(overrides: folder.appendingPathComponent("templates"))
            let secret = try UnlistedLinks.loadSecret(dataFolder: folder, environment: ProcessInfo.processInfo.environment)
            let builder = SiteBuilder(
                kitchen: loaded.kitchen, dataFolder: folder, theme: theme, unlisted: secret.map(UnlistedLinks.init)
            )
            let files = try builder.render()
            let summary = try writer.write(files)
            let elapsed = start.duration(to: .now)
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            FileHandle.standardError.write(Data(
                "built \(summary.fileCount) files into \(output) in \(String(format: "%.2f", seconds)) s\n".utf8
            ))
        } catch let error as ThemeError {
            throw failure(error.description, status: ExitStatus.dataErrors)
        } catch let error as SecretError {
            throw failure(error.description, status: ExitStatus.dataErrors)
        } catch let error as SiteBuildError {
            let place = error.path.map { "\(directory)/\($0): " } ?? ""
            throw failure(place + error.reason, status: ExitStatus.dataErrors)
        } catch let error as SiteWriteError {
            throw failure("\(error.path): \(error.reason)", status: ExitStatus.dataErrors)
        }
    }
}

/// Prints `larder: error: message` to stderr and gives the exit code to throw.
func failure(_ message: String, status: Int32) -> ExitCode {
    FileHandle.standardError.write(Data("larder: error: \(message)\n".utf8))
    return ExitCode(status)
}
