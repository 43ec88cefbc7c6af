import ArgumentParser
import Foundation
import Larder
import LarderQuantities
import LarderSite

struct PrintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "print",
        abstract: "Make a printable shopping sheet: lists and recipes merged, by store and aisle.",
        discussion: """
            One sheet from the lists (default: `current` in larder.json) and the recipes \
            asked for, with the recipes of each list: items merged by name, grouped by store \
            (in config order) and by aisle (in each store's order), a box to tick per line, \
            estimated totals per store where prices exist, and a QR code to the list online \
            when larder.json has a baseURL. Ticked items and pantry staples are left out \
            unless asked.

            The HTML sheet is one file with its stylesheet inside, sized for --paper (default: \
            PAPERSIZE, else Letter when the locale's country uses it, such as en_US, else A4). \
            It carries today's date, or the date of SOURCE_DATE_EPOCH when that is set.

              larder print weekly --recipe pancakes:8 -o sheet.html
              larder print --format text | lp

            Exit status: 0 printed, 1 errors in the data (or the file cannot be written), \
            2 wrong usage (such as an unknown list or recipe).
            """
    )

    @Argument(help: "The list ids (default: `current` in larder.json).", completion: IDCompletion.lists)
    var lists: [String] = []

    @Option(
        name: .customLong("recipe"),
        help: ArgumentHelp("A recipe to shop for (its id, or a Cooklang file's path), at its own servings or at SERVINGS (ID:8, ID=8 or, quoted, 'ID*8'; repeatable).", valueName: "ID[:SERVINGS]"),
        completion: IDCompletion.recipes
    )
    var recipes: [String] = []

    @Option(
        name: [.short, .customLong("output")],
        help: ArgumentHelp("Write the sheet to FILE instead of standard output.", valueName: "FILE"), completion: .file()
    )
    var output: String?

    @Option(help: "html (a page to print from the browser) or text.")
    var format: SheetFormat = .html

    @Option(help: "a4 or letter (HTML only; default from PAPERSIZE or the locale, else a4).")
    var paper: PrintSheet.Paper?

    @Flag(help: "Keep items already ticked off.")
    var includeChecked = false

    @Flag(help: "Keep pantry staples.")
    var includePantry = false

    @OptionGroup var folder: DataFolderOption
    var directory: String { folder.path }

    enum SheetFormat: String, ExpressibleByArgument, CaseIterable {
        case html, text
    }

    func run() throws {
        let requests = try recipes.map(Self.recipeRequest)
        let lists = self.lists.map { Identifier.id(forReference: $0, kind: .list) }
        let loaded = try loadChecked(directory, selecting: KitchenSelection(lists: lists, recipes: requests.map(\.recipe)))
        let kitchen = loaded.kitchen
        let folder = URL(fileURLWithPath: directory)
        // Checked before anything is made: the sheet never goes over the
        // user's own files.
        let destination: SheetDestination?
        do {
            destination = try output.map { output throws(SiteWriteError) in try SheetDestination(output, dataFolder: folder) }
        } catch {
            throw failure(error.description, status: ExitStatus.usage)
        }
        var ids = lists
        if ids.isEmpty, requests.isEmpty {
            guard let current = kitchen.currentList else {
                throw failure("no list given and no current list; name one: larder print LIST", status: ExitStatus.usage)
            }
            ids = [current.id]
        }
        let plan: ShoppingPlan
        do {
            try Self.requireKnown(ids, requests, loaded)
            plan = try ShoppingPlanner.plan(
                ShoppingRequest(lists: ids, recipes: requests, includeChecked: includeChecked, includePantry: includePantry),
                in: kitchen
            )
        } catch {
            throw failure(error.description, status: ExitStatus.usage)
        }
        let environment = ProcessInfo.processInfo.environment
        var sheet = PrintSheet(plan: plan, kitchen: kitchen, date: Self.date(environment: environment))
        if let list = ids.first.flatMap(kitchen.list) {
            sheet.onlineURL = PrintSheet.onlineURL(of: list, kitchen: kitchen, unlisted: try unlistedLinks(folder, list, without: "no QR code"))
        }
        let document: String
        switch format {
        case .text:
            document = sheet.text()
        case .html:
            do {
                let theme = try Theme.load(overrides: folder.appendingPathComponent("templates"))
                let size = paper ?? .preferred(environment: environment)
                document = try sheet.html(theme: theme, stylesheet: .embedded(paper: size))
            } catch {
                // Theme.load and html(theme:) throw only ThemeError.
                throw failure(error.description, status: ExitStatus.dataErrors)
            }
        }
        guard let destination else {
            // Names from the data cannot drive the terminal: HTML escapes
            // markup, not control characters, which HTML forbids anyway.
            Terminal.document(document)
            return
        }
        do {
            try destination.write(Array(document.utf8))
        } catch {
            throw failure(error.description, status: ExitStatus.dataErrors)
        }
    }

    /// The planner's own errors for unknown lists and recipes, with hints
    /// naming every list and recipe in the folder: the kitchen holds only the
    /// ones loaded.
    static func requireKnown(_ lists: [String], _ recipes: [RecipeRequest], _ loaded: SelectionLoadResult) throws(PlanError) {
        for id in lists where loaded.kitchen.list(id) == nil {
            throw .unknownList(id, hint: Suggestion.hint(for: id, among: loaded.listIDs, plural: "lists"))
        }
        for request in recipes where loaded.kitchen.recipe(request.recipe) == nil {
            let hint = Suggestion.hint(for: request.recipe, among: loaded.recipeIDs, plural: "recipes")
            throw .unknownRecipe(request.recipe, hint: hint, list: nil)
        }
    }

    /// "pancakes" or "pancakes*8" (also "*1/2", "*1.5"); "pancakes:8" and
    /// "pancakes=8" too, which need no quotes in zsh, where a bare * is a glob.
    static func recipeRequest(_ text: String) throws -> RecipeRequest {
        // The last separator: a Cooklang recipe may be named by its path
        // ("Breakfast/Easy Pancakes"), which may hold one of them.
        guard let mark = text.lastIndex(where: Self.servingsSeparators.contains) else {
            return RecipeRequest(recipe: Identifier.id(forReference: text))
        }
        let separator = text[mark]
        let written = String(text[..<mark]), servingsText = String(text[text.index(after: mark)...])
        let id = Identifier.id(forReference: written)
        guard !written.isEmpty else {
            throw failure("--recipe \(text): give the recipe id before the \(separator), such as pancakes\(separator)4", status: ExitStatus.usage)
        }
        guard let servings = Rational(servingsText), servings > .zero else {
            throw failure(
                "--recipe \(text): \"\(servingsText)\" is not a number of servings; write \(id)\(separator)4 (or \(id) for the recipe's own)",
                status: ExitStatus.usage
            )
        }
        return RecipeRequest(recipe: id, servings: servings)
    }

    static let servingsSeparators: Set<Character> = ["*", ":", "="]

    /// Today, or the day of SOURCE_DATE_EPOCH (in UTC, as reproducible
    /// builds expect), as YYYY-MM-DD.
    static func date(environment: [String: String]) -> String {
        var calendar = Calendar(identifier: .gregorian)
        var date = Date()
        if let epoch = environment["SOURCE_DATE_EPOCH"].flatMap(Int.init) {
            date = Date(timeIntervalSince1970: TimeInterval(epoch))
            calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        } else {
            calendar.timeZone = .current
        }
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}

extension PrintSheet.Paper: ExpressibleByArgument {}
