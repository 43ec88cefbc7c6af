import LarderCore
import LarderQuantities

/// What to shop for: lists and recipes at chosen servings, merged, left out
/// what is ticked or always at hand, grouped by store and then by aisle.
/// One engine serves `share`, `print` and the site's list pages.
public struct ShoppingRequest: Sendable, Hashable {
    /// List ids, in the order given. Each list's own `recipes` join too.
    public var lists: [String]
    /// Extra recipes (`--recipe pancakes*8`); nil servings: the recipe's own.
    public var recipes: [RecipeRequest]
    /// Keep items already ticked off (left out by default).
    public var includeChecked: Bool
    /// Keep pantry staples (left out by default).
    public var includePantry: Bool

    public init(
        lists: [String], recipes: [RecipeRequest] = [], includeChecked: Bool = false, includePantry: Bool = false
    ) {
        self.lists = lists
        self.recipes = recipes
        self.includeChecked = includeChecked
        self.includePantry = includePantry
    }
}

public struct ShoppingPlan: Sendable, Hashable {
    /// The lists and recipes that went in, in order.
    public var sources: [PlanSource]
    /// Stores in config order, then store ids the config does not know
    /// (sorted; a `Store` named by its id), then "any store" (store nil) last.
    public var stores: [StoreSection]
    /// Lines left out because they were ticked off, are pantry staples or
    /// are in stock (empty when asked to include them).
    public var leftOut: [PlanLine]
    /// Sum of the stores' totals, when any line has a price.
    public var total: Rational?

    public init(sources: [PlanSource], stores: [StoreSection], leftOut: [PlanLine], total: Rational?) {
        self.sources = sources
        self.stores = stores
        self.leftOut = leftOut
        self.total = total
    }

    public var lineCount: Int { stores.reduce(0) { $0 + $1.categories.reduce(0) { $0 + $1.lines.count } } }
}

/// A list or a recipe (at some servings) that a plan was made from.
public struct PlanSource: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable { case list, recipe }
    public var kind: Kind
    public var id: String
    public var title: String
    /// Recipes: the servings asked for, and the factor applied to the
    /// recipe's quantities (servings / recipe servings; 1 when unknown).
    public var servings: Rational?
    public var scale: Rational
    /// Sub-recipes: the id of the recipe that uses this one ("pizza-dough"
    /// is part of "margherita-pizza"); nil for what was asked for.
    public var partOf: String?

    public init(
        kind: Kind, id: String, title: String, servings: Rational? = nil, scale: Rational = .one,
        partOf: String? = nil
    ) {
        self.kind = kind
        self.id = id
        self.title = title
        self.servings = servings
        self.scale = scale
        self.partOf = partOf
    }

    /// "Weekly groceries", "Pancakes ×8" (×servings when asked for).
    public var label: String {
        guard kind == .recipe, let servings else { return title }
        return "\(title) ×\(servings.isInteger ? String(servings.numerator) : servings.description)"
    }
}

public struct StoreSection: Sendable, Hashable {
    /// nil: items no store claims ("Any store").
    public var store: Store?
    /// In the store's aisle order, then the built-in category order, then
    /// unknown categories.
    public var categories: [CategorySection]
    /// Estimated total of the priced lines.
    public var total: Rational?

    public init(store: Store?, categories: [CategorySection], total: Rational?) {
        self.store = store
        self.categories = categories
        self.total = total
    }
}

public struct CategorySection: Sendable, Hashable {
    public var category: Category
    public var lines: [PlanLine]

    public init(category: Category, lines: [PlanLine]) {
        self.category = category
        self.lines = lines
    }
}

/// One thing to buy: every item and ingredient of the same name merged.
public struct PlanLine: Sendable, Hashable {
    /// As first written ("Tomatoes").
    public var name: String
    /// The matching key (`ItemName.key`): "tomato".
    public var key: String
    /// Merged amounts: one per dimension that could be added (mass, volume,
    /// each count-like unit, plain counts), in a stable order; empty when no
    /// source gave a quantity ("salt, to taste").
    public var amounts: [PlanAmount]
    /// Where it came from, each with its own (scaled) amount.
    public var provenance: [Provenance]
    public var categoryID: String
    public var storeID: String?
    /// All merged entries were ticked off.
    public var checked: Bool
    /// A staple from the config's `pantry` that no unticked list item asks for.
    public var pantry: Bool
    /// The highest of the merged entries.
    public var priority: Priority
    public var notes: [String]
    /// Estimated cost of the line (price × quantity), when priced.
    public var total: Rational?
    /// The list items merged into this line, as written (their image, link,
    /// requester, details…), in order; empty for recipe-only lines.
    public var items: [Item]
    /// In a line still to buy, the merged amounts of its ticked list items:
    /// already in the basket, so not in `amounts` ("57 g butter (250 g
    /// ticked)"). Empty when nothing is ticked or all of it is.
    public var ticked: [PlanAmount]
    /// Some list items of a line still to buy are ticked (with or without
    /// an amount).
    public var hasTicked: Bool
    /// The amounts in the pantry's stock that were taken off what recipes
    /// ask for ("1 kg in stock"); empty when none was.
    public var stock: [PlanAmount]
    /// What recipes ask for is all in stock and no list asks for it: left
    /// out, as in stock.
    public var inStock: Bool

    public init(
        name: String, key: String, amounts: [PlanAmount], provenance: [Provenance], categoryID: String,
        storeID: String?, checked: Bool, priority: Priority, notes: [String], total: Rational?,
        pantry: Bool = false, items: [Item] = [], ticked: [PlanAmount] = [], hasTicked: Bool = false,
        stock: [PlanAmount] = [], inStock: Bool = false
    ) {
        self.name = name
        self.key = key
        self.amounts = amounts
        self.provenance = provenance
        self.categoryID = categoryID
        self.storeID = storeID
        self.checked = checked
        self.pantry = pantry
        self.priority = priority
        self.notes = notes
        self.total = total
        self.items = items
        self.ticked = ticked
        self.hasTicked = hasTicked || !ticked.isEmpty
        self.stock = stock
        self.inStock = inStock
    }
}

/// An amount of something: a quantity, maybe with a unit. Amounts in one
/// dimension are added and shown in the preferred system; others stay side
/// by side ("2 cans + 400 g").
public struct PlanAmount: Sendable, Hashable {
    public var quantity: Quantity
    /// nil: a plain count ("3 lemons").
    public var unit: Unit?
    /// A unit Larder does not know, as written; never converted.
    public var unitName: String?
    /// The size of one package: 400 g in "2 tins (800 g)". Packages add up
    /// only with packages of the same size.
    public var size: PackageSize?
    /// The mass or volume unit to show the amount in: the unit written, or
    /// for a sum of parts of one system the largest part's; nil for a sum
    /// of metric and US parts, shown in the kitchen's `units`.
    public var shownIn: Unit?

    /// An amount shown in its own unit.
    public init(quantity: Quantity, unit: Unit? = nil, unitName: String? = nil, size: PackageSize? = nil) {
        self.quantity = quantity
        self.unit = unit
        self.unitName = unitName
        self.size = size
        self.shownIn = unit
    }

    /// The amount shown in `unit` (nil: in the kitchen's `units`).
    public func shown(in unit: Unit?) -> PlanAmount {
        var amount = self
        amount.shownIn = unit
        return amount
    }
}

/// One source's share of a line: "Pancakes ×8: 3 cups".
public struct Provenance: Sendable, Hashable {
    public var source: PlanSource
    /// The scaled amount this source asked for, nil when it gave none.
    public var amount: PlanAmount?
    public var location: SourceLocation

    public init(source: PlanSource, amount: PlanAmount?, location: SourceLocation) {
        self.source = source
        self.amount = amount
        self.location = location
    }
}
