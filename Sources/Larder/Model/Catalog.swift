import LarderCore
import LarderQuantities

/// Which category (and store) an item belongs to when the item does not say:
/// the built-in catalog of common groceries, overridden by `larder.json`.
public struct Catalog: Sendable {
    public struct Entry: Sendable, Hashable {
        public var category: String?
        public var store: String?

        public init(category: String? = nil, store: String? = nil) {
            self.category = category
            self.store = store
        }
    }

    /// Keyed by `ItemName.key` of the name.
    private var entries: [String: Entry]

    public init(entries: [String: Entry] = [:]) {
        self.entries = entries
    }

    /// Adds or replaces the entry for `name`.
    public mutating func set(_ entry: Entry, for name: String) {
        entries[ItemName.key(name)] = entry
    }

    /// The entry for `name`, matching case and plural ("Tomatoes" finds
    /// "tomato"), else the entry of its longest known ending ("red onion"
    /// finds "onion", "organic whole milk" finds "whole milk" or "milk").
    /// Overrides the fields `entry` sets, keeping the others: a config entry
    /// that names only a store keeps the built-in category.
    public mutating func override(_ entry: Entry, for name: String) {
        let key = ItemName.key(name)
        let base = entries[key] ?? self.entry(for: name)
        entries[key] = Entry(category: entry.category ?? base?.category, store: entry.store ?? base?.store)
    }

    public func entry(for name: String) -> Entry? {
        let key = ItemName.key(name)
        if let entry = entries[key] { return entry }
        // "kiwis", "zucchinis": plurals the singular rules leave alone.
        if key.hasSuffix("s"), let entry = entries[String(key.dropLast())] { return entry }
        var words = key.split(separator: " ")
        while words.count > 1 {
            words.removeFirst()
            if let entry = entries[words.joined(separator: " ")] { return entry }
        }
        return nil
    }

    public var count: Int { entries.count }
}
