/// How every amount reads, the one place that writes them: merged and
/// rescaled amounts here, amounts as written, money and durations in
/// QuantityDisplay+Written.swift. (larder.js's servings control ports this
/// file; ServingsAmountTests keeps the two equal.)
///
/// Merged amounts, on shopping sheets and shares: in the preferred system,
/// in a unit that suits the amount, with decimals for metric and the
/// fractions cooks use for US measures.
///
/// - Metric: the largest of kg/g (l/ml, and a unit written such as dl) that
///   gives at least 1, as a decimal of at most 2 digits: "1.5 kg", "750 ml".
///   Amounts converted from US measures are rounded to 3 significant digits
///   ("237 ml", not "236.59 ml"): they were never that precise.
/// - US: the largest of cup (from ¼ cup), tbsp (from 1 tbsp), tsp — or lb
///   (from 1 lb), oz — whose amount is a multiple of ⅛ (or of ⅓, for cups
///   and pounds) within 2%: 48 tsp → "1 cup", 3 tsp → "1 tbsp", but 5 tbsp
///   stays "5 tbsp", not "5/16 cup". Amounts converted from metric are
///   approximate anyway and may round by 10% ("250 ml" → "1 cup").
/// - Spoons stay spoons below ¼ cup, also in metric: "2 tsp", not "9.86 ml".
/// - Counts, cans, cloves and unknown units: never converted; whole numbers,
///   cooks' fractions ("1 ½ lemons"), else decimals ("2.4 lemons").
///
/// Unit names follow the number ("½ cup", "1 ½ cups"); symbols (g, tbsp)
/// do not change. Ranges use an en dash: "2–3 cloves".
public enum QuantityDisplay {
    /// "1.5 kg", "1 ½ cups", "2–3 cloves", "2 blorps".
    ///
    /// `system`: the system to show mass and volume in; nil keeps the
    /// system of `unit` (metric for units of neither).
    ///
    /// `shownIn`: a unit to keep (the unit written, or a sum's largest
    /// part's): the amount is shown in it, or for a US unit that gives no
    /// cooks' fraction in the nearest US unit that does, whatever `system`
    /// ("½ gallon", "1 lb", "2 l" in any kitchen). Metric amounts still move
    /// along kg/g or l/ml ("1.5 kg", not "1500 g"); spoons are not kept.
    public static func text(
        _ quantity: Quantity, unit: Unit?, unitName: String?, system: Unit.System?, shownIn: Unit? = nil
    ) -> String {
        guard let unit else {
            let number = countNumber(quantity)
            return unitName.map { "\(number) \($0)" } ?? number
        }
        switch unit.dimension {
        case .count, .other:
            return "\(countNumber(quantity)) \(unit.displayName(for: quantity))"
        case .mass, .volume:
            // Spoons are measures, not what a shop sells: they move up the
            // ladder as before (12 tbsp → ¾ cup).
            if let kept = shownIn, kept.dimension == unit.dimension, kept != .teaspoon, kept != .tablespoon {
                let base = quantity.scaled(by: unit.factor)
                let (text, shown, shownUnit) = kept.system == .us
                    ? cooksFraction(base, in: kept, tolerance: Rational(1, 50) ?? .one)
                        ?? us(base, dimension: unit.dimension, written: kept, converted: false)
                    : metric(base, dimension: unit.dimension, written: kept, converted: false)
                return "\(text) \(shownUnit.displayName(for: shown))"
            }
            let own: Unit.System = unit.system == .us ? .us : .metric
            let target = system == .us ? Unit.System.us : system == .metric ? .metric : own
            let base = quantity.scaled(by: unit.factor)
            // Metric kitchens measure with spoons too: "2 tsp", not "9.86 ml".
            let spoons = (unit == .teaspoon || unit == .tablespoon) && base.upperBound < quarterCup
            let (text, shown, shownUnit) = target == .us || spoons
                ? us(base, dimension: unit.dimension, written: unit, converted: own != .us)
                : metric(base, dimension: unit.dimension, written: unit, converted: own != .metric)
            return "\(text) \(shownUnit.displayName(for: shown))"
        }
    }

    /// The amounts of one line side by side: "450 g + 2 cups"; "" for none.
    public static func text(
        _ amounts: [(quantity: Quantity, unit: Unit?, unitName: String?)], system: Unit.System?
    ) -> String {
        amounts.map { text($0.quantity, unit: $0.unit, unitName: $0.unitName, system: system) }
            .joined(separator: " + ")
    }

    // MARK: Metric

    private static func metric(
        _ base: Quantity, dimension: Unit.Dimension, written: Unit, converted: Bool
    ) -> (String, Quantity, Unit) {
        var ladder = metricLadder(dimension)
        if written.system == .metric, !ladder.contains(written) { ladder.append(written) }
        ladder.sort { $0.factor > $1.factor }
        let unit = ladder.first { base.lowerBound.magnitude >= $0.factor } ?? ladder[ladder.count - 1]
        let value = base.scaled(by: Rational.one / unit.factor)
        return (format(value) { decimal($0, converted: converted) }, value, unit)
    }

    /// At most 2 decimals ("1.25"), none from 100 on ("487"); converted
    /// amounts to 3 significant digits ("237", "44.4", "4.93"). Never "0" for
    /// an amount above zero.
    private static func decimal(_ value: Rational, converted: Bool) -> String {
        var digits = 2
        let integerDigits = String(value.magnitude.wholePart).count - (value.magnitude.wholePart == 0 ? 1 : 0)
        if converted {
            digits = max(0, min(2, 3 - integerDigits))
        } else if integerDigits >= 3 {
            // "487 ml", not "486.59 ml": past 100, decimals are noise.
            digits = 0
        }
        var text = value.decimalString(maxFractionDigits: digits)
        while text == "0", !value.isZero, digits < 6 {
            digits += 1
            text = value.decimalString(maxFractionDigits: digits)
        }
        return text
    }

    // MARK: US

    private static func us(
        _ base: Quantity, dimension: Unit.Dimension, written: Unit, converted: Bool
    ) -> (String, Quantity, Unit) {
        var ladder = usLadder(dimension)
        if written.system == .us, !ladder.contains(where: { $0.unit == written }) { ladder.append((written, 1)) }
        ladder.sort { $0.unit.factor > $1.unit.factor }
        let tolerance = converted ? Rational(1, 10) ?? .one : Rational(1, 50) ?? .one
        let start = ladder.firstIndex { base.lowerBound.magnitude >= $0.unit.factor * $0.from } ?? ladder.count - 1
        for (unit, _) in ladder[start...] {
            if let shown = cooksFraction(base, in: unit, tolerance: tolerance) { return shown }
        }
        // The smallest unit: the nearest eighth or third ("⅓ tsp"), or the
        // exact amount below ⅛ ("1/16 tsp"), where rounding would double it.
        let unit = ladder[ladder.count - 1].unit
        let value = base.scaled(by: Rational.one / unit.factor)
        let rounded = map(value) { end in
            end.magnitude < eighth ? end : nearestCooksFraction(end, thirds: true)
        }
        return (format(rounded) { $0.denominator <= 64 ? mixed($0) : decimal($0, converted: false) }, rounded, unit)
    }

    /// The metric units an amount of `dimension` moves along, largest first.
    static func metricLadder(_ dimension: Unit.Dimension) -> [Unit] {
        switch dimension {
        case .mass: [.kilogram, .gram]
        case .volume: [.litre, .millilitre]
        case .count, .other: []
        }
    }

    /// The US units an amount of `dimension` moves along, largest first, each
    /// with the least amount it is used for.
    static func usLadder(_ dimension: Unit.Dimension) -> [(unit: Unit, from: Rational)] {
        switch dimension {
        case .mass: [(.pound, 1), (.ounce, 0)]
        case .volume: [(.cup, Rational(1, 4) ?? .one), (.tablespoon, 1), (.teaspoon, 0)]
        case .count, .other: []
        }
    }

    /// `base` in `unit` as a nonzero cooks' fraction within `tolerance`.
    private static func cooksFraction(_ base: Quantity, in unit: Unit, tolerance: Rational) -> (String, Quantity, Unit)? {
        let value = base.scaled(by: Rational.one / unit.factor)
        let rounded = map(value) { nearestCooksFraction($0, thirds: allowsThirds(unit)) }
        let close = zip([value.lowerBound, value.upperBound], [rounded.lowerBound, rounded.upperBound])
            .allSatisfy { end, near in !near.isZero && (near - end).magnitude <= tolerance * end.magnitude }
        return close ? (format(rounded, mixed), rounded, unit) : nil
    }

    /// An approximate mass from grams, for weights worked out from a density:
    /// whole grams ("167 g"), kilograms from 1000 g ("1.25 kg"), a decimal
    /// below 10 g ("4.5 g").
    public static func approximateMass(_ grams: Quantity) -> String {
        let kilos = grams.lowerBound >= 1000
        let value = kilos ? grams.scaled(by: Rational(1, 1000) ?? .one) : grams
        let text = format(value) { $0.decimalString(maxFractionDigits: kilos ? 2 : $0 < 10 ? 1 : 0) }
        return "\(text) \(kilos ? "kg" : "g")"
    }

    private static let eighth = Rational(1, 8) ?? .one
    private static let quarterCup = Unit.cup.factor * (Rational(1, 4) ?? .one)

    /// Cups and pounds come in thirds too (⅓ cup); spoons and ounces do not.
    private static func allowsThirds(_ unit: Unit) -> Bool { unit == .cup || unit == .pound }

    /// The nearest multiple of ⅛ (or of ⅓, when closer and allowed).
    static func nearestCooksFraction(_ value: Rational, thirds: Bool) -> Rational {
        let byEighths = nearestMultiple(of: 8, value)
        guard thirds else { return byEighths }
        let byThirds = nearestMultiple(of: 3, value)
        return (byThirds - value).magnitude < (byEighths - value).magnitude ? byThirds : byEighths
    }

    /// `value` rounded to the nearest 1/`parts`, halves away from zero.
    private static func nearestMultiple(of parts: Int, _ value: Rational) -> Rational {
        let scaled = value.magnitude * Rational(parts)
        let whole = (scaled + (Rational(1, 2) ?? .zero)).wholePart
        let rounded = Rational(whole, parts) ?? .zero
        return value.isNegative ? rounded.negated : rounded
    }

    // MARK: Numbers

    /// Counts: "3", "1 ½", "⅔", else decimals ("2.4").
    private static func countNumber(_ quantity: Quantity) -> String {
        format(quantity) { value in
            [1, 2, 3, 4, 8].contains(value.denominator) ? mixed(value) : decimal(value, converted: false)
        }
    }

    /// "1 ½", "⅜", "3"; "1 5/16" where no glyph exists.
    static func mixed(_ value: Rational) -> String {
        let part = value.fractionalPart.magnitude
        guard !part.isZero else { return String(value.wholePart) }
        let fraction = Rational.vulgarGlyphs[part].map { String($0) } ?? "\(part.numerator)/\(part.denominator)"
        let sign = value.isNegative ? "-" : ""
        return value.wholePart == 0 ? sign + fraction : "\(value.wholePart) \(fraction)"
    }

    /// Each end of `quantity` through `number`, a range with an en dash.
    static func format(_ quantity: Quantity, _ number: (Rational) -> String) -> String {
        switch quantity {
        case .exact(let value): number(value)
        case .range(let low, let high): "\(number(low))–\(number(high))"
        }
    }

    /// `quantity` with `transform` applied to each end.
    private static func map(_ quantity: Quantity, _ transform: (Rational) -> Rational) -> Quantity {
        switch quantity {
        case .exact(let value): .exact(transform(value))
        case .range(let low, let high): .range(transform(low), transform(high))
        }
    }
}
