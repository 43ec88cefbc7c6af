import Larder
import LarderCore
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
        let prose = prose ?? RecipeProse(recipe)
        var json = JSONStream()
        json.bytes.reserveCapacity(2048)
        json.object { json in
            json.member("@context", "https://schema.org")
            json.member("@type", "Recipe")
            json.member("name", recipe.title)
            json.member("image", imageURL)
            if let author = recipe.author {
                json.key("author")
                json.object { json in
                    json.member("@type", "Person")
                    json.member("name", author)
                }
            }
            json.member("datePublished", recipe.date)
            json.member("description", prose.description)
            json.member("inLanguage", kitchen.config.language)
            json.member("keywords", recipe.tags.isEmpty ? nil : recipe.tags.joined(separator: ", "))
            json.member("recipeCategory", recipe.category)
            json.member("recipeCuisine", recipe.cuisine)
            json.member("prepTime", recipe.prepTime?.iso8601)
            json.member("cookTime", recipe.cookTime?.iso8601)
            json.member("totalTime", totalTime(recipe)?.iso8601)
            yield(recipe, into: &json)
            nutrition(recipe.nutrition, into: &json)
            if !recipe.ingredients.isEmpty {
                json.key("recipeIngredient")
                json.array { json in
                    for line in prose.ingredientLines { json.string(line) }
                }
            }
            instructions(recipe.directions, steps: prose.steps, into: &json)
            json.member("url", pageURL)
        }
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// The total time as given, else prep plus cook (either alone counts).
    static func totalTime(_ recipe: Recipe) -> CookingTime? {
        if let total = recipe.totalTime { return total }
        let parts = [recipe.prepTime, recipe.cookTime].compactMap { $0 }
        guard !parts.isEmpty else { return nil }
        let seconds = parts.reduce(0) { $0 + $1.seconds }
        return CookingTime(text: QuantityDisplay.duration(seconds: seconds), seconds: seconds)
    }

    /// "4 servings" first (Google reads the first value as servings), then
    /// the yield as written ("12 pancakes"); a single value stays a string.
    private static func yield(_ recipe: Recipe, into json: inout JSONStream) {
        var values: [String] = []
        if let servings = recipe.servingsText { values.append(servings == "1" ? "1 serving" : "\(servings) servings") }
        if let yield = recipe.yield { values.append(yield) }
        guard !values.isEmpty else { return }
        json.key("recipeYield")
        if values.count == 1 {
            json.string(values[0])
        } else {
            json.array { json in for value in values { json.string(value) } }
        }
    }

    /// Numbers get schema.org's units (calories; g; mg for cholesterol and
    /// sodium); text stays as written.
    private static func nutrition(_ details: [Detail], into json: inout JSONStream) {
        guard !details.isEmpty else { return }
        json.key("nutrition")
        json.object { json in
            json.member("@type", "NutritionInformation")
            for detail in details { json.member(detail.key, nutritionValue(detail)) }
        }
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

    /// `HowToStep`s; a titled section becomes a `HowToSection` of its steps.
    private static func instructions(_ sections: [DirectionSection], steps texts: [[String]], into json: inout JSONStream) {
        guard zip(sections, texts).contains(where: { !$0.1.isEmpty || $0.0.title != nil }) else { return }
        func steps(_ texts: [String], into json: inout JSONStream) {
            for text in texts {
                json.object { json in
                    json.member("@type", "HowToStep")
                    json.member("text", text)
                }
            }
        }
        json.key("recipeInstructions")
        json.array { json in
            for (section, texts) in zip(sections, texts) {
                guard let title = section.title else {
                    steps(texts, into: &json)
                    continue
                }
                json.object { json in
                    json.member("@type", "HowToSection")
                    json.member("name", title)
                    json.key("itemListElement")
                    json.array { json in steps(texts, into: &json) }
                }
            }
        }
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
