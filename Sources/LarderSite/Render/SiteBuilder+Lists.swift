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
        let plan = plans[list.id]
        // The same share `larder share` prints (Share.list), from the plan made once.
        var share = plan.map { Share.plan($0, title: list.title, system: kitchen.config.units) } ?? Share.headings(list)
        // Its address, as `larder share` ends with it (an unlisted list's: this page's own).
        share.link = absoluteURL(folder)
        let shareText = share.render(.text)
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
            groups: plan.map { planGroups($0, root: root) } ?? headingGroups(list, root: root),
            recipes: list.recipes.compactMap { request in
                kitchen.recipe(request.recipe).map { recipe in
                    ListRecipe(
                        title: recipe.title, href: root + page(recipeFolder(recipe)),
                        // A recipe without servings is not scaled: no "6 servings" claims it is.
                        servingsText: recipe.servings == nil ? nil
                            : request.servings.map { "\(QuantityDisplay.number(.exact($0), fractional: !$0.isInteger)) servings" }
                    )
                }
            },
            totalText: plan.map { $0.total.map(money) } ?? priceText(list.items.map(lineTotal)),
            favorite: kitchen.favorites.lists.contains(list.id),
            printHref: list.kind == .shopping ? Self.printFolder + "index.html" : nil,
            history: history?.view(for: list)
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

    /// Shopping lists count the lines of their plan (recipe ingredients
    /// included, the same thing merged once); other lists their items.
    func countText(_ list: ShoppingList) -> String {
        if let plan = plans[list.id] { return Share.counts(plan) }
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

    /// A shopping list's page from its plan: stores, aisles, merged lines.
    private func planGroups(_ plan: ShoppingPlan, root: String) -> [StoreGroup] {
        let named = plan.stores.contains { $0.store != nil }
        return plan.stores.map { section in
            StoreGroup(
                name: section.store?.name ?? (named ? "Any store" : nil),
                mapHref: section.store.flatMap(Self.mapLink),
                geoHref: section.store?.location.map { "geo:\($0.latitude),\($0.longitude)" },
                addressText: section.store?.address,
                sections: section.categories.map { category in
                    ItemSection(
                        name: category.category.name, emoji: category.category.emoji,
                        items: category.lines.map { planItem($0, root: root) }
                    )
                },
                totalText: section.total.map(money)
            )
        }
    }

    private func planItem(_ line: PlanLine, root: String) -> ItemView {
        let item = line.items.first
        let recipes = line.provenance.map(\.source).filter { $0.kind == .recipe && $0.partOf == nil }
        var seen = Set<String>()
        let labels = recipes.map(\.label).filter { seen.insert($0).inserted }
        let id = "item-" + Self.slug(line.key)
        let quantityText = line.amountText(in: kitchen.config.units)
        let note = Self.joinedNotes(line.noteTexts(in: kitchen.config.units))
        return ItemView(
            id: id,
            tickKey: Self.tickKey(id, line.name, quantityText, note, line.checked),
            name: line.name,
            quantityText: quantityText,
            note: note,
            checked: line.checked,
            priorityHigh: line.priority == .high,
            priorityLow: line.priority == .low,
            priorityText: line.priority == .normal ? nil : "\(line.priority.rawValue) priority",
            requestedBy: item?.requestedBy,
            priceText: item?.price.map { money($0) },
            added: item?.added,
            imageHref: imageHref(item?.image, root: root),
            url: item?.url,
            details: item?.details.map(DetailView.init) ?? [],
            favorite: favoriteItems.contains(line.key),
            sourceText: labels.isEmpty ? nil : "for " + labels.joined(separator: ", ")
        )
    }

    private static func joinedNotes(_ notes: [String]) -> String? {
        notes.isEmpty ? nil : notes.joined(separator: "; ")
    }

    /// Checklists and collections: one group, by heading.
    private func headingGroups(_ list: ShoppingList, root: String) -> [StoreGroup] {
        var seen: [String: Int] = [:]
        let sections = ListGrouping.sections(list).map { section in
            ItemSection(name: section.name, emoji: nil, items: section.items.map { item(list, $0, root: root, seen: &seen) })
        }
        guard !sections.isEmpty else { return [] }
        return [StoreGroup(
            name: nil, mapHref: nil, geoHref: nil, addressText: nil, sections: sections,
            totalText: priceText(list.items.map(lineTotal))
        )]
    }

    private func item(_ list: ShoppingList, _ item: Item, root: String, seen: inout [String: Int]) -> ItemView {
        // Ids from the name, so ticks kept in the browser follow the item
        // when lines are added or moved.
        let base = "item-" + Self.slug(item.name)
        seen[base, default: 0] += 1
        let id = seen[base]! == 1 ? base : "\(base)-\(seen[base]!)"
        let quantityText = QuantityDisplay.text(item.quantity, unit: item.unit, unitName: item.unitName)
        return ItemView(
            id: id,
            tickKey: Self.tickKey(id, item.name, quantityText, item.note, item.checked),
            name: item.name,
            quantityText: quantityText,
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
            details: item.details.map(DetailView.init),
            favorite: favoriteItems.contains(ItemName.key(item.name)),
            sourceText: nil
        )
    }

    /// A fingerprint of an item as its page shows it (id, name, amount,
    /// note, and whether the file ticks it), 16 hex digits: larder.js keeps
    /// a tick with it and drops the tick once the item changes in the file.
    static func tickKey(_ id: String, _ name: String, _ amount: String?, _ note: String?, _ checked: Bool) -> String {
        var builder = ContentHash.Builder()
        builder.add("larder-tick 1")
        for part in [id, name, amount ?? "", note ?? ""] { builder.add(part) }
        builder.add(UInt64(checked ? 1 : 0))
        return ContentHash.hexDigits(builder.hash.high)
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
        QuantityDisplay.money(amount, currency: kitchen.config.currency)
    }
}
