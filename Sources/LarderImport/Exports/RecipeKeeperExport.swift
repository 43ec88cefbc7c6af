/// Recipe Keeper's export: a zip holding `recipes.html` (every recipe, a
/// `div.recipe-details` each) and `images/`. A recipe's fields are marked
/// with schema.org-style `itemprop`s but no `itemscope`, so the microdata
/// reader does not see them: `name`, `recipeCourse`, `recipeCategory`
/// (repeated), `recipeSource`, `recipeYield`, `prepTime` and `cookTime`
/// (ISO 8601 in a `<meta content>`), `recipeIngredients` and
/// `recipeDirections` (a `<div>` of lines), `recipeNotes`, `recipeRating`,
/// `photo0`… (an `<img>` beside the page), `recipeNut…` (nutrition). The
/// layout is the one Mealie's importer reads; no real export was at hand.
public enum RecipeKeeperExport {
    /// Whether `html` is a Recipe Keeper page: a `div.recipe-details`
    /// whose fields carry `itemprop="recipeIngredients"`.
    public static func recognises(html bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(1 << 20), as: UTF8.self)
        guard head.contains("recipe-details"), head.contains("recipeIngredients") else { return false }
        return !recipeElements(HTMLDocument(bytes: bytes).root).isEmpty
    }

    /// The page of recipes, `recipes.html`, by its name.
    static func marks(_ path: String) -> Bool {
        path.split(separator: "/").last?.lowercased() == "recipes.html"
    }

    /// Whether the export holds a Recipe Keeper page.
    public static func recognises(_ files: ExportFiles) -> Bool {
        ExportText.entry(in: files, ending: ".html", recognises(html:)) != nil
    }

    /// The recipes of the export's page, each with its picture from the
    /// export.
    public static func read(_ files: ExportFiles) -> ExportReading {
        ExportText.pageReading(files, recognises: recognises(html:), elements: recipeElements) { recipe($0, page: $1, files: files) }
    }

    private static func recipeElements(_ root: HTMLElement) -> [HTMLElement] {
        root.outermost { $0.name == "div" && $0.hasClass("recipe-details") && $0.first { $0[attribute: "itemprop"] != nil } != nil }
    }

    /// A field's values, as Mealie reads them: a `<meta>`'s `content`, an
    /// `<img>`'s `src`, a `<div>`'s lines, else the element's text.
    private static func fields(_ element: HTMLElement) -> [(name: String, values: [String])] {
        var fields: [(name: String, values: [String])] = []
        for item in element.descendants(where: { $0[attribute: "itemprop"] != nil }) {
            let values: [String] = switch item.name {
            case "meta": [item[attribute: "content"] ?? ""]
            case "img": [item[attribute: "src"] ?? ""]
            case "div": item.lines
            default: [item.text]
            }
            let cleaned = values.map(TextCleaning.collapseWhitespace).filter { !$0.isEmpty }
            for name in (item[attribute: "itemprop"] ?? "").split(whereSeparator: \.isWhitespace).map(String.init) {
                if let index = fields.firstIndex(where: { $0.name == name }) {
                    fields[index].values += cleaned
                } else {
                    fields.append((name, cleaned))
                }
            }
        }
        return fields
    }

    static func recipe(_ element: HTMLElement, page: String, files: ExportFiles) -> ImportedRecipe? {
        let fields = fields(element)
        func values(_ name: String) -> [String] { fields.first { $0.name == name }?.values ?? [] }
        func value(_ name: String) -> String? { values(name).first }
        var recipe = ImportedRecipe(title: value("name") ?? "", source: .recipeKeeper)
        let lines = values("recipeIngredients")
        guard !recipe.title.isEmpty || !lines.isEmpty else { return nil }
        // No headings of its own: a line such as "For the sauce:" is one.
        if !lines.isEmpty { recipe.ingredientGroups = IngredientHeadings.grouped(lines, page: nil) }
        let steps = ExportText.steps(values("recipeDirections"))
        if !steps.isEmpty { recipe.directionSections = [ImportedRecipe.DirectionSection(steps: steps)] }
        recipe.notes = values("recipeNotes")
        recipe.categories = values("recipeCourse").flatMap { ExportText.list($0, separator: ",") }
        recipe.keywords = values("recipeCategory").flatMap { ExportText.list($0, separator: ",") }
        recipe.yield = value("recipeYield")
        recipe.prepTime = value("prepTime").flatMap(ExportText.minutes)
        recipe.cookTime = value("cookTime").flatMap(ExportText.minutes)
        let total = (recipe.prepTime?.minutes ?? 0) + (recipe.cookTime?.minutes ?? 0)
        if total > 0 { recipe.totalTime = ImportedRecipe.Duration(text: "\(total) min", minutes: total) }
        (recipe.url, recipe.author) = ExportText.origin(url: "", source: value("recipeSource") ?? "")
        recipe.nutrition = fields.filter { $0.name.hasPrefix("recipeNut") }.compactMap { field in
            field.values.first.flatMap { ExportText.nutrition(String(field.name.dropFirst("recipeNut".count)), $0) }
        }
        if let photo = value("photo0") {
            recipe.picture = ExportText.picture(photo, besidePage: page, in: files)
            if recipe.picture == nil { recipe.unmapped.append("the picture \(photo) is not in the export") }
        }
        let more = fields.filter { $0.name.hasPrefix("photo") && $0.name != "photo0" && !$0.values.isEmpty }.count
        if more > 0 { recipe.unmapped.append("\(more) more photo\(more == 1 ? "" : "s") (a recipe file has one picture)") }
        if let rating = value("recipeRating"), rating != "0" {
            recipe.unmapped.append("the rating (\(rating)) has no field in a recipe file")
        }
        return recipe
    }
}
