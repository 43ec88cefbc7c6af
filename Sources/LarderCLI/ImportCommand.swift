import ArgumentParser
import Foundation
import Larder
import LarderCore
import LarderImport

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write recipes from web pages, schema.org JSON, Cooklang files or recipe apps' exports into recipes/.",
        discussion: """
            Each SOURCE is a web address (http:// or https://, fetched once, redirects \
            followed), a saved web page (.html) or a schema.org Recipe in JSON or JSON-LD, \
            told apart by its content, a Cooklang recipe (.cook), a recipe app's export (a zip, \
            a .paprikarecipes or .paprikarecipe, told apart by its content: Paprika, Mealie, \
            Tandoor, Nextcloud Cookbook, Chowdown, Plan to Eat, My Recipe Box, Copy Me That, \
            Recipe Keeper), or a folder: an unpacked export, else every .html, .json, .cook \
            and export file in it and its folders, sorted. Its recipes are read (JSON-LD, \
            microdata, RDFa, then recipe-card plugins and h-recipe; Cooklang as 'larder check' \
            reads it; see docs/import.md) and each becomes recipes/<id>.md, the id made from \
            the title as 'larder new' makes it, with its picture in images/<id>.<ext> (a web \
            page's downloaded, an export's or a .cook file's copied, its type read from its \
            bytes; see --images). Nothing is overwritten: a taken id gets a number (soup-2), \
            and a recipe the folder has already (the same source URL, or the same title and \
            ingredient lines) is skipped; with --force, recipes/<id>.md is replaced (whole, \
            never half-written) and nothing is skipped. Text is kept as the source wrote it, \
            cleaned of HTML.

              larder import https://example.com/pancakes/ --dir kitchen
              larder import saved/pancakes.html --dir kitchen
              larder import recipe.json --dry-run
              larder import ~/cooklang --dir kitchen
              larder import Export.paprikarecipes mealie.zip --dir kitchen

            One line per recipe: "recipes/x.md  Title  (from SOURCE)"; what the file leaves \
            out as warnings; --format json prints one document instead ({"imported", "skipped", \
            "failed", "warnings"}). Exit status: 0 all imported, 1 some source gave no recipe \
            (not found, no recipe on the page, not a known export, an HTTP error such as 404, \
            a timeout), 2 wrong usage (no such folder). A picture that cannot be fetched is a \
            warning: the recipe is written without it.
            """
    )

    @Argument(help: "Web addresses, saved web pages, schema.org JSON files, Cooklang files, app exports, or folders of them.", completion: .file())
    var sources: [String]

    @OptionGroup var folder: DataFolderOption

    @Flag(help: "Replace recipes/<id>.md when the id is taken instead of numbering it, and import again what was imported already.")
    var force = false

    @Flag(help: "Print the files that would be written instead of writing them.")
    var dryRun = false

    @Option(help: "text (one line per recipe, messages on stderr) or json (one document on stdout, for scripts).")
    var format: ImportFormat = .text

    @Option(help: ArgumentHelp(
        "The most seconds one request (a page or a picture, redirects included) may take.", valueName: "seconds"
    ))
    var timeout: Double = 20

    @Option(help: ArgumentHelp(
        "web: download a web address's picture, write the pictures files carry (a .cook file's); all: also download a saved page's or JSON file's picture; none: no picture.",
        valueName: "web|all|none"
    ))
    var images: RecipeImporter.Pictures = .web

    enum ImportFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    func validate() throws {
        guard !sources.isEmpty else {
            throw ValidationError("give at least one source: a web address, a saved page, a JSON or Cooklang file, or a folder")
        }
        guard timeout >= 0.001, timeout <= 3600 else { throw ValidationError("--timeout takes seconds, from 0.001 to 3600") }
    }

    /// What became of one recipe or source.
    enum Outcome {
        case imported(RecipeImporter.Planned, path: String, source: String)
        case skipped(title: String, existing: String, bySource: Bool, source: String)
        case failed(reason: String, source: String)
        /// What a source left out: an export's recipe that could not be read.
        case warned(message: String, source: String)
    }

    func run() throws {
        let directory = folder.path
        let folder = try existingDataFolder(directory)
        var importer = RecipeImporter(folder: folder, replacing: force)
        importer.fetcher = WebFetcher(timeout: .seconds(timeout))
        // Every recipe is given its id before any file is written, so that
        // a Cooklang sub-recipe link names the id its recipe gets in this
        // run, wherever that recipe comes in the sources.
        var steps: [Step] = []
        for (source, relativePath) in expandedSources(&steps) {
            let recipes: [ImportedRecipe]
            do {
                let reading = try importer.reading(source: source, relativePath: relativePath)
                recipes = reading.recipes
                steps += reading.warnings.map { .done(.warned(message: "\(source): \($0)", source: source)) }
            } catch {
                steps.append(.done(.failed(reason: error.description, source: source)))
                continue
            }
            let stem = URL(fileURLWithPath: source).deletingPathExtension().lastPathComponent
            for recipe in recipes {
                switch importer.admit(recipe, fallbackTitle: stem) {
                case .existing(let file, let bySource):
                    steps.append(.done(.skipped(title: recipe.title, existing: shown(file, in: directory), bySource: bySource, source: source)))
                case .reserved(let reserved):
                    steps.append(.write(reserved, source: source))
                }
            }
        }
        var outcomes: [Outcome] = []
        for step in steps {
            switch step {
            case .done(let outcome):
                report(outcome, into: &outcomes)
            case .write(let reserved, let source):
                let picture = importer.picture(for: reserved.recipe, from: source, pictures: images, fetching: !dryRun)
                var planned = importer.render(reserved, picture: picture.picture)
                if let warning = picture.warning { planned.dropped.append(warning) }
                if dryRun, format == .text {
                    Terminal.document("==> \(shown(planned.file.path, in: directory)) <==\n\(planned.file.contents)\n")
                    if let address = picture.wouldDownload {
                        Terminal.message(DiagnosticFormatter.printableLine(
                            "larder: note: \(shown(planned.file.path, in: directory)): would download its image \(address) into images/"
                        ) + "\n")
                    }
                } else if !dryRun {
                    do {
                        let creator = FileCreator(folder: folder)
                        if planned.replaces || planned.imageReplaces {
                            try creator.replace(planned.files)
                        } else {
                            try creator.create(planned.files)
                        }
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

    /// A source's outcome known when it is read, or a recipe to write.
    private enum Step {
        case done(Outcome)
        case write(RecipeImporter.Reserved, source: String)
    }

    /// The files to read: each SOURCE, a folder's files (those import
    /// reads, sorted) in its place, each with its path in that folder. A
    /// folder that is an unpacked export is one source, read as a whole.
    /// A folder with none is a failure of its own.
    private func expandedSources(_ steps: inout [Step]) -> [(source: String, relativePath: String?)] {
        var files: [(source: String, relativePath: String?)] = []
        for source in sources {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory), isDirectory.boolValue,
                  !RecipeImporter.isExport(folder: source) else {
                files.append((source, nil))
                continue
            }
            let found = RecipeImporter.files(in: source)
            if found.isEmpty {
                steps.append(.done(.failed(reason: "\(source): the folder holds no file import reads (.html, .json, .cook, an export)", source: source)))
            }
            files += found.map { ((source as NSString).appendingPathComponent($0), $0) }
        }
        return files
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
            if planned.replaces { Terminal.message(line("larder: note: \(path) is replaced (--force)")) }
            if let image = planned.image {
                let verb = dryRun ? "would write" : planned.imageReplaces ? "replaced" : "wrote"
                Terminal.message(line("larder: note: \(path): \(verb) its picture \(image.path) (from \(planned.imageOrigin ?? source))"))
            }
            for dropped in planned.dropped { Terminal.message(line("larder: warning: \(path): \(dropped)")) }
        case .skipped(let title, let existing, let bySource, let source):
            let how = bySource ? "" : " (the same title and ingredients)"
            Terminal.message(line("larder: note: \(source): '\(title)' is already imported as \(existing)\(how); skipped"))
        case .failed(let reason, _):
            Terminal.message(line("larder: error: \(reason)"))
        case .warned(let message, _):
            Terminal.message(line("larder: warning: \(message)"))
        }
    }

    /// `{"imported": [...], "skipped": [...], "failed": [...]}`; with
    /// --dry-run, each imported recipe carries its file's text.
    private func json(_ outcomes: [Outcome]) -> JSONOutput {
        var imported: [JSONOutput] = []
        var skipped: [JSONOutput] = []
        var failed: [JSONOutput] = []
        var warnings: [JSONOutput] = []
        for outcome in outcomes {
            switch outcome {
            case .imported(let planned, let path, let source):
                imported.append(.fields([
                    "path": .string(path), "title": .string(planned.recipe.title), "source": .string(source),
                    "url": planned.recipe.url.map { .string($0) },
                    "taken": planned.takenID.map { .string("recipes/\($0).md") },
                    "replaced": planned.replaces ? .bool(true) : nil,
                    "image": planned.image.map { .string($0.path) },
                    "dropped": .array(planned.dropped.map { .string($0) }),
                    "contents": dryRun ? .string(planned.file.contents) : nil,
                ]))
            case .skipped(let title, let existing, let bySource, let source):
                skipped.append(.fields([
                    "title": .string(title), "existing": .string(existing), "source": .string(source),
                    "same": .string(bySource ? "source" : "content"),
                ]))
            case .failed(let reason, let source):
                failed.append(.fields(["source": .string(source), "reason": .string(reason)]))
            case .warned(let message, let source):
                warnings.append(.fields(["source": .string(source), "message": .string(message)]))
            }
        }
        return .lines(.fields([
            "imported": .lines(.array(imported)), "skipped": .lines(.array(skipped)), "failed": .lines(.array(failed)),
            "warnings": .lines(.array(warnings)),
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

extension RecipeImporter.Pictures: ExpressibleByArgument {}
