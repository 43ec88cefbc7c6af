/// Group headings that pages put among their JSON-LD ingredient lines
/// ("For the sauce:", or the title of a group their card shows as a
/// heading): schema.org has no ingredient groups, so sites flatten them into
/// the list, where a heading would read as an ingredient. A line is taken
/// for a heading when it has no digit, is followed by a line, and either
/// ends with a colon or is, on its own, the text of a heading on the page
/// (h2–h6, strong, b, or an element whose class names a title or heading).
enum IngredientHeadings {
    static func grouped(_ lines: [String], page: HTMLElement?) -> [ImportedRecipe.IngredientGroup] {
        let candidates = lines.dropLast().filter { !$0.contains(where: \.isNumber) }
        guard !candidates.isEmpty else { return [ImportedRecipe.IngredientGroup(lines: lines)] }
        let headingTexts = page.map { headings(in: $0, among: Set(candidates)) } ?? []
        var groups: [ImportedRecipe.IngredientGroup] = []
        for (index, line) in lines.enumerated() {
            let isHeading = index < lines.count - 1 && !line.contains(where: \.isNumber)
                && (line.hasSuffix(":") || headingTexts.contains(line))
            if isHeading {
                let name = line.hasSuffix(":") ? String(line.dropLast()) : line
                groups.append(ImportedRecipe.IngredientGroup(name: TextCleaning.collapseWhitespace(name), lines: []))
            } else {
                if groups.isEmpty { groups.append(ImportedRecipe.IngredientGroup(lines: [])) }
                groups[groups.count - 1].lines.append(line)
            }
        }
        return groups.filter { !$0.lines.isEmpty }
    }

    /// Which of `texts` are the whole text of a heading element on `page`.
    private static func headings(in page: HTMLElement, among texts: Set<String>) -> Set<String> {
        let names: Set<String> = ["h2", "h3", "h4", "h5", "h6", "strong", "b"]
        var found: Set<String> = []
        for element in page.descendants(where: { element in
            names.contains(element.name) || element.classes.contains { name in
                let lower = name.lowercased()
                return lower.contains("title") || lower.contains("heading") || lower.contains("group-name")
            }
        }) {
            let text = element.text
            if texts.contains(text) { found.insert(text) }
        }
        return found
    }
}
