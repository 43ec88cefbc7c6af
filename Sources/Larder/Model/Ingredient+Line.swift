import LarderQuantities

extension Ingredient {
    /// The line as a person writes it: "1 ½ cups milk, warm (optional)",
    /// "2 tins (800 g) chopped tomatoes", "Salt and pepper, to taste". What a
    /// recipe page's JSON-LD and a share print, and what `larder import`
    /// writes for a Cooklang ingredient, so the three read the same.
    public var writtenLine: String {
        var amount = QuantityDisplay.text(quantity, unit: unit, unitName: unitName)
        if let size = QuantityDisplay.sizeText(self) { amount = amount.map { "\($0) (\(size))" } }
        var text = amount.map { $0 + " " + displayName } ?? displayName
        if let note, !note.isEmpty { text += ", \(note)" }
        if optional { text += " (optional)" }
        return text
    }
}
