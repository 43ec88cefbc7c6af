import LarderCore

/// Everything in a data folder, validated and resolved: what the site, the
/// shares and the shopping sheets are rendered from.
public struct Kitchen: Sendable {
    public var config: SiteConfig
    /// The user's stores, in config order.
    public var stores: [Store]
    /// Built-in categories (with the config's renames) then the config's own.
    public var categories: [Category]
    /// Item names to categories and stores: built-in, overridden by config.
    public var catalog: Catalog
    /// Lists, sorted by id.
    public var lists: [ShoppingList]
    /// Recipes, sorted by id; those from the parse cache are decoded when
    /// first read whole (`RecipeShelf`).
    public var recipes: RecipeShelf
    public var favorites: Favorites
    /// Which names are one food on a shopping sheet: built-in aliases, then
    /// the config's.
    public var foods: FoodNames

    private var listIndex: [String: Int]
    private var recipeIndex: [String: Int]
    private var storeIndex: [String: Int]
    private var categoryIndex: [String: Int]

    public init(
        config: SiteConfig, stores: [Store], categories: [Category], catalog: Catalog,
        lists: [ShoppingList], recipes: [Recipe], favorites: Favorites
    ) {
        self.init(
            config: config, stores: stores, categories: categories, catalog: catalog,
            lists: lists, shelf: RecipeShelf(recipes), favorites: favorites
        )
    }

    init(
        config: SiteConfig, stores: [Store], categories: [Category], catalog: Catalog,
        lists: [ShoppingList], shelf: RecipeShelf, favorites: Favorites
    ) {
        self.config = config
        self.stores = stores
        self.categories = categories
        self.catalog = catalog
        // Sorted in place: `sorted` would copy every list and recipe (a
        // retain of each of their fields), and the arrays are ours.
        var lists = lists, recipes = shelf
        lists.sort { $0.id < $1.id }
        recipes.sortByID()
        listIndex = Self.index(lists.indices.map { lists[$0].id })
        recipeIndex = Self.index(recipes.indices.map(recipes.id(at:)))
        self.lists = lists
        self.recipes = recipes
        self.favorites = favorites
        var foods = FoodNames.builtIn
        foods.add(config.aliases)
        self.foods = foods
        storeIndex = Self.index(stores.map(\.id))
        categoryIndex = Self.index(categories.map(\.id))
    }

    private static func index(_ ids: [String]) -> [String: Int] {
        var index: [String: Int] = [:]
        index.reserveCapacity(ids.count)
        // Last to first, each set: the first position of an id wins, with
        // one lookup an id rather than two.
        for position in ids.indices.reversed() { index[ids[position]] = position }
        return index
    }

    public func list(_ id: String) -> ShoppingList? { listIndex[id].map { lists[$0] } }
    /// The ids of `recipes` and `lists`, in order: by index, as
    /// `recipes.map(\.id)` would copy every Recipe to read its id.
    public var recipeIDs: [String] { recipes.indices.map(recipes.id(at:)) }
    public var listIDs: [String] { lists.indices.map { lists[$0].id } }

    public func recipe(_ id: String) -> Recipe? { recipeIndex[id].map { recipes[$0] } }
    /// Where the recipe `id` is in `recipes`: for loops over many recipes,
    /// which `recipe(_:)` would copy one by one.
    public func recipePosition(_ id: String) -> Int? { recipeIndex[id] }
    /// Where the list `id` is in `lists`.
    public func listPosition(_ id: String) -> Int? { listIndex[id] }
    public func store(_ id: String) -> Store? { storeIndex[id].map { stores[$0] } }
    public func category(_ id: String) -> Category? { categoryIndex[id].map { categories[$0] } }

    /// The current list: the config's `current`, else the first shopping list.
    public var currentList: ShoppingList? {
        if let id = config.current, let list = list(id) { return list }
        return lists.first { $0.kind == .shopping && $0.visibility == .public }
    }
}
