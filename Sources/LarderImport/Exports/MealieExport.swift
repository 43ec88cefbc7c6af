import Foundation
import LarderCore

/// Mealie's v0.x export: `recipes/<slug>/<slug>.json` per recipe, with
/// `images/original.webp` beside it. The JSON is snake_case: `name`,
/// `recipe_ingredient` (`{title, note, quantity, unit, food,
/// disable_amount}`: the line's text is in `note`; a `title` starts a
/// section), `recipe_instructions` (`{title, text}`; a `title` starts a
/// section), `recipe_yield`, `prep_time`/`perform_time`/`total_time` (free
/// text: `1 Day`, `10-15 Minutes`), `recipe_category`, `tags`, `tools`,
/// `nutrition` (`fat_content`, …), `notes` (`{title, text}`), `org_url`.
enum MealieExport {
    static func marks(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        guard parts.count >= 3, parts[parts.count - 3] == "recipes" else { return false }
        return parts[parts.count - 1] == parts[parts.count - 2] + ".json"
    }

    /// Its layout, or a JSON file with Mealie's `recipe_ingredient` (one
    /// recipe's JSON on its own).
    static func recognises(_ files: ExportFiles) -> Bool {
        files.entries.contains(where: isRecipe)
    }

    private static func isRecipe(_ entry: ExportFiles.Entry) -> Bool {
        if marks(entry.path) { return true }
        guard entry.name.lowercased().hasSuffix(".json") else { return false }
        return ExportValues.object(entry.bytes)?["recipe_ingredient"] != nil
    }

    static func read(_ files: ExportFiles) -> ExportReading {
        ExportReading(files, picking: isRecipe, recipe)
    }

    static func recipe(_ entry: ExportFiles.Entry, in files: ExportLookup) throws(ExportRecipeProblem) -> ImportedRecipe {
        let object = try ExportValues.parse(entry.bytes)
        var recipe = ImportedRecipe(title: ExportValues.text(object["name"]) ?? "", source: .mealie)
        for item in object["recipe_ingredient"]?.array ?? [] {
            let title = ExportValues.text(item["title"])
            if title != nil || recipe.ingredientGroups.isEmpty { recipe.ingredientGroups.append(.init(name: title, lines: [])) }
            if let line = ingredientLine(item) { recipe.ingredientGroups[recipe.ingredientGroups.count - 1].lines.append(line) }
        }
        recipe.ingredientGroups.removeAll { $0.lines.isEmpty }
        for item in object["recipe_instructions"]?.array ?? [] {
            let title = ExportValues.text(item["title"])
            if title != nil || recipe.directionSections.isEmpty { recipe.directionSections.append(.init(name: title, steps: [])) }
            if let text = ExportValues.text(item["text"]) {
                recipe.directionSections[recipe.directionSections.count - 1].steps.append(.init(text: text))
            }
        }
        recipe.directionSections.removeAll { $0.steps.isEmpty }
        guard !recipe.isEmpty else { throw .empty }
        if recipe.title.isEmpty { recipe.title = ExportValues.stem(entry.path) }

        recipe.description = ExportValues.text(object["description"])
        recipe.yield = ExportValues.text(object["recipe_yield"])
        recipe.prepTime = ExportValues.duration(ExportValues.text(object["prep_time"]))
        recipe.cookTime = ExportValues.duration(ExportValues.text(object["perform_time"]) ?? ExportValues.text(object["cook_time"]))
        recipe.totalTime = ExportValues.duration(ExportValues.text(object["total_time"]))
        recipe.addingUpTotalTime()
        recipe.categories = ExportValues.names(object["recipe_category"])
        recipe.keywords = ExportValues.names(object["tags"])
        if let url = ExportValues.text(object["org_url"]) { recipe.url = url }
        recipe.nutrition = (object["nutrition"]?.object?.members ?? []).compactMap { member in
            ExportValues.text(member.value).map { (name: camelCase(member.key), value: $0) }
        }
        recipe.notes = (object["notes"]?.array ?? []).compactMap { note in
            let text = ExportValues.text(note["text"])
            guard let title = ExportValues.text(note["title"]) else { return text }
            return text.map { "\(title): \($0)" } ?? title
        }
        if let image = files.entry(named: "images/original.webp", besides: entry.path) {
            recipe.picture = .init(bytes: image.bytes, origin: image.path)
        }
        let tools = ExportValues.names(object["tools"])
        if !tools.isEmpty { recipe.unmapped.append("the tools (\(tools.joined(separator: ", "))): a recipe file has no field for them") }
        if let rating = object["rating"]?.number?.intValue, rating > 0 {
            recipe.unmapped.append("the rating (\(rating) of 5): a recipe file has no field for it")
        }
        return recipe
    }

    /// The line's text: `note` as the user typed it, or, when a parsed
    /// ingredient left it empty, the line made of its quantity, unit and
    /// food (as in Mealie 1.x's JSON, where unit and food are objects).
    static func ingredientLine(_ item: JSONValue) -> String? {
        let note = ExportValues.text(item["note"])
        let food = ExportValues.text(item["food"]) ?? ExportValues.text(item["food"]?["name"])
        let unit = ExportValues.text(item["unit"]) ?? ExportValues.text(item["unit"]?["name"])
        guard food != nil || unit != nil else { return note }
        let amount = item["disable_amount"]?.bool == true ? nil : item["quantity"]?.number.flatMap { ExportValues.amount($0.value) }
        let line = [amount, unit, food].compactMap { $0 }.joined(separator: " ")
        return note.map { "\(line), \($0)" } ?? line
    }

    /// `fat_content` → `fatContent`, schema.org's names, which the recipe
    /// file's nutrition takes.
    static func camelCase(_ key: String) -> String {
        let words = key.split(separator: "_")
        return (words.first.map(String.init) ?? "") + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
