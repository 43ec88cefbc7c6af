import Larder

extension SiteBuilder {
    var publicLists: [ShoppingList] { kitchen.lists.filter { $0.visibility == .public } }

    func indexPage() throws(ThemeError) -> OutputFile {
        let path = "index.html"
        let current = kitchen.currentList.flatMap { $0.visibility == .public ? $0 : nil }
        var groups = recipeCategories.map { taxon in
            RecipeGroup(
                name: taxon.displayName, href: "categories/\(taxon.slug)/index.html",
                recipes: taxon.recipes.map { recipeSummary(kitchen.recipes.box(at: $0), root: "") }
            )
        }
        let uncategorised = kitchen.recipes.indices.filter { kitchen.recipes.category(at: $0) == nil }
        if !uncategorised.isEmpty {
            groups.append(RecipeGroup(
                name: "More recipes", href: nil,
                recipes: uncategorised.map { recipeSummary(kitchen.recipes.box(at: $0), root: "") }
            ))
        }
        let favorites = favoritesBody(root: "")
        let body = IndexBody(
            current: current.map { listSummary($0, root: "") },
            lists: publicLists.filter { $0.id != current?.id }.map { listSummary($0, root: "") },
            recipeGroups: groups,
            favoriteRecipes: favorites.recipes,
            favoriteLists: favorites.lists,
            favoriteItems: favorites.items,
            hasFavorites: !(favorites.recipes.isEmpty && favorites.lists.isEmpty && favorites.items.isEmpty)
        )
        let meta = meta(title: kitchen.config.title, description: kitchen.config.description, path: path, name: "page-index")
        return try renderPage("index", path: path, meta: meta, body: body)
    }

    private func favoritesBody(root: String) -> CollectionBody {
        CollectionBody(
            heading: "Favorites", intro: nil,
            recipes: kitchen.favorites.recipes.compactMap(kitchen.recipePosition).map { recipeSummary(kitchen.recipes.box(at: $0), root: root) },
            lists: kitchen.favorites.lists.compactMap { kitchen.list($0) }
                .filter { $0.visibility == .public }.map { listSummary($0, root: root) },
            items: kitchen.favorites.items,
            links: []
        )
    }

    func favoritesPage() throws(ThemeError) -> OutputFile {
        let path = "favorites/index.html"
        let body = favoritesBody(root: "../")
        return try renderPage("collection", path: path, meta: meta(title: "Favorites", description: nil, path: path, name: "page-favorites"), body: body)
    }

    func categoriesPage() throws(ThemeError) -> OutputFile {
        try overviewPage("categories", title: "Categories", taxa: recipeCategories, title: \.displayName)
    }

    func tagsPage() throws(ThemeError) -> OutputFile {
        try overviewPage("tags", title: "Tags", taxa: recipeTags, title: \.name)
    }

    private func overviewPage(
        _ folder: String, title: String, taxa: [Taxon], title name: KeyPath<Taxon, String>
    ) throws(ThemeError) -> OutputFile {
        let path = "\(folder)/index.html"
        let body = CollectionBody(
            heading: title, intro: nil, recipes: [], lists: [], items: [],
            links: taxa.map { CountLink(title: $0[keyPath: name], href: "\($0.slug)/index.html", count: $0.recipes.count) }
        )
        return try renderPage("collection", path: path, meta: meta(title: title, description: nil, path: path, name: "page-\(folder)"), body: body)
    }

    func categoryPage(_ taxon: Taxon) throws(ThemeError) -> OutputFile {
        try taxonPage(taxon, folder: "categories", heading: taxon.displayName)
    }

    func tagPage(_ taxon: Taxon) throws(ThemeError) -> OutputFile {
        try taxonPage(taxon, folder: "tags", heading: "Tagged “\(taxon.name)”")
    }

    private func taxonPage(_ taxon: Taxon, folder: String, heading: String) throws(ThemeError) -> OutputFile {
        let path = "\(folder)/\(taxon.slug)/index.html"
        let body = CollectionBody(
            heading: heading, intro: nil,
            recipes: taxon.recipes.map { recipeSummary(kitchen.recipes.box(at: $0), root: "../../", withSummary: false) },
            lists: [], items: [], links: []
        )
        return try renderPage("collection", path: path, meta: meta(title: heading, description: nil, path: path, name: "page-\(folder)"), body: body)
    }

    /// `search/index.html` and its index, `search/index.js`: the index once,
    /// in a script the page loads (a page opened from file:// cannot fetch
    /// JSON, but it can load a script beside it), not inlined in the page.
    func searchPage() throws(ThemeError) -> [OutputFile] {
        let path = "search/index.html"
        let index = SearchIndex.script(
            kitchen: kitchen,
            recipeHref: { page(Self.recipeFolder(id: $0)) },
            listHref: { $0.visibility == .public ? page(listFolder($0)) : nil }
        )
        let body = SearchBody(indexHref: SearchIndex.fileName)
        let meta = meta(title: "Search", description: nil, path: path, name: "page-search")
        return [
            try renderPage("search", path: path, meta: meta, body: body),
            OutputFile(path: "search/" + SearchIndex.fileName, bytes: index),
        ]
    }
}
