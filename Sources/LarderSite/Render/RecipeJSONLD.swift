import Larder
import LarderMarkdown
import LarderQuantities

/// A recipe as schema.org `Recipe` JSON-LD, with Google's required and
/// recommended properties, for `<script type="application/ld+json">`.
enum RecipeJSONLD {
    /// Compact JSON, keys in a fixed order, safe inside a `<script>` element
    /// (`<`, `>`, `&` are escaped in strings).
    ///
    /// - Parameters:
    ///   - pageURL: the page's absolute URL (`url`), when the site has a `baseURL`.
    ///   - imageURL: the recipe image (`image`): absolute when the site has a
    ///     `baseURL`, else relative to the page. Nil leaves `image` out.
    ///   - prose: the recipe's plain text, when already made.
    static func json(
        for recipe: Recipe, kitchen: Kitchen, pageURL: String?, imageURL: String?, prose: RecipeProse? = nil
    ) -> String {
        value(for: recipe, kitchen: kitchen, pageURL: pageURL, imageURL: imageURL, prose: prose ?? RecipeProse(recipe)).text
    }

    static func value(
        for recipe: Recipe, kitchen: Kitchen, pageURL: String?, imageURL: String?, prose: RecipeProse
    ) -> SiteJSON {
        .fields([
            "@context": .string("https://schema.org"),
            "@type": .string("Recipe"),
            "name": .string(recipe.title),
            "image": imageURL.map(SiteJSON.string),
            "author": recipe.author.map { .fields(["@type": .string("Person"), "name": .string($0)]) },
            "datePublished": recipe.date.map(SiteJSON.string),
            "description": prose.description.map(SiteJSON.string),
            "inLanguage": .string(kitchen.config.language),
            "keywords": recipe.tags.isEmpty ? nil : .string(recipe.tags.joined(separator: ", ")),
            "recipeCategory": recipe.category.map(SiteJSON.string),
            "recipeCuisine": recipe.cuisine.map(SiteJSON.string),
            "prepTime": recipe.prepTime.map { .string($0.iso8601) },
            "cookTime": recipe.cookTime.map { .string($0.iso8601) },
            "totalTime": totalTime(recipe).map { .string($0.iso8601) },
            "recipeYield": yield(recipe),
            "nutrition": nutrition(recipe.nutrition),
            "recipeIngredient": recipe.ingredients.isEmpty
                ? nil : .array(recipe.ingredients.map { .string(ingredientText($0)) }),
            "recipeInstructions": instructions(recipe.directions, steps: prose.steps),
            "url": pageURL.map(SiteJSON.string),
        ])
    }

    /// The total time as given, else prep plus cook (either alone counts).
    static func totalTime(_ recipe: Recipe) -> CookingTime? {
        if let total = recipe.totalTime { return total }
        let parts = [recipe.prepTime, recipe.cookTime].compactMap { $0 }
        guard !parts.isEmpty else { return nil }
        let seconds = parts.reduce(0) { $0 + $1.seconds }
        return CookingTime(text: AmountFormat.duration(seconds: seconds), seconds: seconds)
    }

    /// "4 servings" first (Google reads the first value as servings), then
    /// the yield as written ("12 pancakes"); a single value stays a string.
    private static func yield(_ recipe: Recipe) -> SiteJSON? {
        var values: [String] = []
        if let servings = recipe.servings { values.append(servings == 1 ? "1 serving" : "\(servings) servings") }
        if let yield = recipe.yield { values.append(yield) }
        switch values.count {
        case 0: return nil
        case 1: return .string(values[0])
        default: return .array(values.map(SiteJSON.string))
        }
    }

    /// Numbers get schema.org's units (calories; g; mg for cholesterol and
    /// sodium); text stays as written.
    private static func nutrition(_ details: [Detail]) -> SiteJSON? {
        guard !details.isEmpty else { return nil }
        var members = [SiteJSON.Member(key: "@type", value: .string("NutritionInformation"))]
        for detail in details {
            members.append(SiteJSON.Member(key: detail.key, value: .string(nutritionValue(detail))))
        }
        return .object(members)
    }

    /// A page says "kcal" (`calories`), shorter than schema.org's word.
    static func nutritionValue(_ detail: Detail, calories: String = "calories") -> String {
        let value = detail.value
        let isNumber = !value.isEmpty && Double(value) != nil
            && value.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
        guard isNumber, detail.key != "servingSize" else { return value }
        switch detail.key {
        case "calories": return "\(value) \(calories)"
        case "cholesterolContent", "sodiumContent": return "\(value) mg"
        default: return "\(value) g"
        }
    }

    /// One line as a person reads it: "1 ½ cups milk, warm (optional)",
    /// "2 tins (800 g) chopped tomatoes", "Salt and pepper, to taste".
    static func ingredientText(_ ingredient: Ingredient) -> String {
        var amount = AmountFormat.text(ingredient.quantity, unit: ingredient.unit, unitName: ingredient.unitName)
        if let size = AmountFormat.sizeText(ingredient) { amount = amount.map { "\($0) (\(size))" } }
        var text = amount.map { $0 + " " + ingredient.displayName } ?? ingredient.displayName
        if let note = ingredient.note, !note.isEmpty { text += ", \(note)" }
        if ingredient.optional { text += " (optional)" }
        return text
    }

    /// `HowToStep`s; a titled section becomes a `HowToSection` of its steps.
    private static func instructions(_ sections: [DirectionSection], steps texts: [[String]]) -> SiteJSON? {
        var elements: [SiteJSON] = []
        for (section, texts) in zip(sections, texts) {
            let steps = texts.map { text -> SiteJSON in
                .fields(["@type": .string("HowToStep"), "text": .string(text)])
            }
            if let title = section.title {
                elements.append(.fields([
                    "@type": .string("HowToSection"),
                    "name": .string(title),
                    "itemListElement": .array(steps),
                ]))
            } else {
                elements += steps
            }
        }
        return elements.isEmpty ? nil : .array(elements)
    }

    /// A step's Markdown as one line of plain text.
    static func stepText(_ step: String) -> String {
        Markdown.plainText(inline: step)
    }

    /// Paragraphs of Markdown as plain text, separated by blank lines.
    static func plainText(markdown: String) -> String {
        Markdown.plainText(markdown)
    }
}
