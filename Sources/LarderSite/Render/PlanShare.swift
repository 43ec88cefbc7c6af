import Foundation
import Larder
import LarderCore
import LarderQuantities

/// A shopping plan as a share: plain text for chat apps, a GFM task list for
/// notes apps, or JSON for scripts (`larder share`, `lists/<id>.txt`).
public enum PlanShare {
    public enum Format: String, Sendable, CaseIterable {
        case text, markdown, json
    }

    public static func render(
        _ plan: ShoppingPlan, title: String, format: Format, ascii: Bool = false, system: UnitSystem? = nil
    ) -> String {
        switch format {
        case .text: text(plan, title: title, ascii: ascii, system: system)
        case .markdown: markdown(plan, title: title, system: system)
        case .json: json(plan, title: title, system: system)
        }
    }

    /// "450 g + 2 cups"
    static func amounts(_ line: PlanLine, system: UnitSystem?, ascii: Bool = false) -> String? {
        guard let text = line.amountText(in: system) else { return nil }
        return ascii ? PlainTextShare.asciiNumbers(text) : text
    }

    /// "12 items, 4 left" / "12 items"
    static func counts(_ plan: ShoppingPlan) -> String {
        let lines = plan.stores.flatMap { $0.categories.flatMap(\.lines) }
        let total = lines.count, done = lines.count { $0.checked }
        let items = total == 1 ? "1 item" : "\(total) items"
        return done == 0 ? items : "\(items), \(total - done) left"
    }

    /// Sources other than the list itself: "With Pancakes ×8, Greek salad ×4".
    static func recipeSources(_ plan: ShoppingPlan) -> String? {
        let recipes = plan.sources.filter { $0.kind == .recipe && $0.partOf == nil }
        return recipes.isEmpty ? nil : "With " + recipes.map(\.label).joined(separator: ", ")
    }

    static func storeName(_ section: StoreSection, in plan: ShoppingPlan) -> String? {
        // A list that names no store at all needs no store headings.
        guard plan.stores.contains(where: { $0.store != nil }) else { return nil }
        return section.store?.name ?? "Any store"
    }

    // MARK: Text

    static func text(_ plan: ShoppingPlan, title: String, ascii: Bool, system: UnitSystem?) -> String {
        var lines = [title, counts(plan)]
        if let recipes = recipeSources(plan) { lines.append(ascii ? recipes.replacingOccurrences(of: "×", with: "x") : recipes) }
        for store in plan.stores {
            if let name = storeName(store, in: plan) { lines += ["", name.uppercased()] }
            for section in store.categories {
                lines.append("")
                lines.append([ascii ? nil : section.category.emoji, section.category.name].compactMap { $0 }.joined(separator: " "))
                for line in section.lines {
                    let box = line.checked ? (ascii ? "[x]" : "☑") : (ascii ? "[ ]" : "☐")
                    var text = [box, amounts(line, system: system, ascii: ascii), line.name].compactMap { $0 }.joined(separator: " ")
                    let notes = line.noteTexts(in: system).joined(separator: "; ")
                    if !notes.isEmpty { text += " (\(ascii ? PlainTextShare.asciiNumbers(notes) : notes))" }
                    lines.append(text)
                }
            }
        }
        return finish(lines)
    }

    // MARK: Markdown

    /// A GFM task list: `## Store`, `### Category`, `- [ ] 2 lemons`.
    static func markdown(_ plan: ShoppingPlan, title: String, system: UnitSystem?) -> String {
        var lines = ["# \(escapeMarkdown(title))", "", counts(plan)]
        if let recipes = recipeSources(plan) { lines += ["", escapeMarkdown(recipes)] }
        for store in plan.stores {
            if let name = storeName(store, in: plan) { lines += ["", "## \(escapeMarkdown(name))"] }
            for section in store.categories {
                lines += ["", "### \(escapeMarkdown(section.category.name))", ""]
                for line in section.lines {
                    var text = "- [\(line.checked ? "x" : " ")] "
                    text += [amounts(line, system: system), line.name].compactMap { $0 }.map(escapeMarkdown).joined(separator: " ")
                    let notes = line.noteTexts(in: system)
                    if !notes.isEmpty { text += " (\(escapeMarkdown(notes.joined(separator: "; "))))" }
                    lines.append(text)
                }
            }
        }
        return finish(lines)
    }

    /// Backslash-escapes what Markdown would read as syntax in user text.
    static func escapeMarkdown(_ text: String) -> String {
        var out = ""
        for character in text {
            if "\\`*_[]<>#|".contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }

    // MARK: JSON

    static func json(_ plan: ShoppingPlan, title: String, system: UnitSystem?) -> String {
        func source(_ source: PlanSource) -> String {
            var fields = ["\"kind\": \(source.kind.rawValue.jsonLiteral)", "\"id\": \(source.id.jsonLiteral)",
                          "\"title\": \(source.title.jsonLiteral)"]
            if let servings = source.servings { fields.append("\"servings\": \(decimal(servings))") }
            return "{" + fields.joined(separator: ", ") + "}"
        }
        func line(_ line: PlanLine, indent: String) -> String {
            var fields = [
                "\"name\": \(line.name.jsonLiteral)",
                "\"amount\": \((amounts(line, system: system) ?? "").jsonLiteral)",
                "\"amounts\": [" + line.amounts.map { amount in
                    var parts = ["\"quantity\": \(amount.quantity.description.jsonLiteral)"]
                    if let unit = amount.unit { parts.append("\"unit\": \(unit.id.jsonLiteral)") }
                    else if let name = amount.unitName { parts.append("\"unit\": \(name.jsonLiteral)") }
                    if let size = amount.size {
                        let unit = size.unit?.id ?? size.unitName
                        parts.append("\"size\": " + ([size.quantity.description] + [unit].compactMap { $0 }).joined(separator: " ").jsonLiteral)
                    }
                    return "{" + parts.joined(separator: ", ") + "}"
                }.joined(separator: ", ") + "]",
                "\"category\": \(line.categoryID.jsonLiteral)",
                "\"checked\": \(line.checked)",
                "\"priority\": \(line.priority.rawValue.jsonLiteral)",
                "\"from\": [" + line.provenance.map { $0.source.label.jsonLiteral }.joined(separator: ", ") + "]",
                // Each source's own scaled amount, exact: the line's amount
                // may be rounded up to whole things.
                "\"provenance\": [" + line.provenance.map { provenance in
                    var parts = ["\"from\": \(provenance.source.label.jsonLiteral)"]
                    if let amount = provenance.amount {
                        parts.append("\"amount\": \(amount.text(in: system).jsonLiteral)")
                        parts.append("\"quantity\": \(amount.quantity.description.jsonLiteral)")
                    }
                    return "{" + parts.joined(separator: ", ") + "}"
                }.joined(separator: ", ") + "]",
            ]
            if line.hasTicked {
                fields.append("\"ticked\": " + line.ticked.map { $0.text(in: system) }.joined(separator: " + ").jsonLiteral)
            }
            if let store = line.storeID { fields.append("\"store\": \(store.jsonLiteral)") }
            if !line.notes.isEmpty { fields.append("\"notes\": [" + line.notes.map(\.jsonLiteral).joined(separator: ", ") + "]") }
            if let total = line.total { fields.append("\"total\": \(decimal(total))") }
            return indent + "{" + fields.joined(separator: ", ") + "}"
        }
        var out = "{\n  \"title\": \(title.jsonLiteral),\n"
        out += "  \"sources\": [" + plan.sources.map(source).joined(separator: ", ") + "],\n"
        out += "  \"stores\": ["
        out += plan.stores.map { store in
            var text = "\n    {\"store\": " + (store.store.map { $0.id.jsonLiteral } ?? "null")
            if let total = store.total { text += ", \"total\": \(decimal(total))" }
            text += ", \"categories\": ["
            text += store.categories.map { section in
                "\n      {\"category\": \(section.category.id.jsonLiteral), \"lines\": [\n"
                    + section.lines.map { line($0, indent: "        ") }.joined(separator: ",\n")
                    + "\n      ]}"
            }.joined(separator: ",")
            return text + "\n    ]}"
        }.joined(separator: ",")
        out += plan.stores.isEmpty ? "],\n" : "\n  ],\n"
        out += "  \"leftOut\": [" + plan.leftOut.map { $0.name.jsonLiteral }.joined(separator: ", ") + "]"
        if let total = plan.total { out += ",\n  \"total\": \(decimal(total))" }
        return out + "\n}\n"
    }

    /// An exact value as a JSON number with up to 4 decimals.
    static func decimal(_ value: Rational) -> String {
        value.decimalString(maxFractionDigits: 4)
    }

    private static func finish(_ lines: [String]) -> String {
        lines.map { line in
            var line = line
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n") + "\n"
    }
}
