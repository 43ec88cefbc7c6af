import Larder
import LarderQuantities

/// Lists and recipes as plain text, to paste into a chat app with no
/// Markdown support (and for `lists/<id>.txt`, `recipes/<id>.txt`): no
/// Markdown syntax, no trailing spaces, one final line break.
enum PlainTextShare {
    /// A list as text: shopping lists from their plan (stores, aisles, merged
    /// recipe ingredients; see `PlanShare`), the other kinds by heading. The
    /// title, the counts, then one item a line: checkbox, quantity, name, note.
    ///
    /// - Parameter ascii: `[ ]`/`[x]` instead of ☐/☑, and no emoji.
    /// - Throws: when a shopping list's `recipes` name a recipe that does not
    ///   exist (`larder check` reports that first).
    static func list(_ list: ShoppingList, kitchen: Kitchen, ascii: Bool = false) throws(PlanError) -> String {
        if list.kind == .shopping {
            let plan = try ShoppingPlanner.plan(ShoppingRequest(lists: [list.id], includeChecked: true), in: kitchen)
            return PlanShare.render(plan, title: list.title, format: .text, ascii: ascii, system: kitchen.config.units)
        }
        return headingList(list, ascii: ascii)
    }

    /// A checklist or collection: by heading.
    static func headingList(_ list: ShoppingList, ascii: Bool = false) -> String {
        var lines = [list.title, countText(list)]
        for section in ListGrouping.sections(list) {
            lines.append("")
            if let name = section.name { lines.append(name) }
            lines += section.items.map { itemLine($0, ascii: ascii) }
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

    /// "1 ½ cups" as "1 1/2 cups", "2–3" as "2-3", "≈ 57 g" as "~ 57 g":
    /// vulgar fractions, the range dash and the approximation sign in ASCII
    /// (names and units keep their letters).
    static func asciiNumbers(_ amount: String) -> String {
        var out = ""
        for scalar in amount.unicodeScalars {
            if scalar == "–" {
                out += "-"
            } else if scalar == "≈" {
                out += "~"
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
    ///
    /// - Parameter prose: the recipe's plain text, when already made.
    static func recipe(_ recipe: Recipe, kitchen: Kitchen, prose: RecipeProse? = nil) -> String {
        let prose = prose ?? RecipeProse(recipe)
        var lines = [recipe.title]
        if let author = recipe.author { lines.append("By \(author)") }
        if let description = prose.description {
            lines += ["", description]
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
            for (section, steps) in zip(recipe.directions, prose.steps) {
                if let title = section.title { lines += ["", title] }
                for step in steps {
                    number += 1
                    lines.append("\(number). " + step)
                }
            }
        }

        if let notes = prose.notes {
            lines += ["", "Notes", notes]
        }
        if let source = recipe.source { lines += ["", "Source: \(source)"] }
        return text(lines)
    }

    /// The lines joined, without trailing spaces or runs of blank lines,
    /// ending in one line break. (On UTF-8 bytes: a line ends at a "\n" not
    /// preceded by "\r", as Character "\r\n" is not "\n".)
    private static func text(_ lines: [String]) -> String {
        var out: [UInt8] = []
        var blankPending = false
        /// Adds one line: blank ones only between others, at most one.
        func add(_ line: UnsafeBufferPointer<UInt8>) {
            var end = line.count
            while end > 0, line[end - 1] == UInt8(ascii: " ") || line[end - 1] == UInt8(ascii: "\t") { end -= 1 }
            guard end > 0 else {
                blankPending = !out.isEmpty
                return
            }
            if !out.isEmpty { out.append(contentsOf: blankPending ? [0x0A, 0x0A] : [0x0A]) }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: line[..<end]))
            blankPending = false
        }
        for var text in lines {
            text.withUTF8 { bytes in
                var start = 0
                for index in 0..<bytes.count where bytes[index] == 0x0A && (index == 0 || bytes[index - 1] != 0x0D) {
                    add(UnsafeBufferPointer(rebasing: bytes[start..<index]))
                    start = index + 1
                }
                add(UnsafeBufferPointer(rebasing: bytes[start...]))
            }
        }
        out.append(0x0A)
        return String(decoding: out, as: UTF8.self)
    }
}
