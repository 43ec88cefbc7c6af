/// What ``LineParser`` read from one shopping-list item or recipe ingredient.
///
/// Every `…Range` holds 0-based Unicode-scalar offsets into the text that was
/// parsed, so a caller can point at a part: add the offset to the 1-based
/// column at which that text starts in its file.
public struct ParsedLine: Sendable, Hashable {
    /// `nil` when the line has none ("Milk", "salt, to taste") or it could not
    /// be read (then `problems` says why).
    public var quantity: Quantity?
    /// `nil` for a plain count ("2 eggs") or when there is no quantity.
    public var unit: Unit?
    /// As written, with runs of spaces made single: "oat milk", "Pizza dough".
    public var name: String
    /// Parenthesised notes and (in ingredients) what follows the first comma,
    /// without the parentheses, joined with ", ": "for the pancakes",
    /// "14 oz", "240 ml, warm". `nil` when there is none.
    public var note: String?

    /// Items only: `@store` as its id, without the "@".
    public var store: String?
    /// Items only: `#category` as its id, without the "#".
    public var category: String?
    /// Items only: "high", "low" or "normal", from `!high`, `!low`, `!normal`.
    public var priority: String?

    /// Ingredients only: the id of the recipe linked as `[Pizza dough](pizza-dough)`.
    public var recipe: String?
    /// Ingredients only: marked "(optional)" or ", optional" (which then is
    /// not part of `note`).
    public var optional: Bool

    /// The size of one package, when the line gives one: 400 g in "2 x 400g
    /// tins chopped tomatoes" (2 tins, of 400 g each), 15 oz in "One 15-ounce
    /// can black beans" and "1 (15 oz) can black beans". `nil` otherwise.
    public var size: PackageSize?
    /// More foods the line names besides `name`, each bought on its own:
    /// "pepper" in "Salt and pepper to taste" (whose `name` is "Salt").
    /// Empty for most lines.
    public var alsoNames: [String] = []

    /// Everything that could not be read, in order of offset. Empty when the
    /// line is fine.
    public var problems: [LineProblem]
    /// What was read but may be read wrongly: the line is kept, and `larder
    /// check` warns at the offset with a hint that shows how it was read.
    /// In order of offset.
    public var warnings: [LineProblem] = []

    public var quantityRange: Range<Int>?
    public var unitRange: Range<Int>?
    /// From the first to the last word of the name; for a link, its text.
    public var nameRange: Range<Int>?
    /// The first note's text, without its parentheses.
    public var noteRange: Range<Int>?
    /// The marker with its sigil: "@farmers-market".
    public var storeRange: Range<Int>?
    public var categoryRange: Range<Int>?
    public var priorityRange: Range<Int>?
    /// The link target: "pizza-dough" in "[Pizza dough](pizza-dough)".
    public var recipeRange: Range<Int>?
    /// The package size as written: "400g" in "2 x 400g tins".
    public var sizeRange: Range<Int>?

    public init(
        quantity: Quantity? = nil, unit: Unit? = nil, name: String = "", note: String? = nil,
        store: String? = nil, category: String? = nil, priority: String? = nil,
        recipe: String? = nil, optional: Bool = false, problems: [LineProblem] = []
    ) {
        self.quantity = quantity
        self.unit = unit
        self.name = name
        self.note = note
        self.store = store
        self.category = category
        self.priority = priority
        self.recipe = recipe
        self.optional = optional
        self.problems = problems
    }
}

/// The size of one package or container a line counts: the 400 g of each
/// of "2 x 400g tins", the 15 oz of "One 15-ounce can".
public struct PackageSize: Sendable, Hashable {
    public var quantity: Quantity
    /// `nil` with `unitName` for a unit Larder does not know.
    public var unit: Unit?
    /// The unit as written, when Larder does not know it.
    public var unitName: String?

    public init(quantity: Quantity, unit: Unit?, unitName: String? = nil) {
        self.quantity = quantity
        self.unit = unit
        self.unitName = unitName
    }
}
