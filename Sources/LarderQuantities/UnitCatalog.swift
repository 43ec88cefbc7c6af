/// Looks units up by the names people write, and converts between them.
///
/// Lookup ignores case, dots and repeated spaces ("Tbsp.", "fl. oz",
/// "Grams"), except that a capital "T" is a tablespoon while "t" is not
/// known: cookbooks use it for both spoons.
public enum UnitCatalog {
    /// Every unit, in a stable order (mass, volume, count, other).
    public static let all: [Unit] = [
        .milligram, .gram, .kilogram, .ounce, .pound,
        .millilitre, .centilitre, .decilitre, .litre, .teaspoon, .tablespoon, .fluidOunce,
        .cup, .pint, .quart, .gallon,
        .dozen,
        .pinch, .dash, .drop, .clove, .can, .tin, .jar, .bottle, .bunch, .slice, .piece, .pack,
        .bag, .box, .head, .sprig, .stalk, .stick, .handful, .loaf, .batch,
        .rib, .ear, .fillet, .strip, .sheet, .leaf, .rasher, .cube, .bulb, .knob, .splash, .scoop,
        .tub, .carton, .container, .envelope, .sachet, .punnet, .block, .ball, .inch,
    ]

    /// Every name of every unit, normalised by ``key(_:)``.
    static let names: [(key: String, unit: Unit)] = all.flatMap { unit in
        ([unit.id, unit.symbol, unit.singular, unit.plural].compactMap { $0 } + unit.aliases)
            .map { (key(String($0)), unit) }
    }

    private static let byName: [String: Unit] = Dictionary(names, uniquingKeysWith: { first, _ in first })
    private static let byID: [String: Unit] = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })
    private static let caseSensitive: [String: Unit] = ["T": .tablespoon, "Tb": .tablespoon]
    private static let nameTable = UnitNameTable(names.map { name in
        (name.key, all.firstIndex(of: name.unit) ?? 0)
    })
    private static let caseSensitiveTable = UnitNameTable(caseSensitive.map { name, unit in
        (name, all.firstIndex(of: unit) ?? 0)
    })

    /// Names that could mean more than one unit, with what to write instead.
    static let ambiguous: [String: String] = ["t": "write tsp (teaspoon) or tbsp (tablespoon)"]

    /// The unit written as `name` ("grams", "Tbsp.", "fl oz", "cloves"), or `nil`.
    public static func unit(named name: String) -> Unit? {
        unit(named: name.unicodeScalars)
    }

    /// ``unit(named:)`` for a name read from a line, so the parser need not
    /// make a String of every word it tries. Lookups see every word after a
    /// quantity ("cups", but also "large", "garlic"), so an ASCII word is
    /// stripped, lowercased and packed in one pass and found in a table of
    /// packed names; only a word with other scalars takes the String path.
    static func unit(named name: some Collection<Unicode.Scalar>) -> Unit? {
        switch packed(name) {
        case .notASCII:
            return unit(namedOutsideASCII: name)
        case .tooLong:
            return nil  // longer than every name
        case .packed(let lower, let exact, let hasUppercase):
            // Every case-sensitive name has a capital.
            if hasUppercase, let index = caseSensitiveTable.index(of: exact) { return all[index] }
            return nameTable.index(of: lower).map { all[$0] }
        }
    }

    /// Whether `word` (one word, as the parser reads a unit word) can be the
    /// first of a two-word name ("fl", "fluid"): only then is the pair
    /// "fl oz" worth a lookup, and not "cups flour".
    static func startsTwoWordName(_ word: some Collection<Unicode.Scalar>) -> Bool {
        switch packed(word) {
        case .notASCII: true  // Unicode rules decide, in the lookup itself
        case .tooLong: false
        case .packed(let lower, _, _): twoWordStarts.index(of: lower) != nil
        }
    }

    private static let twoWordStarts = UnitNameTable(names.compactMap { name in
        name.key.split(separator: " ").count > 1 ? (String(name.key.prefix { $0 != " " }), 0) : nil
    })

    private enum Packed {
        /// What ``stripped(_:)`` makes of the name, lowercased and as written.
        case packed(lower: UnitNameTable.PackedName, exact: UnitNameTable.PackedName, hasUppercase: Bool)
        /// Longer than every name once stripped.
        case tooLong
        /// Has a non-ASCII scalar: only ``stripped(_:)``, with Unicode's
        /// white space and grapheme rules, says what it strips to.
        case notASCII
    }

    /// ``stripped(_:)`` for an ASCII name, whose characters are its scalars
    /// ("\r\n" aside, which is white space either way), packed.
    private static func packed(_ name: some Collection<Unicode.Scalar>) -> Packed {
        var (lower, exact) = (UnitNameTable.PackedName(), UnitNameTable.PackedName())
        var (fits, hasUppercase, spaceBefore) = (true, false, false)
        // Scans to the end even when too long: a later non-ASCII scalar
        // means Unicode rules decide.
        for scalar in name {
            guard scalar.isASCII else { return .notASCII }
            if scalar == "." { continue }
            if scalar.isSpace {
                spaceBefore = lower.count > 0 || !fits
                continue
            }
            if spaceBefore { fits = fits && lower.append(0x20) && exact.append(0x20) }
            spaceBefore = false
            let byte = UInt8(truncatingIfNeeded: scalar.value)
            let isUppercase = (0x41...0x5A).contains(byte)
            hasUppercase = hasUppercase || isUppercase
            fits = fits && lower.append(isUppercase ? byte | 0x20 : byte) && exact.append(byte)
        }
        return fits ? .packed(lower: lower, exact: exact, hasUppercase: hasUppercase) : .tooLong
    }

    private static func unit(namedOutsideASCII name: some Collection<Unicode.Scalar>) -> Unit? {
        let plain = stripped(String(String.UnicodeScalarView(name)))
        return caseSensitive[plain] ?? byName[plain.lowercased()]
    }

    /// What to write instead of `name` when it could mean more than one unit
    /// (see ``ambiguous``), or `nil`.
    static func ambiguityHint(named name: some Collection<Unicode.Scalar>) -> String? {
        switch strippedASCII(name, limit: longestAmbiguousName) {
        case .tooLong: nil
        case .notASCII: ambiguous[stripped(String(String.UnicodeScalarView(name)))]
        case .plain(let plain, _): ambiguous[plain]
        }
    }

    /// The unit with this exact `id` ("g", "fl-oz", "clove").
    public static func unit(id: String) -> Unit? { byID[id] }

    /// The key a name is stored under: lower case, no dots, single spaces.
    static func key(_ name: String) -> String { stripped(name).lowercased() }

    /// `name` without dots and with single spaces: "fl. oz." → "fl oz".
    static func stripped(_ name: String) -> String {
        String(name.unicodeScalars.filter { $0 != "." }).split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
    }

    // Hints are looked up for every word that is no unit, so an ASCII word
    // is stripped in one pass on the stack, and words longer than every
    // ambiguous name are not looked up at all.

    private static let longestAmbiguousName = ambiguous.keys.map(\.utf8.count).max() ?? 0

    private enum StrippedASCII {
        /// What ``stripped(_:)`` makes of the name.
        case plain(String, hasUppercase: Bool)
        /// Longer than `limit` once stripped, so it is no name looked up.
        case tooLong
        /// Has a non-ASCII scalar: only ``stripped(_:)``, with Unicode's
        /// white space and grapheme rules, says what it strips to.
        case notASCII
    }

    /// ``stripped(_:)`` for an ASCII name, whose characters are its scalars
    /// ("\r\n" aside, which is white space either way).
    private static func strippedASCII(_ name: some Collection<Unicode.Scalar>, limit: Int) -> StrippedASCII {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: limit) { buffer in
            var (count, tooLong, hasUppercase, spaceBefore) = (0, false, false, false)
            func append(_ byte: UInt8) {
                guard count < limit else {
                    tooLong = true
                    return
                }
                buffer[count] = byte
                count += 1
            }
            // Scans to the end even when too long: a later non-ASCII scalar
            // means Unicode rules decide.
            for scalar in name {
                guard scalar.isASCII else { return .notASCII }
                if scalar == "." { continue }
                if scalar.isSpace {
                    spaceBefore = count > 0 || tooLong
                    continue
                }
                if spaceBefore { append(0x20) }
                spaceBefore = false
                append(UInt8(scalar.value))
                hasUppercase = hasUppercase || ("A"..."Z").contains(scalar)
            }
            guard !tooLong else { return .tooLong }
            let plain = String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
            return .plain(plain, hasUppercase: hasUppercase)
        }
    }

    // MARK: Conversion

    /// Whether amounts in `from` can be expressed in `to`: the same dimension,
    /// and for `.other` units the same unit. Never between mass and volume.
    public static func canConvert(from: Unit, to: Unit) -> Bool {
        from.dimension == to.dimension && (from.dimension != .other || from == to)
    }

    /// `amount` of `from` in `to` (250 g → 0.25 kg), or `nil` when the units
    /// do not convert (cups to grams, cans to grams).
    public static func convert(_ amount: Rational, from: Unit, to: Unit) -> Rational? {
        guard canConvert(from: from, to: to) else { return nil }
        if from == to { return amount }
        return (amount * from.factor).divided(by: to.factor)
    }

    /// `quantity` of `from` in `to`, or `nil` when the units do not convert.
    public static func convert(_ quantity: Quantity, from: Unit, to: Unit) -> Quantity? {
        guard canConvert(from: from, to: to), let scale = from.factor.divided(by: to.factor) else { return nil }
        return quantity.scaled(by: scale)
    }

    /// The unit that reads best for `baseAmount` (grams or millilitres) in
    /// `system`: kg from 1000 g, lb from 1 lb, l from 1000 ml, cups from ¼
    /// cup, tbsp from 1 tbsp, else the smaller unit. `nil` for `.count` and
    /// `.other`, which have no such choice. `.none` reads as metric.
    public static func preferredUnit(
        forBaseAmount baseAmount: Rational, dimension: Unit.Dimension, system: Unit.System
    ) -> Unit? {
        let ladder: [Unit]  // largest first; the last is the fallback
        switch (dimension, system) {
        case (.mass, .us): ladder = [.pound, .ounce]
        case (.mass, _): ladder = [.kilogram, .gram, .milligram]
        case (.volume, .us): ladder = [.cup, .tablespoon, .teaspoon]
        case (.volume, _): ladder = [.litre, .millilitre]
        case (.count, _), (.other, _): return nil
        }
        let threshold = { (unit: Unit) in unit == .cup ? unit.factor * Rational(unchecked: 1, 4) : unit.factor }
        return ladder.first { baseAmount.magnitude >= threshold($0) } ?? ladder.last
    }
}
