import Larder
import LarderMarkdown

/// A recipe's Markdown as plain text, made once per recipe page for both its
/// JSON-LD and its `recipes/<id>.txt` (each Markdown parse is a cmark run),
/// with its ingredients' lines and groups, which the page lists too.
struct RecipeProse: Sendable {
    /// The description's paragraphs, separated by blank lines.
    var description: String?
    /// Each step as one line, by direction section.
    var steps: [[String]]
    var notes: String?
    /// Each ingredient's line as written out (``Ingredient/writtenLine``), by
    /// index in ``Recipe/ingredients``.
    var ingredientLines: [String]
    /// ``Recipe/ingredientGroupIndices``.
    var ingredientGroups: [(name: String?, indices: [Int])]
    /// Each step's HTML, by direction section, when asked for (the page's
    /// steps): made from the cmark run that gives its line of `steps`. nil
    /// for a marked step (Cooklang: its HTML is made from its spans,
    /// `MarkedStep`) and a blank one.
    var stepsHTML: [[String?]] = []

    /// - Parameter withStepHTML: make `stepsHTML` too.
    init(_ recipe: Recipe, withStepHTML: Bool = false) {
        description = recipe.description.map(RecipeJSONLD.plainText(markdown:))
        notes = recipe.notes.map(RecipeJSONLD.plainText(markdown:))
        ingredientLines = Ingredient.writtenLines(recipe.ingredients)
        ingredientGroups = recipe.ingredientGroupIndices
        guard withStepHTML else {
            steps = recipe.directions.map { $0.steps.map(RecipeJSONLD.stepText) }
            return
        }
        steps = []
        for section in recipe.directions {
            var texts: [String] = [], htmls: [String?] = []
            for (index, step) in section.steps.enumerated() {
                let marked = section.marked.map { $0.indices.contains(index) } ?? false
                if marked || !step.contains(where: { !$0.isWhitespace }) {
                    texts.append(RecipeJSONLD.stepText(step))
                    htmls.append(nil)
                } else {
                    let (html, text) = Markdown.htmlAndPlainText(inline: step)
                    texts.append(text)
                    htmls.append(html)
                }
            }
            steps.append(texts)
            stepsHTML.append(htmls)
        }
    }
}
