import Foundation
import LarderCore

/// Tandoor's export: a zip of zips, one per recipe (`1.zip`), each holding
/// `recipe.json` and `image.jpeg` (the zip of zips is opened by
/// `ExportFormat.recipes`; this reads one recipe's files). `recipe.json`
/// has `name`, `description`, `keywords` (`{name}`), `working_time` and
/// `waiting_time` (minutes), `servings` (+ `servings_text`), `nutrition`,
/// and `steps`, each `{name, instruction (Markdown), ingredients}`. Its
/// ingredients are structured, with no line as typed: `{food: {name},
/// unit: {name} or null, amount (a float, 0 for none), note, is_header,
/// no_amount}`, so the line is written from them: `1 1/2 cup flour, sifted`.
enum TandoorExport {
    static func marks(_ path: String) -> Bool {
        NextcloudExport.marks(path)
    }

    /// A `recipe.json` with Tandoor's `steps`.
    static func recognises(_ files: ExportFiles) -> Bool {
        files.entries.contains { marks($0.path) && isRecipe(ExportValues.object($0.bytes)) }
    }

    private static func isRecipe(_ object: JSONObject?) -> Bool {
        object?["steps"]?.array != nil && object.map(NextcloudExport.isSchemaRecipe) == false
    }

    static func read(_ files: ExportFiles) -> ExportReading {
        ExportReading(files, picking: { marks($0.path) }, recipe)
    }

    static func recipe(_ entry: ExportFiles.Entry, in files: ExportLookup) throws(ExportRecipeProblem) -> ImportedRecipe {
        let object = try ExportValues.parse(entry.bytes)
        guard isRecipe(object) else { throw ExportRecipeProblem("not a Tandoor recipe (no steps)") }
        var recipe = ImportedRecipe(title: ExportValues.text(object["name"]) ?? "", source: .tandoor)
        for step in object["steps"]?.array ?? [] {
            for ingredient in step["ingredients"]?.array ?? [] {
                if ingredient["is_header"]?.bool == true {
                    let name = ExportValues.text(ingredient["note"]) ?? ExportValues.text(ingredient["food"]?["name"])
                    recipe.ingredientGroups.append(.init(name: name, lines: []))
                } else if let line = line(ingredient) {
                    if recipe.ingredientGroups.isEmpty { recipe.ingredientGroups.append(.init(lines: [])) }
                    recipe.ingredientGroups[recipe.ingredientGroups.count - 1].lines.append(line)
                }
            }
            if let text = instruction(step["instruction"]?.string) {
                if recipe.directionSections.isEmpty { recipe.directionSections.append(.init(steps: [])) }
                recipe.directionSections[0].steps.append(.init(name: ExportValues.text(step["name"]), text: text))
            }
        }
        recipe.ingredientGroups.removeAll { $0.lines.isEmpty }
        guard !recipe.isEmpty else { throw .empty }
        if recipe.title.isEmpty { recipe.title = "Tandoor recipe" }

        recipe.description = ExportValues.text(object["description"])
        if let servings = object["servings"]?.number?.intValue, servings > 0 {
            recipe.yield = [String(servings), ExportValues.text(object["servings_text"])].compactMap { $0 }.joined(separator: " ")
        }
        recipe.prepTime = ExportValues.duration(minutes: object["working_time"]?.number?.intValue)
        recipe.cookTime = ExportValues.duration(minutes: object["waiting_time"]?.number?.intValue)
        recipe.addingUpTotalTime()
        recipe.keywords = ExportValues.names(object["keywords"])
        if let url = ExportValues.text(object["source_url"]) { recipe.url = url }
        let nutrition = object["nutrition"]
        for (key, name) in [("calories", "calories"), ("carbohydrates", "carbohydrateContent"), ("fats", "fatContent"), ("proteins", "proteinContent")] {
            if let value = ExportValues.text(nutrition?[key]) { recipe.nutrition.append((name: name, value: value)) }
        }
        for name in ["image.jpeg", "image.jpg", "image.png", "image.webp"] {
            if let image = files.entry(named: name, besides: entry.path) {
                recipe.picture = .init(bytes: image.bytes, origin: image.path)
                break
            }
        }
        return recipe
    }

    /// `amount unit food, note`, the amount as a cook writes it (0.5 → 1/2;
    /// none when 0 or `no_amount`), the plural names where Tandoor is told
    /// to use them.
    static func line(_ ingredient: JSONValue) -> String? {
        func name(_ value: JSONValue?, plural: Bool) -> String? {
            (plural ? ExportValues.text(value?["plural_name"]) : nil) ?? ExportValues.text(value?["name"])
        }
        let food = name(ingredient["food"], plural: ingredient["always_use_plural_food"]?.bool == true)
        let note = ExportValues.text(ingredient["note"])
        guard let head = food ?? note else { return nil }
        let amount = ingredient["no_amount"]?.bool == true ? nil : ingredient["amount"]?.number.flatMap { ExportValues.amount($0.value) }
        let unit = name(ingredient["unit"], plural: ingredient["always_use_plural_unit"]?.bool == true)
        let line = [amount, unit, head].compactMap { $0 }.joined(separator: " ")
        guard food != nil, let note else { return line }
        return "\(line), \(note)"
    }

    /// A step's Markdown on one line, as a recipe file's step is written: a
    /// heading inside it ("### Source") kept as its words and a colon.
    static func instruction(_ markdown: String?) -> String? {
        let lines = (markdown ?? "").split(whereSeparator: \.isNewline).map { line -> String in
            let text = TextCleaning.collapseWhitespace(String(line))
            guard let heading = text.prefixMatch(of: /#{1,6}\s+/) else { return text }
            let words = text[heading.range.upperBound...]
            return words.last.map { ".:!?".contains($0) } == false ? words + ":" : String(words)
        }
        let text = TextCleaning.collapseWhitespace(lines.joined(separator: " "))
        return text.isEmpty ? nil : text
    }
}
