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
            out as warnings; --format json prints one document instead ({"imported", "skipped", \
            "failed"}). Exit status: 0 all imported, 1 some source gave no recipe, \
            2 wrong usage (no such folder).
            """
    )

    @Argument(help: "Saved web pages or schema.org JSON files.", completion: .file())
    var sources: [String]

    @Option(name: .customLong("dir"), help: "The data folder.", completion: .directory)
    var directory: String = "."

    @Flag(help: "Print the files that would be written instead of writing them.")
    var dryRun = false

    @Option(help: "text (one line per recipe, messages on stderr) or json (one document on stdout, for scripts).")
    var format: ImportFormat = .text

    enum ImportFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    func validate() throws {
        guard !sources.isEmpty else { throw ValidationError("give at least one source: a saved page or a JSON file") }
    }

    /// What became of one recipe or source.
    enum Outcome {
        case imported(RecipeImporter.Planned, path: String, source: String)
        case skipped(title: String, existing: String, source: String)
        case failed(reason: String, source: String)
    }

    func run() throws {
        let folder = try existingDataFolder(directory)
        var importer = RecipeImporter(folder: folder)
        var outcomes: [Outcome] = []
        for source in sources {
            let recipes: [ImportedRecipe]
            do {
                recipes = try importer.read(source: source)
            } catch {
                report(.failed(reason: error.description, source: source), into: &outcomes)
                continue
            }
            let stem = URL(fileURLWithPath: source).deletingPathExtension().lastPathComponent
            for recipe in recipes {
                if let existing = importer.alreadyImported(recipe) {
                    report(.skipped(title: recipe.title, existing: shown(existing, in: directory), source: source), into: &outcomes)
                    continue
                }
                let planned = importer.plan(recipe, fallbackTitle: stem)
                if dryRun, format == .text {
                    Terminal.document("==> \(shown(planned.file.path, in: directory)) <==\n\(planned.file.contents)\n")
                } else if !dryRun {
                    do {
                        try FileCreator(folder: folder).create([planned.file])
                    } catch {
                        report(.failed(reason: "\(source): \(error.description)", source: source), into: &outcomes)
                        continue
                    }
                }
                report(.imported(planned, path: shown(planned.file.path, in: directory), source: source), into: &outcomes)
            }
        }
        if format == .json { Terminal.document(json(outcomes).text(layout: .readable, escaping: .terminal) + "\n") }
        if outcomes.contains(where: { if case .failed = $0 { true } else { false } }) {
            throw ExitCode(ExitStatus.dataErrors)
        }
    }

    /// Prints an outcome as it happens (text), or keeps it for the JSON.
    private func report(_ outcome: Outcome, into outcomes: inout [Outcome]) {
        outcomes.append(outcome)
        guard format == .text else { return }
        func line(_ text: String) -> String { DiagnosticFormatter.printableLine(text) + "\n" }
        switch outcome {
        case .imported(let planned, let path, let source):
            Terminal.document(line("\(path)  \(planned.recipe.title)  (from \(source))"))
            if let taken = planned.takenID { Terminal.message(line("larder: note: \(path): recipes/\(taken).md is taken")) }
            for dropped in planned.dropped { Terminal.message(line("larder: warning: \(path): \(dropped)")) }
        case .skipped(let title, let existing, let source):
            Terminal.message(line("larder: note: \(source): '\(title)' is already imported as \(existing); skipped"))
        case .failed(let reason, _):
            Terminal.message(line("larder: error: \(reason)"))
        }
    }

    /// `{"imported": [...], "skipped": [...], "failed": [...]}`; with
    /// --dry-run, each imported recipe carries its file's text.
    private func json(_ outcomes: [Outcome]) -> JSONOutput {
        var imported: [JSONOutput] = []
        var skipped: [JSONOutput] = []
        var failed: [JSONOutput] = []
        for outcome in outcomes {
            switch outcome {
            case .imported(let planned, let path, let source):
                imported.append(.fields([
                    "path": .string(path), "title": .string(planned.recipe.title), "source": .string(source),
                    "url": planned.recipe.url.map { .string($0) },
                    "taken": planned.takenID.map { .string("recipes/\($0).md") },
                    "dropped": .array(planned.dropped.map { .string($0) }),
                    "contents": dryRun ? .string(planned.file.contents) : nil,
                ]))
            case .skipped(let title, let existing, let source):
                skipped.append(.fields(["title": .string(title), "existing": .string(existing), "source": .string(source)]))
            case .failed(let reason, let source):
                failed.append(.fields(["source": .string(source), "reason": .string(reason)]))
            }
        }
        return .lines(.fields([
            "imported": .lines(.array(imported)), "skipped": .lines(.array(skipped)), "failed": .lines(.array(failed)),
        ]))
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
