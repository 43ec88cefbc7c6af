import Larder

/// How a checklist's or a collection's items are grouped on its page and in
/// its text share.
enum ListGrouping {
    /// Items under one `##` heading (nil: before any heading).
    struct Section: Sendable, Hashable {
        var name: String?
        var items: [Item]
    }

    /// Checklists and collections: by heading, in file order; items in a
    /// section follow the list's `sort`. (Shopping lists are grouped by the
    /// shopping engine: `ShoppingPlanner`.)
    static func sections(_ list: ShoppingList) -> [Section] {
        var order: [String?] = []
        var items: [String?: [Item]] = [:]
        for item in list.items {
            if items[item.section] == nil { order.append(item.section) }
            items[item.section, default: []].append(item)
        }
        return order.map { Section(name: $0, items: sorted(items[$0] ?? [], by: list.sort)) }
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
