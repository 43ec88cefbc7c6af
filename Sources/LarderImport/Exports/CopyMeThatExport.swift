/// Copy Me That's export: a zip holding `recipes.html` (every recipe, a
/// `div.recipe` each) and `images/`. Inside a recipe, elements are marked
/// by ids that repeat from recipe to recipe (`name`, `original_link`,
/// `recipeYield`, `description`, `ratingValue`, …) and by classes
/// (`recipeImage`, `recipeCategory`, `recipeIngredient`,
/// `recipeIngredient_subheader`, `instruction`, `instruction_subheader`,
/// `recipeNote`), so each is looked up within its recipe's element.
public enum CopyMeThatExport {
    /// Whether `html` is a Copy Me That export's page: its marker (a
    /// `<meta name="copymethat_class_id_version">`; a page saved from
    /// Copy Me That's site is not one), or a `div.recipe` holding a `#name`
    /// and `li.recipeIngredient`s.
    public static func recognises(html bytes: [UInt8]) -> Bool {
        if String(decoding: bytes.prefix(4096), as: UTF8.self).contains("copymethat_class_id_version") { return true }
        // Parsed only when the page names the class at all: most pages
        // imported are other sites'.
        guard String(decoding: bytes, as: UTF8.self).contains("recipeIngredient") else { return false }
        return recipeElements(HTMLDocument(bytes: bytes).root).contains { recipe in
            recipe.first { $0[attribute: "id"] == "name" } != nil && recipe.first { $0.hasClass("recipeIngredient") } != nil
        }
    }

    /// The page of recipes, `recipes.html`, by its name.
    static func marks(_ path: String) -> Bool {
        path.split(separator: "/").last?.lowercased() == "recipes.html"
    }

    /// Whether the export holds a Copy Me That page.
    public static func recognises(_ files: ExportFiles) -> Bool {
        ExportText.entry(in: files, ending: ".html", recognises(html:)) != nil
    }

    /// The recipes of the export's page, each with its picture from the
    /// export.
    public static func read(_ files: ExportFiles) -> ExportReading {
        ExportText.pageReading(files, recognises: recognises(html:), elements: recipeElements) { recipe($0, page: $1, files: files) }
    }

    private static func recipeElements(_ root: HTMLElement) -> [HTMLElement] {
        root.outermost { $0.name == "div" && $0.hasClass("recipe") }
    }

    static func recipe(_ element: HTMLElement, page: String, files: ExportFiles) -> ImportedRecipe? {
        func byID(_ id: String) -> HTMLElement? { element.first { $0[attribute: "id"] == id } }
        func text(_ id: String) -> String? { byID(id).map(\.text).flatMap { $0.isEmpty ? nil : $0 } }
        var recipe = ImportedRecipe(title: text("name") ?? "", source: .copyMeThat)
        recipe.description = text("description")
        recipe.url = byID("original_link")?[attribute: "href"]
        recipe.yield = text("recipeYield")
        recipe.keywords = element.descendants { $0.hasClass("recipeCategory") }.map(\.text).filter { !$0.isEmpty }
        // Subheadings among the lines name the group or section of the
        // lines after them.
        var groups: [ImportedRecipe.IngredientGroup] = []
        var sections: [ImportedRecipe.DirectionSection] = []
        for line in element.descendants(where: { item in
            ["recipeIngredient", "recipeIngredient_subheader", "instruction", "instruction_subheader"].contains { item.hasClass($0) }
        }) {
            let text = line.text
            guard !text.isEmpty else { continue }
            switch line.classes.first(where: { $0.hasPrefix("recipeIngredient") || $0.hasPrefix("instruction") }).map(String.init) ?? "" {
            case "recipeIngredient_subheader": groups.append(ImportedRecipe.IngredientGroup(name: text, lines: []))
            case "instruction_subheader": sections.append(ImportedRecipe.DirectionSection(name: text, steps: []))
            case "recipeIngredient":
                if groups.isEmpty { groups.append(ImportedRecipe.IngredientGroup(lines: [])) }
                groups[groups.count - 1].lines.append(text)
            default:
                if sections.isEmpty { sections.append(ImportedRecipe.DirectionSection(steps: [])) }
                sections[sections.count - 1].steps.append(ImportedRecipe.Step(text: text))
            }
        }
        recipe.ingredientGroups = groups.filter { !$0.lines.isEmpty }
        recipe.directionSections = sections.filter { !$0.steps.isEmpty }
        recipe.notes = element.descendants { $0.hasClass("recipeNote") }.map(\.text).filter { !$0.isEmpty }
        guard !recipe.title.isEmpty || !recipe.ingredientLines.isEmpty else { return nil }
        if let source = element.first(where: { $0.name == "img" && $0.hasClass("recipeImage") })?[attribute: "src"] {
            recipe.picture = ExportText.picture(source, besidePage: page, in: files)
            if recipe.picture == nil { recipe.unmapped.append("the picture \(source) is not in the export") }
        }
        if let rating = text("ratingValue"), rating != "0" {
            recipe.unmapped.append("the rating (\(rating)) has no field in a recipe file")
        }
        return recipe
    }
}
