import Larder

/// The fingerprints of page jobs' inputs (see `JobRecords`): a page whose
/// fingerprint is the one of the build that made the previous site is the
/// same page, and is carried over rather than rendered.
///
/// Every fingerprint starts with the global part, what every page reads:
/// `BuildInputs.context` (larder's version and binary, the options, the
/// secret's fingerprint) and the stamps of `larder.json`, `favorites.json`,
/// `.larder-secret` and the theme's overrides in `templates/`. Then:
///
/// - a recipe's page and text: the stamps of its file and of every recipe
///   its ingredients name, transitively (an id no file defines counts as
///   absent, so adding the file changes it);
/// - a list's page, text and print sheet: the stamps of its file and of the
///   recipes it shops for, transitively, as above;
/// - the index, search, categories, tags and favorites pages: what they show
///   of every recipe and list (`recipeDigest`, `listDigest`), not the files'
///   stamps, so that editing a recipe's steps leaves them alone;
/// - a category's or tag's page: its name and what it shows of its recipes.
///
/// When unsure, a fingerprint depends on more, never less: a data file
/// without a stamp gives no fingerprint (the job is always rendered).
struct JobFingerprints: Sendable {
    let global: ContentHash
    /// The data files' stamps, with the snapshot's table by path.
    private let stamps: InputSnapshot
    /// Each recipe's file and the recipes its ingredients name: found by
    /// id through the kitchen's table, read from the outlines (no recipe is
    /// decoded, or copied, to fingerprint its page).
    private let kitchen: Kitchen

    init(snapshot: InputSnapshot, kitchen: Kitchen) {
        self.kitchen = kitchen
        // The build's table (made once, for the loader too), or one made here.
        var indexed = snapshot
        indexed.index()
        stamps = indexed
        var builder = ContentHash.Builder()
        builder.add("larder-jobs global 1")
        builder.add(snapshot.context)
        // Filtered, then sorted: the few global files, not every data file.
        let globalFiles = snapshot.files.filter { file in
            !file.path.hasPrefix("recipes/") && !file.path.hasPrefix("lists/") && !BuildInputs.isCooklangInput(file.path)
        }
        for file in globalFiles.sorted(by: { $0.path < $1.path }) {
            builder.add(file.path)
            builder.add(file.digest)
        }
        global = builder.hash
    }

    /// A recipe's page and text: the recipe at `position` in the kitchen,
    /// whose id is `id` (not looked up again).
    func recipe(at position: Int, id: String) -> ContentHash? {
        var builder = start("recipe")
        var seen = Set<String>()
        guard addRecipe(id, at: position, to: &builder, seen: &seen) else { return nil }
        return builder.hash
    }

    /// A list's page and text, and its print sheet.
    func list(_ list: ShoppingList) -> ContentHash? {
        var builder = start("list")
        guard addFile(list.path, to: &builder) else { return nil }
        var seen = Set<String>()
        for request in list.recipes {
            guard addRecipe(request.recipe, to: &builder, seen: &seen) else { return nil }
        }
        return builder.hash
    }

    /// An aggregate page from the digests of what it shows, in its order.
    /// A digest has the recipe's or list's id in it (`recipeDigest`,
    /// `listDigest`): the ids are not hashed again (300,000 items at 50,000
    /// recipes, each id a string read from memory not touched since).
    func aggregate(_ kind: String, _ names: [String], items: [ContentHash]) -> ContentHash {
        var builder = start(kind)
        builder.reserve(16 + items.count * 16)
        builder.add(UInt64(names.count))
        for name in names { builder.add(name) }
        builder.add(UInt64(items.count))
        for item in items { builder.add(item) }
        return builder.hash
    }

    private func start(_ kind: String) -> ContentHash.Builder {
        var builder = ContentHash.Builder()
        builder.add(global)
        builder.add(kind)
        return builder
    }

    private func addFile(_ path: String, to builder: inout ContentHash.Builder) -> Bool {
        guard let digest = stamps.digest(path) else { return false }
        builder.add(path)
        builder.add(digest)
        return true
    }

    /// The recipe `id` (its file, or its absence) and the recipes its
    /// ingredients name, depth first, each once.
    private func addRecipe(_ id: String, to builder: inout ContentHash.Builder, seen: inout Set<String>) -> Bool {
        addRecipe(id, at: kitchen.recipePosition(id), to: &builder, seen: &seen)
    }

    /// The same, with the recipe's position (nil: no such recipe).
    private func addRecipe(
        _ id: String, at position: Int?, to builder: inout ContentHash.Builder, seen: inout Set<String>
    ) -> Bool {
        let recipes = kitchen.recipes
        let subRecipes = position.map(recipes.subRecipes(at:)) ?? []
        // Only a recipe with sub-recipes can lead back to itself: the others
        // (most) are not remembered, so fingerprinting one makes no table.
        if !subRecipes.isEmpty {
            guard seen.insert(id).inserted else { return true }
        }
        builder.add(id)
        guard let position else {
            builder.add(0 as UInt64)
            return true
        }
        builder.add(1 as UInt64)
        let path = recipes.path(at: position)
        guard addFile(path, to: &builder) else { return false }
        // A Cooklang recipe's pictures are found beside it, not named in
        // it: one added or removed changes the page, not the file.
        let images = path.hasSuffix(".cook") ? [recipes.image(at: position)] + recipes.stepImages(at: position) : []
        builder.add(UInt64(images.count))
        for image in images { Self.add(image, to: &builder) }
        for sub in subRecipes where !addRecipe(sub, to: &builder, seen: &seen) { return false }
        return true
    }

    // MARK: What aggregate pages show

    /// What the index, search, category, tag and favorites pages show of a
    /// recipe: its id (which the aggregates take from here, not again),
    /// its card (`SiteBuilder.recipeSummary`), its category and tags, and
    /// its search words (`SearchIndex`).
    static func recipeDigest(_ recipe: Recipe, summary: String?) -> ContentHash {
        var builder = ContentHash.Builder()
        builder.add(recipe.id)
        builder.add(recipe.title)
        add(summary, to: &builder)
        add(recipe.image, to: &builder)
        for time in [recipe.prepTime, recipe.cookTime, recipe.totalTime] {
            add(time.map { String($0.seconds) }, to: &builder)
        }
        add(recipe.category, to: &builder)
        add(recipe.cuisine, to: &builder)
        builder.add(UInt64(recipe.tags.count))
        for tag in recipe.tags { builder.add(tag) }
        builder.add(UInt64(recipe.ingredients.count))
        // By index: a for-in loop copies every ingredient first.
        for index in recipe.ingredients.indices { builder.add(recipe.ingredients[index].name) }
        return builder.hash
    }

    /// What the index, search and favorites pages show of a list: its id
    /// (as for a recipe), its card (`SiteBuilder.listSummary`, with its
    /// count line) and search words.
    static func listDigest(_ list: ShoppingList, count: String) -> ContentHash {
        var builder = ContentHash.Builder()
        builder.add(list.id)
        builder.add(list.title)
        builder.add("\(list.kind)")
        builder.add("\(list.visibility)")
        builder.add(count)
        builder.add(UInt64(list.items.count))
        for item in list.items { builder.add(item.name) }
        return builder.hash
    }

    private static func add(_ text: String?, to builder: inout ContentHash.Builder) {
        if let text {
            builder.add(1 as UInt64)
            builder.add(text)
        } else {
            builder.add(0 as UInt64)
        }
    }
}
