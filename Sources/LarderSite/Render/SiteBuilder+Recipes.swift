import Foundation
import Larder
import LarderMarkdown
import LarderQuantities

extension SiteBuilder {
    /// `recipes/<id>/index.html` and `recipes/<id>.txt`.
    func recipePage(_ recipe: Recipe) throws(ThemeError) -> [OutputFile] {
        let folder = recipeFolder(recipe)
        let path = page(folder)
        let root = root(of: path)
        let image = recipe.image.map(Self.normalised)
        // Each step's HTML and plain text from one cmark run; the groups
        // and lines of the ingredients made once for the page, its text and its JSON-LD.
        let prose = RecipeProse(recipe, withStepHTML: true)
        var ingredientNumber = 0
        let groups = prose.ingredientGroups.map { group in
            IngredientGroupView(name: group.name, ingredients: group.indices.map { index in
                ingredientNumber += 1
                return ingredientView(recipe.ingredients[index], number: ingredientNumber, root: root)
            })
        }
        // Only a recipe read from Cooklang has marked steps to link from.
        let ingredientIDs = recipe.directions.contains { $0.marked != nil }
            ? MarkedStep.ingredientIDs(groups: prose.ingredientGroups, count: recipe.ingredients.count) : []
        var stepNumber = 0
        let sections = zip(recipe.directions, prose.stepsHTML).map { section, stepsHTML in
            DirectionSectionView(title: section.title, steps: section.steps.indices.map { index in
                stepNumber += 1
                let marked = section.marked.flatMap { $0.indices.contains(index) ? $0[index] : nil }
                let stepImage = section.stepImages.flatMap { $0.indices.contains(index) ? $0[index] : nil }
                return StepView(
                    number: stepNumber,
                    stepHTML: marked.map { MarkedStep.html($0, ingredientIDs: ingredientIDs) } ?? stepsHTML[index] ?? "",
                    imageHref: imageHref(stepImage, root: root)
                )
            })
        }
        let category = recipe.category.map { name in
            CountLink(title: name, href: root + "categories/\(categorySlugs.slug(name))/index.html", count: 0)
        }
        let textPath = "recipes/\(recipe.id).txt"
        let source = recipe.source
        let body = RecipeBody(
            id: recipe.id,
            title: recipe.title,
            descriptionHTML: html(recipe.description),
            imageHref: imageHref(image, root: root),
            imageAlt: recipe.title,
            category: category,
            cuisine: recipe.cuisine,
            tags: recipe.tags.map { CountLink(title: $0, href: root + "tags/\(tagSlugs.slug($0))/index.html", count: 0) },
            servings: recipe.servings,
            servingsShown: recipe.servingsText,
            unitsJSON: recipe.servings == nil ? nil : QuantityDisplay.unitTable(for: Self.scaledUnits(recipe.ingredients)),
            unitSystem: kitchen.config.units?.rawValue,
            yield: recipe.yield,
            times: times(recipe),
            author: recipe.author,
            sourceText: source.map(Self.linkText),
            sourceHref: source.flatMap { $0.hasPrefix("https://") || $0.hasPrefix("http://") ? $0 : nil },
            date: recipe.date,
            otherMetadata: recipe.otherMetadata.map { DetailView(key: Self.metadataLabel($0.key), value: $0.value) },
            nutrition: recipe.nutrition.map {
                // The same units as the JSON-LD, "kcal" being shorter on a page
                // (also in text written with the word: "about 200 calories").
                let value = RecipeJSONLD.nutritionValue($0, calories: "kcal")
                return DetailView(
                    key: Self.nutritionLabel($0.key),
                    // Byte search: Foundation's `contains` and the generic
                    // `firstRange(of:)` were slow for every page.
                    value: Self.contains(value, " calories") ? value.replacing(" calories", with: " kcal") : value
                )
            },
            ingredientGroups: groups,
            cookware: recipe.cookware,
            directionSections: sections,
            notesHTML: html(recipe.notes),
            textHref: "../\(recipe.id).txt",
            storageKey: storageKey(folder),
            favorite: kitchen.favorites.recipes.contains(recipe.id),
            jsonLD: RecipeJSONLD.json(
                for: recipe, kitchen: kitchen, pageURL: absoluteURL(folder),
                imageURL: image.map { absoluteURL($0) ?? (root + $0) },
                prose: prose
            )
        )
        let meta = meta(
            title: recipe.title, description: summary(id: recipe.id, description: recipe.description), path: path,
            name: "page-recipe", image: image, kind: "article"
        )
        return [
            try renderPage("recipe", path: path, meta: meta, body: body),
            OutputFile(path: textPath, text: Share.recipe(recipe, prose: prose).render(.text)),
        ]
    }

    private func ingredientView(_ ingredient: Ingredient, number: Int, root: String) -> IngredientView {
        let fractional = ingredient.quantity.map { QuantityDisplay.isFractional($0, unit: ingredient.unit) } ?? false
        var unitText: String? = ingredient.unit.map { unit in
            ingredient.quantity.map { unit.displayName(for: $0) } ?? unit.singular
        } ?? ingredient.unitName
        // The packages' size beside the unit, "cans (30 oz)": hidden with
        // the unit once rescaled, when the scaled text says it all.
        if let size = QuantityDisplay.sizeText(ingredient) { unitText = unitText.map { "\($0) (\(size))" } ?? "(\(size))" }
        let name = ingredient.displayName
        let id = "ingredient-\(number)", quantityText = ingredient.quantity.map { QuantityDisplay.number($0, fractional: fractional) }
        let amount = [quantityText, unitText].compactMap { $0 }.joined(separator: " ")
        return IngredientView(
            id: id,
            // A tick is kept for the line as it is: its box's id is its
            // position, so an edit that changes or moves lines drops the
            // ticks made before it instead of moving them to other lines.
            tickKey: Self.tickKey(id, name, amount, ingredient.note, false),
            quantityText: quantityText,
            quantityValue: ingredient.quantity.map(QuantityDisplay.exactValue),
            unitID: ingredient.unit?.id,
            unitName: ingredient.unit == nil ? ingredient.unitName : nil,
            sizeValue: ingredient.size.map { QuantityDisplay.exactValue($0.quantity) },
            sizeUnitID: ingredient.size?.unit?.id,
            sizeUnitName: ingredient.size.flatMap { $0.unit == nil ? $0.unitName : nil },
            gramsPerCup: ingredient.unit?.dimension == .volume ? gramsPerCup(of: ingredient.name) : nil,
            unitText: unitText,
            name: name,
            note: ingredient.note,
            optional: ingredient.optional,
            recipeHref: ingredient.recipe.flatMap { kitchen.recipePosition($0) == nil ? nil : root + page(Self.recipeFolder(id: $0)) }
        )
    }

    /// The grams in a cup of the food `name` names ("227/1" for butter), for
    /// the servings control's conversions; nil for a food with no density.
    private func gramsPerCup(of name: String) -> String? {
        densities.value(for: name) { name in
            Densities.gramsPerCup(kitchen.foods.key(name)).map { "\($0.numerator)/\($0.denominator)" }
        }
    }

    /// The units of the ingredients with a quantity, and of their
    /// packages, in order: what the servings control converts between.
    /// Read by index (no ingredient copied, no array per ingredient).
    static func scaledUnits(_ ingredients: [Ingredient]) -> [LarderQuantities.Unit] {
        var units: [LarderQuantities.Unit] = []
        for index in ingredients.indices where ingredients[index].quantity != nil {
            if let unit = ingredients[index].unit { units.append(unit) }
            if let unit = ingredients[index].size?.unit { units.append(unit) }
        }
        return units
    }

    private func times(_ recipe: Recipe) -> [TimeView] {
        var times: [TimeView] = []
        for (label, time) in [("Prep", recipe.prepTime), ("Cook", recipe.cookTime), ("Total", recipe.totalTime)] {
            guard let time else { continue }
            times.append(TimeView(label: label, text: QuantityDisplay.duration(seconds: time.seconds), iso: time.iso8601))
        }
        return times
    }

    /// Whether `text` holds `part`, compared as UTF-8 bytes.
    static func contains(_ text: String, _ part: String) -> Bool {
        var text = text, part = part
        return text.withUTF8 { text in
            part.withUTF8 { part in
                guard let first = part.first else { return true }
                guard text.count >= part.count else { return false }
                for start in 0...(text.count - part.count) where text[start] == first {
                    if memcmp(text.baseAddress! + start, part.baseAddress!, part.count) == 0 { return true }
                }
                return false
            }
        }
    }

    /// A source as shown: the host of a URL ("example.org"), else as written.
    static func linkText(_ source: String) -> String {
        guard let url = URL(string: source), let host = url.host, source.hasPrefix("http") else { return source }
        return host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
    }

    /// "carbohydrateContent" -> "Carbohydrate", "calories" -> "Calories".
    static func nutritionLabel(_ key: String) -> String {
        nutritionLabels[key] ?? key
    }

    /// A Cooklang key as a label: "difficulty" -> "Difficulty" (the rest as
    /// written: the author's own words).
    static func metadataLabel(_ key: String) -> String {
        key.prefix(1).uppercased() + key.dropFirst()
    }

    private static let nutritionLabels = [
        "calories": "Calories", "carbohydrateContent": "Carbohydrate", "cholesterolContent": "Cholesterol",
        "fatContent": "Fat", "fiberContent": "Fibre", "proteinContent": "Protein",
        "saturatedFatContent": "Saturated fat", "servingSize": "Serving size", "sodiumContent": "Sodium",
        "sugarContent": "Sugar", "transFatContent": "Trans fat", "unsaturatedFatContent": "Unsaturated fat",
    ]

    /// A recipe's card. `withSummary: false` leaves out the summary text, for
    /// category and tag pages: at 10,000 recipes they hold some 35,000 cards
    /// between them, each repeating what the home page's card and the recipe
    /// page already say.
    func recipeSummary(_ box: RecipeBox, root: String, withSummary: Bool = true) -> RecipeSummary {
        // Each field read through the box: `let recipe = box.recipe` would
        // copy the whole recipe for its title, for some 45,000 cards.
        let total = box.recipe.totalTime?.seconds
            ?? (box.recipe.prepTime == nil && box.recipe.cookTime == nil
                ? nil : (box.recipe.prepTime?.seconds ?? 0) + (box.recipe.cookTime?.seconds ?? 0))
        return RecipeSummary(
            title: box.recipe.title,
            href: root + page(Self.recipeFolder(id: box.recipe.id)),
            summary: withSummary ? summary(id: box.recipe.id, description: box.recipe.description) : nil,
            imageHref: imageHref(box.recipe.image, root: root),
            imageAlt: box.recipe.title,
            timeText: total.map { QuantityDisplay.duration(seconds: $0) },
            favorite: kitchen.favorites.recipes.contains(box.recipe.id)
        )
    }
}
