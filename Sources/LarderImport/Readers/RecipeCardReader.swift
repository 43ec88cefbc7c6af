import LarderCore

/// Recipes on pages with no schema.org at all, read from the markup of the
/// common recipe-card plugins (WP Recipe Maker, Tasty Recipes, Mediavine
/// Create) and from h-recipe microformats (and the older hRecipe). Each
/// card's class names are a table here; the card becomes a schema.org-shaped
/// object for ``SchemaRecipe``, and its ingredient and step groups are kept
/// (the page's headings inside the lists), which JSON-LD does not carry.
struct RecipeCardReader {
    /// Where one kind of card keeps each field: class names.
    struct Markup {
        var source: ImportedRecipe.Source
        var card: [String]
        var title: [String]
        var description: [String]
        var author: [String]
        var ingredients: [String]
        var ingredient: [String]
        var instructions: [String]
        var step: [String]
        var groupName: [String]
        var yield: [String]
        var prepTime: [String]
        var cookTime: [String]
        var totalTime: [String]
        var notes: [String]
        var image: [String]
        var category: [String] = []
        var cuisine: [String] = []
    }

    static let markups: [Markup] = [
        Markup(
            source: .recipeCard, card: ["wprm-recipe-container", "wprm-recipe"], title: ["wprm-recipe-name"],
            description: ["wprm-recipe-summary"], author: ["wprm-recipe-author"],
            ingredients: ["wprm-recipe-ingredients-container"], ingredient: ["wprm-recipe-ingredient"],
            instructions: ["wprm-recipe-instructions-container"], step: ["wprm-recipe-instruction"],
            groupName: ["wprm-recipe-group-name"], yield: ["wprm-recipe-servings-with-unit", "wprm-recipe-servings"],
            prepTime: ["wprm-recipe-prep_time-container", "wprm-recipe-prep-time-container"],
            cookTime: ["wprm-recipe-cook_time-container", "wprm-recipe-cook-time-container"],
            totalTime: ["wprm-recipe-total_time-container", "wprm-recipe-total-time-container"],
            notes: ["wprm-recipe-notes"], image: ["wprm-recipe-image"],
            category: ["wprm-recipe-course"], cuisine: ["wprm-recipe-cuisine"]
        ),
        Markup(
            source: .recipeCard, card: ["tasty-recipes"], title: ["tasty-recipes-title"],
            description: ["tasty-recipes-description"], author: ["tasty-recipes-author-name"],
            ingredients: ["tasty-recipes-ingredients"], ingredient: [],
            instructions: ["tasty-recipes-instructions"], step: [],
            groupName: [], yield: ["tasty-recipes-yield"], prepTime: ["tasty-recipes-prep-time"],
            cookTime: ["tasty-recipes-cook-time"], totalTime: ["tasty-recipes-total-time"],
            notes: ["tasty-recipes-notes"], image: ["tasty-recipes-image"],
            category: ["tasty-recipes-category"], cuisine: ["tasty-recipes-cuisine"]
        ),
        Markup(
            source: .recipeCard, card: ["mv-create-card"], title: ["mv-create-title"],
            description: ["mv-create-description"], author: ["mv-create-author"],
            ingredients: ["mv-create-ingredients"], ingredient: [],
            instructions: ["mv-create-instructions"], step: [],
            groupName: [], yield: ["mv-create-yield"], prepTime: ["mv-create-time-prep"],
            cookTime: ["mv-create-time-active"], totalTime: ["mv-create-time-total"],
            notes: ["mv-create-notes"], image: ["mv-create-image"],
            category: ["mv-create-category"], cuisine: ["mv-create-cuisine"]
        ),
        Markup(
            source: .hRecipe, card: ["h-recipe"], title: ["p-name"], description: ["p-summary", "e-summary"],
            author: ["p-author"], ingredients: [], ingredient: ["p-ingredient"],
            instructions: ["e-instructions", "p-instructions"], step: [], groupName: [],
            yield: ["p-yield"], prepTime: [], cookTime: [], totalTime: ["dt-duration"],
            notes: [], image: ["u-photo"], category: ["p-category"]
        ),
        Markup(
            source: .hRecipe, card: ["hrecipe"], title: ["fn"], description: ["summary"], author: ["author"],
            ingredients: [], ingredient: ["ingredient"], instructions: ["instructions"], step: [],
            groupName: [], yield: ["yield"], prepTime: [], cookTime: [], totalTime: ["duration"],
            notes: [], image: ["photo"], category: ["category"]
        ),
    ]

    /// A card read: the schema.org-shaped object, its groups, its notes.
    struct Card {
        var object: JSONObject
        var source: ImportedRecipe.Source
        var ingredientGroups: [ImportedRecipe.IngredientGroup]
        var directionSections: [ImportedRecipe.DirectionSection]
        var notes: [String]
    }

    /// The cards on `page`, the first markup that finds any.
    static func cards(in page: HTMLElement) -> [Card] {
        for markup in markups {
            let found = page.outermost { element in markup.card.contains { element.hasClass($0) } }
                .compactMap { card(of: $0, markup: markup) }
            if !found.isEmpty { return found }
        }
        return []
    }

    private static func card(of element: HTMLElement, markup: Markup) -> Card? {
        func first(_ classes: [String]) -> HTMLElement? {
            for name in classes {
                if let found = element.first(where: { $0.hasClass(name) }) { return found }
            }
            return nil
        }
        func text(_ classes: [String]) -> String? {
            first(classes).map(\.text).flatMap { $0.isEmpty ? nil : $0 }
        }
        let groups = ingredientGroups(element, markup: markup)
        let sections = directionSections(element, markup: markup)
        guard let title = text(markup.title) ?? (groups.isEmpty ? nil : ""), !groups.isEmpty || !title.isEmpty else {
            return nil
        }
        var members: [JSONMember] = []
        func put(_ key: String, _ value: String?) {
            guard let value, !value.isEmpty else { return }
            members.append(JSONMember(key: key, keyPosition: .start, value: JSONValue(.string(value))))
        }
        put("@type", "Recipe")
        put("name", title)
        put("description", text(markup.description))
        put("author", text(markup.author))
        put("recipeYield", text(markup.yield).map(withoutLabel))
        put("prepTime", durationText(first(markup.prepTime)))
        put("cookTime", durationText(first(markup.cookTime)))
        put("totalTime", durationText(first(markup.totalTime)))
        put("recipeCategory", text(markup.category).map(withoutLabel))
        put("recipeCuisine", text(markup.cuisine).map(withoutLabel))
        if let image = first(markup.image) {
            let img = image.name == "img" ? image : image.first { $0.name == "img" }
            put("image", img.flatMap { $0[attribute: "data-src"] ?? $0[attribute: "src"] } ?? image[attribute: "href"])
        }
        let notes = first(markup.notes).map { notesElement -> [String] in
            let blocks = notesElement.descendants { $0.name == "p" || $0.name == "li" }.map(\.text).filter { !$0.isEmpty }
            return blocks.isEmpty ? [notesElement.text].filter { !$0.isEmpty } : blocks
        } ?? [String]()
        return Card(object: JSONObject(members), source: markup.source, ingredientGroups: groups,
                    directionSections: sections, notes: notes)
    }

    /// The ingredient lines under their headings: in the ingredients
    /// container (or the whole card), a heading (`groupName` class, or
    /// h2–h6) starts a group, a line is an element of the `ingredient`
    /// class or, with no such class, a list item.
    private static func ingredientGroups(_ card: HTMLElement, markup: Markup) -> [ImportedRecipe.IngredientGroup] {
        let scope = markup.ingredients.lazy.compactMap { name in card.first { $0.hasClass(name) } }.first
        guard scope != nil || !markup.ingredient.isEmpty else { return [] }
        var groups: [ImportedRecipe.IngredientGroup] = []
        walk(scope ?? card, markup: markup, itemClasses: markup.ingredient) { heading, line in
            if let heading {
                groups.append(ImportedRecipe.IngredientGroup(name: heading, lines: []))
            } else if let line {
                if groups.isEmpty { groups.append(ImportedRecipe.IngredientGroup(lines: [])) }
                groups[groups.count - 1].lines.append(line)
            }
        }
        return groups.filter { !$0.lines.isEmpty }
    }

    private static func directionSections(_ card: HTMLElement, markup: Markup) -> [ImportedRecipe.DirectionSection] {
        guard let scope = markup.instructions.lazy.compactMap({ name in card.first { $0.hasClass(name) } }).first else {
            return []
        }
        var sections: [ImportedRecipe.DirectionSection] = []
        walk(scope, markup: markup, itemClasses: markup.step) { heading, step in
            if let heading {
                sections.append(ImportedRecipe.DirectionSection(name: heading, steps: []))
            } else if let step {
                if sections.isEmpty { sections.append(ImportedRecipe.DirectionSection(steps: [])) }
                sections[sections.count - 1].steps.append(ImportedRecipe.Step(text: step))
            }
        }
        if sections.isEmpty {
            // Instructions as paragraphs (h-recipe's e-instructions often are).
            let steps = scope.lines.map { ImportedRecipe.Step(text: $0) }
            return steps.isEmpty ? [] : [ImportedRecipe.DirectionSection(steps: steps)]
        }
        return sections.filter { !$0.steps.isEmpty }
    }

    /// Visits `element`'s headings and items in document order. With no
    /// item class, items are list items, or paragraphs where the list has
    /// none (Tasty writes paragraphs); a paragraph or item that is all bold
    /// is a heading too.
    private static func walk(
        _ element: HTMLElement, markup: Markup, itemClasses: [String],
        _ visit: (_ heading: String?, _ item: String?) -> Void
    ) {
        let itemName = itemClasses.isEmpty && element.first(where: { $0.name == "li" }) == nil ? "p" : "li"
        walk(element, markup: markup, itemClasses: itemClasses, itemName: itemName, visit)
    }

    private static func walk(
        _ element: HTMLElement, markup: Markup, itemClasses: [String], itemName: String,
        _ visit: (_ heading: String?, _ item: String?) -> Void
    ) {
        for child in element.elements {
            let isItem = itemClasses.isEmpty ? child.name == itemName : itemClasses.contains { child.hasClass($0) }
            let isHeading = markup.groupName.contains { child.hasClass($0) }
                || (markup.groupName.isEmpty && ["h2", "h3", "h4", "h5", "h6"].contains(child.name))
                || (isItem && isAllBold(child))
            if isHeading {
                let text = child.text
                if !text.isEmpty { visit(text.hasSuffix(":") ? String(text.dropLast()) : text, nil) }
            } else if isItem {
                let text = itemText(child)
                if !text.isEmpty { visit(nil, text) }
            } else {
                walk(child, markup: markup, itemClasses: itemClasses, itemName: itemName, visit)
            }
        }
    }

    private static func isAllBold(_ element: HTMLElement) -> Bool {
        let text = element.text
        guard !text.isEmpty, element.elements.count == 1, let only = element.elements.first,
              ["strong", "b"].contains(only.name) else { return false }
        return only.text == text
    }

    /// An item's text, without the checkbox glyph cards put before it
    /// ("▢ 2 eggs"); a WP Recipe Maker ingredient from its parts, its note in
    /// parentheses as WPRM's JSON-LD writes it (the card shows them by
    /// style, not in the text).
    private static func itemText(_ item: HTMLElement) -> String {
        let parts = ["amount", "unit", "name", "notes"].map { part in
            item.first { $0.hasClass("wprm-recipe-ingredient-\(part)") }?.text ?? ""
        }
        var text: String
        if !parts[2].isEmpty {
            let notes = parts[3].isEmpty || parts[3].hasPrefix("(") ? parts[3] : "(\(parts[3]))"
            text = [parts[0], parts[1], parts[2], notes].filter { !$0.isEmpty }.joined(separator: " ")
        } else {
            text = item.text
        }
        while let first = text.unicodeScalars.first,
              first.properties.generalCategory == .otherSymbol || first.properties.isWhitespace {
            text.unicodeScalars.removeFirst()
        }
        return text
    }

    /// A time field's text without its label ("Total Time: 1 hour" → "1
    /// hour"), or its `datetime` when it has one.
    private static func durationText(_ element: HTMLElement?) -> String? {
        guard let element else { return nil }
        if let datetime = element[attribute: "datetime"] ?? element.first(where: { $0[attribute: "datetime"] != nil })?[attribute: "datetime"] {
            return datetime
        }
        let text = withoutLabel(element.text)
        return text.isEmpty ? nil : text
    }

    private static func withoutLabel(_ text: String) -> String {
        guard let colon = text.firstIndex(of: ":"), !text[..<colon].contains(where: \.isNumber) else { return text }
        return TextCleaning.collapseWhitespace(String(text[text.index(after: colon)...]))
    }
}
