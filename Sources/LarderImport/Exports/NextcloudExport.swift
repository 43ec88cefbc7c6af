import Foundation
import LarderCore

/// Nextcloud Cookbook's export (its recipe folder, zipped): a folder per
/// recipe holding `recipe.json`, a schema.org Recipe as JSON-LD, and
/// `full.jpg` (with `thumb.jpg`) when it has a photo. The JSON is read by
/// the web pages' schema.org reader, so it maps exactly as a page's JSON-LD.
enum NextcloudExport {
    static func marks(_ path: String) -> Bool {
        path.split(separator: "/").last?.lowercased() == "recipe.json"
    }

    /// A `recipe.json` that is a schema.org Recipe (Tandoor's `recipe.json`
    /// is not).
    static func recognises(_ files: ExportFiles) -> Bool {
        files.entries.contains { entry in
            marks(entry.path) && ExportValues.object(entry.bytes).map(isSchemaRecipe) == true
        }
    }

    static func isSchemaRecipe(_ object: JSONObject) -> Bool {
        SchemaTypes.isRecipe(object) || object["recipeIngredient"] != nil
    }

    static func read(_ files: ExportFiles) -> ExportReading {
        ExportReading(files, picking: { marks($0.path) }, recipe)
    }

    static func recipe(_ entry: ExportFiles.Entry, in files: ExportLookup) throws(ExportRecipeProblem) -> ImportedRecipe {
        let object = try ExportValues.parse(entry.bytes)
        guard isSchemaRecipe(object), var recipe = try? PageReader.read(json: entry.bytes, url: entry.path).first else {
            throw ExportRecipeProblem("not a schema.org Recipe")
        }
        guard !recipe.isEmpty else { throw .empty }
        recipe.source = .nextcloud
        // The folder is named after the recipe.
        if recipe.title.isEmpty { recipe.title = String(entry.path.split(separator: "/").dropLast().last ?? "") }
        if let photo = files.entry(named: "full.jpg", besides: entry.path) {
            recipe.picture = .init(bytes: photo.bytes, origin: photo.path)
        }
        let tools = ExportValues.names(object["tool"])
        if !tools.isEmpty { recipe.unmapped.append("the tools (\(tools.joined(separator: ", "))): a recipe file has no field for them") }
        return recipe
    }
}
