import LarderQuantities

extension PlanAmount {
    /// "1.5 kg", "1 ½ cups", "2 cans", in `system` (the config's `units`;
    /// nil keeps the system the amount was merged in). See ``QuantityDisplay``.
    public func text(in system: UnitSystem?) -> String {
        QuantityDisplay.text(quantity, unit: unit, unitName: unitName, system: system?.unitSystem)
    }
}

extension PlanLine {
    /// The merged amounts side by side, "450 g + 2 cups"; nil when no source
    /// gave a quantity.
    public func amountText(in system: UnitSystem?) -> String? {
        amounts.isEmpty ? nil : amounts.map { $0.text(in: system) }.joined(separator: " + ")
    }
}

extension UnitSystem {
    /// The ``Unit/System`` quantities are converted to.
    public var unitSystem: Unit.System {
        switch self {
        case .metric: .metric
        case .us: .us
        }
    }
}
