import Foundation
import Larder
import LarderCore

/// An imported recipe as the `recipes/<id>.md` people write by hand: the
/// fields in the front matter, the description, ingredients (with their
/// groups), directions (with their sections) and notes in the body. The
/// source's words are kept: text is escaped for Markdown, never reworded,
/// and ingredient lines stay as written for Larder's reader to interpret.
public struct RecipeMarkdown: Sendable {
    public var recipe: ImportedRecipe
    /// The recipe's picture in the data folder (`images/soup.jpg`), written
    /// with it.
    public var image: String?
    /// What the file leaves out, for the user: one sentence each.
    public var dropped: [String] = []

    public init(_ recipe: ImportedRecipe, image: String? = nil) {
        self.recipe = recipe
        self.image = image
        dropped = recipe.unmapped
        for (label, duration) in [("prep time", recipe.prepTime), ("cook time", recipe.cookTime), ("total time", recipe.totalTime)] {
            if let duration, duration.minutes == nil { dropped.append("the \(label) '\(duration.text)' is not a duration") }
        }
        let unknown = recipe.nutrition.filter { !RecipeMarkdown.nutritionNames.contains($0.name) }.map(\.name)
        if !unknown.isEmpty { dropped.append("nutrition Larder has no field for: \(unknown.joined(separator: ", "))") }
    }

    /// The file's text.
    public var text: String {
        var front: [String] = [titleLine]
        if let category = recipe.categories.first { front.append("category: \(yaml(category))") }
        if let cuisine = recipe.cuisines.first { front.append("cuisine: \(yaml(cuisine))") }
        let tags = (recipe.categories.dropFirst() + recipe.cuisines.dropFirst() + recipe.keywords)
            .map(clean).filter { !$0.isEmpty }
            .reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        if !tags.isEmpty { front.append("tags: [\(tags.map(yaml).joined(separator: ", "))]") }
        let (servings, yield) = servingsAndYield
        if let servings { front.append("servings: \(servings)") }
        if let yield { front.append("yield: \(yaml(yield))") }
        for (key, duration) in [("prep_time", recipe.prepTime), ("cook_time", recipe.cookTime), ("total_time", recipe.totalTime)] {
            if let minutes = duration?.minutes, minutes > 0 { front.append("\(key): \(RecipeMarkdown.words(minutes: minutes))") }
        }
        if let sourceLine { front.append(sourceLine) }
        if let author = recipe.author { front.append("author: \(yaml(author))") }
        // The path is made of the recipe's id: plain YAML, as people write it.
        if let image { front.append("image: \(image)") }
        let nutrition = recipe.nutrition.filter { RecipeMarkdown.nutritionNames.contains($0.name) }
        if !nutrition.isEmpty {
            front.append("nutrition:")
            for item in nutrition { front.append("  \(item.name): \(yaml(item.value))") }
        }

        var body = ""
        if let description = recipe.description.map(clean), !description.isEmpty {
            body += RecipeMarkdown.escaped(description) + "\n"
        }
        body += ingredientsSection
        if !recipe.steps.isEmpty {
            body += "\n## Directions\n"
            for section in recipe.directionSections {
                if let name = section.name { body += "\n### \(RecipeMarkdown.escaped(clean(name)))\n" }
                body += "\n"
                for (index, step) in section.steps.enumerated() {
                    var text = RecipeMarkdown.escaped(clean(step.text))
                    if let name = step.name.map(clean), !name.isEmpty, !step.nameIsNumbering {
                        let title = RecipeMarkdown.escaped(name)
                        text = "**\(title.last.map { ".:!?".contains($0) } == true ? title : title + ".")** " + text
                    }
                    body += "\(index + 1). \(text)\n"
                }
            }
        }
        let notes = recipe.notes.map(clean).filter { !$0.isEmpty }
        if !notes.isEmpty {
            body += "\n## Notes\n\n" + notes.map(RecipeMarkdown.escaped).joined(separator: "\n\n") + "\n"
        }
        return "---\n" + front.joined(separator: "\n") + "\n---\n" + body
    }

    /// The title, the source and the ingredients alone, written as `text`
    /// writes them: all that tells a recipe imported again
    /// (`ImportedIndex.summary`), without escaping every step for it.
    var identityText: String {
        "---\n" + ([titleLine] + [sourceLine].compactMap { $0 }).joined(separator: "\n") + "\n---\n" + ingredientsSection
    }

    private var titleLine: String { "title: \(yaml(recipe.title))" }

    private var sourceLine: String? {
        guard let url = recipe.url, url.hasPrefix("http://") || url.hasPrefix("https://") else { return nil }
        return "source: \(yaml(url))"
    }

    private var ingredientsSection: String {
        guard !recipe.ingredientLines.isEmpty else { return "" }
        var section = "\n## Ingredients\n"
        for group in recipe.ingredientGroups {
            if let name = group.name { section += "\n### \(RecipeMarkdown.escaped(clean(name)))\n" }
            section += "\n" + group.lines.map { "- " + RecipeMarkdown.ingredientLine(clean($0)) + "\n" }.joined()
        }
        return section
    }

    /// Servings when the yield counts servings ("4", "Serves 4", "4
    /// servings", "4 personnes"); else the yield as written. Servings given
    /// apart are kept with the yield beside them.
    var servingsAndYield: (Int?, String?) {
        let (counted, yield) = yieldServings
        if let servings = recipe.servings, servings >= 1 { return (servings, yield) }
        return (counted, yield)
    }

    private var yieldServings: (Int?, String?) {
        guard let written = recipe.yield.map(clean), !written.isEmpty else { return (nil, nil) }
        let lower = written.lowercased()
        let words = ["serv", "portion", "people", "person", "personne", "pers", "porzion", "porcion", "persone", "personas",
                     "personen", "personer", "portioner", "osob", "kişilik", "adag", "人"]
        if let number = recipe.yieldNumber, number >= 1,
           written.allSatisfy({ $0.isNumber || $0 == " " }) || words.contains(where: { lower.contains($0) }) {
            return (number, nil)
        }
        return (nil, written)
    }

    /// An ingredient line as its bullet's text. Larder reads the bullet's
    /// source text, not its Markdown, so the line is not escaped: only a
    /// start that would make the bullet something else (another bullet, a
    /// heading) is dropped, and a decimal comma in the leading quantity
    /// ("1,5 dl", as most of Europe writes it) becomes the point Larder's
    /// reader takes: the same number, the line otherwise as written.
    static func ingredientLine(_ line: String) -> String {
        var line = line
        while let first = line.first, "-+*•#>".contains(first) {
            line = TextCleaning.collapseWhitespace(String(line.dropFirst()))
        }
        // The regex is compiled each time it is evaluated (a Regex is not
        // Sendable, so no static keeps one): only a line whose leading
        // number (`\d` is `Character.isNumber`) has a comma and a digit
        // after it is worth it.
        if RecipeMarkdown.number(at: line, before: [","]).map({ $0.dropFirst().first?.isNumber == true }) == true,
           let match = line.prefixMatch(of: /(\d+),(\d{1,2})(?=[\s\p{L}–-]|$)/) {
            line.replaceSubrange(match.range, with: "\(match.1).\(match.2)")
        }
        return line
    }

    /// What follows the number `text` starts with, when that is one of
    /// `marks` (from the mark on): a cheap test that a regex on a leading
    /// number and a mark may match at all.
    static func number(at text: String, before marks: Set<Character>) -> Substring? {
        guard text.first?.isNumber == true, let end = text.firstIndex(where: { !$0.isNumber }), marks.contains(text[end]) else { return nil }
        return text[end...]
    }

    /// `minutes` in the words Larder's durations take: "1 h 30 min".
    static func words(minutes: Int) -> String {
        let days = minutes / 1440, hours = minutes % 1440 / 60, rest = minutes % 60
        var parts: [String] = []
        if days > 0 { parts.append("\(days) d") }
        if hours > 0 { parts.append("\(hours) h") }
        if rest > 0 { parts.append("\(rest) min") }
        return parts.joined(separator: " ")
    }

    /// The nutrition fields recipe files take (schema.org's names).
    static let nutritionNames: Set<String> = [
        "calories", "carbohydrateContent", "cholesterolContent", "fatContent", "fiberContent", "proteinContent",
        "saturatedFatContent", "servingSize", "sodiumContent", "sugarContent", "transFatContent", "unsaturatedFatContent",
    ]

    /// Text without the characters no page may hold (a page's stray
    /// control characters), whitespace collapsed.
    private func clean(_ text: String) -> String {
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: text.unicodeScalars.filter { !ForbiddenCharacters.contains($0) })
        return TextCleaning.collapseWhitespace(String(kept))
    }

    private func yaml(_ text: String) -> String {
        ScalarText.yaml(clean(text))
    }

    /// `text` as Markdown that shows exactly `text`: the characters
    /// Markdown acts on backslash-escaped, and a start that would open a
    /// list or a heading ("2. Heat", "- or", "# 1") escaped too.
    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            if "\\`*_[]<>|~&".contains(character) { out.append("\\") }
            out.append(character)
        }
        // Only a text that starts with a number and "." or ")" can start
        // an ordered list (the regex is compiled on each evaluation).
        if RecipeMarkdown.number(at: out, before: [".", ")"]) != nil, let marker = out.firstMatch(of: /^(\d{1,9})([.)])(\s|$)/) {
            out.replaceSubrange(marker.2.startIndex..<marker.2.endIndex, with: "\\" + marker.2)
        } else if let first = out.first, "-+#=".contains(first) {
            out.insert("\\", at: out.startIndex)
        }
        return out
    }
}
