import Foundation

/// My Recipe Box's export: a bare CSV, one recipe a row, with the header
/// `title, description, preparationTime, cookingTime, inactiveTime,
/// totalTime` (minutes), `quantity, ingredients` (a line each),
/// `instructions` (a line or a paragraph each), `notes, nutrition`
/// (`key : value` lines), `favorite, rating, categories, tags` (both
/// `;`-separated), `video, source, originalPicture`.
public enum MyRecipeBoxExport {
    /// Whether `bytes` are a CSV with My Recipe Box's header.
    public static func recognises(csv bytes: [UInt8]) -> Bool {
        CSVTable.header(of: bytes, names: ["title", "ingredients", "instructions", "preparationTime", "originalPicture"])
    }

    /// A CSV file, by its name.
    static func marks(_ path: String) -> Bool {
        path.lowercased().hasSuffix(".csv")
    }

    /// Whether the export holds a My Recipe Box CSV (it is one, mostly).
    public static func recognises(_ files: ExportFiles) -> Bool {
        ExportText.entry(in: files, ending: ".csv", recognises(csv:)) != nil
    }

    /// The recipes of the CSV, one a row (a row with something in it but no
    /// title, ingredients or instructions is skipped, at its line).
    public static func read(_ files: ExportFiles) -> ExportReading {
        ExportText.csvReading(files, recognises: recognises(csv:), what: "title, ingredients or instructions", recipe)
    }

    static func recipe(_ table: CSVTable, _ record: CSVTable.Record) -> ImportedRecipe? {
        func field(_ name: String) -> String { table.value(record, name) }
        // Titles come with trailing spaces ("Autumn Squash Soup ").
        let title = TextCleaning.collapseWhitespace(field("title"))
        guard !title.isEmpty || !field("ingredients").isEmpty || !field("instructions").isEmpty else { return nil }
        var recipe = ImportedRecipe(title: title, source: .myRecipeBox)
        recipe.description = field("description").isEmpty ? nil : field("description")
        let lines = ExportValues.lines(field("ingredients"))
        // No headings of its own: a line such as "For the sauce:" is one.
        if !lines.isEmpty { recipe.ingredientGroups = IngredientHeadings.grouped(lines, page: nil) }
        let steps = ExportText.steps(ExportValues.lines(field("instructions")))
        if !steps.isEmpty { recipe.directionSections = [ImportedRecipe.DirectionSection(steps: steps)] }
        recipe.notes = ExportValues.paragraphs(field("notes"))
        recipe.prepTime = ExportText.minutes(field("preparationTime"))
        recipe.cookTime = ExportText.minutes(field("cookingTime"))
        recipe.totalTime = ExportText.minutes(field("totalTime"))
        if let inactive = ExportText.minutes(field("inactiveTime")) {
            recipe.unmapped.append("the inactive time (\(inactive.text)) has no field in a recipe file (the total time counts it)")
        }
        recipe.yield = field("quantity").isEmpty ? nil : field("quantity")
        recipe.categories = ExportText.list(field("categories"), separator: ";")
        recipe.keywords = ExportText.list(field("tags"), separator: ";")
        recipe.nutrition = ExportValues.lines(field("nutrition")).compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return ExportText.nutrition(String(line[..<colon]), String(line[line.index(after: colon)...]))
        }
        // In rows with tags the last columns come one column late (a real
        // export's page address sits under originalPicture, its picture
        // after it), so the addresses from `video` on are told apart by
        // what they are: a picture's, a video's, else the recipe's page.
        let addresses = table.column("video").map { start in
            record.fields.dropFirst(start).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter(ExportText.isWebAddress)
        } ?? []
        let video = addresses.first(where: MyRecipeBoxExport.isVideo)
            ?? [field("video")].first { ExportText.isWebAddress($0) && !MyRecipeBoxExport.isPicture($0) }
        let picture = addresses.first(where: MyRecipeBoxExport.isPicture)
            ?? [field("originalPicture")].first { ExportText.isWebAddress($0) && $0 != video }
        (recipe.url, recipe.author) = ExportText.origin(url: addresses.first { $0 != video && $0 != picture } ?? "", source: field("source"))
        if let picture { recipe.images = [picture] }
        if let video { recipe.unmapped.append("the video (\(video)) has no field in a recipe file") }
        let rating = field("rating")
        if !rating.isEmpty, rating != "0" { recipe.unmapped.append("the rating (\(rating)) has no field in a recipe file") }
        return recipe
    }

    private static func isVideo(_ address: String) -> Bool {
        guard let host = URLComponents(string: address)?.host?.lowercased() else { return false }
        return ["youtube.com", "youtu.be", "vimeo.com"].contains { host == $0 || host.hasSuffix("." + $0) }
    }

    private static func isPicture(_ address: String) -> Bool {
        let path = URLComponents(string: address)?.path.lowercased() ?? ""
        return ["jpg", "jpeg", "png", "gif", "webp", "avif"].contains { path.hasSuffix("." + $0) }
    }
}
