import ArgumentParser
import Foundation
import Larder

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Make a starter data folder: a config, a list, two recipes, favorites.",
        discussion: """
            Writes larder.json (one store and its aisles), lists/weekly.md, \
            recipes/pancakes.md, recipes/tomato-soup.json, favorites.json, a .gitignore \
            (the build output and the secret), .larder-secret (a new random secret for \
            unlisted lists, readable only by you) and, for editors, the JSON Schemas in \
            .larder/schemas/, which the data files name. The folder passes 'larder check' \
            and builds.

            DIR is made when it is missing. A DIR that already has any of these files is \
            left untouched: nothing is written.

            With --from-cooklang, DIR is an existing Cooklang folder (.cook recipes, \
            .menu plans, the cook CLI's config/aisle.conf and config/pantry.conf): only \
            larder.json is written, with the folder's name as title and its first menu as \
            the current list, and what was found is printed. An existing larder.json is \
            never replaced.

            Exit status: 0 written, 2 files already there or wrong usage.
            """
    )

    @OptionGroup var folder: DataFolderArguments
    var directory: String { folder.path }

    @Flag(name: .customLong("from-cooklang"), help: "Write only a larder.json into the existing Cooklang folder DIR.")
    var fromCooklang = false

    func run() throws {
        if fromCooklang { return try runFromCooklang() }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw failure("\(directory): not a folder; give the folder to make the data folder in", status: ExitStatus.usage)
        }
        let creator = FileCreator(folder: URL(fileURLWithPath: directory))
        let files = Starter.files()
        do {
            try creator.create(files)
        } catch {
            throw authoringFailure(error, directory: directory, what: "larder init writes a new data folder; choose an empty or new DIR")
        }
        var out = ""
        for file in files {
            out += "created \(shown(file.path, in: directory))\n"
        }
        let (check, build) = directory == "."
            ? ("larder check", "larder build")
            : ("larder check \(shellQuoted(directory))", "larder build \(shellQuoted(directory)) -o \(shellQuoted(shown("_site", in: directory)))")
        let dirOption = directory == "." ? "" : " --dir \(shellQuoted(directory))"
        out += """

            Next:
              \(check)
              \(build)
            and open \(shown("_site/index.html", in: directory)). Add lists and recipes with:
              larder new list "Camping trip"\(dirOption)
              larder new recipe "Sunday roast"\(dirOption)

            """
        Terminal.document(out)
    }
}

/// `path` (relative to the data folder) as the user named the folder.
func shown(_ path: String, in directory: String) -> String {
    directory == "." ? path : (directory.hasSuffix("/") ? directory + path : directory + "/" + path)
}

/// A path as one word for a shell, quoted only when it needs it.
func shellQuoted(_ text: String) -> String {
    let plain = !text.isEmpty && text.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "/._-+,:@".unicodeScalars.contains($0)
    }
    return plain ? text : "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
}

/// An authoring command that wrote nothing: exit 2, naming the files.
func authoringFailure(_ error: AuthoringError, directory: String, what hint: String) -> ExitCode {
    switch error {
    case .exists(let paths):
        let names = paths.map { shown($0, in: directory) }
        let verb = names.count == 1 ? "is" : "are"
        return failure("\(names.joined(separator: ", ")) \(verb) already there; nothing was written (\(hint))", status: ExitStatus.usage)
    case .io(let path, let reason):
        return failure("\(shown(path, in: directory)): \(reason); nothing was written", status: ExitStatus.usage)
    }
}
