import Larder
import LarderMarkdown

/// A recipe's Markdown as plain text, made once per recipe page for both its
/// JSON-LD and its `recipes/<id>.txt` (each Markdown parse is a cmark run).
struct RecipeProse: Sendable {
    /// The description's paragraphs, separated by blank lines.
    var description: String?
    /// Each step as one line, by direction section.
    var steps: [[String]]
    var notes: String?

    init(_ recipe: Recipe) {
        description = recipe.description.map(RecipeJSONLD.plainText(markdown:))
        steps = recipe.directions.map { $0.steps.map(RecipeJSONLD.stepText) }
        notes = recipe.notes.map(RecipeJSONLD.plainText(markdown:))
    }
}
