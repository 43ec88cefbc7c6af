import LarderQuantities

/// larder.json's `history`: whether list pages show their history and
/// suggestions, and the suggestion rule's numbers.
public struct HistorySettings: Sendable, Hashable {
    /// On list pages: true, false, or nil for "when the data folder is the
    /// top of a git repository" (it holds `.git`). A folder inside a bigger
    /// repository (this project's Examples/ and test fixtures are) shows
    /// none unless turned on, so its pages do not change with every commit
    /// of that repository.
    public var show: Bool?
    /// The most changes a list page shows.
    public var changes: Int = 5
    /// The most suggestions a list page or `share --suggest` shows (0: none).
    public var suggestions: Int = 5
    /// How many of the list's latest versions suggestions look at.
    public var versions: Int = 10
    /// The share of those versions an item must be in to be suggested.
    public var share: Double = 0.5

    public init() {}

    /// The versions a site build reads of each list.
    public var depth: Int { max(changes, versions) }
}

/// An item that is usually on a list and is not on it now.
public struct ListSuggestion: Sendable, Hashable {
    /// The name as the newest version holding it writes it.
    public var name: String
    /// In how many of the versions looked at it is.
    public var count: Int
    /// How many versions were looked at.
    public var of: Int

    public init(name: String, count: Int, of: Int) {
        self.name = name
        self.count = count
        self.of = of
    }

    /// "milk (9 of the last 10 versions)".
    public var text: String { "\(name) (\(count) of the last \(of) versions)" }

    /// The rule (docs/format.md#history): look at the list's latest
    /// `settings.versions` committed versions (fewer if it has fewer); an
    /// item is suggested when it is in at least `settings.share` of them,
    /// and in at least two, and no item of the list now has its name (case,
    /// plural and spacing aside, ticked or not). The most frequent first;
    /// equal counts, the one seen most recently first, then by name; at most
    /// `settings.suggestions`. Only the versions and the list decide: the
    /// same folder gives the same suggestions.
    public static func suggestions(
        for list: ShoppingList, versions: [ListVersion], settings: HistorySettings
    ) -> [ListSuggestion] {
        let looked = Array(versions.filter(\.readable).prefix(max(settings.versions, 0)))
        guard !looked.isEmpty, settings.suggestions > 0 else { return [] }
        let onList = Set(list.items.map { ItemName.key($0.name) })
        var counts: [String: (name: String, count: Int, newest: Int)] = [:]
        for (position, version) in looked.enumerated() {
            var inVersion = Set<String>()
            for name in version.items {
                let key = ItemName.key(name)
                guard !onList.contains(key), inVersion.insert(key).inserted else { continue }
                counts[key, default: (name, 0, position)].count += 1
            }
        }
        let needed = max(2, Int((Double(looked.count) * settings.share).rounded(.up)))
        return counts
            .filter { $0.value.count >= needed }
            .sorted { ($1.value.count, $0.value.newest, $0.key) < ($0.value.count, $1.value.newest, $1.key) }
            .prefix(settings.suggestions)
            .map { ListSuggestion(name: $0.value.name, count: $0.value.count, of: looked.count) }
    }
}
