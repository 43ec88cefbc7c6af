import LarderQuantities

extension PlanAmount {
    /// Adds up amounts of one thing: one amount per group that can be added
    /// exactly, side by side otherwise ("2 cans + 400 g").
    ///
    /// - Mass adds to mass and volume to volume, never one to the other.
    ///   Amounts all in one unit stay in it (1 ½ cups + 1 ½ cups = 3 cups);
    ///   units of one system add up in the smallest of them (1 cup + 2 tbsp =
    ///   18 tbsp); metric and US together add up in grams or millilitres.
    /// - Plain counts add up, with dozens counted as 12 (dozens alone stay
    ///   dozens). Each other known unit (can, clove, pinch) adds only to
    ///   itself, and a unit Larder does not know only to the same name, in
    ///   any case.
    /// - Ranges add end to end.
    ///
    /// The result depends only on the amounts, not their order: the groups
    /// come in a fixed order (counts, other units in catalog order, mass,
    /// volume, unknown units by name), and every sum is exact.
    public static func merged(_ amounts: some Sequence<PlanAmount>) -> [PlanAmount] {
        var groups: [Group: [PlanAmount]] = [:]
        for amount in amounts { groups[Group(amount), default: []].append(amount) }
        return groups.keys.sorted().compactMap { group in
            let members = groups[group] ?? []
            switch group {
            case .count: return sumOfCounts(members)
            case .mass, .volume: return sumOfMeasures(members)
            case .other, .named: return sumAsWritten(members)
            }
        }
    }

    /// What an amount adds up with.
    private enum Group: Hashable, Comparable {
        case count
        /// A `.other` unit, by its place in the catalog.
        case other(Int)
        case mass
        case volume
        /// A unit Larder does not know, lower-cased.
        case named(String)

        init(_ amount: PlanAmount) {
            guard let unit = amount.unit else {
                self = amount.unitName.map { .named($0.lowercased()) } ?? .count
                return
            }
            switch unit.dimension {
            case .count: self = .count
            case .mass: self = .mass
            case .volume: self = .volume
            case .other: self = .other(Group.catalogOrder[unit.id] ?? Int.max)
            }
        }

        private static let catalogOrder = Dictionary(
            UnitCatalog.all.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })

        private var rank: (Int, Int, String) {
            switch self {
            case .count: (0, 0, "")
            case .other(let index): (1, index, "")
            case .mass: (2, 0, "")
            case .volume: (3, 0, "")
            case .named(let name): (4, 0, name)
            }
        }

        static func < (lhs: Group, rhs: Group) -> Bool { lhs.rank < rhs.rank }
    }

    private static func sum(_ quantities: some Sequence<Quantity>) -> Quantity? {
        quantities.reduce(nil) { total, quantity in total.map { $0 + quantity } ?? quantity }
    }

    /// Plain counts and dozens: in dozens when all are, else pieces.
    private static func sumOfCounts(_ members: [PlanAmount]) -> PlanAmount? {
        let units = Set(members.map(\.unit))
        if units.count == 1, let unit = units.first ?? nil {
            return sum(members.map(\.quantity)).map { PlanAmount(quantity: $0, unit: unit) }
        }
        let pieces = members.map { amount in amount.unit.map { amount.quantity.scaled(by: $0.factor) } ?? amount.quantity }
        return sum(pieces).map { PlanAmount(quantity: $0) }
    }

    /// Mass or volume, in the unit all share, else the smallest unit of the
    /// one system they share, else grams or millilitres.
    private static func sumOfMeasures(_ members: [PlanAmount]) -> PlanAmount? {
        let units = Set(members.compactMap(\.unit))
        guard let any = units.first else { return nil }
        let target: Unit
        if units.count == 1 {
            target = any
        } else if Set(units.map(\.system)).count == 1, let smallest = units.min(by: { $0.factor < $1.factor }) {
            target = smallest
        } else {
            target = any.dimension == .mass ? .gram : .millilitre
        }
        let converted = members.compactMap { amount in
            amount.unit.flatMap { UnitCatalog.convert(amount.quantity, from: $0, to: target) }
        }
        return sum(converted).map { PlanAmount(quantity: $0, unit: target) }
    }

    /// One `.other` unit, or one unknown unit name (the smallest spelling
    /// of it, so that the order of the amounts does not matter).
    private static func sumAsWritten(_ members: [PlanAmount]) -> PlanAmount? {
        guard let first = members.first else { return nil }
        return sum(members.map(\.quantity)).map {
            PlanAmount(quantity: $0, unit: first.unit, unitName: members.compactMap(\.unitName).min())
        }
    }
}
