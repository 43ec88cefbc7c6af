import ArgumentParser
import Foundation
import Larder
import LarderSite

struct ShareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share",
        abstract: "Print a list as a share: plain text for a chat, Markdown for a notes app, or JSON.",
        discussion: """
            A shopping list's items and the ingredients of its recipes, merged, grouped by \
            store and by aisle, ticked items marked; pantry staples are left out unless asked. \
            A checklist or a collection by its headings. The same text as the site's \
            lists/LIST.txt. When larder.json has a baseURL, the share ends with the list's \
            address (an unlisted list's secret address: sharing it shares the list). \
            Without LIST, the config's current list.

              larder share weekly | wl-copy
              larder share weekly --format markdown > weekly.md

            Exit status: 0 printed, 1 errors in the data, 2 wrong usage (such as an unknown list).
            """
    )

    @Argument(help: "The list id (default: `current` in larder.json).", completion: IDCompletion.lists)
    var list: String?

    @Option(help: "text (for chat apps), markdown (a task list) or json (for scripts).")
    var format: Share.Format = .text

    @Flag(help: "[ ] and [x] instead of ☐ and ☑, plain fractions, no emoji.")
    var ascii = false

    @Flag(help: "Keep pantry staples on the list.")
    var includePantry = false

    @Flag(help: "Add what is usually on the list and is not on it now, from its history in git (see larder history).")
    var suggest = false

    @OptionGroup var folder: DataFolderOption
    var directory: String { folder.path }

    func run() throws {
        // A Cooklang menu may be named by its path ("Plans/Week 1").
        let list = self.list.map { Identifier.id(forReference: $0, kind: .list) }
        let loaded = try loadChecked(directory, selecting: KitchenSelection(lists: [list].compactMap { $0 }))
        let kitchen = loaded.kitchen
        guard let id = list ?? kitchen.currentList?.id else {
            throw failure("no list given and no current list; name one: larder share LIST", status: ExitStatus.usage)
        }
        guard let shoppingList = kitchen.list(id) else {
            let hint = Suggestion.hint(for: id, among: loaded.listIDs, plural: "lists")
            throw failure("unknown list \"\(id)\"; \(hint)", status: ExitStatus.usage)
        }
        // Only needed (and a missing secret only noted) when the share ends with a link.
        let unlisted = kitchen.config.baseURL == nil ? nil
            : try unlistedLinks(URL(fileURLWithPath: directory), shoppingList, without: "no link")
        let share: Share
        do {
            share = try Share.list(shoppingList, kitchen: kitchen, includePantry: includePantry, unlisted: unlisted)
        } catch {
            throw failure(error.description, status: ExitStatus.usage)
        }
        let text = suggest
            ? share.render(format, ascii: ascii, suggestions: try suggestions(for: shoppingList, settings: kitchen.config.history))
            : share.render(format, ascii: ascii)
        // JSON escapes control characters itself (JSONOutput's terminal escapes); the text
        // formats are made printable, so names from the data cannot drive
        // the terminal.
        Terminal.document(text)
    }

    /// What is usually on `list`, from its last versions in git.
    private func suggestions(for list: ShoppingList, settings: HistorySettings) throws -> [ListSuggestion] {
        let versions = try ListHistoryQuery.versions(of: list, in: directory, depth: settings.versions)
        let found = ListSuggestion.suggestions(for: list, versions: versions, settings: settings)
        if found.isEmpty {
            Terminal.message("larder: no suggestions: nothing is on most of the last \(min(versions.count, settings.versions)) versions of \(list.path) that is not on it now\n")
        }
        return found
    }
}

extension Share.Format: ExpressibleByArgument {}

/// Loads what a command needs from the data folder (``KitchenLoader/load(_:selecting:)``):
/// problems in those files go to stderr; errors stop the command (exit 1),
/// warnings do not. Files the command does not use are not read.
func loadChecked(_ directory: String, selecting selection: KitchenSelection) throws -> SelectionLoadResult {
    let loaded: SelectionLoadResult
    do {
        loaded = try KitchenLoader.load(URL(fileURLWithPath: directory), selecting: selection)
    } catch {
        throw failure("\(error.path): \(error.reason)", status: ExitStatus.usage)
    }
    if loaded.report.hasErrors {
        let formatter = DiagnosticFormatter(
            format: .text, color: ColorChoice.auto.enabled(for: STDERR_FILENO), pathPrefix: directory
        )
        FileHandle.standardError.write(Data(formatter.render(loaded.report).utf8))
        throw failure("fix the errors above first", status: ExitStatus.dataErrors)
    }
    return loaded
}

/// The addresses of unlisted lists, only when `list` is one and a secret is
/// set (a printed sheet's QR code and a share's link are its secret
/// address); without a secret, a note says what is left out (`without`).
func unlistedLinks(_ folder: URL, _ list: ShoppingList, without: String) throws -> UnlistedLinks? {
    guard list.visibility == .unlisted else { return nil }
    do {
        let secret = try UnlistedLinks.loadSecret(dataFolder: folder, environment: ProcessInfo.processInfo.environment)
        if secret == nil {
            Terminal.message("larder: note: \(without): \(list.id) is unlisted and its address needs LARDER_SECRET or .larder-secret\n")
        }
        return secret.map(UnlistedLinks.init)
    } catch {
        throw failure(error.description, status: ExitStatus.dataErrors)
    }
}
