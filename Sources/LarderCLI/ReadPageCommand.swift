import ArgumentParser
import Foundation
import LarderCore
import LarderImport

/// `larder read-page`: what the web-page reader of `larder import` finds on
/// saved pages, as JSON, one line per page. Hidden: a tool for measuring the
/// reader (scripts/import-compare) until `larder import` writes the recipes.
struct ReadPageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read-page",
        abstract: "Print the recipes found on saved web pages, as JSON lines.",
        discussion: """
            Each FILE is read as an HTML page; --url, given once per FILE in the same order, \
            is the address it was saved from (relative image addresses are resolved against \
            it). One line per page: {"file", "recipes": [...]} or {"file", "error"}. \
            Exit status: 0 every page had a recipe, 1 some had none, 2 wrong usage.
            """,
        shouldDisplay: false
    )

    @Argument(help: "Saved HTML pages.", completion: .file())
    var files: [String]

    @Option(name: .customLong("url"), help: "The address each FILE was saved from, in order.")
    var urls: [String] = []

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give at least one saved page") }
        guard urls.isEmpty || urls.count == files.count else {
            throw ValidationError("\(urls.count) --url for \(files.count) files; give one --url per file, or none")
        }
    }

    func run() throws {
        var failed = false
        for (index, file) in files.enumerated() {
            let url = urls.isEmpty ? URL(fileURLWithPath: file).absoluteString : urls[index]
            let result: JSONOutput
            if let data = FileManager.default.contents(atPath: file) {
                do {
                    let recipes = try PageReader.read(html: Array(data), url: url)
                    result = .fields(["file": .string(file), "recipes": .array(recipes.map(\.json))])
                } catch {
                    failed = true
                    result = .fields(["file": .string(file), "error": .string(error.description)])
                }
            } else {
                failed = true
                result = .fields(["file": .string(file), "error": .string("cannot read the file")])
            }
            FileHandle.standardOutput.write(Data((result.text(layout: .compact, escaping: .terminal) + "\n").utf8))
        }
        if failed { throw ExitCode(ExitStatus.dataErrors) }
    }
}
