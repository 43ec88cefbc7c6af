import LarderCore
import LarderQuantities

/// Makes a ``ShoppingPlan``: the items of lists and the scaled ingredients of
/// recipes, merged by name, with ticked items and pantry staples set aside,
/// grouped by store and then by aisle.
public enum ShoppingPlanner {
    /// How deep sub-recipes expand. `larder check` rejects cycles; this only
    /// keeps a kitchen that was not checked from recursing without end.
    static let maxDepth = 8

    /// The plan for `request`.
    ///
    /// - Recipes scale by the servings asked for over the recipe's own (1 when
    ///   either is missing); a sub-recipe ("1 batch [Pizza dough](pizza-dough)")
    ///   expands into its ingredients, times its batches.
    /// - Entries merge by ``ItemName/key(_:)`` (see ``PlanAmount/merged(_:)``).
    ///   Name, category and store come from the first entry. A store is the
    ///   item's, else its list's (for recipe ingredients: the list that pulls
    ///   the recipe in, or the first list), else the catalog's.
    /// - A line whose list entries are all ticked and that no recipe needs is
    ///   left out (`includeChecked` keeps it, ticked); in a line still to buy,
    ///   the ticked entries are never part of the amount to buy (they are in
    ///   the basket) but are kept apart in ``PlanLine/ticked``.
    /// - Plain counts ("3 ⅓ limes") round up after scaling and summing: whole
    ///   things are bought whole. The provenance keeps the exact figures.
    /// - Entries merge by ``FoodNames/key(_:)``: size words and the kitchen's
    ///   aliases do not split a food in two.
    /// - A pantry staple is left out unless an unticked list item asks for it:
    ///   writing "olive oil" on a list means it ran out. A staple covers its
    ///   everyday variants (``FoodNames/staple(_:covers:)``).
    /// - An amount in stock (the pantry's `have`, pantry.conf's quantity) is
    ///   taken off what recipes ask for (``PlanAmount/toBuy(lists:recipes:recipeCount:stock:)``):
    ///   a line it covers is left out, as in stock; list items are bought as
    ///   written. `includePantry` shops as if the pantry were empty.
    ///
    /// Throws when the request, or a requested list's `recipes`, names a list
    /// or recipe the kitchen does not have.
    public static func plan(_ request: ShoppingRequest, in kitchen: Kitchen) throws(PlanError) -> ShoppingPlan {
        let collector = try collect(request, in: kitchen)
        return Assembler(kitchen: kitchen, request: request).plan(collector.entries, sources: collector.sources)
    }

    /// The plan for `request` with its ticked lines kept, and without them
    /// (whatever `request.includeChecked` says), from one reading and one
    /// merge of its lists and recipes: a site's list page keeps ticked lines
    /// and its printable sheet does not, and planning each list twice was
    /// some 3 % of a full build.
    public static func plans(
        _ request: ShoppingRequest, in kitchen: Kitchen
    ) throws(PlanError) -> (withTicked: ShoppingPlan, withoutTicked: ShoppingPlan) {
        let collector = try collect(request, in: kitchen)
        let assembler = Assembler(kitchen: kitchen, request: request)
        let lines = assembler.lines(collector.entries)
        return (
            assembler.plan(lines, sources: collector.sources, includeChecked: true),
            assembler.plan(lines, sources: collector.sources, includeChecked: false)
        )
    }

    /// The entries of the request's lists and recipes, in order.
    private static func collect(_ request: ShoppingRequest, in kitchen: Kitchen) throws(PlanError) -> EntryCollector {
        var collector = EntryCollector(kitchen: kitchen)
        var recipeRequests: [(request: RecipeRequest, list: String?)] = []
        var seenLists = Set<String>()
        for id in request.lists where seenLists.insert(id).inserted {
            guard let list = kitchen.list(id) else {
                throw .unknownList(id, hint: Suggestion.hint(for: id, among: kitchen.lists.map(\.id), plural: "lists"))
            }
            collector.add(list)
            recipeRequests += list.recipes.map { ($0, list.id) }
        }
        recipeRequests += request.recipes.map { ($0, nil) }
        for (recipeRequest, list) in recipeRequests {
            guard let recipe = kitchen.recipe(recipeRequest.recipe) else {
                let hint = Suggestion.hint(for: recipeRequest.recipe, among: kitchen.recipes.map(\.id), plural: "recipes")
                throw .unknownRecipe(recipeRequest.recipe, hint: hint, list: list)
            }
            var servings = recipeRequest.servings
            if let asked = servings, asked <= .zero {
                throw .invalidServings(recipe: recipe.id, servings: asked)
            }
            // Servings of a recipe that has none cannot scale it: asked for
            // on the command line that is an error; in a list's `recipes`
            // they are dropped (`check` warns, servings-ignored), so that no
            // "×N" label claims them.
            if let asked = servings, recipe.servings == nil {
                if list == nil { throw .noServings(recipe: recipe.id, servings: asked) }
                servings = nil
            }
            // A recipe's ingredients go to the store of the list that pulls
            // it in (extra recipes: the first list's), else the catalog's.
            let listStore = (list ?? request.lists.first).flatMap { kitchen.list($0)?.store }
            collector.add(recipe, servings: servings, listStore: listStore)
        }
        return collector
    }
}

/// One item or ingredient, scaled, with where it belongs.
struct PlanEntry: Sendable {
    var name: String
    var amount: PlanAmount?
    var source: PlanSource
    var location: SourceLocation
    var fromList: Bool
    var checked: Bool
    var categoryID: String
    var storeID: String?
    var priority: Priority
    var note: String?
    var optional: Bool
    /// Price × quantity, for priced items.
    var cost: Rational?
    /// The list item as written; nil for recipe ingredients.
    var item: Item? = nil
}

/// Reads lists and recipes into entries, in order: lists, then recipes, each
/// sub-recipe's ingredients where the sub-recipe stands.
struct EntryCollector {
    let kitchen: Kitchen
    private(set) var entries: [PlanEntry] = []
    private(set) var sources: [PlanSource] = []

    init(kitchen: Kitchen) {
        self.kitchen = kitchen
    }

    mutating func add(_ list: ShoppingList) {
        let source = PlanSource(kind: .list, id: list.id, title: list.title)
        sources.append(source)
        for item in list.items {
            let amount = Self.amount(item.quantity, unit: item.unit, unitName: item.unitName, size: item.size)
            for name in [item.name] + item.alsoNames {
                let entry = catalogEntry(name)
                entries.append(PlanEntry(
                    name: name, amount: amount, source: source, location: item.location, fromList: true,
                    checked: item.checked, categoryID: item.category ?? entry?.category ?? "other",
                    storeID: item.store ?? list.store ?? entry?.store, priority: item.priority, note: item.note,
                    optional: false, cost: name == item.name ? Self.cost(item) : nil, item: item
                ))
            }
        }
    }

    mutating func add(_ recipe: Recipe, servings: Rational?, listStore: String? = nil) {
        var scale = Rational.one
        if let servings, let own = recipe.servings, own > 0, let factor = servings.divided(by: Rational(own)) {
            scale = factor
        }
        let source = PlanSource(kind: .recipe, id: recipe.id, title: recipe.title, servings: servings, scale: scale)
        sources.append(source)
        expand(recipe, scale: scale, source: source, path: [recipe.id], listStore: listStore)
    }

    /// `recipe`'s ingredients times `scale`; sub-recipes in their place.
    private mutating func expand(
        _ recipe: Recipe, scale: Rational, source: PlanSource, path: [String], listStore: String?
    ) {
        for ingredient in recipe.ingredients {
            if let id = ingredient.recipe, let sub = kitchen.recipe(id), !path.contains(id),
               path.count < ShoppingPlanner.maxDepth {
                let subScale = scale * Self.batches(ingredient)
                let subSource = PlanSource(
                    kind: .recipe, id: sub.id, title: sub.title,
                    servings: sub.servings.map { Rational($0) * subScale }, scale: subScale, partOf: recipe.id
                )
                sources.append(subSource)
                expand(sub, scale: subScale, source: subSource, path: path + [id], listStore: listStore)
                continue
            }
            let amount = Self.amount(
                ingredient.quantity?.scaled(by: scale), unit: ingredient.unit, unitName: ingredient.unitName,
                size: ingredient.size)
            // "Salt and pepper to taste": each food is bought on its own.
            for name in [ingredient.name] + ingredient.alsoNames {
                let entry = catalogEntry(name)
                entries.append(PlanEntry(
                    name: name, amount: amount, source: source, location: ingredient.location, fromList: false,
                    checked: false, categoryID: entry?.category ?? "other", storeID: listStore ?? entry?.store,
                    priority: .normal, note: nil, optional: ingredient.optional, cost: nil
                ))
            }
        }
    }

    /// The catalog's entry for `name`, else for the food it is an alias of
    /// ("garlic cloves" is garlic, in produce).
    private func catalogEntry(_ name: String) -> Catalog.Entry? {
        kitchen.catalog.entry(for: name) ?? kitchen.catalog.entry(for: kitchen.foods.key(name))
    }

    /// "2 batches", "2 [Pizza dough](…)": 2; a range counts its top; any
    /// other unit ("500 g [Pizza dough](…)") counts as one batch.
    private static func batches(_ ingredient: Ingredient) -> Rational {
        guard let quantity = ingredient.quantity, quantity.upperBound > .zero else { return .one }
        let plain = ingredient.unit == nil && ingredient.unitName == nil
        return plain || ingredient.unit == .batch ? quantity.upperBound : .one
    }

    private static func amount(_ quantity: Quantity?, unit: Unit?, unitName: String?, size: PackageSize?) -> PlanAmount? {
        quantity.map { PlanAmount(quantity: $0, unit: unit, unitName: unit == nil ? unitName : nil, size: size) }
    }

    /// The price is per unit, or per piece: times the quantity (the top of
    /// a range: an estimate errs high), else times one.
    private static func cost(_ item: Item) -> Rational? {
        guard let price = item.price else { return nil }
        return price * (item.quantity?.upperBound ?? .one)
    }
}

/// Merges entries into lines, sets aside what is not to buy, and groups the
/// rest by store and category.
struct Assembler {
    let kitchen: Kitchen
    let request: ShoppingRequest

    func plan(_ entries: [PlanEntry], sources: [PlanSource]) -> ShoppingPlan {
        plan(lines(entries), sources: sources, includeChecked: request.includeChecked)
    }

    /// Sets aside what is not to buy and groups the rest.
    func plan(_ lines: [PlanLine], sources: [PlanSource], includeChecked: Bool) -> ShoppingPlan {
        var kept: [PlanLine] = []
        var leftOut: [PlanLine] = []
        for line in lines {
            let drop = (line.checked && !includeChecked) || (line.pantry && !request.includePantry) || line.inStock
            if drop { leftOut.append(line) } else { kept.append(line) }
        }
        let stores = group(kept)
        return ShoppingPlan(sources: sources, stores: stores, leftOut: leftOut, total: Self.sum(stores.map(\.total)))
    }

    /// Every line, ticked, staple and in stock ones too, in the order their
    /// first entries came.
    func lines(_ entries: [PlanEntry]) -> [PlanLine] {
        var order: [String] = []
        var byKey: [String: [PlanEntry]] = [:]
        for entry in entries {
            let key = kitchen.foods.key(entry.name)
            if byKey[key] == nil { order.append(key) }
            byKey[key, default: []].append(entry)
        }
        let pantry = Set(kitchen.config.staples.map { FoodNames.stapleKey(kitchen.foods.key($0)) })
        // Amounts in stock, by the key staples match by; asked to keep the
        // pantry, a sheet shops as if it were empty.
        var stock: [String: [PlanAmount]] = [:]
        if !request.includePantry {
            for item in kitchen.config.pantry {
                guard let have = item.have else { continue }
                stock[FoodNames.stapleKey(kitchen.foods.key(item.name)), default: []].append(have)
            }
        }
        let commonNames = Dictionary(
            kitchen.config.commonNames.map { (kitchen.foods.key($0), $0) }, uniquingKeysWith: { first, _ in first })
        var lines: [PlanLine] = []
        lines.reserveCapacity(order.count)
        for key in order {
            // The staple key once, and only when there are staples or stock to match.
            let stapleKey = pantry.isEmpty && stock.isEmpty ? nil : FoodNames.stapleKey(key)
            let isStaple = stapleKey.map(pantry.contains) ?? false
            let inStock = isStaple ? [] : stapleKey.flatMap { stock[$0] }.map(PlanAmount.merged) ?? []
            var line = self.line(key: key, entries: byKey[key] ?? [], isStaple: isStaple, stock: inStock)
            // Several names of one food on one line: called by its common name.
            if let common = commonNames[key], Set((byKey[key] ?? []).map { FoodNames.plainKey($0.name) }).count > 1 {
                line.name = common
            }
            lines.append(line)
        }
        return lines
    }

    private func line(key: String, entries all: [PlanEntry], isStaple: Bool, stock: [PlanAmount]) -> PlanLine {
        // Only list items are ever ticked, so a line is all ticked when
        // every entry is a ticked list item.
        let checked = all.allSatisfy(\.checked)
        // In a line still to buy, what is already in the basket is not, also
        // when ticked lines are kept (share, the list page): the ticked
        // entries are set apart, never added to what is left to buy.
        let entries = checked ? all : all.filter { !$0.checked }
        let ticked = checked ? [] : all.filter(\.checked)
        let first = entries.first ?? all[0]
        var notes: [String] = []
        for note in entries.compactMap(\.note) where !notes.contains(note) { notes.append(note) }
        if entries.allSatisfy(\.optional) { notes.append("optional") }
        // What is in stock comes off what recipes ask for, before counts
        // are rounded up to whole things; never off a line all ticked.
        let recipeEntries = entries.filter { !$0.fromList }
        let toBuy = PlanAmount.toBuy(
            lists: entries.filter(\.fromList).compactMap(\.amount), recipes: recipeEntries.compactMap(\.amount),
            recipeCount: checked ? 0 : recipeEntries.count, stock: stock)
        let amounts = toBuy.amounts.map(\.wholeIfCounted)
        return PlanLine(
            name: Self.name(entries, first: first.name, amounts: amounts), key: key, amounts: amounts,
            provenance: entries.map { Provenance(source: $0.source, amount: $0.amount, location: $0.location) },
            categoryID: first.categoryID, storeID: first.storeID, checked: checked,
            priority: entries.map(\.priority).min() ?? .normal, notes: notes, total: Self.sum(entries.map(\.cost)),
            pantry: isStaple && !entries.contains { $0.fromList && !$0.checked },
            items: all.compactMap(\.item), ticked: PlanAmount.merged(ticked.compactMap(\.amount)),
            hasTicked: !ticked.isEmpty, stock: toBuy.used, inStock: toBuy.covered
        )
    }

    /// The name as first written, unless the line is a count that another
    /// spelling agrees with in number: "5 limes", not "5 lime", when one
    /// recipe wrote "lime" and another "limes".
    private static func name(_ entries: [PlanEntry], first: String, amounts: [PlanAmount]) -> String {
        guard amounts.count == 1, let count = amounts.first, count.unit == nil, count.unitName == nil else { return first }
        let plural = count.quantity.upperBound > .one
        func isPlural(_ name: String) -> Bool {
            guard let last = name.lowercased().split(whereSeparator: { $0.isWhitespace || $0 == "-" }).last else { return false }
            return ItemName.key(String(last)) != last
        }
        guard isPlural(first) != plural else { return first }
        return entries.first { isPlural($0.name) == plural }?.name ?? first
    }

    /// Stores in config order, then unknown store ids in order, then "any
    /// store"; categories in the store's aisle order, then the kitchen's
    /// category order, then unknown ids in order; lines as they came.
    private func group(_ lines: [PlanLine]) -> [StoreSection] {
        var byStore: [String?: [String: [PlanLine]]] = [:]
        for line in lines { byStore[line.storeID, default: [:]][line.categoryID, default: []].append(line) }
        let storeRank = Self.ranks(kitchen.stores.map(\.id))
        let categoryRank = Self.ranks(kitchen.categories.map(\.id))
        let storeIDs = byStore.keys.sorted { a, b in
            switch (a, b) {
            case (nil, _): false
            case (_, nil): true
            case (let a?, let b?): (storeRank[a] ?? .max, a) < (storeRank[b] ?? .max, b)
            }
        }
        return storeIDs.map { storeID in
            let store = storeID.map { kitchen.store($0) ?? Store(id: $0, name: $0) }
            let aisleRank = Self.ranks(store?.aisles ?? [])
            let categories = byStore[storeID] ?? [:]
            let sections = categories.keys
                .sorted { a, b in
                    (aisleRank[a] ?? .max, categoryRank[a] ?? .max, a) < (aisleRank[b] ?? .max, categoryRank[b] ?? .max, b)
                }
                .map { id in
                    CategorySection(category: kitchen.category(id) ?? Category(id: id, name: id), lines: categories[id] ?? [])
                }
            let total = Self.sum(sections.flatMap { $0.lines.map(\.total) })
            return StoreSection(store: store, categories: sections, total: total)
        }
    }

    private static func ranks(_ ids: [String]) -> [String: Int] {
        Dictionary(ids.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The sum of the known values; nil when there are none.
    private static func sum(_ values: [Rational?]) -> Rational? {
        values.reduce(nil) { total, value in
            guard let value else { return total }
            return (total ?? .zero) + value
        }
    }
}
