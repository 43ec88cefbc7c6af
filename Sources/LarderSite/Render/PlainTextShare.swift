import Larder
import LarderQuantities

/// Lists and recipes as plain text, to paste into a chat app with no
/// Markdown support (and for `lists/<id>.txt`, `recipes/<id>.txt`): no
/// Markdown syntax, no trailing spaces, one final line break.
enum PlainTextShare {
    /// The title, the counts, then the items grouped by store and category,
    /// one a line: checkbox, quantity, name, note.
    ///
    /// - Parameter ascii: `[ ]`/`[x]` instead of ☐/☑, and no emoji.
    static func list(_ list: ShoppingList, kitchen: Kitchen, ascii: Bool = false) -> String {
        var lines = [list.title, countText(list)]
        if !list.recipes.isEmpty {
            let recipes = list.recipes.map { request in
                let title = kitchen.recipe(request.recipe)?.title ?? request.recipe
                guard let servings = request.servings else { return title }
                let number = AmountFormat.number(.exact(servings), fractional: !servings.isInteger)
                return "\(title) (\(number) \(servings == 1 ? "serving" : "servings"))"
            }
            lines.append("Recipes: " + recipes.joined(separator: ", "))
        }
        let groups = ListGrouping.groups(list, kitchen: kitchen)
        let showStores = groups.contains { $0.storeID != nil }
        for group in groups {
            if showStores {
                lines += ["", (group.store?.name ?? group.storeID ?? "Any store").uppercased()]
            }
            for section in group.sections {
                lines.append("")
                if let name = section.name {
                    lines.append([ascii ? nil : section.emoji, name].compactMap { $0 }.joined(separator: " "))
                }
                lines += section.items.map { itemLine($0, ascii: ascii) }
            }
        }
        return text(lines)
    }

    /// "12 items", "12 items, 4 left".
    static func countText(_ list: ShoppingList) -> String {
        let total = list.items.count
        let checked = list.items.filter(\.checked).count
        let items = total == 1 ? "1 item" : "\(total) items"
        return checked == 0 ? items : "\(items), \(total - checked) left"
    }

    /// "☐ 2 avocados (ripe)"
    static func itemLine(_ item: Item, ascii: Bool) -> String {
        let box = switch (item.checked, ascii) {
        case (false, false): "☐"
        case (true, false): "☑"
        case (false, true): "[ ]"
        case (true, true): "[x]"
        }
        var amount = AmountFormat.text(item.quantity, unit: item.unit, unitName: item.unitName)
        if ascii { amount = amount.map(asciiNumbers) }
        var line = [box, amount, item.name].compactMap { $0 }.joined(separator: " ")
        if let note = item.note, !note.isEmpty { line += " (\(note))" }
        return line
    }

    /// "1 ½ cups" as "1 1/2 cups", "2–3" as "2-3": vulgar fractions and the
    /// range dash in ASCII (names and units keep their letters).
    static func asciiNumbers(_ amount: String) -> String {
        var out = ""
        for scalar in amount.unicodeScalars {
            if scalar == "–" {
                out += "-"
            } else if !scalar.isASCII, scalar.properties.numericType == .numeric,
                let value = scalar.properties.numericValue, value > 0, value < 1
            {
                let fraction = Rational(approximating: value, maxDenominator: 16)
                out += "\(fraction.numerator)/\(fraction.denominator)"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The title, who and where from, description, servings and times,
    /// ingredients by group, numbered steps, notes.
    static func recipe(_ recipe: Recipe, kitchen: Kitchen) -> String {
        var lines = [recipe.title]
        if let author = recipe.author { lines.append("By \(author)") }
        if let description = recipe.description {
            lines += ["", RecipeJSONLD.plainText(markdown: description)]
        }

        var facts: [String] = []
        if let servings = recipe.servings { facts.append(servings == 1 ? "Serves 1" : "Serves \(servings)") }
        if let yield = recipe.yield { facts.append("Makes \(yield)") }
        var times: [String] = []
        if let prep = recipe.prepTime { times.append("Prep \(AmountFormat.duration(seconds: prep.seconds))") }
        if let cook = recipe.cookTime { times.append("Cook \(AmountFormat.duration(seconds: cook.seconds))") }
        if let total = RecipeJSONLD.totalTime(recipe) { times.append("Total \(AmountFormat.duration(seconds: total.seconds))") }
        let factLines = [facts, times].filter { !$0.isEmpty }.map { $0.joined(separator: " · ") }
        if !factLines.isEmpty { lines += [""] + factLines }

        if !recipe.ingredients.isEmpty {
            lines += ["", "Ingredients"]
            for group in recipe.ingredientGroups {
                if let name = group.name { lines += ["", name] }
                lines += group.ingredients.map { "• " + RecipeJSONLD.ingredientText($0) }
            }
        }

        if !recipe.directions.isEmpty {
            lines += ["", "Directions"]
            var number = 0
            for section in recipe.directions {
                if let title = section.title { lines += ["", title] }
                for step in section.steps {
                    number += 1
                    lines.append("\(number). " + RecipeJSONLD.stepText(step))
                }
            }
        }

        if let notes = recipe.notes {
            lines += ["", "Notes", RecipeJSONLD.plainText(markdown: notes)]
        }
        if let source = recipe.source { lines += ["", "Source: \(source)"] }
        return text(lines)
    }

    /// The lines joined, without trailing spaces or runs of blank lines,
    /// ending in one line break.
    private static func text(_ lines: [String]) -> String {
        var out: [Substring] = []
        for line in lines.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false) {
            var line = line
            while let last = line.last, last == " " || last == "\t" { line.removeLast() }
            if line.isEmpty, out.last?.isEmpty ?? true { continue }
            out.append(line)
        }
        while out.last?.isEmpty == true { out.removeLast() }
        return out.joined(separator: "\n") + "\n"
    }
}
