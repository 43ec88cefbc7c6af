import LarderCore
import LarderQuantities

/// Turns a schema-checked JSON value (a JSON file or a Markdown file's front
/// matter) into model values. Values of the wrong type were reported by the
/// schema already and are skipped here, never guessed at.
struct DocumentDecoder {
    let path: String
    var diagnostics: [Diagnostic] = []
    var references: [Reference] = []
    /// The file, read again only to place a problem found inside a string
    /// value (see `TextPlacement`); split into lines on the first such need.
    private let bytes: [UInt8]
    private var source: SourceText?
    /// The last value placed: values are placed in file order, so a line of
    /// many (a JSON file on one line) is walked once, not once per value.
    private var cursor: (line: Int, column: Int, index: String.Index)?

    init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    func location(_ position: SourcePosition) -> SourceLocation {
        SourceLocation(path: path, position: position)
    }

    mutating func refer(_ kind: Reference.Kind, _ value: JSONValue?) {
        guard let value, let target = value.string else { return }
        if kind != .image, !Identifier.isValid(target) { return }  // the schema reported it
        references.append(Reference(kind: kind, target: target, location: location(value.position)))
    }

    // MARK: Quantities

    /// A `quantity` field: a number, or text such as "1 1/2".
    mutating func quantity(_ value: JSONValue?) -> Quantity? {
        guard let value else { return nil }
        let text: String
        switch value.kind {
        case .number(let number):
            // The schema keeps numbers above 0; read them exactly (1e3 too).
            return Rational(jsonNumber: number.literal).map(Quantity.exact)
        case .string(let string):
            text = string
        default: return nil
        }
        switch LineParser.parseQuantity(text) {
        case .success(let quantity):
            return quantity
        case .failure(let problem):
            let place = placement(of: text, at: value.position)
            diagnostics.append(problem.diagnostic(at: location(place.position(problem.offset))))
            return nil
        }
    }

    /// Where `text`, a string value starting at `value`, is in the file.
    mutating func placement(of text: String, at value: SourcePosition) -> TextPlacement {
        let source = source ?? SourceText(path: path, bytes: bytes)
        self.source = source
        guard let line = source.line(value.line) else { return TextPlacement(of: text, at: value, from: nil) }
        let scalars = line.unicodeScalars
        var (column, index) = (1, scalars.startIndex)
        if let cursor, cursor.line == value.line, cursor.column <= value.column {
            (column, index) = (cursor.column, cursor.index)
        }
        while column < value.column, index < scalars.endIndex {
            index = scalars.index(after: index)
            column += 1
        }
        guard column == value.column else { return TextPlacement(of: text, at: value, from: nil) }
        cursor = (value.line, column, index)
        return TextPlacement(of: text, at: value, from: line[index...])
    }

    /// A `unit` field: known units can convert and merge; others are kept as
    /// written, with a warning.
    mutating func unit(_ value: JSONValue?) -> (Unit?, String?) {
        guard let value, let name = value.string else { return (nil, nil) }
        if let unit = UnitCatalog.unit(named: name) { return (unit, name) }
        diagnostics.append(.warning(
            "unknown-unit", "unknown unit \"\(name)\"; it is shown as written but never converted or merged",
            at: location(value.position),
            hint: "use a known unit such as g, kg, ml, l, tsp, tbsp, cup, oz, lb, clove, can, or leave the unit out for a count"
        ))
        return (nil, name)
    }

    /// A price: a JSON number, exactly.
    func rational(_ value: JSONValue?) -> Rational? {
        value?.number.flatMap { Rational(jsonNumber: $0.literal) }
    }

    mutating func duration(_ value: JSONValue?, field: String) -> CookingTime? {
        guard let value, let text = value.string else { return nil }
        if let time = CookingTime(text) { return time }
        // Worded as the schema's own check, so the two collapse into one.
        diagnostics.append(.error(
            "bad-format", "\(field): must be a duration such as \"10 min\", \"1 h 15 min\" or \"PT1H15M\"",
            at: location(value.position)
        ))
        return nil
    }

    /// `4`, or a range `"4-6"`, `"4–6"`, `"4 to 6"` (the schema checks the
    /// form): its lower end and, for a range, its upper end.
    mutating func servings(_ value: JSONValue?) -> (Int?, Int?) {
        guard let value else { return (nil, nil) }
        guard let text = value.string else { return (value.number?.intValue, nil) }
        // Read strictly, not trusting the schema's verdict: a value it
        // refused ("4-6 people") must not be scaled by either.
        guard let ends = Self.servingsRange(text) else { return (nil, nil) }
        guard ends[0] < ends[1] else {
            diagnostics.append(.error(
                "bad-format", "servings: the range \"\(text)\" does not go up",
                at: location(value.position), hint: "write the smaller number first, as in \"4-6\", or one number"
            ))
            return (nil, nil)
        }
        return (ends[0], ends[1])
    }

    /// The two ends of a servings range as written ("4-6", "4–6", "4 to
    /// 6"), in the order written; nil for anything else.
    static func servingsRange(_ text: String) -> [Int]? {
        let ends = text.replacing(" to ", with: "-")
            .split(omittingEmptySubsequences: false) { $0 == "-" || $0 == "\u{2013}" }
            .compactMap { end -> Int? in
                let digits = end.trimmingSpaces
                guard digits.allSatisfy({ ("0"..."9").contains($0) }), let value = Int(digits), value > 0 else { return nil }
                return value
            }
        return ends.count == 2 ? ends : nil
    }

    static func strings(_ value: JSONValue?) -> [String] {
        value?.array?.compactMap(\.string) ?? []
    }

    static func details(_ value: JSONValue?) -> [Detail] {
        value?.object?.members.compactMap { member in
            text(member.value).map { Detail(key: member.key, value: $0) }
        } ?? []
    }

    /// A scalar, or an array of scalars, as text.
    static func text(_ value: JSONValue) -> String? {
        switch value.kind {
        case .string(let s): s
        case .number(let n): n.literal
        case .bool(let b): b ? "yes" : "no"
        case .array(let elements): elements.compactMap(text).joined(separator: ", ")
        default: nil
        }
    }

    // MARK: Documents

    struct ConfigDocument: Sendable {
        var config = SiteConfig()
        var stores: [Store] = []
        var categories: [Category] = []
        var catalog: [(name: String, entry: Catalog.Entry)] = []
    }

    mutating func config(_ root: JSONValue) -> ConfigDocument {
        var document = ConfigDocument()
        var config = SiteConfig()
        if let title = root["title"]?.string { config.title = title }
        config.description = root["description"]?.string
        if let url = root["baseURL"]?.string {
            config.baseURL = url.hasSuffix("/") ? url : url + "/"
        }
        if let language = root["language"]?.string { config.language = language }
        config.currency = root["currency"]?.string
        config.units = root["units"]?.string.flatMap(UnitSystem.init(rawValue:))
        config.current = root["current"]?.string
        refer(.list, root["current"])
        config.pantry = pantry(root["pantry"])
        config.aliases = aliases(root["aliases"])
        config.history = history(root["history"])
        document.config = config

        var seen: [String: SourcePosition] = [:]
        for value in root["stores"]?.array ?? [] {
            guard let id = value["id"]?.string, let name = value["name"]?.string,
                  unique(id, "store", value["id"]!.position, &seen) else { continue }
            var store = Store(id: id, name: name, address: value["address"]?.string, url: value["url"]?.string)
            if let lat = value["location"]?["lat"]?.number, let lon = value["location"]?["lon"]?.number {
                store.location = GeoPoint(latitude: lat.literal, longitude: lon.literal)
            }
            for aisle in value["aisles"]?.array ?? [] {
                guard let id = aisle.string else { continue }
                store.aisles.append(id)
                refer(.category, aisle)
            }
            document.stores.append(store)
        }
        seen = [:]
        for value in root["categories"]?.array ?? [] {
            guard let id = value["id"]?.string, let name = value["name"]?.string,
                  unique(id, "category", value["id"]!.position, &seen) else { continue }
            document.categories.append(Category(id: id, name: name, emoji: value["emoji"]?.string))
        }
        for member in root["catalog"]?.object?.members ?? [] {
            let entry = Catalog.Entry(category: member.value["category"]?.string, store: member.value["store"]?.string)
            refer(.category, member.value["category"])
            refer(.store, member.value["store"])
            document.catalog.append((member.key, entry))
        }
        return document
    }

    /// `"history": {"show": true, "changes": 5, ...}` (the schema bounds the numbers).
    private func history(_ value: JSONValue?) -> HistorySettings {
        var settings = HistorySettings()
        guard let value else { return settings }
        if let show = value["show"]?.bool { settings.show = show }
        func integer(_ name: String) -> Int? { value[name]?.number.flatMap { Int($0.literal) } }
        if let changes = integer("changes") { settings.changes = changes }
        if let suggestions = integer("suggestions") { settings.suggestions = suggestions }
        if let versions = integer("versions") { settings.versions = versions }
        if let share = value["share"]?.number.flatMap({ Double($0.literal) }) { settings.share = share }
        return settings
    }

    /// `"pantry": ["salt", {"name": "flour", "have": "1 kg"}]`: staples, and
    /// amounts in stock read as pantry.conf's are (`PantryItem.stock`).
    private mutating func pantry(_ value: JSONValue?) -> [PantryItem] {
        var items: [PantryItem] = []
        for element in value?.array ?? [] {
            guard let name = element.string ?? element["name"]?.string else { continue }
            var item = PantryItem(name: name)
            if let have = element["have"] {
                if let number = have.number {
                    item.have = Rational(jsonNumber: number.literal).map { PlanAmount(quantity: .exact($0)) }
                } else if let text = have.string {
                    let place = placement(of: text, at: have.position)
                    switch PantryItem.stock(text, at: { location(place.position($0)) }) {
                    case .problem(let problem):
                        diagnostics.append(problem)
                        continue
                    case .staple:
                        break
                    case .amount(let amount, let warning):
                        diagnostics += [warning].compactMap { $0 }
                        item.have = amount
                    }
                }
            }
            items.append(item)
        }
        return items
    }

    /// `"aliases": {"scallion": ["spring onion"]}`. The schema checks the
    /// shape; this reports what would make merging depend on order: one
    /// alias for two foods, an alias that is also a food with aliases, an
    /// alias that is its own food. Such an alias is left out.
    private mutating func aliases(_ value: JSONValue?) -> [FoodAlias] {
        let members = value?.object?.members ?? []
        let names = Dictionary(members.map { (FoodNames.plainKey($0.key), $0.key) }, uniquingKeysWith: { a, _ in a })
        var owner: [String: String] = [:]
        var aliases: [FoodAlias] = []
        for member in members {
            let key = FoodNames.plainKey(member.key)
            var kept: [String] = []
            for element in member.value.array ?? [] {
                guard let alias = element.string else { continue }
                let aliasKey = FoodNames.plainKey(alias)
                let problem: (message: String, hint: String)? =
                    if aliasKey == key {
                        ("the alias \"\(alias)\" is the name \"\(member.key)\" itself", "remove it: case and plural are ignored anyway")
                    } else if let other = owner[aliasKey], other != member.key {
                        ("the alias \"\(alias)\" is given for both \"\(other)\" and \"\(member.key)\"", "keep it under one name: one alias is one food")
                    } else if let name = names[aliasKey] {
                        ("the alias \"\(alias)\" is also a name with aliases (\"\(name)\")", "list all of its names under one of them")
                    } else {
                        nil
                    }
                if let problem {
                    diagnostics.append(.error("bad-alias", problem.message, at: location(element.position), hint: problem.hint))
                    continue
                }
                owner[aliasKey] = member.key
                kept.append(alias)
            }
            aliases.append(FoodAlias(name: member.key, aliases: kept))
        }
        return aliases
    }

    /// Whether `id` is new in `seen`; reports it when it is defined again.
    private mutating func unique(
        _ id: String, _ noun: String, _ position: SourcePosition, _ seen: inout [String: SourcePosition]
    ) -> Bool {
        if let first = seen[id] {
            diagnostics.append(.error(
                "duplicate-id", "the \(noun) \"\(id)\" is defined twice (first at line \(first.line))",
                at: location(position), hint: "keep one of them, or give this one another id"
            ))
            return false
        }
        seen[id] = position
        return true
    }

    mutating func favorites(_ root: JSONValue) -> Favorites {
        for value in root["recipes"]?.array ?? [] { refer(.recipe, value) }
        for value in root["lists"]?.array ?? [] { refer(.list, value) }
        return Favorites(
            recipes: Self.strings(root["recipes"]),
            lists: Self.strings(root["lists"]),
            items: Self.strings(root["items"])
        )
    }

    mutating func list(_ root: JSONValue, id: String) -> ShoppingList {
        var list = ShoppingList(id: id, path: path, title: root["title"]?.string ?? id)
        if let kind = root["kind"]?.string.flatMap(ShoppingList.Kind.init(rawValue:)) { list.kind = kind }
        list.description = root["description"]?.string
        list.store = root["store"]?.string
        refer(.store, root["store"])
        list.members = Self.strings(root["members"])
        if let visibility = root["visibility"]?.string.flatMap(ShoppingList.Visibility.init(rawValue:)) {
            list.visibility = visibility
        }
        if let sort = root["sort"]?.string.flatMap(ShoppingList.Sort.init(rawValue:)) { list.sort = sort }
        for value in root["recipes"]?.array ?? [] {
            guard let recipe = value["recipe"]?.string else { continue }
            refer(.recipe, value["recipe"])
            var servings: Rational?
            if let number = value["servings"] {
                servings = rational(number)
                references.append(Reference(kind: .servings, target: recipe, location: location(number.position)))
            }
            list.recipes.append(RecipeRequest(recipe: recipe, servings: servings))
        }
        for value in root["items"]?.array ?? [] {
            if let item = item(value) { list.items.append(item) }
        }
        return list
    }

    mutating func item(_ value: JSONValue) -> Item? {
        guard let name = value["name"]?.string else { return nil }
        var item = Item(name: name, location: location(value.position))
        item.quantity = quantity(value["quantity"])
        (item.unit, item.unitName) = unit(value["unit"])
        item.category = value["category"]?.string
        refer(.category, value["category"])
        item.store = value["store"]?.string
        refer(.store, value["store"])
        item.price = rational(value["price"])
        item.checked = value["checked"]?.bool ?? false
        if let priority = value["priority"]?.string.flatMap(Priority.init(rawValue:)) { item.priority = priority }
        item.note = value["note"]?.string
        item.requestedBy = value["requestedBy"]?.string
        item.image = value["image"]?.string
        refer(.image, value["image"])
        item.url = value["url"]?.string
        item.added = value["added"]?.string
        item.details = Self.details(value["details"])
        return item
    }

    mutating func recipe(_ root: JSONValue, id: String) -> Recipe {
        var recipe = Recipe(id: id, path: path, title: root["title"]?.string ?? id)
        recipe.description = root["description"]?.string
        recipe.category = root["category"]?.string
        recipe.cuisine = root["cuisine"]?.string
        recipe.tags = Self.strings(root["tags"])
        (recipe.servings, recipe.servingsUpTo) = servings(root["servings"])
        recipe.yield = root["yield"]?.string
        recipe.prepTime = duration(root["prep_time"], field: "prep_time")
        recipe.cookTime = duration(root["cook_time"], field: "cook_time")
        recipe.totalTime = duration(root["total_time"], field: "total_time")
        recipe.image = root["image"]?.string
        refer(.image, root["image"])
        recipe.source = root["source"]?.string
        recipe.author = root["author"]?.string
        recipe.date = root["date"]?.string
        recipe.nutrition = Self.details(root["nutrition"])
        let ingredients = root["ingredients"]?.array ?? []
        // An Ingredient is some twenty fields: growing the array moved them all.
        recipe.ingredients.reserveCapacity(ingredients.count)
        for value in ingredients {
            if let ingredient = ingredient(value) { recipe.ingredients.append(ingredient) }
        }
        for value in root["directions"]?.array ?? [] {
            if let step = value.string {
                if recipe.directions.last?.title == nil, !recipe.directions.isEmpty {
                    recipe.directions[recipe.directions.count - 1].steps.append(step)
                } else {
                    recipe.directions.append(DirectionSection(steps: [step]))
                }
            } else if let title = value["section"]?.string {
                recipe.directions.append(DirectionSection(title: title, steps: Self.strings(value["steps"])))
            }
        }
        recipe.notes = root["notes"]?.string
        return recipe
    }

    mutating func ingredient(_ value: JSONValue) -> Ingredient? {
        if let text = value.string {
            let parsed = LineParser.parseIngredient(text)
            // Placed only when something is to be pointed at in the text.
            let place = parsed.problems.isEmpty && parsed.warnings.isEmpty && parsed.recipe == nil
                ? nil : placement(of: text, at: value.position)
            return ingredient(parsed, text: text, at: value.position, group: nil) {
                place?.position($0) ?? value.position
            }
        }
        guard let name = value["name"]?.string else { return nil }
        var ingredient = Ingredient(name: name, location: location(value.position))
        ingredient.quantity = quantity(value["quantity"])
        (ingredient.unit, ingredient.unitName) = unit(value["unit"])
        ingredient.note = value["note"]?.string
        ingredient.optional = value["optional"]?.bool ?? false
        ingredient.group = value["group"]?.string
        ingredient.recipe = value["recipe"]?.string
        refer(.recipe, value["recipe"])
        return ingredient
    }

    /// An ingredient written as a line ("1 1/2 cups milk, warm"), in a
    /// Markdown bullet that starts at `start`. `locate` gives the file
    /// position of an offset into `text`.
    mutating func ingredient(
        line text: String, at start: SourcePosition, group: String?, locate: (Int) -> SourcePosition
    ) -> Ingredient {
        ingredient(LineParser.parseIngredient(text), text: text, at: start, group: group, locate: locate)
    }

    private mutating func ingredient(
        _ parsed: ParsedLine, text: String, at start: SourcePosition, group: String?,
        locate position: (Int) -> SourcePosition
    ) -> Ingredient {
        for problem in parsed.problems {
            diagnostics.append(problem.diagnostic(at: location(position(problem.offset))))
        }
        for warning in parsed.warnings {
            diagnostics.append(warning.warning(at: location(position(warning.offset))))
        }
        var ingredient = Ingredient(name: parsed.name, location: location(start))
        ingredient.quantity = parsed.quantity
        ingredient.unit = parsed.unit
        ingredient.unitName = parsed.unitText(in: text)
        ingredient.note = parsed.note
        ingredient.optional = parsed.optional
        ingredient.group = group
        ingredient.recipe = parsed.recipe
        ingredient.text = text
        ingredient.size = parsed.size
        ingredient.alsoNames = parsed.alsoNames
        if let recipe = parsed.recipe {
            let offset = parsed.recipeRange?.lowerBound ?? parsed.nameRange?.lowerBound ?? 0
            references.append(Reference(kind: .recipe, target: recipe, location: location(position(offset))))
        }
        return ingredient
    }
}

extension ParsedLine {
    /// The unit exactly as the line wrote it.
    func unitText(in text: String) -> String? {
        guard let range = unitRange else { return nil }
        let scalars = text.unicodeScalars
        guard let lower = scalars.index(scalars.startIndex, offsetBy: range.lowerBound, limitedBy: scalars.endIndex),
              let upper = scalars.index(lower, offsetBy: range.count, limitedBy: scalars.endIndex) else { return nil }
        return String(scalars[lower..<upper])
    }
}
