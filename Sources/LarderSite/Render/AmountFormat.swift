import Larder
import LarderQuantities

/// How quantities read on pages and in shares: as the cook wrote them.
/// Fractions stay fractions ("1 ½ cups"), decimals stay decimals ("0.5 l"),
/// and the unit follows in the form the user wrote it when Larder does not
/// know it.
enum AmountFormat {
    /// "2", "1 ½ kg", "200 g", "2–3 cloves", "1 blorp"; nil without a quantity
    /// and unit.
    static func text(_ quantity: Quantity?, unit: Unit?, unitName: String?, fractional: Bool? = nil) -> String? {
        // The parts joined with a space, without an array to join.
        var text = quantity.map { number($0, fractional: fractional ?? isFractional($0, unit: unit)) }
        let unitText = unit.map { unit in quantity.map { unit.displayName(for: $0) } ?? unit.singular } ?? unitName
        if let unitText { text = text.map { $0 + " " + unitText } ?? unitText }
        return text
    }

    /// All of an ingredient's packages together, as the shopping sheet shows
    /// them: "800 g" for "2 x 400g tins"; nil without a size or quantity.
    static func sizeText(_ ingredient: Ingredient) -> String? {
        guard let quantity = ingredient.quantity, let size = ingredient.size else { return nil }
        return PlanAmount(quantity: quantity, unit: ingredient.unit, unitName: ingredient.unitName, size: size).sizeText
    }

    /// Metric amounts read as decimals ("1.5 l"); everything else as the
    /// fractions cooks use ("1 ½ tsp", "1 ½ cloves"). Rescaled amounts follow
    /// the shopping sheet's rules instead (larder.js, docs/site.md).
    static func isFractional(_ quantity: Quantity, unit: Unit?) -> Bool {
        unit?.system != .metric
    }

    /// "1 ½", "2–3", "0.25"
    static func number(_ quantity: Quantity, fractional: Bool) -> String {
        guard fractional else { return quantity.decimalString(maxFractionDigits: 2) }
        switch quantity {
        case .exact(let value): return mixed(value)
        case .range(let low, let high): return "\(mixed(low))–\(mixed(high))"
        }
    }

    /// "1 ½" (with a space, easier to read than "1½"), "⅓", "3".
    private static func mixed(_ value: Rational) -> String {
        let vulgar = value.vulgarString
        guard value.wholePart != 0, !value.isInteger, let first = vulgar.unicodeScalars.last,
              !("0"..."9").contains(first) else { return vulgar }
        return "\(value.wholePart) " + String(vulgar.unicodeScalars.drop { ("0"..."9").contains($0) || $0 == "-" })
    }

    /// The exact value(s) for the servings control: "3/2", "2/1-3/1".
    static func exactValue(_ quantity: Quantity) -> String {
        func fraction(_ r: Rational) -> String { "\(r.numerator)/\(r.denominator)" }
        switch quantity {
        case .exact(let value): return fraction(value)
        case .range(let low, let high): return "\(fraction(low))-\(fraction(high))"
        }
    }

    /// The units the servings control's script (larder.js) needs to show
    /// `units` as ``QuantityDisplay`` does: each unit written, and for mass
    /// and volume the units QuantityDisplay may switch to. One unit per
    /// `;`-separated entry, its fields split by `|`: id, dimension, system,
    /// exact factor, symbol (or nothing), singular, plural:
    /// `g|mass|metric|1/1|g|gram|grams;kg|mass|metric|1000/1|kg|kilogram|kilograms`.
    /// Compact, as it goes on every recipe page with servings.
    static func unitTable(for units: some Sequence<Unit>) -> String {
        var table: [String: Unit] = [:]
        for unit in units {
            table[unit.id] = unit
            let ladder: [Unit] = switch unit.dimension {
            case .mass: [.kilogram, .gram, .pound, .ounce]
            case .volume: [.litre, .millilitre, .cup, .tablespoon, .teaspoon]
            case .count, .other: []
            }
            for step in ladder { table[step.id] = step }
        }
        return table.keys.sorted().compactMap { id in
            table[id].map { unit in
                [
                    id, unit.dimension.rawValue, unit.system.rawValue, "\(unit.factor.numerator)/\(unit.factor.denominator)",
                    unit.symbol ?? "", unit.singular, unit.plural,
                ].joined(separator: "|")
            }
        }.joined(separator: ";")
    }

    /// "12.40 EUR", or "12.40" without a currency (to the cent, halves away
    /// from zero).
    static func money(_ amount: Rational, currency: String?) -> String {
        let cents = (amount * Rational(100)).rounded
        let text = "\(cents / 100).\(String(format: "%02d", abs(cents % 100)))"
        return currency.map { "\(text) \($0)" } ?? text
    }

    /// "1 h 15 min"
    static func duration(seconds: Int) -> String {
        let hours = seconds / 3_600, minutes = seconds % 3_600 / 60
        switch (hours, minutes) {
        case (0, let m): return "\(m) min"
        case (let h, 0): return "\(h) h"
        case (let h, let m): return "\(h) h \(m) min"
        }
    }
}
