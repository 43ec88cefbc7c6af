import LarderQuantities

extension Ingredient {
    /// The line as a person writes it: "1 ½ cups milk, warm (optional)",
    /// "2 tins (800 g) chopped tomatoes", "Salt and pepper, to taste". What a
    /// recipe page's JSON-LD and a share print, and what `larder import`
    /// writes for a Cooklang ingredient, so the three read the same.
    public var writtenLine: String {
        Self.writtenLine(
            quantity: quantity, unit: unit, unitName: unitName, size: size, name: name, alsoNames: alsoNames,
            note: note, optional: optional
        )
    }

    /// Each ingredient's ``writtenLine``, in order, its fields read where
    /// they are: asking each element of the array for its line copied the
    /// whole ingredient first, on every recipe page.
    public static func writtenLines(_ ingredients: [Ingredient]) -> [String] {
        ingredients.indices.map { index in
            writtenLine(
                quantity: ingredients[index].quantity, unit: ingredients[index].unit,
                unitName: ingredients[index].unitName, size: ingredients[index].size, name: ingredients[index].name,
                alsoNames: ingredients[index].alsoNames, note: ingredients[index].note,
                optional: ingredients[index].optional
            )
        }
    }

    private static func writtenLine(
        quantity: Quantity?, unit: Unit?, unitName: String?, size: PackageSize?, name: String, alsoNames: [String],
        note: String?, optional: Bool
    ) -> String {
        var amount = QuantityDisplay.text(quantity, unit: unit, unitName: unitName)
        if let total = QuantityDisplay.sizeText(quantity, unit: unit, unitName: unitName, size: size) {
            amount = amount.map { "\($0) (\(total))" }
        }
        let shown = displayName(name, alsoNames)
        var text = amount.map { $0 + " " + shown } ?? shown
        if let note, !note.isEmpty { text += ", \(note)" }
        if optional { text += " (optional)" }
        return text
    }
}
