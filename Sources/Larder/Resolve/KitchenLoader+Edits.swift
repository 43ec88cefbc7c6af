import Foundation
import LarderCore

/// A few recipes edited since the load that filled a parse cache, and
/// nothing else of the folder: what a rebuild needs to render their pages
/// without loading the whole kitchen (`KitchenLoader.recipeEdits`).
public struct RecipeEdits: Sendable {
    /// The edited recipes, read anew, and the recipes their ingredients
    /// name (transitively, from the cache), with the folder's config,
    /// categories, catalog and favorites. It has no lists.
    public var kitchen: Kitchen
    /// The edited recipes' ids, in the order of the files given.
    public var ids: [String]
}

extension KitchenLoader {
    /// Whether `recipeEdits` found edits it can stand for, or why not.
    public enum EditsOutcome: Sendable {
        case edits(RecipeEdits)
        /// Why the folder must be loaded whole; the parse cache may have
        /// taken the files read (they were read as a load reads them).
        case unsuitable(String)
    }

    /// The most recipe files a rebuild takes as edits; past it, it loads
    /// the folder whole.
    public static let editLimit = 8

    /// Whether `path` (relative to the data folder) is a recipe written in
    /// Larder's own formats: `recipes/<id>.md` or `recipes/<id>.json`.
    public static func isRecipeText(_ path: String) -> Bool {
        // On the UTF-8 bytes: asked of every data file of a rebuild.
        var path = path
        return path.withUTF8 { bytes in
            let prefix = "recipes/".utf8
            guard bytes.count > prefix.count, bytes.starts(with: prefix),
                  !bytes[prefix.count...].contains(UInt8(ascii: "/"))
            else { return false }
            return bytes.reversed().starts(with: "dm.".utf8) || bytes.reversed().starts(with: "nosj.".utf8)
        }
    }

    /// The recipes of `recipeFiles` whose stamp differs from the parse
    /// cache's, read anew, when they are edits that change nothing but
    /// their own pages: each is still a recipe with the same outline (id,
    /// category, tags, pictures, servings, sub-recipes), it and the cached
    /// version have no problems, it refers to the same things at the same
    /// places (anywhere, when no diagnostic of that load pointed into it:
    /// it is not in `reported`), and no other recipe and no list names it
    /// (it is not in `named`). Then every cross-check comes out as it did
    /// for the cache's version, and only the pages made of the recipe
    /// itself can change.
    ///
    /// The caller vouches for the rest: that no other input changed since
    /// the cache was filled (config, lists, favorites, templates, pictures,
    /// Cooklang files), that the cache is the one that load left, and that
    /// `named` holds the ids of the recipes other recipes or lists named
    /// then (edits change no outline, so they name the same now).
    /// `recipeFiles` are every recipe text (`isRecipeText`) of the folder
    /// now, with their stamps; `totalSize` the bytes of every data file.
    public static func recipeEdits(
        _ folder: URL, cache: inout DocumentCache, recipeFiles: [(path: String, stamp: FileStamp?)], totalSize: Int64,
        named: Set<String>, reported: Set<String>, knownStamp: @escaping @Sendable (String) -> FileStamp?, takenAt: Int?
    ) -> EditsOutcome {
        guard !cache.entries.isEmpty || !cache.unverified.isEmpty else { return .unsuitable("no parse cache") }
        guard totalSize <= Int64(Limits.maximumTotalSize) else { return .unsuitable("the data files are near the size limit") }
        var changed: [DataFile] = []
        for (path, stamp) in recipeFiles {
            guard let stamp, stamp.mode & UInt32(S_IFMT) == UInt32(S_IFREG) else {
                return .unsuitable("\(path) is not a plain file")
            }
            // An unverified entry is what the last build read too, and the
            // same stamp now is the same file, as the pages' fingerprints
            // take it (that build's snapshot had no file being saved).
            guard let cached = cache.entries.stamp(of: path) ?? cache.unverified[path]?.stamp else {
                return .unsuitable("\(path) is new")
            }
            guard cached != stamp else { continue }
            guard changed.count < editLimit else { return .unsuitable("more than \(editLimit) recipes changed") }
            let name = path.dropFirst("recipes/".count)
            let markdown = name.hasSuffix(".md")
            changed.append(DataFile(
                kind: .recipe, format: markdown ? .markdown : .json, path: path,
                id: String(name.dropLast(markdown ? 3 : 5)), stamp: stamp
            ))
        }
        guard !changed.isEmpty else { return .unsuitable("no recipe file changed") }
        var cachedRecipes = cache.entries.paths.lazy.filter(isRecipeText).count
        for path in cache.unverified.keys where isRecipeText(path) && cache.entries[path] == nil { cachedRecipes += 1 }
        guard cachedRecipes == recipeFiles.count else {
            return .unsuitable("a recipe file was removed")
        }

        var dataFolder: DataFolder
        do {
            dataFolder = try DataFolder(folder)
        } catch {
            return .unsuitable("the folder cannot be read")
        }
        dataFolder.knownStamp = knownStamp
        var budget = DataFolder.SizeBudget()
        let (configFile, problems) = dataFolder.topLevelFile("larder.json", kind: .config, budget: &budget)
        guard problems.isEmpty else { return .unsuitable("larder.json has problems") }
        let setup = Setup(folder: dataFolder, configFile: configFile) { reader, files in files.map(reader.read) }
        guard setup.documents.allSatisfy(\.diagnostics.isEmpty) else { return .unsuitable("the config has problems") }
        guard cache.readsMarkdown(with: setup.reader.categoryLookup) else { return .unsuitable("the categories changed") }

        // Read as a load reads them, into the cache.
        let before = changed.map { (cache.entries[$0.path] ?? cache.unverified[$0.path]!).document }
        cache.resetCounts()
        if let takenAt { cache.stampedAt = min(cache.stampedAt, takenAt) }
        let after = cache.read(changed, with: setup.reader)
        var recipes: [Recipe] = []
        for (old, new) in zip(before, after) {
            let path = new.file.path
            guard case .recipe(let recipe) = new.content, let outline = old.outline else {
                return .unsuitable("\(path) does not read as a recipe")
            }
            guard new.diagnostics.isEmpty, old.diagnostics.isEmpty else { return .unsuitable("\(path) has problems") }
            guard RecipeOutline(recipe) == outline else {
                return .unsuitable("\(path): its id, category, tags, pictures, servings or sub-recipes changed")
            }
            // Where each reference is matters only to a diagnostic about it.
            guard reported.contains(path) ? new.references == old.references : sameTargets(new.references, old.references)
            else { return .unsuitable("\(path): what it refers to changed") }
            recipes.append(recipe)
        }

        if let id = recipes.lazy.map(\.id).first(where: named.contains) {
            return .unsuitable("another recipe or a list names \(id)")
        }
        var favorites = Favorites()
        if case .favorites(let value)? = cache.lastDocument("favorites.json")?.content { favorites = value }

        var catalog = BuiltIn.catalog
        for (name, entry) in setup.config.catalog { catalog.override(entry, for: name) }
        let kitchen = Kitchen(
            config: setup.config.config, stores: setup.config.stores, categories: setup.categories, catalog: catalog,
            lists: [], shelf: RecipeShelf(slots: recipes.map { .recipe($0) } + subRecipes(of: recipes, in: cache)),
            favorites: favorites
        )
        return .edits(RecipeEdits(kitchen: kitchen, ids: recipes.map(\.id)))
    }

    /// Whether two lists of references name the same things, in order,
    /// wherever they are written.
    private static func sameTargets(_ a: [Reference], _ b: [Reference]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.kind == $1.kind && $0.target == $1.target }
    }

    /// The recipes `recipes` name as ingredients, and those they name, each
    /// once, as the cache holds them (ids no recipe has are left out).
    private static func subRecipes(of recipes: [Recipe], in cache: DocumentCache) -> [RecipeShelf.Slot] {
        var known = Set(recipes.map(\.id))
        var wanted = Set(recipes.flatMap { RecipeOutline($0).subRecipes }).subtracting(known)
        var found: [RecipeShelf.Slot] = []
        // By their files' names first (`recipes/<id>.md` or `.json`); the
        // ids not found so (a Cooklang recipe's, made from its path) stay.
        var unnamed = Set<String>()
        while let id = wanted.popFirst() {
            known.insert(id)
            guard let slot = ["md", "json"].lazy.compactMap({ cache.lastDocument("recipes/\(id).\($0)")?.slot }).first,
                  slot.outline.id == id
            else {
                unnamed.insert(id)
                continue
            }
            found.append(slot)
            wanted.formUnion(Set(slot.outline.subRecipes).subtracting(known))
        }
        known.subtract(unnamed)
        wanted = unnamed
        // Else (a Cooklang recipe, named from its path) a pass over the
        // cache for each level of nesting.
        while !wanted.isEmpty {
            var next = Set<String>()
            cache.forEachLastContent { content in
                let slot: RecipeShelf.Slot
                switch content {
                case .recipe(let recipe): slot = .recipe(recipe)
                case .storedRecipe(let stored): slot = .stored(stored)
                default: return true
                }
                let outline = slot.outline
                if wanted.contains(outline.id), known.insert(outline.id).inserted {
                    found.append(slot)
                    next.formUnion(outline.subRecipes)
                }
                return true
            }
            wanted = next.subtracting(known)
        }
        return found
    }
}

extension DocumentCache {
    /// The document of the file at `path` as the last load that wrote the
    /// cache read it (the trusted entry's, else an `unverified` one's).
    func lastDocument(_ path: String) -> ReadDocument? {
        (entries[path] ?? unverified[path])?.document
    }

    /// Calls `body` with what each document of the cache holds, those of
    /// `unverified` entries with them (what the last load that wrote the
    /// cache read), until it returns false.
    func forEachLastContent(_ body: (ReadDocument.Content) -> Bool) {
        guard entries.forEachContent(body) else { return }
        for (path, entry) in unverified where entries[path] == nil {
            guard body(entry.document.content) else { return }
        }
    }
}

extension ReadDocument {
    /// A recipe's slot on a shelf; nil for any other document.
    var slot: RecipeShelf.Slot? {
        switch content {
        case .recipe(let recipe): .recipe(recipe)
        case .storedRecipe(let stored): .stored(stored)
        default: nil
        }
    }

    /// A recipe's outline, decoded or stored; nil for any other document.
    var outline: RecipeOutline? { slot?.outline }
}
