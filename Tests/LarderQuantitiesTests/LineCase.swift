import LarderQuantities
import Testing

/// One row of the line table: a line and everything the parser should read
/// from it. `quantity` is the expected `Quantity.description` ("1 1/2",
/// "2-3"), `unit` the expected unit id.
struct LineCase: Sendable, CustomTestStringConvertible {
    enum Kind: Sendable { case item, ingredient }

    var kind: Kind
    var text: String
    var quantity: String?
    var unit: String?
    var name: String
    var note: String?
    var store: String?
    var category: String?
    var priority: String?
    var recipe: String?
    var optional = false
    /// The package size as "400 g": quantity and unit id.
    var size: String? = nil

    var testDescription: String { "\(kind == .item ? "item" : "ingredient"): \(text)" }

    func parse() -> ParsedLine {
        kind == .item ? LineParser.parseItem(text) : LineParser.parseIngredient(text)
    }
}

func item(
    _ text: String, _ quantity: String?, _ unit: String?, _ name: String, note: String? = nil,
    store: String? = nil, category: String? = nil, priority: String? = nil, size: String? = nil
) -> LineCase {
    LineCase(
        kind: .item, text: text, quantity: quantity, unit: unit, name: name, note: note,
        store: store, category: category, priority: priority, size: size)
}

func ingredient(
    _ text: String, _ quantity: String?, _ unit: String?, _ name: String, note: String? = nil,
    recipe: String? = nil, optional: Bool = false, size: String? = nil
) -> LineCase {
    LineCase(
        kind: .ingredient, text: text, quantity: quantity, unit: unit, name: name, note: note,
        recipe: recipe, optional: optional, size: size)
}
