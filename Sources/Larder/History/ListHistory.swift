import LarderQuantities

/// One commit that changed a list file: who, when, and what changed in it
/// item by item, with the items it left (for suggestions).
public struct ListVersion: Sendable, Hashable, Codable {
    public var commit: String
    /// The commit's author, as git records the name (the email is not kept).
    public var author: String
    /// The author date, in seconds since 1970.
    public var time: Int64
    /// The author's offset from UTC as git records it ("+0100").
    public var zone: String
    /// The file at this commit, relative to the data folder.
    public var path: String
    /// Where the file was before, when this commit renamed it.
    public var renamedFrom: String?
    /// Item by item, from the file before the commit to the file after.
    public var changes: [ItemChange]
    /// The names of the items the commit left in the file, in file order.
    public var items: [String]
    /// Whether the file after the commit could be read as a list (a
    /// version with errors has no items, and its changes are not known).
    public var readable: Bool

    public init(
        commit: String, author: String, time: Int64, zone: String, path: String, renamedFrom: String? = nil,
        changes: [ItemChange], items: [String], readable: Bool = true
    ) {
        self.commit = commit
        self.author = author
        self.time = time
        self.zone = zone
        self.path = path
        self.renamedFrom = renamedFrom
        self.changes = changes
        self.items = items
        self.readable = readable
    }
}

/// What happened to one item between two versions of a list, compared by
/// what Larder reads (the item's name, amount and tick), not by lines.
public struct ItemChange: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case added, removed, ticked, unticked
        case amountChanged = "amount-changed"
    }

    public var kind: Kind
    /// The name as the newer version writes it (the older, when removed).
    public var name: String
    /// The amount before and after ("500 g" → "1 kg"); for added and
    /// removed items, their amount.
    public var from: String?
    public var to: String?

    public init(kind: Kind, name: String, from: String? = nil, to: String? = nil) {
        self.kind = kind
        self.name = name
        self.from = from
        self.to = to
    }
}

/// An item of one version, as compared: by its name's key (case, plural
/// and spacing aside, as lists merge items), with its amount as shown and
/// its tick.
public struct VersionItem: Sendable, Hashable {
    public var name: String
    public var amount: String?
    public var checked: Bool

    public init(name: String, amount: String?, checked: Bool) {
        self.name = name
        self.amount = amount
        self.checked = checked
    }

    public init(_ item: Item) {
        name = item.name
        amount = item.quantity.map {
            QuantityDisplay.text($0, unit: item.unit, unitName: item.unitName, system: nil)
        } ?? item.unitName
        checked = item.checked
    }

    /// The changes from `old` to `new`: added items in the new file's order,
    /// then removed ones in the old file's, then ticks and amounts in the
    /// new file's order. An item written twice counts once, as its first line.
    public static func changes(from old: [VersionItem], to new: [VersionItem]) -> [ItemChange] {
        func table(_ items: [VersionItem]) -> [String: VersionItem] {
            var byKey: [String: VersionItem] = [:]
            for item in items where byKey[ItemName.key(item.name)] == nil { byKey[ItemName.key(item.name)] = item }
            return byKey
        }
        let before = table(old), after = table(new)
        var added: [ItemChange] = [], removed: [ItemChange] = [], changed: [ItemChange] = []
        var seen = Set<String>()
        for item in new {
            let key = ItemName.key(item.name)
            guard seen.insert(key).inserted else { continue }
            guard let previous = before[key] else {
                added.append(ItemChange(kind: .added, name: item.name, to: item.amount))
                continue
            }
            if previous.amount != item.amount {
                changed.append(ItemChange(kind: .amountChanged, name: item.name, from: previous.amount, to: item.amount))
            }
            if previous.checked != item.checked {
                changed.append(ItemChange(kind: item.checked ? .ticked : .unticked, name: item.name))
            }
        }
        seen = []
        for item in old where after[ItemName.key(item.name)] == nil && seen.insert(ItemName.key(item.name)).inserted {
            removed.append(ItemChange(kind: .removed, name: item.name, from: item.amount))
        }
        return added + removed + changed
    }
}

/// The history of every list of a data folder, read from git at one commit.
public struct FolderHistory: Sendable, Hashable, Codable {
    /// The commit the history was read at.
    public var head: String
    /// HEAD's committer date, in seconds since 1970: the time relative
    /// dates are counted from when SOURCE_DATE_EPOCH is not set.
    public var headTime: Int64
    /// Each list's versions, newest first, by the list's path at HEAD
    /// (relative to the data folder).
    public var lists: [String: [ListVersion]]

    public init(head: String, headTime: Int64, lists: [String: [ListVersion]]) {
        self.head = head
        self.headTime = headTime
        self.lists = lists
    }
}
