import LarderQuantities

/// An amount in stock as a pantry writes it: Cooklang's `500%g` (pantry.conf)
/// or Larder's `500 g`, `1 1/2 kg`, `500g` (larder.json's `have`), `3` for
/// a count; `unlim` or `unlimited` for "always enough". Read with Larder's
/// own quantity and unit reader, so stock converts and subtracts exactly as
/// recipe amounts add up.
public struct StockAmount: Sendable, Hashable {
    public var quantity: Quantity
    /// nil: a count, or a unit Larder does not know (then in `unitName`).
    public var unit: Unit?
    /// The unit as written, when there is one.
    public var unitName: String?
    /// Where the unit starts in the text read (Unicode scalars from 0).
    public var unitOffset: Int?

    public init(quantity: Quantity, unit: Unit? = nil, unitName: String? = nil, unitOffset: Int? = nil) {
        self.quantity = quantity
        self.unit = unit
        self.unitName = unitName
        self.unitOffset = unitOffset
    }

    /// The amount in `text`; nil for `unlim` (always enough: a staple). A
    /// problem's offset is into `text`.
    public static func read(_ text: String) -> Result<StockAmount?, LineProblem> {
        let scalars = Array(text.unicodeScalars)
        let trimmed = String(String.UnicodeScalarView(scalars)).trimmingSpaces
        if ["unlim", "unlimited"].contains(trimmed.lowercased()) { return .success(nil) }
        if let percent = scalars.firstIndex(of: "%") {
            let unitText = String(String.UnicodeScalarView(scalars[(percent + 1)...]))
            switch LineParser.parseQuantity(String(String.UnicodeScalarView(scalars[..<percent]))) {
            case .failure(let problem): return .failure(problem)
            case .success(let quantity):
                let unitStart = percent + 1 + unitText.unicodeScalars.prefix { $0 == " " || $0 == "\t" }.count
                return .success(amount(quantity, unitText.trimmingSpaces, at: unitStart))
            }
        }
        let whole = LineParser.parseQuantity(text)
        if case .success(let quantity) = whole { return .success(StockAmount(quantity: quantity)) }
        // "500 g", "500g", "1 1/2 kg": the longest quantity before a word.
        for split in stride(from: scalars.count - 1, to: 0, by: -1)
        where scalars[split].properties.isAlphabetic && !scalars[split - 1].properties.isAlphabetic {
            guard case .success(let quantity) = LineParser.parseQuantity(String(String.UnicodeScalarView(scalars[..<split]))) else {
                continue
            }
            return .success(amount(quantity, String(String.UnicodeScalarView(scalars[split...])).trimmingSpaces, at: split))
        }
        if case .failure(let problem) = whole { return .failure(problem) }
        return .failure(LineProblem(offset: 0, code: "bad-quantity", message: "cannot read the amount \"\(text)\""))
    }

    private static func amount(_ quantity: Quantity, _ unitText: String, at offset: Int) -> StockAmount {
        guard !unitText.isEmpty else { return StockAmount(quantity: quantity) }
        return StockAmount(quantity: quantity, unit: UnitCatalog.unit(named: unitText), unitName: unitText, unitOffset: offset)
    }
}
