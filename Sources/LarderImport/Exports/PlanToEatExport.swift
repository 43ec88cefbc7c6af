/// Plan to Eat's export: a zip holding `plantoeat.csv` (or that CSV on its
/// own), one recipe a row. Its columns: Title, Course, Cuisine, Main
/// Ingredient, Description, Source, Url, Url Host, Prep Time, Cook Time,
/// Total Time (minutes), Servings, Yield, Ingredients (a line each; a line
/// starting with `, ` is a section heading), Directions (a line each),
/// Tags (comma-separated), Rating, Public Url, Photo Url, Private,
/// Nutritional Score (generic), Calories, Fat, Saturated Fat, Cholesterol,
/// Sodium, Sugar, Carbohydrate, Fiber, Protein, Cost, Created At, Updated At.
public enum PlanToEatExport {
    /// Whether `bytes` are a CSV with Plan to Eat's header: its recipe
    /// columns and one of the columns only it has.
    public static func recognises(csv bytes: [UInt8]) -> Bool {
        CSVTable.header(of: bytes, names: ["Title", "Ingredients", "Directions"])
            && ["Url Host", "Main Ingredient", "Public Url"].contains { CSVTable.header(of: bytes, names: [$0]) }
    }

    /// A CSV file (`plantoeat.csv`), by its name.
    static func marks(_ path: String) -> Bool {
        path.lowercased().hasSuffix(".csv")
    }

    /// Whether the export holds a Plan to Eat CSV.
    public static func recognises(_ files: ExportFiles) -> Bool {
        ExportText.entry(in: files, ending: ".csv", recognises(csv:)) != nil
    }

    /// The recipes of the export's CSV, one a row (a row with something in it but
    /// no title, ingredients or directions is skipped, at its line).
    public static func read(_ files: ExportFiles) -> ExportReading {
        ExportText.csvReading(files, recognises: recognises(csv:), what: "title, ingredients or directions", recipe)
    }

    /// The nutrition columns, per serving, in Plan to Eat's units (kcal,
    /// g, mg for cholesterol and sodium).
    static let nutritionColumns = ["Calories", "Fat", "Saturated Fat", "Cholesterol", "Sodium", "Sugar", "Carbohydrate", "Fiber", "Protein"]

    static func recipe(_ table: CSVTable, _ record: CSVTable.Record) -> ImportedRecipe? {
        func field(_ name: String) -> String { table.value(record, name) }
        let title = TextCleaning.collapseWhitespace(field("Title"))
        guard !title.isEmpty || !field("Ingredients").isEmpty || !field("Directions").isEmpty else { return nil }
        var recipe = ImportedRecipe(title: title, source: .planToEat)
        recipe.description = field("Description").isEmpty ? nil : field("Description")
        recipe.ingredientGroups = ingredientGroups(field("Ingredients"))
        let steps = ExportText.steps(ExportValues.lines(field("Directions")))
        if !steps.isEmpty { recipe.directionSections = [ImportedRecipe.DirectionSection(steps: steps)] }
        recipe.categories = ExportText.list(field("Course"), separator: ",")
        recipe.cuisines = ExportText.list(field("Cuisine"), separator: ",")
        recipe.keywords = ExportText.list(field("Main Ingredient") + "," + field("Tags"), separator: ",")
        recipe.prepTime = ExportText.minutes(field("Prep Time"))
        recipe.cookTime = ExportText.minutes(field("Cook Time"))
        recipe.totalTime = ExportText.minutes(field("Total Time"))
        let servings = field("Servings")
        recipe.servings = Int(servings)
        recipe.yield = field("Yield").isEmpty ? (recipe.servings == nil && !servings.isEmpty ? servings : nil) : field("Yield")
        (recipe.url, recipe.author) = ExportText.origin(url: field("Url"), source: field("Source"))
        if !field("Photo Url").isEmpty { recipe.images = [field("Photo Url")] }
        recipe.nutrition = nutritionColumns.compactMap { ExportText.nutrition($0, field($0)) }
        for (column, what) in [("Rating", "the rating"), ("Cost", "the cost"), ("Nutritional Score (generic)", "the nutritional score")] {
            let value = field(column)
            if !value.isEmpty, value != "0" { recipe.unmapped.append("\(what) (\(value)) has no field in a recipe file") }
        }
        return recipe
    }

    /// Ingredient lines, a line starting with `,` naming the group of the
    /// lines after it (Plan to Eat writes a heading as an ingredient with
    /// no amount and no name, only its note).
    static func ingredientGroups(_ text: String) -> [ImportedRecipe.IngredientGroup] {
        var groups: [ImportedRecipe.IngredientGroup] = []
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix(",") {
                let name = TextCleaning.collapseWhitespace(String(trimmed.dropFirst()))
                groups.append(ImportedRecipe.IngredientGroup(name: name.isEmpty ? nil : name, lines: []))
                continue
            }
            let cleaned = TextCleaning.collapseWhitespace(trimmed)
            guard !cleaned.isEmpty else { continue }
            if groups.isEmpty { groups.append(ImportedRecipe.IngredientGroup(lines: [])) }
            groups[groups.count - 1].lines.append(cleaned)
        }
        return groups.filter { !$0.lines.isEmpty }
    }
}
