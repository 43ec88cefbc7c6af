import Synchronization

/// What a rebuild reads of every recipe, whether or not its page renders:
/// the id and file, what groups it (category, tags), the pictures it uses,
/// whether it has servings, and the recipes its ingredients name (for the
/// cross-checks and the pages' dependencies). The parse cache stores it in
/// front of each recipe, so that a rebuild after one edit reads this of the
/// 10,000 others and decodes none of them (`StoredRecipe`).
public struct RecipeOutline: Sendable, Hashable {
    public var id: String
    public var path: String
    public var category: String?
    public var tags: [String]
    public var hasServings: Bool
    public var image: String?
    /// The steps' pictures (Cooklang), section by section, as
    /// `directions.flatMap { $0.stepImages ?? [] }` gives them.
    public var stepImages: [String?]
    /// `ingredients.compactMap(\.recipe)`, in order.
    public var subRecipes: [String]

    public init(_ recipe: Recipe) {
        id = recipe.id
        path = recipe.path
        category = recipe.category
        tags = recipe.tags
        hasServings = recipe.servings != nil
        image = recipe.image
        stepImages = recipe.directions.flatMap { $0.stepImages ?? [] }
        let ingredients = recipe.ingredients
        subRecipes = ingredients.indices.compactMap { ingredients[$0].recipe }
    }

    init(
        id: String, path: String, category: String?, tags: [String], hasServings: Bool, image: String?,
        stepImages: [String?], subRecipes: [String]
    ) {
        self.id = id
        self.path = path
        self.category = category
        self.tags = tags
        self.hasServings = hasServings
        self.image = image
        self.stepImages = stepImages
        self.subRecipes = subRecipes
    }
}

/// A decoded recipe, kept in an object of its own so that the shelf's
/// readers read a few fields through it (`RecipeShelf.box(at:)`) instead
/// of copying every field out: a card on the home page and on each of its
/// category and tag pages reads its title and times, not its ingredients.
public final class RecipeBox: Sendable {
    public let recipe: Recipe

    init(_ recipe: Recipe) {
        self.recipe = recipe
    }
}

/// A recipe taken from the parse cache and not decoded yet: its outline, and
/// its bytes in the cache file, decoded the first time the whole recipe is
/// asked for (its page renders, a list shops for it) and kept from then on.
/// A class, so that the kitchen's copies share one decoding.
public final class StoredRecipe: Sendable {
    public let outline: RecipeOutline
    private let decode: @Sendable () -> Recipe
    private let decoded = Mutex<RecipeBox?>(nil)

    /// `decode` gives the recipe from its stored bytes; called at most once.
    init(outline: RecipeOutline, decode: @escaping @Sendable () -> Recipe) {
        self.outline = outline
        self.decode = decode
    }

    public var recipe: Recipe { box.recipe }

    /// The decoded recipe, decoded now if it was not yet.
    var box: RecipeBox {
        decoded.withLock { stored in
            if let stored { return stored }
            let box = RecipeBox(decode())
            stored = box
            return box
        }
    }

    /// Whether the recipe was decoded (for tests: a one-recipe rebuild
    /// decodes only what it renders).
    public var isDecoded: Bool { decoded.withLock { $0 != nil } }
}

/// The kitchen's recipes: each decoded, or stored (`StoredRecipe`) until it
/// is first read whole. Reading an element gives the whole recipe; the
/// `outline` accessors read the outline of either without decoding, and
/// are what loops over every recipe use: the outlines are kept in an array
/// of their own, contiguous, so that a pass over 50,000 recipes' ids or
/// tags neither copies a slot nor reaches into each recipe's object.
public struct RecipeShelf: RandomAccessCollection, MutableCollection, Sendable, Equatable {
    public enum Slot: Sendable {
        case recipe(RecipeBox)
        case stored(StoredRecipe)

        static func recipe(_ recipe: Recipe) -> Slot { .recipe(RecipeBox(recipe)) }

        var outline: RecipeOutline {
            switch self {
            case .recipe(let box): RecipeOutline(box.recipe)
            case .stored(let stored): stored.outline
            }
        }

        var box: RecipeBox {
            switch self {
            case .recipe(let box): box
            case .stored(let stored): stored.box
            }
        }
    }

    private(set) var slots: [Slot]
    /// `slots[position]`'s outline, at the same position.
    private var outlines: [RecipeOutline]

    public init(_ recipes: [Recipe]) {
        self.init(slots: recipes.map { Slot.recipe($0) })
    }

    init(slots: [Slot]) {
        self.slots = slots
        // On all cores: the load waits for it alone (some 15 ms at 10,000 recipes on one).
        outlines = slots.concurrentMap(runsOf: 256) { $0.outline }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { slots.count }

    public subscript(position: Int) -> Recipe {
        get { slots[position].box.recipe }
        set {
            slots[position] = .recipe(newValue)
            outlines[position] = RecipeOutline(newValue)
        }
    }

    /// The object holding the recipe at `position`, decoded now if it is
    /// stored: what reads a few fields of many recipes (cards, the search
    /// index) reads them through it (`box(at: i).recipe.title`), where the
    /// subscript would copy each recipe whole.
    public func box(at position: Int) -> RecipeBox { slots[position].box }

    /// The recipe at `position`'s outline.
    public func outline(at position: Int) -> RecipeOutline { outlines[position] }

    public func id(at position: Int) -> String { outlines[position].id }

    public func path(at position: Int) -> String { outlines[position].path }

    public func category(at position: Int) -> String? { outlines[position].category }

    public func tags(at position: Int) -> [String] { outlines[position].tags }

    public func hasServings(at position: Int) -> Bool { outlines[position].hasServings }

    public func image(at position: Int) -> String? { outlines[position].image }

    public func stepImages(at position: Int) -> [String?] { outlines[position].stepImages }

    public func subRecipes(at position: Int) -> [String] { outlines[position].subRecipes }

    /// Sorted by id, without decoding a stored recipe.
    mutating func sortByID() {
        // The loader's order (the folder's names, sorted) is nearly always
        // the ids' already: checked in one pass, not sorted again.
        guard outlines.indices.dropFirst().contains(where: { outlines[$0].id < outlines[$0 - 1].id }) else {
            return
        }
        let order = outlines.indices.sorted { outlines[$0].id < outlines[$1].id }
        slots = order.map { slots[$0] }
        outlines = order.map { outlines[$0] }
    }

    /// How many recipes are decoded (for tests and timings).
    public var decodedCount: Int {
        slots.reduce(0) { count, slot in
            switch slot {
            case .recipe: count + 1
            case .stored(let stored): count + (stored.isDecoded ? 1 : 0)
            }
        }
    }

    public static func == (lhs: RecipeShelf, rhs: RecipeShelf) -> Bool {
        lhs.elementsEqual(rhs)
    }
}
