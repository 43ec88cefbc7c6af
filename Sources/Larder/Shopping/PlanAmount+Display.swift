import LarderQuantities

extension PlanAmount {
    /// "1.5 kg", "1 ½ cups", "½ gallon", "2 tins (800 g)", in `system` (the
    /// config's `units`; nil keeps the system the amount was merged in). A
    /// written unit is kept (``shownIn``). See ``QuantityDisplay``.
    public func text(in system: UnitSystem?) -> String {
        let text = QuantityDisplay.text(
            quantity, unit: unit, unitName: unitName, system: system?.unitSystem, shownIn: shownIn)
        return sizeText.map { "\(text) (\($0))" } ?? text
    }

    /// All the packages together, as written: "800 g" for 2 tins of 400 g;
    /// a size given as a range is per package ("400–500 g each").
    public var sizeText: String? {
        guard let size else { return nil }
        guard case .exact(let each) = size.quantity else {
            return QuantityDisplay.text(size.quantity, unit: size.unit, unitName: size.unitName, system: nil, shownIn: size.unit)
                + " each"
        }
        return QuantityDisplay.text(
            quantity.scaled(by: each), unit: size.unit, unitName: size.unitName, system: nil, shownIn: size.unit)
    }
}

extension QuantityDisplay {
    /// All of an ingredient's packages together, as the shopping sheet shows
    /// them: "800 g" for "2 x 400g tins"; nil without a size or quantity.
    public static func sizeText(_ ingredient: Ingredient) -> String? {
        sizeText(ingredient.quantity, unit: ingredient.unit, unitName: ingredient.unitName, size: ingredient.size)
    }

    /// The same, from an ingredient's fields.
    static func sizeText(_ quantity: Quantity?, unit: Unit?, unitName: String?, size: PackageSize?) -> String? {
        guard let quantity, let size else { return nil }
        return PlanAmount(quantity: quantity, unit: unit, unitName: unitName, size: size).sizeText
    }
}

extension PlanLine {
    /// The merged amounts side by side, "450 g + 2 cups"; nil when no source
    /// gave a quantity.
    ///
    /// In a metric kitchen, a volume of a food in ``Densities`` is shown as
    /// its approximate weight, with what the recipes wrote after it ("≈ 167 g
    /// (1 ⅓ cups)"), added to any weight the line has ("≈ 667 g (500 g +
    /// 1 ⅓ cups)"): flour and butter are bought by weight.
    public func amountText(in system: UnitSystem?) -> String? {
        guard !amounts.isEmpty else { return nil }
        var parts = amounts.map { $0.text(in: system) }
        guard system == .metric, let perCup = Densities.gramsPerCup(key),
              let volume = amounts.firstIndex(where: { $0.unit?.dimension == .volume && $0.size == nil }),
              let cups = amounts[volume].unit.flatMap({ UnitCatalog.convert(amounts[volume].quantity, from: $0, to: .cup) })
        else { return parts.joined(separator: " + ") }
        var grams = cups.scaled(by: perCup)
        var written = [parts[volume]]
        var replaced = [volume]
        if let mass = amounts.firstIndex(where: { $0.unit?.dimension == .mass && $0.size == nil }),
           let weight = amounts[mass].unit.flatMap({ UnitCatalog.convert(amounts[mass].quantity, from: $0, to: .gram) }) {
            grams = weight + grams
            written.insert(parts[mass], at: 0)
            replaced.append(mass)
        }
        let first = replaced.min() ?? volume
        parts[first] = "≈ \(QuantityDisplay.approximateMass(grams)) (\(written.joined(separator: " + ")))"
        for index in replaced.sorted(by: >) where index != first { parts.remove(at: index) }
        return parts.joined(separator: " + ")
    }

    /// The count to buy was rounded up from the sources' exact figures
    /// (3 ⅓ limes → 4 limes); the provenance keeps them.
    public var isRoundedUp: Bool {
        guard !stock.isEmpty else { return PlanAmount.merged(provenance.compactMap(\.amount)) != amounts }
        let lists = provenance.filter { $0.source.kind == .list }.compactMap(\.amount)
        let recipes = provenance.filter { $0.source.kind == .recipe }
        return PlanAmount.toBuy(
            lists: lists, recipes: recipes.compactMap(\.amount), recipeCount: recipes.count, stock: stock
        ).amounts != amounts
    }

    /// What is said after the name: the notes, what was taken off as in
    /// stock ("1 kg in stock"), then what of it is already ticked on the
    /// list ("250 g ticked").
    public func noteTexts(in system: UnitSystem?) -> [String] {
        var texts = notes.filter { !$0.isEmpty }
        if !stock.isEmpty, !inStock {
            texts.append(stock.map { $0.text(in: system) }.joined(separator: " + ") + " in stock")
        }
        if hasTicked {
            texts.append(ticked.isEmpty ? "some ticked" : ticked.map { $0.text(in: system) }.joined(separator: " + ") + " ticked")
        }
        return texts
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
