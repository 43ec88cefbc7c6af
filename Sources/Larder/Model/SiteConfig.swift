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
    /// Staples always at hand, as written.
    public var pantry: [String] = []
    /// Other names of foods, merged into the name on shopping sheets
    /// (`"aliases": {"scallion": ["spring onion"]}`), after the built-in ones.
    public var aliases: [FoodAlias] = []

    public init() {}
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
