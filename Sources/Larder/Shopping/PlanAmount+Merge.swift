import LarderQuantities

extension PlanAmount {
    /// Adds up amounts of one thing: one amount per group that can be added
    /// exactly, side by side otherwise ("2 cans + 400 g").
    ///
    /// - Mass adds to mass and volume to volume, never one to the other.
    ///   Amounts all in one unit stay in it (1 ½ cups + 1 ½ cups = 3 cups);
    ///   units of one system add up in the smallest of them (1 cup + 2 tbsp =
    ///   18 tbsp) and are shown in the unit of the largest part (1 ⅛ cups);
    ///   metric and US together add up in grams or millilitres, shown in the
    ///   kitchen's `units`. A single amount keeps its unit ("½ gallon").
    /// - Packages add up only with packages of the same unit and size ("1 can
    ///   (15 oz)" and "1 can (28 oz)" stay two amounts).
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
            var sum: PlanAmount? = switch group.kind {
            case .count: sumOfCounts(members)
            case .mass, .volume: sumOfMeasures(members)
            case .other, .named: sumAsWritten(members)
            }
            sum?.size = group.size
            return sum
        }
    }

    /// A plain count, or a count of packages a shop sells only whole, rounded
    /// up to whole things ("3 ⅓ limes" → 4, "⅙ can" → 1 can): what a shop
    /// sells. Other amounts as they are.
    public var wholeIfCounted: PlanAmount {
        guard unit.map({ Self.soldWhole.contains($0.id) }) ?? (unitName == nil) else { return self }
        var whole = self
        whole.quantity = switch quantity {
        case .exact(let value): .exact(Self.roundedUp(value))
        case .range(let low, let high):
            // "½–1 chillies" buys one: a range whose ends round up alike is
            // that one number, not "1–1".
            Self.roundedUp(low) == Self.roundedUp(high)
                ? .exact(Self.roundedUp(high)) : .range(Self.roundedUp(low), Self.roundedUp(high))
        }
        return whole
    }

    /// Units of things a shop sells only whole: containers and produce sold
    /// by the piece ("a head of garlic", "a bunch of parsley"). Not cooks'
    /// measures (pinch, clove, slice, sprig) nor a sub-recipe's batch. The
    /// servings control (Templates/larder.js) holds the same list
    /// (ServingsAmountTests checks that it does).
    static let soldWhole: Set<String> = [
        "can", "tin", "jar", "bottle", "pack", "bag", "box", "tub", "carton", "container", "envelope",
        "sachet", "punnet", "loaf", "head", "bunch", "ear", "block",
    ]

    private static func roundedUp(_ value: Rational) -> Rational {
        let whole = Rational(value.wholePart)
        return value > whole ? whole + .one : whole
    }

    /// What an amount adds up with: its kind, and the package size.
    private struct Group: Hashable, Comparable {
        var kind: Kind
        var size: PackageSize?

        init(_ amount: PlanAmount) {
            kind = Kind(amount)
            size = amount.size
        }

        /// Sizes in a fixed order, so that the result does not depend on
        /// the order of the amounts.
        private var sizeOrder: String {
            guard let size else { return "" }
            return "\(size.unit?.id ?? size.unitName ?? "") \(size.quantity.upperBound) \(size.quantity.lowerBound)"
        }

        static func < (lhs: Group, rhs: Group) -> Bool {
            lhs.kind != rhs.kind ? lhs.kind < rhs.kind : lhs.sizeOrder < rhs.sizeOrder
        }
    }

    private enum Kind: Hashable, Comparable {
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
            case .other: self = .other(Kind.catalogOrder[unit.id] ?? Int.max)
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

        static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rank < rhs.rank }
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
        // Shown in the unit of the largest part when all parts are of one
        // system; metric and US together are shown in the kitchen's units.
        let systems = Set(members.compactMap { $0.shownIn?.system })
        let largest = members.max { a, b in a.baseAmount < b.baseAmount }
        let shownIn = systems.count == 1 ? largest?.shownIn : nil
        return sum(converted).map { PlanAmount(quantity: $0, unit: target).shown(in: shownIn) }
    }

    /// The top of the amount in the dimension's base unit, for comparing.
    private var baseAmount: Rational { quantity.upperBound * (unit?.factor ?? .one) }

    /// One `.other` unit, or one unknown unit name (the smallest spelling
    /// of it, so that the order of the amounts does not matter).
    private static func sumAsWritten(_ members: [PlanAmount]) -> PlanAmount? {
        guard let first = members.first else { return nil }
        return sum(members.map(\.quantity)).map {
            PlanAmount(quantity: $0, unit: first.unit, unitName: members.compactMap(\.unitName).min())
        }
    }
}

// MARK: What is in stock

extension PlanAmount {
    /// What to buy of one food: what lists ask for, as written (writing
    /// "flour" on a list means it is wanted), and what recipes ask for less
    /// what is in `stock`; all unrounded. `used`: the stock amounts that
    /// took something off; `covered`: recipes asked for something (an amount
    /// or none, "salt to taste"), no list did, and the stock covers all of it.
    public static func toBuy(
        lists: [PlanAmount], recipes: [PlanAmount], recipeCount: Int, stock: [PlanAmount]
    ) -> (amounts: [PlanAmount], used: [PlanAmount], covered: Bool) {
        guard !stock.isEmpty, recipeCount > 0 else { return (merged(lists + recipes), [], false) }
        let (left, used) = subtracting(stock, from: merged(recipes))
        let covered = lists.isEmpty && left.isEmpty
        return (merged(lists + left), covered && used.isEmpty ? stock : used, covered)
    }

    /// `needed` less `stock`, amount by amount: a stock amount takes off
    /// from a needed amount it converts to (mass from mass, volume from
    /// volume, g and kg, ml and l, a count from a count, a unit Larder does
    /// not know from the same name); cups are never taken off grams, nor a
    /// package of some size. A range in stock counts as its low end, what is
    /// surely there; a needed range less stock keeps its top when its low
    /// end is used up (a sheet errs on buying enough). What is left of each
    /// needed amount, in its unit, and the stock amounts that took off.
    static func subtracting(_ stock: [PlanAmount], from needed: [PlanAmount]) -> (left: [PlanAmount], used: [PlanAmount]) {
        var remaining = stock.map { $0.quantity.lowerBound }
        var usedIndices = Set<Int>()
        var left: [PlanAmount] = []
        for amount in needed {
            var need = amount.quantity
            for index in stock.indices where remaining[index] > .zero && amount.size == nil && stock[index].size == nil {
                guard let have = stock[index].converted(remaining[index], to: amount) else { continue }
                usedIndices.insert(index)
                if have >= need.upperBound {
                    remaining[index] = stock[index].converted(have - need.upperBound, from: amount) ?? .zero
                    need = .exact(.zero)
                    break
                }
                remaining[index] = .zero
                let (low, high) = (need.lowerBound - have, need.upperBound - have)
                need = low > .zero && low < high ? .range(low, high) : .exact(high)
            }
            guard need.upperBound > .zero else { continue }
            var rest = amount
            rest.quantity = need
            left.append(rest)
        }
        return (left, usedIndices.sorted().map { stock[$0] })
    }

    /// `value` of this amount's unit in `target`'s unit, when they convert.
    private func converted(_ value: Rational, to target: PlanAmount) -> Rational? {
        switch (unit, target.unit) {
        case (nil, nil):
            return unitName?.lowercased() == target.unitName?.lowercased() ? value : nil
        case (let from?, let to?):
            return UnitCatalog.convert(value, from: from, to: to)
        default:
            return nil
        }
    }

    /// `value` of `source`'s unit back in this amount's unit.
    private func converted(_ value: Rational, from source: PlanAmount) -> Rational? {
        source.converted(value, to: self)
    }
}
