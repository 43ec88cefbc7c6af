import Foundation
import Larder
import LarderCore

/// A `.cook` file as an imported recipe. The file is read by the same
/// reader `larder check` uses for Cooklang in a data folder
/// (`KitchenLoader.readFile`), so metadata, sections, amounts, notes and
/// references map exactly as they do there; this only turns the `Recipe`
/// back into the text a person would have typed in a Markdown recipe.
enum CooklangSource {
    /// The recipe of `bytes`; `path` is the file's path relative to the
    /// folder imported (or its name), which gives it the id its sub-recipe
    /// references use. Errors when the file has errors of its own.
    static func read(_ bytes: [UInt8], path: String, beside file: URL? = nil) -> Result<ImportedRecipe, CooklangErrors> {
        guard let result = KitchenLoader.readFile(path, bytes: bytes), let recipe = result.recipe else {
            return .failure(CooklangErrors(diagnostics: []))
        }
        let errors = result.diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty else { return .failure(CooklangErrors(diagnostics: errors)) }
        var imported = imported(recipe)
        if let file {
            var pictures = picturesBeside(file)
            // The recipe's own picture (`Easy Pancakes.jpg`) is written with
            // it; a step's (`Easy Pancakes.3.jpg`) has no place in a recipe
            // file, so the user is told.
            let stem = file.deletingPathExtension().lastPathComponent + "."
            if let own = pictures.firstIndex(where: { !$0.dropFirst(stem.count).contains(".") }) {
                let name = pictures.remove(at: own)
                let path = file.deletingLastPathComponent().appendingPathComponent(name)
                if let handle = FileHandle(forReadingAtPath: path.path) {
                    defer { try? handle.close() }
                    let bytes = Array((try? handle.read(upToCount: RecipeImporter.maximumImageBytes + 1)) ?? Data())
                    if bytes.count <= RecipeImporter.maximumImageBytes {
                        imported.picture = ImportedRecipe.Picture(bytes: bytes, origin: name)
                    } else {
                        imported.unmapped.append("the picture \(name) is not copied: over \(RecipeImporter.maximumImageBytes >> 20) MB")
                    }
                }
            }
            if !pictures.isEmpty {
                imported.unmapped.append("the steps' pictures beside the file are not copied: \(pictures.joined(separator: ", "))")
            }
        }
        return .success(imported)
    }

    /// The pictures a data folder would give the recipe (`Easy Pancakes.jpg`,
    /// `Easy Pancakes.3.jpg` beside `Easy Pancakes.cook`), by name.
    static func picturesBeside(_ file: URL) -> [String] {
        let stem = file.deletingPathExtension().lastPathComponent + "."
        let names = (try? FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)) ?? []
        return names.filter { name in
            guard name.hasPrefix(stem) else { return false }
            // "jpg" (the recipe's) or "3.jpg" (step 3's).
            let rest = name.dropFirst(stem.count).split(separator: ".", omittingEmptySubsequences: false)
            guard let last = rest.last, rest.count == 1 || (rest.count == 2 && Int(rest[0]) != nil) else { return false }
            return ["jpg", "jpeg", "png", "webp", "gif", "avif"].contains(last.lowercased())
        }.sorted()
    }

    /// Errors a `.cook` file has, as `larder check` shows them.
    struct CooklangErrors: Error {
        var diagnostics: [Diagnostic]
    }

    static func imported(_ recipe: Recipe) -> ImportedRecipe {
        var imported = ImportedRecipe(title: recipe.title, source: .cooklang)
        imported.cooklangID = recipe.id
        imported.description = recipe.description.map(unescaped)
        imported.url = recipe.source
        imported.author = recipe.author
        imported.yield = recipe.servings.map(String.init) ?? recipe.yield
        func duration(_ time: CookingTime?) -> ImportedRecipe.Duration? {
            time.map { .init(text: $0.text, minutes: $0.seconds / 60) }
        }
        imported.prepTime = duration(recipe.prepTime)
        imported.cookTime = duration(recipe.cookTime)
        imported.totalTime = duration(recipe.totalTime)
        imported.categories = recipe.category.map { [$0] } ?? []
        imported.cuisines = recipe.cuisine.map { [$0] } ?? []
        imported.keywords = recipe.tags
        imported.ingredientGroups = recipe.ingredientGroups.map { group in
            .init(name: group.name, lines: group.ingredients.map(line))
        }
        // Steps and notes are Markdown with the step's characters escaped;
        // the writer escapes what it writes, so it gets them as written.
        imported.directionSections = recipe.directions.map { section in
            .init(name: section.title, steps: section.steps.map { .init(text: unescaped($0)) })
        }
        imported.notes = recipe.notes.map { $0.components(separatedBy: "\n\n").map(unescaped) } ?? []
        imported.nutrition = recipe.nutrition.map { (name: $0.key, value: $0.value) }
        if !recipe.cookware.isEmpty {
            imported.unmapped.append("the cookware list (\(recipe.cookware.joined(separator: ", "))): the steps still name it")
        }
        if !recipe.otherMetadata.isEmpty {
            imported.unmapped.append("metadata Larder has no field for: \(recipe.otherMetadata.map(\.key).joined(separator: ", "))")
        }
        return imported
    }

    /// An ingredient as its Markdown line; a sub-recipe's name is a link to
    /// it (`1 batch [Pizza Dough](shared-pizza-dough)`), as a Markdown
    /// recipe names one.
    static func line(_ ingredient: Ingredient) -> String {
        var ingredient = ingredient
        if let id = ingredient.recipe { ingredient.name = "[\(ingredient.name)](\(id))" }
        return ingredient.writtenLine
    }

    /// Markdown's backslash escapes removed: `\*` is `*` (CommonMark: any
    /// ASCII punctuation after a backslash is itself).
    static func unescaped(_ text: String) -> String {
        var out = ""
        var escaping = false
        for character in text {
            if !escaping, character == "\\" {
                escaping = true
                continue
            }
            if escaping, !(character.isASCII && character.isPunctuation || character.isASCII && character.isSymbol) {
                out.append("\\")
            }
            escaping = false
            out.append(character)
        }
        if escaping { out.append("\\") }
        return out
    }
}
