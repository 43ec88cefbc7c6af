import Foundation
import LarderCore

/// Why no recipe came out of a page.
public enum PageReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The page carries no recipe markup any reader knows.
    case noRecipe(url: String)
    /// A file read as JSON that is not JSON, even repaired.
    case notJSON(url: String)

    public var description: String {
        switch self {
        case .notJSON(let url):
            "\(url) is not JSON (nor a web page): it starts with { or [ but does not parse"
        case .noRecipe(let url):
            "no recipe found on the page \(url); it has no schema.org Recipe (JSON-LD, microdata or RDFa), no recipe-card plugin markup and no h-recipe"
        }
    }
}

/// Reads the recipes on a web page: a pure function of the page's bytes and
/// its address (to resolve relative addresses). The readers run in order
/// and the first that finds a recipe wins: JSON-LD, microdata, RDFa, then
/// the recipe-card plugins' markup and h-recipe for pages with no
/// schema.org. A recipe found in schema.org on a page that also has a card
/// takes the card's ingredient groups and step sections when their lines
/// are the same, since JSON-LD has no place for them.
public enum PageReader {
    /// `charset`: the one the HTTP header names, for a page fetched (it
    /// wins over the page's `<meta>`, as in browsers).
    public static func read(html: [UInt8], url: String, charset: String? = nil) throws(PageReadError) -> [ImportedRecipe] {
        let recipes = recipes(in: HTMLDocument(bytes: html, charset: charset).root, url: url)
        guard !recipes.isEmpty else { throw .noRecipe(url: url) }
        return recipes
    }

    /// The recipes of a schema.org Recipe in JSON or JSON-LD (an object, a
    /// list, a `@graph`): `url` is where it came from.
    public static func read(json: [UInt8], url: String) throws(PageReadError) -> [ImportedRecipe] {
        guard let value = LenientJSON.parse(String(decoding: json, as: UTF8.self)) else { throw .notJSON(url: url) }
        let reader = JSONLDReader(values: [value])
        let recipes = reader.recipes.compactMap {
            SchemaRecipe(node: $0, pageURL: url, identified: reader.identified).recipe(source: .jsonLD, pageImages: ImageChoice())
        }
        guard !recipes.isEmpty else { throw .noRecipe(url: url) }
        return recipes
    }

    static func recipes(in page: HTMLElement, url: String) -> [ImportedRecipe] {
        let canonical = canonicalURL(page, url: url)
        let cards = RecipeCardReader.cards(in: page)
        let jsonLD = JSONLDReader(page: page)
        var found: [ImportedRecipe] = []
        let schemaSources: [(ImportedRecipe.Source, [JSONObject])] = [
            (.jsonLD, jsonLD.recipes),
            (.microdata, ItemReader(syntax: .microdata).recipes(in: page)),
            (.rdfa, ItemReader(syntax: .rdfa).recipes(in: page)),
        ]
        // The page's og:image and twitter:image are a recipe's images too
        // when the page holds one recipe.
        var pageImages = ImageChoice()
        pageImages.addMetaImages(of: page, pageURL: url)
        for (source, objects) in schemaSources where found.isEmpty {
            let mappers = objects.map { SchemaRecipe(node: $0, pageURL: url, identified: jsonLD.identified, page: page) }
            // Pages that print a recipe twice (a card and a print view, or
            // a plugin's summary of it beside the card) hold it once, the
            // fuller of the two.
            var distinct: [(SchemaRecipe, ImportedRecipe)] = []
            for mapper in mappers {
                guard let recipe = mapper.recipe(source: source, pageImages: ImageChoice()) else { continue }
                if let index = distinct.firstIndex(where: { $0.1.isSameRecipe(as: recipe) }) {
                    if recipe.ingredientLines.count + recipe.steps.count > distinct[index].1.ingredientLines.count + distinct[index].1.steps.count {
                        distinct[index] = (mapper, recipe)
                    }
                } else {
                    distinct.append((mapper, recipe))
                }
            }
            if distinct.count == 1, let again = distinct[0].0.recipe(source: source, pageImages: pageImages) {
                distinct[0].1 = again
            }
            found = distinct.map(\.1)
        }
        if found.isEmpty {
            found = cards.compactMap { card in
                var recipe = SchemaRecipe(node: card.object, pageURL: url)
                    .recipe(source: card.source, pageImages: cards.count == 1 ? pageImages : ImageChoice())
                recipe?.ingredientGroups = card.ingredientGroups
                recipe?.directionSections = card.directionSections
                return recipe
            }
        } else if cards.count == found.count {
            found = zip(found, cards).map { recipe, card in recipe.takingGroups(of: card) }
        }
        for index in found.indices {
            found[index].url = canonical ?? found[index].url ?? url
            if found[index].notes.isEmpty, cards.count == found.count { found[index].notes = cards[index].notes }
        }
        return found
    }

    /// The page's own address for itself: `<link rel="canonical">`, else
    /// `og:url`, resolved against the address it was read from.
    static func canonicalURL(_ page: HTMLElement, url: String) -> String? {
        let link = page.first { element in
            element.name == "link" && (element[attribute: "rel"] ?? "").lowercased().split(separator: " ").contains("canonical")
        }?[attribute: "href"]
        let og = page.first { $0.name == "meta" && $0[attribute: "property"] == "og:url" }?[attribute: "content"]
        guard let address = (link ?? og).map({ $0.trimmingCharacters(in: .whitespaces) }), !address.isEmpty else {
            return nil
        }
        return URL(string: address, relativeTo: URL(string: url))?.absoluteString
    }
}

extension ImportedRecipe {
    /// The same recipe shown twice: the same title, and the same
    /// ingredients and steps where both have them (a summary that names
    /// the recipe and leaves its lines or steps out is the same recipe).
    func isSameRecipe(as other: ImportedRecipe) -> Bool {
        func agree<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Bool { a.isEmpty || b.isEmpty || a == b }
        return title == other.title && agree(ingredientLines, other.ingredientLines) && agree(steps, other.steps)
    }

    /// The recipe with the card's groups and sections, when the card holds
    /// the same lines (and steps) in the same order, but grouped; or the
    /// card's lines and steps when the schema.org markup has none.
    func takingGroups(of card: RecipeCardReader.Card) -> ImportedRecipe {
        var recipe = self
        if ingredientGroups.isEmpty { recipe.ingredientGroups = card.ingredientGroups }
        if directionSections.isEmpty { recipe.directionSections = card.directionSections }
        let same = { (a: [String], b: [String]) in
            a.map(TextCleaning.collapseWhitespace) == b.map(TextCleaning.collapseWhitespace)
        }
        if card.ingredientGroups.count > 1, same(card.ingredientGroups.flatMap(\.lines), ingredientLines) {
            recipe.ingredientGroups = card.ingredientGroups
        }
        if card.directionSections.count > 1, same(card.directionSections.flatMap(\.steps).map(\.text), steps.map(\.text)) {
            recipe.directionSections = card.directionSections
        }
        return recipe
    }
}
