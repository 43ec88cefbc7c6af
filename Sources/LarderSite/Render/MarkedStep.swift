import Larder
import LarderCore
import LarderQuantities

/// A step of a recipe read from Cooklang, written from its spans
/// (``DirectionSection/marked``) rather than from Markdown: the text escaped,
/// each ingredient a link to its line in the ingredient list, cookware and
/// timers marked. Built by hand, so every piece of the author's text goes
/// through `markupEscaped` and nothing else reaches the page.
enum MarkedStep {
    /// The step as one paragraph of HTML.
    /// - Parameter ingredientIDs: the id of each ingredient's line on the
    ///   page, by its index in ``Recipe/ingredients`` (``ingredientIDs(groups:count:)``).
    static func html(_ spans: [StepSpan], ingredientIDs: [String]) -> String {
        var out = "<p>"
        for span in spans {
            switch span {
            case .text(let text):
                out += text.markupEscaped
            case .ingredient(let name, let line):
                if let line, ingredientIDs.indices.contains(line) {
                    out += "<a class=\"step-ingredient\" href=\"#\(ingredientIDs[line])\">\(name.markupEscaped)</a>"
                } else {
                    // Not in the list (`@-salt`): marked, but with nothing to link to.
                    out += "<span class=\"step-ingredient\">\(name.markupEscaped)</span>"
                }
            case .cookware(let name):
                out += "<span class=\"cookware\">\(name.markupEscaped)</span>"
            case .timer(let name, let text, let seconds):
                out += timer(name: name, text: text, seconds: seconds)
            }
        }
        return out + "</p>"
    }

    /// "10 minutes" as a `<time>` a browser and a screen reader know is a
    /// duration; a named timer reads "10 minutes (eggs)", the name after the
    /// length, as the sentence around it usually reads "boil for ~eggs{10%minutes}".
    private static func timer(name: String, text: String, seconds: Int?) -> String {
        let shown = text.isEmpty ? seconds.map { QuantityDisplay.duration(seconds: $0) } ?? "" : text
        let label = name.isEmpty ? "" : "<span class=\"timer-name\">\(name.markupEscaped)</span>"
        guard !shown.isEmpty else { return label.isEmpty ? "" : "<span class=\"timer\">\(label)</span>" }
        // A `<time>` without `datetime` must hold a time itself: a length
        // Larder cannot read ("2-3 minutes") is a plain span.
        let time = seconds.map { "<time class=\"timer\" datetime=\"\(CookingTime(text: text, seconds: $0).iso8601)\">" }
            .map { $0 + shown.markupEscaped + "</time>" } ?? "<span class=\"timer\">\(shown.markupEscaped)</span>"
        return label.isEmpty ? time : time + " (" + label + ")"
    }

    /// The id the recipe page gives each ingredient's line (its checkbox),
    /// by index in ``Recipe/ingredients``: "ingredient-N", numbered in the
    /// order the page lists them, group by group: `groups` is
    /// ``Recipe/ingredientGroupIndices`` (the page has made it already),
    /// which is not always the file's order; `count`, how many ingredients.
    static func ingredientIDs(groups: [(name: String?, indices: [Int])], count: Int) -> [String] {
        var ids = [String](repeating: "", count: count)
        for (position, index) in groups.flatMap(\.indices).enumerated() { ids[index] = "ingredient-\(position + 1)" }
        return ids
    }
}
