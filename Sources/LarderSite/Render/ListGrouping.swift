import Larder

/// How a list's items are grouped on its page, in its text share and on its
/// print sheet. The one seam the shopping engine replaces (merging recipe
/// ingredients, pantry staples, totals).
enum ListGrouping {
    struct StoreGroup: Sendable, Hashable {
        /// Nil for items with no store (or not a shopping list).
        var store: Store?
        /// The store id as given, also when the config does not know it.
        var storeID: String?
        var sections: [Section]
    }

    struct Section: Sendable, Hashable {
        /// Shopping lists: the category ("produce"); other kinds: nil.
        var categoryID: String?
        /// The category's name, or the `##` heading; nil for items under none.
        var name: String?
        var emoji: String?
        var items: [Item]
    }

    /// Shopping lists: by store (the item's, else the list's, else the
    /// catalog's; stores in config order, then unknown ones, then none), then
    /// by category (the item's, else the catalog's, else "other"; in the
    /// store's aisle order, then the built-in order). Checklists and
    /// collections: one group, by `##` heading in file order. Items in a
    /// section follow the list's `sort`.
    static func groups(_ list: ShoppingList, kitchen: Kitchen) -> [StoreGroup] {
        guard list.kind == .shopping else {
            var order: [String?] = []
            var items: [String?: [Item]] = [:]
            for item in list.items {
                let heading = item.section
                if items[heading] == nil { order.append(heading) }
                items[heading, default: []].append(item)
            }
            let sections = order.map { Section(categoryID: nil, name: $0, emoji: nil, items: sorted(items[$0] ?? [], by: list.sort)) }
            return sections.isEmpty ? [] : [StoreGroup(store: nil, storeID: nil, sections: sections)]
        }

        var byStore: [String?: [String: [Item]]] = [:]
        for item in list.items {
            let entry = kitchen.catalog.entry(for: item.name)
            let store = item.store ?? list.store ?? entry?.store
            let category = item.category ?? entry?.category ?? "other"
            byStore[store, default: [:]][category, default: []].append(item)
        }

        let configOrder = Dictionary(kitchen.stores.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        let storeIDs = byStore.keys.sorted { a, b in
            switch (a, b) {
            case (nil, _): return false
            case (_, nil): return true
            case (let a?, let b?):
                let (ra, rb) = (configOrder[a] ?? .max, configOrder[b] ?? .max)
                return ra != rb ? ra < rb : a < b
            }
        }
        let builtInOrder = Dictionary(kitchen.categories.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })

        return storeIDs.map { storeID in
            let store = storeID.flatMap { kitchen.store($0) }
            let aisles = Dictionary((store?.aisles ?? []).enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
            let categories = byStore[storeID, default: [:]]
            let order = categories.keys.sorted { a, b in
                let ka = (aisles[a] ?? .max, builtInOrder[a] ?? .max)
                let kb = (aisles[b] ?? .max, builtInOrder[b] ?? .max)
                return ka != kb ? ka < kb : a < b
            }
            let sections = order.map { id in
                let category = kitchen.category(id)
                return Section(
                    categoryID: id, name: category?.name ?? (id == "other" ? "Other" : id), emoji: category?.emoji,
                    items: sorted(categories[id] ?? [], by: list.sort)
                )
            }
            return StoreGroup(store: store, storeID: storeID, sections: sections)
        }
    }

    /// Stable: equal items keep their file order.
    private static func sorted(_ items: [Item], by sort: ShoppingList.Sort) -> [Item] {
        let indexed = Array(items.enumerated())
        let ordered: [(offset: Int, element: Item)]
        switch sort {
        case .manual:
            return items
        case .alpha:
            ordered = indexed.sorted {
                let (a, b) = ($0.element.name.lowercased(), $1.element.name.lowercased())
                return a != b ? a < b : $0.offset < $1.offset
            }
        case .priority:
            ordered = indexed.sorted {
                $0.element.priority != $1.element.priority ? $0.element.priority < $1.element.priority : $0.offset < $1.offset
            }
        case .added:
            // Oldest first; items without a date after the dated ones.
            ordered = indexed.sorted {
                let (a, b) = ($0.element.added ?? "~", $1.element.added ?? "~")
                return a != b ? a < b : $0.offset < $1.offset
            }
        }
        return ordered.map(\.element)
    }
}
