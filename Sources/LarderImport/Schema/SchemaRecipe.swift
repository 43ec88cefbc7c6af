import Foundation
import LarderCore

/// A schema.org Recipe, as JSON-LD gives it or as the microdata, RDFa and
/// recipe-card readers build it, turned into an ``ImportedRecipe``. One
/// mapping for every reader, so a field is read the same way whichever
/// markup carried it; each field takes the shapes real pages use (a string
/// or a list, an object or a reference by `@id`, HTML inside strings).
struct SchemaRecipe {
    /// The recipe object.
    var node: JSONObject
    /// The page's address, to resolve relative image addresses against.
    var pageURL: String
    /// Objects with an `@id` elsewhere on the page (a Yoast graph's Person
    /// or ImageObject), for references.
    var identified: [String: JSONObject] = [:]
    /// The page, where headings among the ingredient lines are looked up.
    var page: HTMLElement?

    /// The recipe, its images ranked among `pageImages` (the page's meta
    /// images, when the recipe is the page's only one).
    func recipe(source: ImportedRecipe.Source, pageImages: ImageChoice) -> ImportedRecipe? {
        let title = text(node["name"]) ?? text(node["headline"]) ?? ""
        var recipe = ImportedRecipe(title: title, source: source)
        recipe.description = text(node["description"])
        recipe.author = names(node["author"]) ?? names(node["creator"])
        recipe.yield = yieldText(node["recipeYield"] ?? node["yield"])
        recipe.prepTime = duration(node["prepTime"])
        recipe.cookTime = duration(node["cookTime"])
        recipe.totalTime = duration(node["totalTime"])
        recipe.addingUpTotalTime()
        recipe.categories = list(node["recipeCategory"], splittingCommas: true)
        recipe.cuisines = list(node["recipeCuisine"], splittingCommas: true)
        recipe.keywords = list(node["keywords"], splittingCommas: true)
        // A list of lists (seen) is a list of unnamed groups.
        let ingredients = node["recipeIngredient"] ?? node["ingredients"]
        let groups = ingredients?.array.flatMap { items in
            items.allSatisfy { $0.array != nil } ? items : nil
        } ?? ingredients.map { [$0] } ?? []
        recipe.ingredientGroups = groups.map { ImportedRecipe.IngredientGroup(lines: ingredientLines($0)) }
            .filter { !$0.lines.isEmpty }
        if recipe.ingredientGroups.count == 1 {
            recipe.ingredientGroups = IngredientHeadings.grouped(recipe.ingredientGroups[0].lines, page: page)
        }
        let lines = recipe.ingredientLines
        recipe.directionSections = SchemaRecipe.sections(of: node["recipeInstructions"].map { resolved($0) })
        recipe.nutrition = nutrition(node["nutrition"])
        var choice = ImageChoice()
        for candidate in imageCandidates() { choice.add(candidate) }
        choice.merge(pageImages)
        recipe.images = choice.ordered
        if let url = text(node["url"]) { recipe.url = absolute(url) }
        guard !title.isEmpty || !lines.isEmpty else { return nil }
        return recipe
    }

    // MARK: - Values

    /// A reference (`{"@id": …}` and nothing else) replaced by the object it
    /// names.
    private func resolved(_ value: JSONValue) -> JSONValue {
        guard let object = value.object, object.count == 1, let id = object["@id"]?.string,
              let target = identified[id] else { return value }
        return JSONValue(.object(target))
    }

    /// A cleaned string: a string, a number, the first of a list, or an
    /// object's `name`/`text`/`@value`.
    private func text(_ value: JSONValue?) -> String? {
        guard let value else { return nil }
        switch value.kind {
        case .string(let s):
            let cleaned = TextCleaning.clean(s)
            return cleaned.isEmpty ? nil : cleaned
        case .number(let n): return n.literal
        case .array(let items): return items.lazy.compactMap { text($0) }.first
        case .object(let o):
            // A QuantitativeValue: "6" and "személyre" make "6 személyre".
            if let value = text(o["value"]) {
                return [value, text(o["unitText"])].compactMap { $0 }.joined(separator: " ")
            }
            return text(o["@value"] ?? o["name"] ?? o["text"])
        default: return nil
        }
    }

    private func names(_ value: JSONValue?) -> String? {
        guard let value else { return nil }
        let items = value.array ?? [value]
        let found = items.compactMap { item -> String? in
            let item = resolved(item)
            if let o = item.object { return text(o["name"]) }
            return text(item)
        }
        let unique = found.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        return unique.isEmpty ? nil : unique.joined(separator: ", ")
    }

    /// The yield as written: of a list (`["4", "4 servings"]`), the first
    /// with words in it, else the first.
    private func yieldText(_ value: JSONValue?) -> String? {
        guard let value else { return nil }
        let candidates = (value.array ?? [value]).compactMap { text($0) }
        return candidates.first { $0.contains { $0.isLetter } && $0.contains { $0.isNumber } } ?? candidates.first
    }

    private func duration(_ value: JSONValue?) -> ImportedRecipe.Duration? {
        guard let written = text(value) else { return nil }
        return ImportedRecipe.Duration(text: written, minutes: DurationText.minutes(written))
    }

    private func list(_ value: JSONValue?, splittingCommas: Bool) -> [String] {
        guard let value else { return [] }
        let items = (value.array ?? [value]).compactMap { text($0) }
        let split = splittingCommas ? items.flatMap { $0.split(separator: ",").map { TextCleaning.collapseWhitespace(String($0)) } } : items
        return split.filter { !$0.isEmpty }.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }

    /// Ingredient lines: a list of strings (or of objects with a name), or
    /// one string with a line per ingredient.
    private func ingredientLines(_ value: JSONValue?) -> [String] {
        guard let value else { return [] }
        if let single = value.string {
            return single.split(whereSeparator: \.isNewline).map { TextCleaning.clean(String($0)) }.filter { !$0.isEmpty }
        }
        return (value.array ?? [value]).compactMap { text($0) }.map(SchemaRecipe.singleParentheses)
    }

    /// WP Recipe Maker writes an ingredient's note in parentheses of its own
    /// in its JSON-LD, so a note the cook wrote "(minced)" reads
    /// "((minced))"; recipe-scrapers undoes it the same way.
    static func singleParentheses(_ line: String) -> String {
        guard line.contains("(("), line.contains("))") else { return line }
        return line.replacingOccurrences(of: "((", with: "(").replacingOccurrences(of: "))", with: ")")
    }

    private func nutrition(_ value: JSONValue?) -> [(name: String, value: String)] {
        guard let object = value.map({ resolved($0) })?.object else { return [] }
        return object.members.compactMap { member in
            guard !member.key.hasPrefix("@"), let value = text(member.value) else { return nil }
            return (member.key, value)
        }
    }

    /// The recipe's images as candidates for ``ImageChoice``: the first is
    /// its primary image; ImageObjects give their stated sizes.
    func imageCandidates() -> [ImageChoice.Candidate] {
        guard let value = node["image"] ?? node["photo"] else { return [] }
        var found: [ImageChoice.Candidate] = []
        for item in value.array ?? [value] {
            let item = resolved(item)
            var width: Int?
            var height: Int?
            let address: String?
            if let o = item.object {
                let url = o["url"] ?? o["contentUrl"] ?? o["@id"]
                address = url?.string ?? url?.array?.first?.string
                width = ImageChoice.dimension(text(o["width"]))
                height = ImageChoice.dimension(text(o["height"]))
            } else {
                address = item.string
            }
            guard let address = address.map({ TextCleaning.clean($0) }), !address.isEmpty,
                  let url = ImageChoice.absolute(address, against: pageURL) else { continue }
            found.append(ImageChoice.Candidate(url: url, width: width, height: height, priority: found.isEmpty ? 3 : 2))
        }
        return found
    }

    /// `address` resolved against the page's address.
    func absolute(_ address: String) -> String? {
        let decoded = TextCleaning.clean(address)
        guard let base = URL(string: pageURL) else { return URL(string: decoded)?.absoluteString }
        return URL(string: decoded, relativeTo: base)?.absoluteString
    }

    // MARK: - Instructions

    /// Steps from what pages put in `recipeInstructions`: HowToStep and
    /// HowToSection objects (sections become named sections), ItemLists,
    /// plain strings (one step each), and one string holding HTML (its list
    /// items or paragraphs) or lines of text.
    static func sections(of value: JSONValue?) -> [ImportedRecipe.DirectionSection] {
        guard let value else { return [] }
        var sections: [ImportedRecipe.DirectionSection] = []
        collect(value, into: &sections, sectionName: nil)
        return sections.filter { !$0.steps.isEmpty }
    }

    private static func add(_ steps: [ImportedRecipe.Step], to sections: inout [ImportedRecipe.DirectionSection], sectionName: String?) {
        let steps = steps.filter { !$0.text.isEmpty }
        guard !steps.isEmpty else { return }
        if let last = sections.indices.last, sections[last].name == sectionName {
            sections[last].steps += steps
        } else {
            sections.append(ImportedRecipe.DirectionSection(name: sectionName, steps: steps))
        }
    }

    private static func add(_ texts: [String], to sections: inout [ImportedRecipe.DirectionSection], sectionName: String?) {
        add(texts.map { ImportedRecipe.Step(text: $0) }, to: &sections, sectionName: sectionName)
    }

    private static func collect(_ value: JSONValue, into sections: inout [ImportedRecipe.DirectionSection], sectionName: String?) {
        switch value.kind {
        case .string(let s):
            // Some pages put JSON-LD steps, as JSON text, in a microdata
            // property.
            let trimmed = s.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.hasPrefix("[{") || trimmed.hasPrefix("{\""), let embedded = LenientJSON.parse(trimmed),
               embedded.string == nil {
                collect(embedded, into: &sections, sectionName: sectionName)
            } else {
                add(stepsOfText(s), to: &sections, sectionName: sectionName)
            }
        case .array(let items):
            for item in items {
                if let s = item.string {
                    // In a list, a string is one step (cleaned of its HTML).
                    add([TextCleaning.clean(s)], to: &sections, sectionName: sectionName)
                } else {
                    collect(item, into: &sections, sectionName: sectionName)
                }
            }
        case .object(let o):
            let types = SchemaTypes.of(o)
            if let items = o["itemListElement"] ?? o["steps"] {
                let isSection = types.contains("HowToSection") || types.isEmpty && items.array != nil
                let name = isSection ? cleanName(o["name"]) : sectionName
                collect(items, into: &sections, sectionName: name)
            } else if let text = (o["text"] ?? o["description"])?.string ?? o["name"]?.string {
                let text = TextCleaning.clean(text)
                add([ImportedRecipe.Step(name: stepName(cleanName(o["name"]), text: text), text: text)],
                    to: &sections, sectionName: sectionName)
            } else if let itemValue = o["item"] {
                collect(itemValue, into: &sections, sectionName: sectionName)
            }
        default:
            break
        }
    }

    private static func cleanName(_ value: JSONValue?) -> String? {
        guard let name = value?.string.map(TextCleaning.clean), !name.isEmpty else { return nil }
        return name
    }

    /// A HowToStep's name, when it is not the text or its start (many
    /// sites copy the text, or its first words, into `name`). A name that
    /// only numbers the step ("Step 3") is kept here, as the page gave it;
    /// ``ImportedRecipe/Step/isNumbering`` tells the writer to leave it out.
    private static func stepName(_ name: String?, text: String) -> String? {
        guard let name else { return nil }
        // "Heat the oil. Add..." for "Heat the oil. Add the onions."
        let stem = String(name.reversed().drop { $0 == "." || $0 == "…" }.reversed())
        return text.hasPrefix(stem) ? nil : name
    }

    /// One string of instructions: HTML's list items or paragraphs, else
    /// its lines.
    static func stepsOfText(_ s: String) -> [String] {
        if TextCleaning.looksLikeHTML(s) {
            let root = HTMLDocument(fragment: "<body><div>" + s + "</div></body>").root
            let items = root.descendants { $0.name == "li" }
            let blocks = items.isEmpty ? root.descendants { $0.name == "p" } : items
            if blocks.count > 1 { return blocks.map(\.text) }
            return lines(of: s.replacingOccurrences(of: "<br", with: "\n<br", options: .caseInsensitive))
        }
        return lines(of: s)
    }

    private static func lines(of s: String) -> [String] {
        s.split(whereSeparator: \.isNewline).map { TextCleaning.clean(String($0)) }.filter { !$0.isEmpty }
    }
}

/// schema.org type names, whichever way a page writes them.
enum SchemaTypes {
    /// The types of `object`, short names (`Recipe` for
    /// `http://schema.org/Recipe` or `schema:Recipe`).
    static func of(_ object: JSONObject) -> [String] {
        guard let type = object["@type"] else { return [] }
        return (type.array ?? [type]).compactMap(\.string).map(short)
    }

    static func short(_ type: String) -> String {
        let trimmed = type.trimmingCharacters(in: .whitespaces)
        let afterSlash = trimmed.split(separator: "/").last.map(String.init) ?? trimmed
        return afterSlash.split(separator: ":").last.map(String.init) ?? afterSlash
    }

    static func isRecipe(_ object: JSONObject) -> Bool {
        of(object).contains { $0.caseInsensitiveCompare("Recipe") == .orderedSame }
    }
}
