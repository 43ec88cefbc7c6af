import Synchronization

extension QuantityDisplay {
    // MARK: As written

    /// A quantity as the cook wrote it, for recipe pages and list items:
    /// fractions stay fractions ("1 ½ kg"), metric amounts decimals ("0.5 l",
    /// ranges with a hyphen: "0.5-1 l"), and a unit Larder does not know
    /// follows as written ("1 blorp"): "2", "200 g", "2–3 cloves"; nil
    /// without a quantity and a unit.
    ///
    /// - Parameter fractional: fractions or decimals; nil chooses by the unit
    ///   (``isFractional(_:unit:)``).
    public static func text(_ quantity: Quantity?, unit: Unit?, unitName: String?, fractional: Bool? = nil) -> String? {
        // The parts joined with a space, without an array to join.
        var text = quantity.map { number($0, fractional: fractional ?? isFractional($0, unit: unit)) }
        let unitText = unit.map { unit in quantity.map { unit.displayName(for: $0) } ?? unit.singular } ?? unitName
        if let unitText { text = text.map { $0 + " " + unitText } ?? unitText }
        return text
    }

    /// Metric amounts read as decimals ("1.5 l"); everything else as the
    /// fractions cooks use ("1 ½ tsp", "1 ½ cloves"). Rescaled amounts follow
    /// the shopping sheet's rules instead (``text(_:unit:unitName:system:shownIn:)``).
    public static func isFractional(_ quantity: Quantity, unit: Unit?) -> Bool {
        unit?.system != .metric
    }

    /// "1 ½", "2–3", "0.25"
    public static func number(_ quantity: Quantity, fractional: Bool) -> String {
        fractional ? format(quantity, mixed) : quantity.decimalString(maxFractionDigits: 2)
    }

    // MARK: For the servings control

    /// The exact value(s) for the servings control: "3/2", "2/1-3/1".
    public static func exactValue(_ quantity: Quantity) -> String {
        func fraction(_ r: Rational) -> String { "\(r.numerator)/\(r.denominator)" }
        switch quantity {
        case .exact(let value): return fraction(value)
        case .range(let low, let high): return "\(fraction(low))-\(fraction(high))"
        }
    }

    /// The units the servings control's script (larder.js) needs to show
    /// `units` as ``text(_:unit:unitName:system:shownIn:)`` does: each unit
    /// written, and for mass and volume the units it may switch to. One unit
    /// per `;`-separated entry, its fields split by `|`: id, dimension,
    /// system, exact factor, symbol (or nothing), singular, plural:
    /// `g|mass|metric|1/1|g|gram|grams;kg|mass|metric|1000/1|kg|kilogram|kilograms`.
    /// Compact, as it goes on every recipe page with servings. (An array,
    /// not a generic sequence: a generic called from another module runs
    /// unspecialised, once per recipe page.)
    public static func unitTable(for units: [Unit]) -> String {
        // Recipes use the same few sets of catalog units, so a table is
        // made once per set (by ids and dimensions: the ladders follow from
        // the dimensions) and kept. A unit the catalog does not have is
        // written from its own fields, and the table is made each time.
        // The key: each unit's catalog position and dimension in one
        // integer, sorted (no strings made and joined for every page).
        var key: [UInt32] = []
        for unit in units {
            guard let position = catalogPositions[unit.id] else { return makeUnitTable(for: units) }
            let entry = position << 8 | UInt32(dimensions.firstIndex(of: unit.dimension)!)
            if !key.contains(entry) { key.append(entry) }
        }
        key.sort()
        if let known = knownUnitTables.withLock({ $0[key] }) { return known }
        let table = makeUnitTable(for: units)
        knownUnitTables.withLock { known in
            if known.count < maxKnownUnitTables { known[key] = table }
        }
        return table
    }

    /// The tables ``unitTable(for:)`` made, by their catalog units'
    /// positions and dimensions; no more than ``maxKnownUnitTables``.
    private static let knownUnitTables = Mutex<[[UInt32]: String]>([:])

    /// Each catalog unit's position in `UnitCatalog.all`, by id.
    private static let catalogPositions = Dictionary(
        UnitCatalog.all.enumerated().map { ($1.id, UInt32($0)) }, uniquingKeysWith: { first, _ in first })

    private static let dimensions = Unit.Dimension.allCases
    private static let maxKnownUnitTables = 4096

    private static func makeUnitTable(for units: [Unit]) -> String {
        // A page names the same few units many times: each dimension's
        // ladders are added once (units are equal when their ids are).
        var table: [String: Unit] = [:]
        var dimensions: [Unit.Dimension] = []
        for unit in units {
            table[unit.id] = unit
            if !dimensions.contains(unit.dimension) { dimensions.append(unit.dimension) }
        }
        for dimension in dimensions {
            for step in metricLadder(dimension) { table[step.id] = step }
            for step in usLadder(dimension) { table[step.unit.id] = step.unit }
        }
        return table.keys.sorted().compactMap { id in
            table[id].map { unit in catalogRows[id] ?? unitRow(unit) }
        }.joined(separator: ";")
    }

    /// One unit's entry in ``unitTable(for:)``.
    private static func unitRow(_ unit: Unit) -> String {
        [
            unit.id, unit.dimension.rawValue, unit.system.rawValue, "\(unit.factor.numerator)/\(unit.factor.denominator)",
            unit.symbol ?? "", unit.singular, unit.plural,
        ].joined(separator: "|")
    }

    /// Every catalog unit's entry, written once rather than on every recipe page.
    private static let catalogRows = Dictionary(
        UnitCatalog.all.map { ($0.id, unitRow($0)) }, uniquingKeysWith: { first, _ in first })

    // MARK: Money and time

    /// "12.40 EUR", or "12.40" without a currency (to the cent, halves away
    /// from zero).
    public static func money(_ amount: Rational, currency: String?) -> String {
        let cents = (amount * Rational(100)).rounded
        let fraction = abs(cents % 100)
        let text = "\(cents / 100).\(fraction < 10 ? "0" : "")\(fraction)"
        return currency.map { "\(text) \($0)" } ?? text
    }

    /// "1 h 15 min"
    public static func duration(seconds: Int) -> String {
        let hours = seconds / 3_600, minutes = seconds % 3_600 / 60
        switch (hours, minutes) {
        case (0, let m): return "\(m) min"
        case (let h, 0): return "\(h) h"
        case (let h, let m): return "\(h) h \(m) min"
        }
    }
}
