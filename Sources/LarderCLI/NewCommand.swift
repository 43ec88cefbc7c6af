import ArgumentParser
import Foundation
import Larder

struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Write a new list or recipe, named after its title, and print its path.",
        discussion: """
            The id (the file name) is made from the title: ASCII lowercase letters, digits \
            and '-', other scripts transliterated ("Crème brûlée" -> creme-brulee). When \
            the id is taken, the next free one is used (pancakes-2); --id chooses it \
            yourself. The file has the title filled in and hints, as comments, on what \
            goes where; it passes 'larder check' as it is. Nothing is ever overwritten.

              larder new recipe "Mum's lasagne"        # recipes/mums-lasagne.md
              $EDITOR "$(larder new list Camping)"

            Exit status: 0 written, 2 wrong usage (an empty title, a bad or taken --id, \
            no such folder).
            """
    )

    @Argument(help: "list or recipe.")
    var kind: NewDocument.Kind

    @Argument(help: "The title, in quotes when it has spaces.")
    var title: String

    @Flag(help: "Write JSON instead of Markdown.")
    var json = false

    @Option(help: "The id (file name) to use instead of one made from the title.")
    var id: String?

    @OptionGroup var folder: DataFolderOption
    var directory: String { folder.path }

    func validate() throws {
        guard !title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw ValidationError("the title is empty; give one, such as: larder new \(kind.rawValue) \"Sunday roast\"")
        }
        if let problem = NewDocument.titleProblem(title) { throw ValidationError(problem) }
        if let id, id.utf8.count > Identifier.maximumLength {
            throw ValidationError("the id is \(id.utf8.count) bytes long, over the limit of \(Identifier.maximumLength); choose a shorter one")
        }
        if let id, !Identifier.isValid(id) {
            throw ValidationError(
                "'\(id)' is not a valid id: lowercase letters, digits and - only; such as '\(Identifier.suggest(from: id))'"
            )
        }
    }

    func run() throws {
        let folder = try existingDataFolder(directory)
        let document = NewDocument(
            kind: kind, title: title.trimmingCharacters(in: .whitespacesAndNewlines), format: json ? .json : .markdown
        )
        let chosen: String
        if let id {
            if let existing = document.existingFile(id, in: folder) {
                let free = NewDocument(kind: kind, title: id).freeID(in: folder)
                throw failure(
                    "the \(kind.rawValue) id '\(id)' is taken by \(shown(existing, in: directory)); nothing was written "
                        + "(choose another --id, such as '\(free)')",
                    status: ExitStatus.usage
                )
            }
            chosen = id
        } else {
            chosen = document.freeID(in: folder)
        }
        let file = document.file(id: chosen, linkingSchemas: NewDocument.hasSchemas(folder))
        do {
            try FileCreator(folder: folder).create([file])
        } catch {
            throw authoringFailure(error, directory: directory, what: "larder new never overwrites a file")
        }
        Terminal.document(shown(file.path, in: directory) + "\n")
    }
}

extension NewDocument.Kind: ExpressibleByArgument {}
