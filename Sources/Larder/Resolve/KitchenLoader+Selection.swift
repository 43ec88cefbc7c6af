import Foundation
import LarderCore

/// What a command needs from a data folder: some lists and recipes.
public struct KitchenSelection: Sendable, Hashable {
    /// List ids. With no lists and no recipes: the current list.
    public var lists: [String]
    /// Recipe ids asked for beside the lists' own recipes.
    public var recipes: [String]

    public init(lists: [String] = [], recipes: [String] = []) {
        self.lists = lists
        self.recipes = recipes
    }
}

/// A partial load: larder.json, the selected lists and the recipes they pull
/// in (sub-recipes too), checked as `check` checks them; nothing else read.
public struct SelectionLoadResult: Sendable {
    /// The config, the selected lists and their recipes (with, at most, a
    /// few more lists read only to find the current one).
    public var kitchen: Kitchen
    /// The problems in the files used, and with their names, as `check`
    /// reports them; problems in other files are not looked for.
    public var report: DiagnosticReport
    /// Every list id in the folder (from the names in lists/), for hints.
    public var listIDs: [String]
    /// Every recipe id in the folder, for hints; empty when no recipe was
    /// needed (recipes/ was not listed).
    public var recipeIDs: [String]
}

extension KitchenLoader {
    /// Loads only what `selection` needs, for `share` and `print`: files are
    /// found by id (every name that could claim the id, in any case, is looked
    /// at, so duplicate ids still show), read, validated and cross-checked
    /// exactly as a full load does; other files are never read. Throws only
    /// when the folder itself cannot be read.
    public static func load(_ folder: URL, selecting selection: KitchenSelection) throws(LarderError) -> SelectionLoadResult {
        let dataFolder = try DataFolder(folder)
        let read: (DocumentReader, [DataFile]) -> [ReadDocument] = { reader, files in files.concurrentMap(reader.read) }
        // Files over the size limits are refused before they are opened, as in a full scan.
        var budget = DataFolder.SizeBudget()
        let (configFile, configProblems) = dataFolder.topLevelFile("larder.json", kind: .config, budget: &budget)
        let setup = Setup(folder: dataFolder, configFile: configFile, read: read)
        var layout = configProblems
        var used = setup.documents
        var unused: [ReadDocument] = []

        // The folder listed once: lists/, recipes/ and the Cooklang files anywhere.
        let walk = try dataFolder.walk()
        let lists = Shelf(dataFolder, "lists", kind: .list, walk: walk)
        layout += lists.problems
        var listIDs = selection.lists
        if selection.lists.isEmpty, selection.recipes.isEmpty {
            if let current = setup.config.config.current {
                listIDs = [current]
            } else if let first = firstShoppingList(lists, setup.reader, unused: &unused) {
                layout += first.problems
                used.append(first.document)
            }
        }
        let (listFiles, listProblems) = lists.files(for: listIDs)
        layout += listProblems
        used += read(setup.reader, listFiles)
        // The config's current list must exist; it is read, not checked.
        if let current = setup.config.config.current, !listIDs.contains(current) {
            unused += read(setup.reader, lists.files(for: [current]).files)
        }

        var recipes: Shelf?
        var wanted = selection.recipes + used.flatMap(Self.recipeReferences)
        var asked = Set<String>()
        while !wanted.isEmpty {
            if recipes == nil {
                let shelf = Shelf(dataFolder, "recipes", kind: .recipe, walk: walk)
                layout += shelf.problems
                recipes = shelf
            }
            guard let shelf = recipes else { break }
            let ids = Set(wanted).subtracting(asked)
            asked.formUnion(ids)
            let (files, problems) = shelf.files(for: ids.sorted())
            layout += problems
            let documents = read(setup.reader, files)
            used += documents
            wanted = documents.flatMap(Self.recipeReferences)
        }

        let documents = used + unused
        func unresolved(_ kind: Reference.Kind, _ asked: [String]) -> [String] {
            asked + used.flatMap(\.references).filter { $0.kind == kind }.map(\.target)
        }
        let suggestions = CrossChecker.Suggestions(
            lists: lists.suggestible(for: unresolved(.list, selection.lists), documents, setup.reader),
            recipes: recipes?.suggestible(for: unresolved(.recipe, selection.recipes), documents, setup.reader) ?? []
        )
        let result = setup.result(
            documents: documents, layoutProblems: layout, fileCount: used.count,
            checking: used, suggestions: suggestions
        )
        return SelectionLoadResult(
            kitchen: result.kitchen, report: result.report, listIDs: suggestions.lists, recipeIDs: suggestions.recipes
        )
    }

    /// The recipes a list or recipe names (its `recipes`, its sub-recipes).
    private static func recipeReferences(_ document: ReadDocument) -> [String] {
        document.references.filter { $0.kind == .recipe }.map(\.target)
    }

    /// Without `current` in larder.json, the current list is the first public
    /// shopping list by id: lists are read in order until it is found.
    private static func firstShoppingList(
        _ lists: Shelf, _ reader: DocumentReader, unused: inout [ReadDocument]
    ) -> (document: ReadDocument, problems: [Diagnostic])? {
        for id in lists.ids {
            let (files, problems) = lists.files(for: [id])
            for document in files.map(reader.read) {
                if case .list(let list) = document.content, list.kind == .shopping, list.visibility == .public {
                    return (document, problems)
                }
                unused.append(document)
            }
        }
        return nil
    }

    /// The lists or the recipes of the folder, by name: `lists/` or
    /// `recipes/`, and the Cooklang files of that kind anywhere.
    private struct Shelf {
        let folder: DataFolder
        let name: String
        let kind: DocumentKind
        /// Problems with the folder itself.
        let problems: [Diagnostic]
        /// The valid ids its file names claim, sorted.
        let ids: [String]
        /// Entries of data files by the id they claim, lowercased, in name order.
        private let claimants: [String: [FolderEntry]]
        /// Cooklang files by id.
        private let cooklang: [String: [CooklangEntry]]

        init(_ folder: DataFolder, _ name: String, kind: DocumentKind, walk: FolderWalk) {
            self.folder = folder
            self.name = name
            self.kind = kind
            problems = walk.shelfProblems[name] ?? []
            var claimants: [String: [FolderEntry]] = [:]
            var ids = Set<String>()
            for entry in walk.shelves[name] ?? [] where !entry.name.hasPrefix(".") {
                guard let id = DataFolder.claimedID(entry.name) else { continue }
                if Identifier.isValid(id) { ids.insert(String(id)) }
                claimants[id.lowercased(), default: []].append(entry)
            }
            let cooklang = Dictionary(grouping: walk.cooklang.filter { $0.kind == kind }, by: \.id)
            ids.formUnion(cooklang.keys)
            self.claimants = claimants
            self.cooklang = cooklang
            self.ids = ids.sorted()
        }

        /// The files of `ids` and the problems with their names. Every name
        /// claiming one of them in any case is looked at, as a full scan
        /// does, so collisions are reported; a file whose id differs
        /// (`Pancakes.md`) is not used.
        func files(for ids: [String]) -> (files: [DataFile], problems: [Diagnostic]) {
            let entries = Set(ids.map { $0.lowercased() }).flatMap { claimants[$0] ?? [] }.sorted { $0.name < $1.name }
            var budget = DataFolder.SizeBudget()
            var found: [DataFile] = []
            let problems = folder.dataFiles(entries, in: name, kind: kind, budget: &budget, into: &found)
            let exact = Set(ids)
            let cooked = folder.cooklangFiles(Set(ids).sorted().flatMap { cooklang[$0] ?? [] }, budget: &budget)
            let unique = DataFolder.uniqueIDs(found.filter { exact.contains($0.id) } + cooked.files)
            return (unique.files, problems + cooked.diagnostics + unique.diagnostics)
        }

        /// The ids a did-you-mean for `targets` may name, as a full load has
        /// them: only those whose file reads as a list or recipe. The ids a
        /// hint could name (the close ones, the first few) are read to be
        /// sure, unless `documents` has them; the others cannot change a hint.
        func suggestible(for targets: [String], _ documents: [ReadDocument], _ reader: DocumentReader) -> [String] {
            var readable: [String: Bool] = [:]
            for document in documents where document.file.kind == kind {
                readable[document.file.id] = document.isModel
            }
            func check(_ id: String) -> Bool {
                if let known = readable[id] { return known }
                let isModel = files(for: [id]).files.map(reader.read).contains(where: \.isModel)
                readable[id] = isModel
                return isModel
            }
            let known = targets.filter { readable[$0] == true }
            guard known.count < targets.count else { return ids }
            // Suggestion.hint lists the first 8 and says whether there are more.
            var listed = 0
            for id in ids where listed <= 8 {
                if check(id) { listed += 1 }
            }
            for target in Set(targets).subtracting(known) {
                for id in ids where Suggestion.distance(from: target, to: id) != nil { _ = check(id) }
            }
            return ids.filter { readable[$0] ?? true }
        }
    }
}
