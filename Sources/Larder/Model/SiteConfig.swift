import LarderCore

/// `larder.json`, with defaults filled in.
public struct SiteConfig: Sendable, Hashable {
    public var title: String = "Larder"
    public var description: String?
    /// Absolute URL of the published site, always ending in `/`.
    public var baseURL: String?
    public var language: String = "en"
    public var currency: String?
    public var units: UnitSystem?
    public var current: String?
    /// What is at hand: staples (always enough) and amounts in stock, from
    /// larder.json's `pantry` and `config/pantry.conf` (larder.json wins per
    /// item), in that order.
    public var pantry: [PantryItem] = []
    /// Other names of foods, merged into the name on shopping sheets
    /// (`"aliases": {"scallion": ["spring onion"]}`), after the built-in ones.
    public var aliases: [FoodAlias] = []
    /// What a line that merges several names of one food is called
    /// (aisle.conf's first names: "spring onion" for "spring onion|scallion").
    public var commonNames: [String] = []
    /// `history`: list pages' history and suggestions (see `HistorySettings`).
    public var history = HistorySettings()

    public init() {}
}

extension SiteConfig {
    /// The staples, always enough, as written: what shopping sheets leave off.
    public var staples: [String] { pantry.filter { $0.have == nil }.map(\.name) }
}

/// Something in the pantry: a staple (no amount: always enough) or an
/// amount in stock, which shopping sheets take off what recipes ask for.
public struct PantryItem: Sendable, Hashable {
    public var name: String
    /// How much is in stock; nil for a staple.
    public var have: PlanAmount?
    /// From pantry.conf, kept as written: the place it is kept (`freezer`),
    /// when it was bought, when it expires, below what it runs low. They
    /// do not change a sheet: a sheet made twice from the same folder is
    /// the same sheet, whatever the date.
    public var section: String?
    public var bought: String?
    public var expire: String?
    public var low: String?

    public init(
        name: String, have: PlanAmount? = nil, section: String? = nil, bought: String? = nil, expire: String? = nil,
        low: String? = nil
    ) {
        self.name = name
        self.have = have
        self.section = section
        self.bought = bought
        self.expire = expire
        self.low = low
    }
}

/// The measuring system quantities are shown in after merging.
public enum UnitSystem: String, Sendable, Hashable, Codable {
    case metric
    case us
}

public struct Store: Sendable, Hashable, Identifiable {
    public var id: String
    public var name: String
    public var address: String?
    public var url: String?
    public var location: GeoPoint?
    /// Category ids in the order a person walks the store.
    public var aisles: [String]

    public init(
        id: String, name: String, address: String? = nil, url: String? = nil,
        location: GeoPoint? = nil, aisles: [String] = []
    ) {
        self.id = id
        self.name = name
        self.address = address
        self.url = url
        self.location = location
        self.aisles = aisles
    }
}

public struct GeoPoint: Sendable, Hashable {
    /// Kept as written, so pages and links show exactly the user's numbers.
    public var latitude: String
    public var longitude: String

    public init(latitude: String, longitude: String) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

public struct Category: Sendable, Hashable, Identifiable {
    public var id: String
    public var name: String
    public var emoji: String?

    public init(id: String, name: String, emoji: String? = nil) {
        self.id = id
        self.name = name
        self.emoji = emoji
    }
}

/// `favorites.json`.
public struct Favorites: Sendable, Hashable {
    public var recipes: [String] = []
    public var lists: [String] = []
    public var items: [String] = []

    public init(recipes: [String] = [], lists: [String] = [], items: [String] = []) {
        self.recipes = recipes
        self.lists = lists
        self.items = items
    }
}
