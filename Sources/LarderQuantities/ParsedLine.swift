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

    /// Everything that could not be read, in order of offset. Empty when the
    /// line is fine.
    public var problems: [LineProblem]

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
