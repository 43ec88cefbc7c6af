import Larder
import LarderCore
import LarderQuantities

extension SiteBuilder {
    /// `lists/<id>/index.html` and `lists/<id>.txt`.
    func listPage(_ list: ShoppingList) throws(ThemeError) -> [OutputFile] {
        let folder = listFolder(list)
        let path = page(folder)
        let root = root(of: path)
        let textPath = String(folder.dropLast()) + ".txt"
        let shareText = PlainTextShare.list(list, kitchen: kitchen)
        let body = ListBody(
            id: list.id,
            title: list.title,
            kind: list.kind.rawValue,
            isShopping: list.kind == .shopping,
            isChecklist: list.kind == .checklist,
            isCollection: list.kind == .collection,
            descriptionHTML: html(list.description),
            membersText: list.members.isEmpty ? nil : list.members.joined(separator: ", "),
            countText: countText(list),
            storageKey: storageKey(folder),
            textHref: "../" + (textPath.split(separator: "/").last.map(String.init) ?? textPath),
            shareText: shareText,
            groups: storeGroups(list, root: root),
            recipes: list.recipes.compactMap { request in
                kitchen.recipe(request.recipe).map { recipe in
                    ListRecipe(
                        title: recipe.title, href: root + page(recipeFolder(recipe)),
                        servingsText: request.servings.map { "\(AmountFormat.number(.exact($0), fractional: !$0.isInteger)) servings" }
                    )
                }
            },
            totalText: priceText(list.items.map(lineTotal)),
            favorite: kitchen.favorites.lists.contains(list.id)
        )
        let meta = meta(
            title: list.title, description: summary(list.description) ?? countText(list), path: path,
            name: "page-list", image: list.items.lazy.compactMap(\.image).first.map(Self.normalised),
            noindex: list.visibility == .unlisted
        )
        return [
            try renderPage("list", path: path, meta: meta, body: body),
            OutputFile(path: textPath, text: shareText),
        ]
    }

    func countText(_ list: ShoppingList) -> String {
        let total = list.items.count
        let done = list.items.count { $0.checked }
        func plural(_ n: Int, _ word: String) -> String { n == 1 ? "1 \(word)" : "\(n) \(word)s" }
        switch list.kind {
        case .shopping: return "\(plural(total, "item")), \(total - done) left"
        case .checklist: return "\(done) of \(total) done"
        case .collection: return plural(total, "entry").replacingOccurrences(of: "entrys", with: "entries")
        }
    }

    func listSummary(_ list: ShoppingList, root: String) -> ListSummary {
        ListSummary(
            title: list.title, href: root + page(listFolder(list)), kind: list.kind.rawValue,
            countText: countText(list), favorite: kitchen.favorites.lists.contains(list.id)
        )
    }

    private func storeGroups(_ list: ShoppingList, root: String) -> [StoreGroup] {
        let groups = ListGrouping.groups(list, kitchen: kitchen)
        let named = groups.contains { $0.store != nil }
        return groups.map { storeGroup($0, list: list, root: root, unnamed: named ? "Any store" : nil) }
    }

    private func storeGroup(
        _ group: ListGrouping.StoreGroup, list: ShoppingList, root: String, unnamed: String?
    ) -> StoreGroup {
        var seen: [String: Int] = [:]
        let sections = group.sections.map { section in
            ItemSection(
                name: section.name, emoji: section.emoji,
                items: section.items.map { item(list, $0, root: root, seen: &seen) }
            )
        }
        return StoreGroup(
            name: group.store?.name ?? unnamed,
            mapHref: group.store.flatMap(Self.mapLink),
            geoHref: group.store?.location.map { "geo:\($0.latitude),\($0.longitude)" },
            addressText: group.store?.address,
            sections: sections,
            totalText: priceText(group.sections.flatMap { $0.items }.map(lineTotal))
        )
    }

    private func item(_ list: ShoppingList, _ item: Item, root: String, seen: inout [String: Int]) -> ItemView {
        // Ids from the name, so ticks kept in the browser follow the item
        // when lines are added or moved.
        let base = "item-" + Self.slug(item.name)
        seen[base, default: 0] += 1
        let id = seen[base]! == 1 ? base : "\(base)-\(seen[base]!)"
        let favorites = Set(kitchen.favorites.items.map(ItemName.key))
        return ItemView(
            id: id,
            name: item.name,
            quantityText: AmountFormat.text(item.quantity, unit: item.unit, unitName: item.unitName),
            note: item.note,
            checked: item.checked,
            priorityHigh: item.priority == .high,
            priorityLow: item.priority == .low,
            priorityText: item.priority == .normal ? nil : "\(item.priority.rawValue) priority",
            requestedBy: item.requestedBy,
            priceText: item.price.map { money($0) },
            added: item.added,
            imageHref: imageHref(item.image, root: root),
            url: item.url,
            details: item.details.map { DetailView(key: $0.key, value: $0.value) },
            favorite: favorites.contains(ItemName.key(item.name)),
            sourceText: nil
        )
    }

    /// An OpenStreetMap link for a store: its location, else a search for its address.
    static func mapLink(_ store: Store) -> String? {
        if let location = store.location {
            return "https://www.openstreetmap.org/?mlat=\(location.latitude)&mlon=\(location.longitude)#map=17/\(location.latitude)/\(location.longitude)"
        }
        guard let address = store.address,
              let query = address.addingPercentEncoding(withAllowedCharacters: .alphanumerics) else { return nil }
        return "https://www.openstreetmap.org/search?query=\(query)"
    }

    /// Price × quantity for an item with a price (count when there is no
    /// exact quantity).
    func lineTotal(_ item: Item) -> Rational? {
        guard let price = item.price else { return nil }
        if case .exact(let amount)? = item.quantity { return price * amount }
        return price
    }

    func priceText(_ totals: [Rational?]) -> String? {
        let known = totals.compactMap { $0 }
        guard !known.isEmpty else { return nil }
        return money(known.reduce(Rational.zero, +))
    }

    /// "12.40 EUR", or "12.40" without a currency.
    func money(_ amount: Rational) -> String {
        let cents = (amount * Rational(100)).rounded
        let text = "\(cents / 100).\(String(format: "%02d", abs(cents % 100)))"
        return kitchen.config.currency.map { "\(text) \($0)" } ?? text
    }
}

extension Rational {
    /// To the nearest integer, halves away from zero.
    var rounded: Int {
        let doubled = numerator * 2 + (numerator >= 0 ? denominator : -denominator)
        return doubled / (denominator * 2)
    }
}
