import Larder
import LarderQuantities

extension Share {
    /// A recipe (the site's `recipes/<id>.txt`): the title, who and where
    /// from, description, servings and times, ingredients by group, numbered
    /// steps, notes.
    ///
    /// - Parameter prose: the recipe's plain text, when already made.
    static func recipe(_ recipe: Recipe, prose: RecipeProse? = nil) -> Share {
        let prose = prose ?? RecipeProse(recipe)
        var sections: [Section] = []
        if let description = prose.description { sections.append(Section(heading: nil, entries: [.line(description)])) }

        var facts: [String] = []
        if let servings = recipe.servingsText { facts.append("Serves \(servings)") }
        if let yield = recipe.yield { facts.append("Makes \(yield)") }
        var times: [String] = []
        if let prep = recipe.prepTime { times.append("Prep \(QuantityDisplay.duration(seconds: prep.seconds))") }
        if let cook = recipe.cookTime { times.append("Cook \(QuantityDisplay.duration(seconds: cook.seconds))") }
        if let total = RecipeJSONLD.totalTime(recipe) { times.append("Total \(QuantityDisplay.duration(seconds: total.seconds))") }
        let factLines = [facts, times].filter { !$0.isEmpty }.map { $0.joined(separator: " · ") }
        if !factLines.isEmpty { sections.append(Section(heading: nil, entries: factLines.map(Entry.line))) }

        if !recipe.ingredients.isEmpty {
            sections.append(Section(heading: "Ingredients", level: .part, entries: []))
            for group in prose.ingredientGroups {
                add(Section(heading: group.name, entries: group.indices.map { .bullet(prose.ingredientLines[$0]) }), to: &sections)
            }
        }

        if !recipe.directions.isEmpty {
            sections.append(Section(heading: "Directions", level: .part, entries: []))
            var number = 0
            for (section, steps) in zip(recipe.directions, prose.steps) {
                let entries = steps.map { step in
                    number += 1
                    return Entry.step(number, step)
                }
                add(Section(heading: section.title, entries: entries), to: &sections)
            }
        }

        if let notes = prose.notes { sections.append(Section(heading: "Notes", level: .part, entries: [.line(notes)])) }
        if let source = recipe.source { sections.append(Section(heading: nil, entries: [.line("Source: \(source)")])) }
        return Share(
            title: recipe.title, lead: [recipe.author.map { "By \($0)" }].compactMap { $0 }, sections: sections, source: .text
        )
    }

    /// A group without a heading runs on from what comes before it (the
    /// "Ingredients" heading, or the group above), with no blank line.
    private static func add(_ section: Section, to sections: inout [Section]) {
        if section.heading == nil, let last = sections.indices.last {
            sections[last].entries += section.entries
        } else {
            sections.append(section)
        }
    }
}
