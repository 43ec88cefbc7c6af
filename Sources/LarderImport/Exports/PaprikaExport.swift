import Foundation
import LarderCore

/// Paprika 3's export: `Export.paprikarecipes`, a zip of `.paprikarecipe`
/// files (or those files zipped in a folder, or one on its own), each a
/// gzip-compressed JSON object: `name`, `ingredients` and `directions` (one
/// string each, a line per item), `servings` and times as free text,
/// `categories`, `source`/`source_url`, `notes`, `nutritional_info`,
/// `rating`, `photo_data` (the picture, base64). The file names are NFD
/// UTF-8 without the zip's UTF-8 flag (mojibake once read), so the title
/// comes from the JSON.
enum PaprikaExport {
    static func marks(_ path: String) -> Bool {
        path.lowercased().hasSuffix(".paprikarecipe")
    }

    /// A `.paprikarecipe` by name, or gzip data (or a `.json` file: one
    /// unpacked) holding a JSON object with Paprika's fields.
    static func recognises(_ files: ExportFiles) -> Bool {
        files.entries.contains(where: isRecipe)
    }

    private static func isRecipe(_ entry: ExportFiles.Entry) -> Bool {
        if marks(entry.path) { return true }
        let json = ExportFiles.isGzip(entry.bytes) ? ExportFiles.gunzip(entry.bytes) : entry.name.lowercased().hasSuffix(".json") ? entry.bytes : nil
        guard let json, let object = ExportValues.object(json) else { return false }
        return object["ingredients"]?.string != nil && object["directions"]?.string != nil
    }

    static func read(_ files: ExportFiles) -> ExportReading {
        ExportReading(files, picking: isRecipe, recipe)
    }

    static func recipe(_ entry: ExportFiles.Entry, in _: ExportLookup) throws(ExportRecipeProblem) -> ImportedRecipe {
        // A `.paprikarecipe` someone unpacked is the JSON itself.
        let json = ExportFiles.isGzip(entry.bytes) ? ExportFiles.gunzip(entry.bytes) : entry.bytes
        guard let json else { throw ExportRecipeProblem("not gzip-compressed JSON (the file is damaged or cut short)") }
        let object = try ExportValues.parse(json)
        var recipe = ImportedRecipe(title: ExportValues.text(object["name"]) ?? "", source: .paprika)
        recipe.description = ExportValues.text(object["description"])
        recipe.yield = ExportValues.text(object["servings"])
        recipe.prepTime = ExportValues.duration(ExportValues.text(object["prep_time"]))
        recipe.cookTime = ExportValues.duration(ExportValues.text(object["cook_time"]))
        recipe.totalTime = ExportValues.duration(ExportValues.text(object["total_time"]))
        recipe.addingUpTotalTime()
        recipe.categories = ExportValues.names(object["categories"])
        let lines = ExportValues.lines(object["ingredients"]?.string)
        // Section headers ("für den Braten:") are lines among the others.
        recipe.ingredientGroups = lines.isEmpty ? [] : IngredientHeadings.grouped(lines, page: nil)
        let steps = ExportText.steps(ExportValues.lines(object["directions"]?.string))
        if !steps.isEmpty { recipe.directionSections = [.init(steps: steps)] }
        guard !recipe.isEmpty else { throw .empty }
        if recipe.title.isEmpty { recipe.title = ExportValues.stem(entry.path) }

        recipe.notes = ExportValues.paragraphs(object["notes"]?.string)
        if let nutrition = ExportValues.text(object["nutritional_info"]) {
            // Free text ("Calories: 300"), which the nutrition fields do not take.
            recipe.notes.append("Nutrition: \(nutrition)")
        }
        let address = ExportValues.text(object["source_url"])
        if let address, address.hasPrefix("http://") || address.hasPrefix("https://") {
            recipe.url = address
        } else if let source = ExportValues.text(object["source"]) ?? address {
            // A book or a site's name: the credit kept where people read it.
            recipe.notes.append("Source: \(source)")
        }
        if let image = ExportValues.text(object["image_url"]) { recipe.images = [image] }
        if let photo = object["photo_data"]?.string, let bytes = Data(base64Encoded: photo, options: .ignoreUnknownCharacters), !bytes.isEmpty {
            recipe.picture = .init(bytes: Array(bytes), origin: "\(entry.path) (photo_data)")
        }
        if let rating = object["rating"]?.number?.intValue, rating > 0 {
            recipe.unmapped.append("the rating (\(rating) of 5): a recipe file has no field for it")
        }
        if let difficulty = ExportValues.text(object["difficulty"]) {
            recipe.unmapped.append("the difficulty (\(difficulty)): a recipe file has no field for it")
        }
        if let photos = object["photos"]?.array, !photos.isEmpty {
            recipe.unmapped.append("\(photos.count) more photo\(photos.count == 1 ? "" : "s") besides the recipe's picture")
        }
        return recipe
    }
}
