import ArgumentParser
import Foundation
import Larder
import LarderSite

/// `--dir DIR`: how every command names the data folder, so that one habit
/// works for all of them (issue 18).
struct DataFolderOption: ParsableArguments {
    @Option(name: .customLong("dir"), help: "The data folder (default: the current folder).", completion: .directory)
    var dir: String?

    var path: String { dir ?? "." }
}

/// The data folder of commands that also take it as their one positional
/// argument (`larder check recipes-repo`): either form, not two different ones.
struct DataFolderArguments: ParsableArguments {
    @Argument(help: ArgumentHelp("The data folder (or --dir DIR; default: the current folder).", valueName: "dir"), completion: .directory)
    var positional: String?

    @OptionGroup var option: DataFolderOption

    func validate() throws {
        if let positional, let dir = option.dir, positional != dir {
            throw ValidationError("the data folder is given twice, as \(positional) and as --dir \(dir); give one")
        }
    }

    var path: String { positional ?? option.path }
}

/// Check and build on a folder with no data at all: that is almost always
/// the wrong folder, and "checked 0 files: no problems" hid it.
enum EmptyDataFolder {
    /// True when none of the places Larder reads lists and recipes from
    /// exists; three `stat`s, so a real data folder pays nothing more.
    static func lacksMarkers(_ directory: String) -> Bool {
        let manager = FileManager.default
        return !["larder.json", "lists", "recipes"].contains {
            manager.fileExists(atPath: URL(fileURLWithPath: directory).appendingPathComponent($0).path)
        }
    }

    /// A run that read no file and found nothing wrong, in a folder
    /// without larder.json, lists/ or recipes/ (so no Cooklang file either).
    static func isEmpty(_ report: DiagnosticReport, _ directory: String) -> Bool {
        report.fileCount == 0 && report.stop == nil && report.diagnostics.isEmpty && lacksMarkers(directory)
    }

    /// Stops build and serve on a folder with no data (checked when none of
    /// larder.json, lists/ and recipes/ is there, so that a folder of
    /// Cooklang files only is read before it is refused).
    static func refuse(_ directory: String) throws {
        guard lacksMarkers(directory) else { return }
        let check = SiteBuild(
            dataFolder: URL(fileURLWithPath: directory), destination: .noOutput, displayName: directory, environment: [:]
        )
        if isEmpty(check.run().report, directory) { throw stop(directory) }
    }

    static func stop(_ directory: String) -> ExitCode {
        failure(
            "no data files found in \(directory): it has no larder.json, lists/, recipes/ or .cook files; is this the data folder?",
            status: ExitStatus.usage
        )
    }
}
