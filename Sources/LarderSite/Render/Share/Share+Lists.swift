import Larder
import LarderCore
import LarderQuantities

extension Share {
    /// A list's share, as `larder share` prints it and as the site's
    /// `lists/<id>.txt`: a shopping list from its plan (the recipes'
    /// ingredients merged in, by store and aisle), a checklist or a
    /// collection by its headings, as its page shows it.
    ///
    /// - Parameters:
    ///   - includePantry: keep pantry staples on a shopping list.
    ///   - unlisted: the addresses of unlisted lists: with it (and a
    ///     `baseURL`), an unlisted list's share ends with its secret address;
    ///     without it, with none. A public list's ends with its address
    ///     whenever larder.json has a `baseURL`.
    /// - Throws: when a shopping list's `recipes` name a recipe that does not
    ///   exist (`larder check` reports that first).
    public static func list(
        _ list: ShoppingList, kitchen: Kitchen, includePantry: Bool = false, unlisted: UnlistedLinks? = nil
    ) throws(PlanError) -> Share {
        var share = headings(list)
        if list.kind == .shopping {
            let request = ShoppingRequest(lists: [list.id], includeChecked: true, includePantry: includePantry)
            share = plan(try ShoppingPlanner.plan(request, in: kitchen), title: list.title, system: kitchen.config.units)
        }
        share.link = PrintSheet.onlineURL(of: list, kitchen: kitchen, unlisted: unlisted)
        return share
    }

    // MARK: Shopping plans

    /// A shopping plan: the counts and the recipes it takes in, then a
    /// section per store (when a store is named) and per aisle.
    ///
    /// - Parameter system: the kitchen's `units`, which amounts are shown in.
    public static func plan(_ plan: ShoppingPlan, title: String, system: UnitSystem?) -> Share {
        var sections: [Section] = []
        for store in plan.stores {
            if let name = storeName(store, in: plan) { sections.append(Section(heading: name, level: .store, entries: [])) }
            for category in store.categories {
                sections.append(Section(
                    heading: category.category.name, emoji: category.category.emoji,
                    entries: category.lines.map { line in
                        .item(Item(
                            checked: line.checked, amount: line.amountText(in: system), name: line.name,
                            notes: line.noteTexts(in: system)
                        ))
                    }
                ))
            }
        }
        return Share(
            title: title, lead: [counts(plan)] + [recipeSources(plan)].compactMap { $0 }, sections: sections,
            source: .plan(plan, system: system)
        )
    }

    /// "12 items, 4 left" / "12 items"
    static func counts(_ plan: ShoppingPlan) -> String {
        // Counted in place: gathering the lines first copies each one.
        var total = 0, checked = 0
        for store in plan.stores.indices {
            for category in plan.stores[store].categories.indices {
                let lines = plan.stores[store].categories[category].lines
                total += lines.count
                checked += lines.indices.count { lines[$0].checked }
            }
        }
        return counts(total: total, checked: checked)
    }

    private static func counts(total: Int, checked: Int) -> String {
        let items = total == 1 ? "1 item" : "\(total) items"
        return checked == 0 ? items : "\(items), \(total - checked) left"
    }

    /// Sources other than the list itself: "With Pancakes ×8, Greek salad ×4".
    private static func recipeSources(_ plan: ShoppingPlan) -> String? {
        let recipes = plan.sources.filter { $0.kind == .recipe && $0.partOf == nil }
        return recipes.isEmpty ? nil : "With " + recipes.map(\.label).joined(separator: ", ")
    }

    /// The store's name, "Any store" for lines no store claims; nil for every
    /// section when the plan names no store at all (it needs no store headings).
    static func storeName(_ section: StoreSection, in plan: ShoppingPlan) -> String? {
        guard plan.stores.contains(where: { $0.store != nil }) else { return nil }
        return section.store?.name ?? "Any store"
    }

    // MARK: Checklists and collections

    /// A checklist or a collection: the count, then its items by heading
    /// (``ListGrouping``), each amount as written.
    static func headings(_ list: ShoppingList) -> Share {
        let sections = ListGrouping.sections(list)
        return Share(
            title: list.title,
            lead: [counts(total: list.items.count, checked: list.items.count { $0.checked })],
            sections: sections.map { section in
                Section(heading: section.name, entries: section.items.map { .item(item($0)) })
            },
            source: .list(list)
        )
    }

    private static func item(_ item: Larder.Item) -> Share.Item {
        Share.Item(
            checked: item.checked, amount: QuantityDisplay.text(item.quantity, unit: item.unit, unitName: item.unitName),
            name: item.name, notes: [item.note].compactMap { $0 }.filter { !$0.isEmpty }
        )
    }

    /// A checklist or a collection for scripts: its items by heading.
    static func json(_ list: ShoppingList, link: String? = nil) -> JSONOutput {
        .lines(.fields([
            "title": .string(list.title),
            "kind": .string(list.kind.rawValue),
            "sections": .lines(.array(ListGrouping.sections(list).map { section in
                .lines(.fields([
                    "heading": section.name.map(JSONOutput.string) ?? .null,
                    "items": .lines(.array(section.items.map(itemJSON))),
                ]))
            })),
            "link": link.map(JSONOutput.string),
        ]))
    }

    /// An item for scripts: its amount as shown and exact, as in a shopping
    /// plan's lines.
    private static func itemJSON(_ item: Larder.Item) -> JSONOutput {
        .fields([
            "name": .string(item.name),
            "amount": .string(QuantityDisplay.text(item.quantity, unit: item.unit, unitName: item.unitName) ?? ""),
            "quantity": item.quantity.map { .string($0.description) },
            "unit": (item.unit?.id ?? item.unitName).map(JSONOutput.string),
            "checked": .bool(item.checked),
            "priority": .string(item.priority.rawValue),
            "note": item.note.flatMap { $0.isEmpty ? nil : .string($0) },
            "url": item.url.map(JSONOutput.string),
        ])
    }
}
