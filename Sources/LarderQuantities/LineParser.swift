/// Reads the lines people write in shopping lists and recipes.
///
/// A line reads: an optional quantity ("2", "1 1/2", "½", "2-3", "a") and
/// unit ("kg", "cups", "cloves", glued as in "500g"), then the name, then —
/// in items — markers (`@store`, `#category`, `!high`/`!low`) and notes in
/// parentheses in any order, or — in ingredients — notes in parentheses and
/// after the first comma. The parser never guesses: whatever it cannot read
/// is a ``LineProblem`` at its offset, and the rest of the line is still read.
public enum LineParser {
    /// A shopping-list item: "2 avocados", "1 kg apples @farmers-market",
    /// "3 lemons !high (for the pancakes)", "2x bread", "bread x2".
    public static func parseItem(_ text: String) -> ParsedLine {
        var reader = LineReader(text, kind: .item)
        return reader.parse()
    }

    /// A recipe ingredient: "1 1/2 cups milk, warm", "1 (14 oz) can tomatoes",
    /// "a pinch of salt", "1 batch [Pizza dough](pizza-dough)".
    public static func parseIngredient(_ text: String) -> ParsedLine {
        var reader = LineReader(text, kind: .ingredient)
        return reader.parse()
    }

    /// A quantity on its own, as in JSON `"quantity": "1 1/2"`: the whole
    /// text (white space around it aside) must be one quantity. Offsets are
    /// into `text` (for a JSON string, add one for the opening quote).
    public static func parseQuantity(_ text: String) -> Result<Quantity, LineProblem> {
        let scalars = Array(text.unicodeScalars)
        let range = scalars.trimmed(scalars.indices)
        guard !range.isEmpty else {
            return .failure(.badQuantity(at: 0, "the quantity is empty"))
        }
        let end: Int
        switch QuantityScanner(text: scalars).quantity(at: range.lowerBound) {
        case .problem(let problem, _): return .failure(problem)
        case .found(let quantity, let found) where found == range.upperBound: return .success(quantity)
        case .found(_, let found): end = found
        case .none: end = range.lowerBound
        }
        let rest = scalars.string(scalars.trimmed(end..<range.upperBound))
        let unitHint = UnitCatalog.unit(named: rest) != nil && end > range.lowerBound
        return .failure(.badQuantity(
            at: range.lowerBound, "cannot read the quantity \"\(scalars.string(range))\"",
            hint: unitHint ? "give the unit on its own, in \"unit\"" : LineProblem.quantityHint))
    }
}
