import Foundation
import LarderCore

/// A folder read, validated and resolved.
public struct LoadResult: Sendable {
    /// The model, built from everything that could be read; when the report
    /// has errors, parts of it are missing and it should not be published.
    public var kitchen: Kitchen
    public var report: DiagnosticReport
}

/// The pipeline's front half: read files (in parallel) ─► parse ─► validate
/// (schemas and cross-references) ─► resolve a `Kitchen`.
public enum KitchenLoader {
    /// Loads the data folder at `folder`. Throws only when the folder itself
    /// cannot be read; every problem in the files is a diagnostic.
    public static func load(_ folder: URL) throws(LarderError) -> LoadResult {
        try load(folder) { reader, files in files.concurrentMap(reader.read) }
    }

    /// Like `load(_:)`, reading again only the files whose size, modification
    /// time or inode changed since the load that filled `cache` (for
    /// `larder serve`, which loads the same folder on every change).
    /// `stamps`: files' stamps the caller took just before (a build's
    /// snapshot of its inputs, by path relative to the folder), used instead
    /// of stamping those files again; `takenAt`, when it began to take them
    /// (the cache dates its entries by it: see `DocumentCache.stampedAt`).
    public static func load(
        _ folder: URL, cache: inout DocumentCache, stamps: [String: FileStamp] = [:], takenAt: Int? = nil
    ) throws(LarderError) -> LoadResult {
        try load(folder, cache: &cache, knownStamp: { stamps[$0] }, takenAt: takenAt)
    }

    /// The same, with the stamps looked up in the caller's table (a
    /// build's snapshot), so that no second table is made of them, and the
    /// folders' listings the caller took (`knownListing`, by path relative
    /// to the folder), so that they are not listed again.
    public static func load(
        _ folder: URL, cache: inout DocumentCache, knownStamp: @escaping @Sendable (String) -> FileStamp?,
        knownListing: (@Sendable (String) -> [FolderEntry]?)? = nil, takenAt: Int?
    ) throws(LarderError) -> LoadResult {
        // The paths passed, made a table only when some entry is of none of them.
        var seen: [[DataFile]] = []
        cache.resetCounts()
        if let takenAt { cache.stampedAt = min(cache.stampedAt, takenAt) }
        let result = try load(folder, knownStamp: knownStamp, knownListing: knownListing) { reader, files in
            seen.append(files)
            return cache.read(files, with: reader)
        }
        if cache.lastKept != cache.count { cache.keepOnly(Set(seen.joined().map(\.path))) }
        return result
    }

    /// The pipeline, with `read` turning data files into documents (in the
    /// order given) with the reader it is handed.
    private static func load(
        _ folder: URL, knownStamp: (@Sendable (String) -> FileStamp?)? = nil,
        knownListing: (@Sendable (String) -> [FolderEntry]?)? = nil,
        read: (DocumentReader, [DataFile]) -> [ReadDocument]
    ) throws(LarderError) -> LoadResult {
        var dataFolder = try DataFolder(folder)
        dataFolder.knownStamp = knownStamp
        dataFolder.knownListing = knownListing
        let (files, layoutProblems) = try dataFolder.scan()
        let setup = Setup(folder: dataFolder, configFile: files.first { $0.kind == .config }, read: read)
        // larder.json (at most one document) goes in front of the rest, which
        // are moved, not copied as `+` would.
        var documents = read(setup.reader, files.filter { $0.kind != .config })
        documents.insert(contentsOf: setup.documents, at: 0)
        let result = setup.result(
            documents: documents, layoutProblems: layoutProblems, fileCount: files.count,
            checking: documents
        )
        // What the kitchen does not share with them (every file's bytes…).
        BackgroundRelease.drop(documents)
        return result
    }

    /// What every load starts with: larder.json read first (the others need
    /// its categories to read headings), and the reader for the rest.
    struct Setup {
        let folder: DataFolder
        /// larder.json and the cook CLI's config files, those that are there.
        let documents: [ReadDocument]
        let config: DocumentDecoder.ConfigDocument
        let categories: [Category]
        let reader: DocumentReader

        init(folder: DataFolder, configFile: DataFile?, read: (DocumentReader, [DataFile]) -> [ReadDocument]) {
            self.folder = folder
            let bootstrap = DocumentReader(folder: folder, categoryLookup: [:])
            let configDocument = configFile.flatMap { read(bootstrap, [$0]).first }
            var config = DocumentDecoder.ConfigDocument()
            if case .config(let decoded)? = configDocument?.content { config = decoded }
            // The cook CLI's config/aisle.conf and pantry.conf, under larder.json.
            let cook = CookConfig.read(folder)
            config = cook.merged(into: config)
            self.documents = [configDocument].compactMap { $0 } + cook.documents
            self.config = config
            self.categories = cook.ordered(KitchenLoader.mergedCategories(config.categories))
            self.reader = DocumentReader(folder: folder, categoryLookup: KitchenLoader.categoryLookup(categories))
        }

        /// The kitchen made of `documents`, and the report on those of them
        /// in `checking` (their own problems and their references), with
        /// `layoutProblems`. `suggestions` are the ids a did-you-mean may
        /// offer for an unknown list or recipe (default: the kitchen's).
        func result(
            documents: [ReadDocument], layoutProblems: [Diagnostic], fileCount: Int,
            checking checked: [ReadDocument], suggestions: CrossChecker.Suggestions? = nil
        ) -> LoadResult {
            var catalog = BuiltIn.catalog
            for (name, entry) in config.catalog { catalog.override(entry, for: name) }

            var lists: [ShoppingList] = []
            var recipes: [RecipeShelf.Slot] = []
            var favorites = Favorites()
            recipes.reserveCapacity(documents.count)
            // By index: a for-in loop copies every document first.
            for index in documents.indices {
                switch documents[index].content {
                case .list(let list): lists.append(list)
                case .recipe(let recipe): recipes.append(.recipe(recipe))
                // Not decoded: a rebuild reads its outline, and the whole
                // recipe only if a page that renders needs it.
                case .storedRecipe(let stored): recipes.append(.stored(stored))
                case .favorites(let value): favorites = value
                case .config, .unreadable: break
                }
            }
            let kitchen = Kitchen(
                config: config.config, stores: config.stores, categories: categories, catalog: catalog,
                lists: lists, shelf: RecipeShelf(slots: recipes), favorites: favorites
            )
            let checker = CrossChecker(kitchen: kitchen, folder: folder, suggestions: suggestions)
            let crossProblems = checker.check(references: checked.flatMap(\.references))
            var diagnostics = layoutProblems + checked.flatMap(\.diagnostics)
            // A document read only to see that it exists is not checked (the
            // table of the checked ones made only when there is a problem).
            if !crossProblems.isEmpty {
                let checkedPaths = Set(checked.map(\.file.path))
                diagnostics += crossProblems.filter { $0.location.map { checkedPaths.contains($0.path) } ?? true }
            }

            var sources: [String: SourceText] = [:]
            let paths = Set(diagnostics.compactMap { $0.location?.path })
            for document in documents where paths.contains(document.file.path) {
                sources[document.file.path] = SourceText(path: document.file.path, bytes: sourceBytes(document))
            }
            let report = DiagnosticReport(diagnostics: diagnostics, fileCount: fileCount, sources: sources)
            return LoadResult(kitchen: kitchen, report: report)
        }

        /// The bytes of a document a diagnostic points into. The parse cache
        /// keeps only those of documents with problems of their own; for one
        /// that a cross-check points into, the file (unchanged, by its stamp)
        /// is read again. An empty file reads as empty again.
        private func sourceBytes(_ document: ReadDocument) -> [UInt8] {
            guard document.bytes.isEmpty else { return document.bytes }
            let read = folder.read(document.file.path, limit: Limits.maximumFileSize)
            return (try? read.get()) ?? []
        }
    }

    /// Built-in categories with the config's renames, then the config's new ones.
    static func mergedCategories(_ custom: [Category]) -> [Category] {
        var categories = BuiltIn.categories
        var positions: [String: Int] = [:]
        for (index, category) in categories.enumerated() { positions[category.id] = index }
        for category in custom {
            if let index = positions[category.id] {
                categories[index] = category
            } else {
                positions[category.id] = categories.count
                categories.append(category)
            }
        }
        return categories
    }

    static func categoryLookup(_ categories: [Category]) -> [String: String] {
        var lookup: [String: String] = [:]
        for category in categories {
            lookup[category.name.lowercased()] = category.id
            lookup[category.id] = category.id
        }
        return lookup
    }
}
