import LarderCore
import LarderQuantities

/// A list file: a shopping list, a checklist, or a curated collection.
public struct ShoppingList: Sendable, Hashable, Identifiable {
    public enum Kind: String, Sendable, Hashable, CaseIterable { case shopping, checklist, collection }
    public enum Visibility: String, Sendable, Hashable, CaseIterable { case `public`, unlisted }
    public enum Sort: String, Sendable, Hashable, CaseIterable { case manual, alpha, priority, added }

    public var id: String
    /// The file, relative to the data folder.
    public var path: String
    public var title: String
    public var kind: Kind = .shopping
    /// Markdown.
    public var description: String?
    public var store: String?
    public var members: [String] = []
    public var visibility: Visibility = .public
    public var sort: Sort = .manual
    public var recipes: [RecipeRequest] = []
    public var items: [Item] = []

    public init(id: String, path: String, title: String) {
        self.id = id
        self.path = path
        self.title = title
    }
}

/// A recipe a list pulls in, at some servings (nil: the recipe's own).
public struct RecipeRequest: Sendable, Hashable {
    public var recipe: String
    public var servings: Rational?

    public init(recipe: String, servings: Rational? = nil) {
        self.recipe = recipe
        self.servings = servings
    }
}

public enum Priority: String, Sendable, Hashable, CaseIterable, Comparable {
    case high, normal, low

    private var rank: Int {
        switch self {
        case .high: 0
        case .normal: 1
        case .low: 2
        }
    }

    public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rank < rhs.rank }
}

/// One line of a list.
public struct Item: Sendable, Hashable {
    public var name: String
    public var quantity: Quantity?
    /// The unit when Larder knows it (so it can convert and merge).
    public var unit: Unit?
    /// The unit as written; set also when it is not a known unit.
    public var unitName: String?
    /// The category as given by the item or its `##` heading (not the catalog's).
    public var category: String?
    public var store: String?
    /// Price per unit.
    public var price: Rational?
    public var checked: Bool = false
    public var priority: Priority = .normal
    public var note: String?
    public var requestedBy: String?
    public var image: String?
    public var url: String?
    /// `YYYY-MM-DD`.
    public var added: String?
    /// Free-form details of collection entries, in file order.
    public var details: [Detail] = []
    /// The `##` heading the item sits under in a Markdown list.
    public var section: String?
    /// The size of one package: 400 g in "2 x 400g tins" (see ``ParsedLine/size``).
    public var size: PackageSize?
    /// More foods the line names, bought each on its own: "pepper" in "Salt
    /// and pepper to taste" (see ``ParsedLine/alsoNames``).
    public var alsoNames: [String] = []
    public var location: SourceLocation

    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}

/// `details` of a collection entry: `author: Frank Herbert`, `year: 1965`.
public struct Detail: Sendable, Hashable {
    public var key: String
    /// The value as text (numbers as written; arrays joined with ", ").
    public var value: String

    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}
