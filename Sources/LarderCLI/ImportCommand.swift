import ArgumentParser
import Foundation
import Larder
import LarderCore
import LarderImport

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write recipes from saved web pages or schema.org JSON into recipes/.",
        discussion: """
            Each SOURCE is a saved web page (.html) or a schema.org Recipe in JSON or JSON-LD, \
            told apart by its content. Its recipes are read (JSON-LD, microdata, RDFa, then \
            recipe-card plugins and h-recipe; see docs/import.md) and each becomes \
            recipes/<id>.md, the id made from the title as 'larder new' makes it. Nothing is \
            overwritten: a taken id gets a number (soup-2). A recipe whose source URL a recipe \
            of the folder already has is skipped. Text is kept as the source wrote it, cleaned \
            of HTML. Web addresses, app exports and images are not imported yet.

              larder import saved/pancakes.html --dir kitchen
              larder import recipe.json --dry-run

            One line per recipe: "recipes/x.md  Title  (from SOURCE)"; what the file leaves \
            out as warnings. Exit status: 0 all imported, 1 some source gave no recipe, \
            2 wrong usage (no such folder).
            """
    )

    @Argument(help: "Saved web pages or schema.org JSON files.", completion: .file())
    var sources: [String]

    @Option(name: .customLong("dir"), help: "The data folder.", completion: .directory)
    var directory: String = "."

    @Flag(help: "Print the files that would be written instead of writing them.")
    var dryRun = false

    func validate() throws {
        guard !sources.isEmpty else { throw ValidationError("give at least one source: a saved page or a JSON file") }
    }

    func run() throws {
        let folder = try existingDataFolder(directory)
        var importer = RecipeImporter(folder: folder)
        var failed = false
        for source in sources {
            let recipes: [ImportedRecipe]
            do {
                recipes = try importer.read(source: source)
            } catch {
                Terminal.message(DiagnosticFormatter.printableLine("larder: error: \(error.description)") + "\n")
                failed = true
                continue
            }
            let stem = URL(fileURLWithPath: source).deletingPathExtension().lastPathComponent
            for recipe in recipes {
                if let existing = importer.alreadyImported(recipe) {
                    Terminal.message(DiagnosticFormatter.printableLine(
                        "larder: note: \(source): '\(recipe.title)' is already imported as \(shown(existing, in: directory)); skipped"
                    ) + "\n")
                    continue
                }
                let planned = importer.plan(recipe, fallbackTitle: stem)
                let path = shown(planned.file.path, in: directory)
                if dryRun {
                    Terminal.document("==> \(path) <==\n\(planned.file.contents)\n")
                } else {
                    do {
                        try FileCreator(folder: folder).create([planned.file])
                    } catch {
                        Terminal.message(DiagnosticFormatter.printableLine("larder: error: \(source): \(error.description)") + "\n")
                        failed = true
                        continue
                    }
                }
                Terminal.document(DiagnosticFormatter.printableLine("\(path)  \(planned.recipe.title)  (from \(source))") + "\n")
                if let taken = planned.takenID {
                    Terminal.message(DiagnosticFormatter.printableLine("larder: note: \(path): recipes/\(taken).md is taken") + "\n")
                }
                for dropped in planned.dropped {
                    Terminal.message(DiagnosticFormatter.printableLine("larder: warning: \(path): \(dropped)") + "\n")
                }
            }
        }
        if failed { throw ExitCode(ExitStatus.dataErrors) }
    }
}

/// The data folder `--dir` names, which the authoring commands write into:
/// exit 2 when it is not a folder.
func existingDataFolder(_ directory: String) throws -> URL {
    let folder = URL(fileURLWithPath: directory)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
        throw failure(
            "\(directory): no such folder; give the data folder with --dir, or make one with 'larder init'",
            status: ExitStatus.usage
        )
    }
    return folder
}
