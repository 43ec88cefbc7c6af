import LarderCore
import LarderQuantities

/// A food and its other names: "scallion" and "spring onion", "green onion".
public struct FoodAlias: Sendable, Hashable {
    public var name: String
    public var aliases: [String]

    public init(name: String, aliases: [String]) {
        self.name = name
        self.aliases = aliases
    }
}

/// Which names are one food on a shopping sheet: the key lines merge by.
///
/// A key is ``ItemName/key(_:)`` (case, hyphens and plural ignored), without
/// leading size words ("large eggs", "medium onion": a size is a note, not a
/// product), then the name an alias stands for (built-in
/// `Resources/foods.json`, then larder.json's `aliases`). Only names of one
/// product are aliases: "red onion" is not "onion".
public struct FoodNames: Sendable {
    /// Alias key to the key of the name it stands for.
    private var names: [String: String]

    public init(_ aliases: [FoodAlias] = []) {
        names = [:]
        add(aliases)
    }

    /// The built-in table, `Resources/foods.json`.
    public static let builtIn = FoodNames(load(PackageResources.foods_json))

    /// Adds `aliases`; a later alias replaces an earlier one, so larder.json
    /// overrides the built-in table.
    public mutating func add(_ aliases: [FoodAlias]) {
        for alias in aliases {
            let target = Self.plainKey(alias.name)
            // A name of its own stops being an alias of another.
            names[target] = nil
            for other in alias.aliases where Self.plainKey(other) != target { names[Self.plainKey(other)] = target }
        }
    }

    /// Reads the built-in table. It ships with the binary and a test reads
    /// it, so a malformed file is a build defect, not user input.
    static func load(_ bytes: [UInt8]) -> [FoodAlias] {
        guard let root = try? JSONReader.parse(bytes), let members = root["aliases"]?.object?.members else {
            preconditionFailure("Resources/foods.json is not valid JSON with an \"aliases\" object")
        }
        return members.map { FoodAlias(name: $0.key, aliases: $0.value.array?.compactMap(\.string) ?? []) }
    }

    /// The key `name` merges by: "Large Eggs" → "egg", "spring onions" →
    /// "scallion".
    public func key(_ name: String) -> String {
        let plain = Self.plainKey(name)
        guard let target = names[plain] else { return plain }
        // A built-in alias of a food that larder.json made an alias of
        // another ("roquette" → "arugula" → "rocket") goes on to that one.
        return names[target] ?? target
    }

    /// The item key without leading size words (the line reader's, see
    /// ``ItemName/isSizeWord(_:)``): "large eggs", "extra large eggs".
    static func plainKey(_ name: String) -> String {
        let key = ItemName.key(name)
        // Most names start with no size word: the key as it is, not split
        // into words and joined again (the planner and every recipe page's
        // volume ingredients key each name).
        guard let space = key.utf8.firstIndex(of: UInt8(ascii: " ")) else { return key }
        let first = key[..<space]
        if first != "extra", !ItemName.isSizeWord(first) { return key }
        var words = key.split(separator: " ")
        while words.count > 1 {
            if ItemName.isSizeWord(words[0]) {
                words.removeFirst()
            } else if words.count > 2, words[0] == "extra", ItemName.isSizeWord(words[1]) {
                words.removeFirst(2)
            } else {
                break
            }
        }
        return words.joined(separator: " ")
    }

    // MARK: Pantry staples

    /// Whether the pantry staple keyed `staple` covers a line keyed `key`:
    /// the same food once words that do not change the product are dropped
    /// (kind of salt, grade of oil, how pepper is ground: "kosher salt",
    /// "extra virgin olive oil", "freshly ground black pepper"), and "pepper"
    /// alone is black pepper. Any other word keeps them apart: "pepper"
    /// never covers "red bell pepper".
    public static func staple(_ staple: String, covers key: String) -> Bool {
        stapleKey(staple) == stapleKey(key)
    }

    /// `key` without staple qualifiers, "pepper" read as "black pepper".
    static func stapleKey(_ key: String) -> String {
        // Most keys have no qualifier: the key as it is, not split and
        // joined again.
        guard key == "pepper" || hasStapleQualifier(key) else { return key }
        let words = key.split(separator: " ").filter { !stapleQualifiers.contains($0) }
        let joined = words.isEmpty ? key : words.joined(separator: " ")
        return joined == "pepper" ? "black pepper" : joined
    }

    /// Whether a word of `key` is one of `stapleQualifiers`, or the key is
    /// not words between single spaces (then `stapleKey` joins them anew).
    private static func hasStapleQualifier(_ key: String) -> Bool {
        var rest = key[...]
        while let space = rest.firstIndex(of: " ") {
            let word = rest[..<space]
            if word.isEmpty || stapleQualifiers.contains(word) { return true }
            rest = rest[rest.index(after: space)...]
        }
        return rest.isEmpty || stapleQualifiers.contains(rest)
    }

    /// Words that say which salt, oil or pepper, not what it is.
    private static let stapleQualifiers: Set<Substring> = [
        "kosher", "sea", "fine", "coarse", "flaky", "flake", "table", "iodized", "iodised", "rock",
        "extra", "virgin", "pure", "light", "mild", "good", "quality",
        "freshly", "ground", "cracked", "finely", "coarsely",
    ]
}
