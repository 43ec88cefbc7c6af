import ArgumentParser
import Foundation
import Larder
import LarderCore

struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Print the changes to a list from git: who changed what, item by item, newest first.",
        discussion: """
            Each commit that changed the list file: its date, its author, and what it did to \
            the items (added, removed, ticked, unticked, amount changed), each version read as \
            Larder reads the list, not as a line diff. Renamed files are followed. The data \
            folder must be in a git repository (it may be a folder inside one), with its whole \
            history (not a shallow clone), and git must be on PATH.

              larder history weekly
              larder history weekly -n 5 --format json

            Exit status: 0 printed, 1 errors in the data, 2 wrong usage (an unknown list, \
            no git, not a repository, a shallow clone).
            """
    )

    @Argument(help: "The list id (default: `current` in larder.json).", completion: IDCompletion.lists)
    var list: String?

    @Option(name: .customShort("n"), help: "Show only the N latest changes.")
    var count: Int?

    @Option(help: "text (for people) or json (for scripts).")
    var format: HistoryFormat = .text

    @OptionGroup var folder: DataFolderOption

    enum HistoryFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    func validate() throws {
        if let count, count < 1 { throw ValidationError("-n must be at least 1") }
    }

    func run() throws {
        let directory = folder.path
        let list = self.list.map { Identifier.id(forReference: $0, kind: .list) }
        let loaded = try loadChecked(directory, selecting: KitchenSelection(lists: [list].compactMap { $0 }))
        guard let id = list ?? loaded.kitchen.currentList?.id else {
            throw failure("no list given and no current list; name one: larder history LIST", status: ExitStatus.usage)
        }
        guard let shoppingList = loaded.kitchen.list(id) else {
            let hint = Suggestion.hint(for: id, among: loaded.listIDs, plural: "lists")
            throw failure("unknown list \"\(id)\"; \(hint)", status: ExitStatus.usage)
        }
        var versions = try ListHistoryQuery.versions(of: shoppingList, in: directory, depth: count)
        if let count { versions = Array(versions.prefix(count)) }
        switch format {
        case .text: Terminal.document(Self.text(versions, list: shoppingList))
        case .json: Terminal.document(Self.json(versions, list: shoppingList).text(layout: .readable, escaping: .terminal) + "\n")
        }
    }

    /// One block a commit: date, author, short id, then a line a change.
    static func text(_ versions: [ListVersion], list: ShoppingList) -> String {
        guard !versions.isEmpty else { return "\(list.path) has no committed changes yet\n" }
        var lines: [String] = []
        for version in versions {
            if !lines.isEmpty { lines.append("") }
            lines.append("\(HistoryDate.local(version.time, zone: version.zone))  \(version.author)  \(version.commit.prefix(7))")
            if let old = version.renamedFrom { lines.append("  renamed   from \(old) to \(version.path)") }
            if !version.readable {
                lines.append("  (this version has errors: its items are not known)")
            } else if version.changes.isEmpty, version.renamedFrom == nil {
                lines.append("  (no change to the items)")
            }
            for change in version.changes {
                let word = change.kind == .amountChanged ? "changed" : change.kind.rawValue
                let detail: String
                switch change.kind {
                case .added: detail = change.name + (change.to.map { " (\($0))" } ?? "")
                case .removed: detail = change.name + (change.from.map { " (\($0))" } ?? "")
                case .ticked, .unticked: detail = change.name
                case .amountChanged: detail = "\(change.name): \(change.from ?? "no amount") → \(change.to ?? "no amount")"
                }
                lines.append("  " + word.padding(toLength: 9, withPad: " ", startingAt: 0) + " " + detail)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func json(_ versions: [ListVersion], list: ShoppingList) -> JSONOutput {
        .lines(.fields([
            "list": .string(list.id),
            "path": .string(list.path),
            "changes": .lines(.array(versions.map { version in
                .fields([
                    "commit": .string(version.commit),
                    "author": .string(version.author),
                    "date": .string(HistoryDate.iso(version.time)),
                    "localDate": .string(HistoryDate.local(version.time, zone: version.zone)),
                    "path": .string(version.path),
                    "renamedFrom": version.renamedFrom.map(JSONOutput.string),
                    "readable": .bool(version.readable),
                    "items": .array(version.changes.map { change in
                        .fields([
                            "change": .string(change.kind.rawValue), "name": .string(change.name),
                            "from": change.from.map(JSONOutput.string), "to": change.to.map(JSONOutput.string),
                        ])
                    }),
                ])
            })),
        ]))
    }
}

/// A list's versions from git for a command, or the command's end with the
/// reason (exit 2): no git, not a repository, a shallow clone, git failing.
enum ListHistoryQuery {
    static func versions(of list: ShoppingList, in directory: String, depth: Int?) throws -> [ListVersion] {
        do {
            let reader = try HistoryReader.open(URL(fileURLWithPath: directory), environment: ProcessInfo.processInfo.environment)
            return try reader.read(depth: depth, only: [list.path]).lists[list.path] ?? []
        } catch {
            throw failure(error.description, status: ExitStatus.usage)
        }
    }
}
