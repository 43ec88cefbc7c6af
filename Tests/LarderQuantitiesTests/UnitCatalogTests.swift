import Foundation
import LarderQuantities
import Testing

private func r(_ numerator: Int, _ denominator: Int) -> Rational {
    Rational(numerator, denominator) ?? .zero
}

@Suite("Units")
struct UnitCatalogTests {
    @Test(arguments: [
        ("g", "g"), ("grams", "g"), ("gram", "g"), ("gr", "g"), ("G", "g"), ("Kg", "kg"), ("kilos", "kg"),
        ("kgs", "kg"), ("mg", "mg"), ("oz", "oz"), ("oz.", "oz"), ("ounces", "oz"), ("lb", "lb"), ("lbs", "lb"),
        ("pounds", "lb"), ("lb.", "lb"), ("ml", "ml"), ("mL", "ml"), ("millilitres", "ml"), ("milliliter", "ml"),
        ("cl", "cl"), ("dl", "dl"), ("l", "l"), ("L", "l"), ("litre", "l"), ("liters", "l"), ("tsp", "tsp"),
        ("tsp.", "tsp"), ("teaspoon", "tsp"), ("teaspoons", "tsp"), ("tbsp", "tbsp"), ("Tbsp", "tbsp"),
        ("TBSP.", "tbsp"), ("T", "tbsp"), ("tablespoons", "tbsp"), ("tbs", "tbsp"), ("c", "cup"), ("cups", "cup"),
        ("C.", "cup"), ("fl oz", "fl-oz"), ("fl. oz", "fl-oz"), ("fl. oz.", "fl-oz"), ("fluid ounces", "fl-oz"),
        ("floz", "fl-oz"), ("pint", "pint"), ("pt", "pint"), ("quarts", "quart"), ("qt", "quart"),
        ("gallon", "gallon"), ("gal", "gallon"), ("pinch", "pinch"), ("pinches", "pinch"), ("dash", "dash"),
        ("cloves", "clove"), ("cans", "can"), ("tins", "tin"), ("jars", "jar"), ("bottles", "bottle"),
        ("bunches", "bunch"), ("slices", "slice"), ("pieces", "piece"), ("pcs", "piece"), ("pack", "pack"),
        ("package", "pack"), ("packets", "pack"), ("bags", "bag"), ("boxes", "box"), ("heads", "head"),
        ("sprigs", "sprig"), ("sticks", "stick"), ("handfuls", "handful"), ("loaves", "loaf"), ("dozen", "dozen"),
    ])
    func looksUp(_ name: String, _ id: String) {
        #expect(UnitCatalog.unit(named: name)?.id == id)
    }

    @Test(arguments: ["t", "t.", "egg", "", "cupz", "fluid"])
    func doesNotGuess(_ name: String) {
        #expect(UnitCatalog.unit(named: name) == nil)
    }

    @Test func everyNameIsUnique() {
        var owners: [String: String] = [:]
        for unit in UnitCatalog.all {
            let names = [unit.id, unit.symbol, unit.singular, unit.plural].compactMap { $0 } + unit.aliases
            for name in Set(names.map { $0.lowercased() }) {
                #expect(owners[name] == nil, "\(name) names both \(owners[name] ?? "") and \(unit.id)")
                owners[name] = unit.id
            }
            #expect(UnitCatalog.unit(id: unit.id) == unit)
            #expect(UnitCatalog.unit(named: unit.id) == unit)
        }
    }

    /// The parser's table of packed ASCII names must hold every name, in
    /// every case people write it.
    @Test func everyNameLooksUp() {
        for unit in UnitCatalog.all {
            let names = [unit.id, unit.symbol, unit.singular, unit.plural].compactMap { $0 } + unit.aliases
            for name in names {
                #expect(UnitCatalog.unit(named: name) == unit, "\(name)")
                #expect(UnitCatalog.unit(named: name.uppercased()) == unit, "\(name.uppercased())")
                #expect(UnitCatalog.unit(named: " \(name). ") == unit, "\(name).")
            }
        }
    }

    @Test func exactFactors() {
        #expect(MeasureUnit.pound.factor == r(45_359_237, 100_000))
        #expect(MeasureUnit.ounce.factor * 16 == MeasureUnit.pound.factor)
        #expect(MeasureUnit.cup.factor == r(2_365_882_365, 10_000_000))
        #expect(MeasureUnit.tablespoon.factor * 16 == MeasureUnit.cup.factor)
        #expect(MeasureUnit.teaspoon.factor * 3 == MeasureUnit.tablespoon.factor)
        #expect(MeasureUnit.fluidOunce.factor * 8 == MeasureUnit.cup.factor)
        #expect(MeasureUnit.gallon.factor == MeasureUnit.quart.factor * 4)
        #expect(MeasureUnit.dozen.factor == 12)
    }

    @Test func converts() {
        // 250 g + 0.5 kg = 750 g
        let total = (UnitCatalog.convert(r(1, 2), from: .kilogram, to: .gram) ?? .zero) + 250
        #expect(total == 750)
        #expect(UnitCatalog.convert(3, from: .teaspoon, to: .tablespoon) == 1)
        #expect(UnitCatalog.convert(1, from: .pound, to: .ounce) == 16)
        #expect(UnitCatalog.convert(2, from: .cup, to: .millilitre) == r(2_365_882_365, 5_000_000))
        #expect(UnitCatalog.convert(1, from: .litre, to: .centilitre) == 100)
        #expect(UnitCatalog.convert(2, from: .dozen, to: .dozen) == 2)
        #expect(UnitCatalog.convert(.range(1, 2), from: .kilogram, to: .gram) == .range(1000, 2000))
    }

    @Test func neverConvertsAcrossDimensions() {
        #expect(UnitCatalog.convert(1, from: .cup, to: .gram) == nil)
        #expect(UnitCatalog.convert(1, from: .gram, to: .millilitre) == nil)
        #expect(UnitCatalog.convert(1, from: .can, to: .gram) == nil)
        #expect(UnitCatalog.convert(1, from: .can, to: .tin) == nil)
        #expect(UnitCatalog.convert(.exact(1), from: .clove, to: .head) == nil)
        #expect(!UnitCatalog.canConvert(from: .tablespoon, to: .ounce))
    }

    @Test func prefersReadableUnits() {
        func preferred(_ amount: Rational, _ dimension: MeasureUnit.Dimension, _ system: MeasureUnit.System) -> String? {
            UnitCatalog.preferredUnit(forBaseAmount: amount, dimension: dimension, system: system)?.id
        }
        #expect(preferred(750, .mass, .metric) == "g")
        #expect(preferred(1500, .mass, .metric) == "kg")
        #expect(preferred(r(1, 2), .mass, .metric) == "mg")
        #expect(preferred(500, .mass, .us) == "lb")
        #expect(preferred(100, .mass, .us) == "oz")
        #expect(preferred(2000, .volume, .none) == "l")
        #expect(preferred(MeasureUnit.tablespoon.factor * 3, .volume, .us) == "tbsp")
        #expect(preferred(MeasureUnit.tablespoon.factor * 4, .volume, .us) == "cup")
        #expect(preferred(MeasureUnit.teaspoon.factor, .volume, .us) == "tsp")
        #expect(preferred(12, .count, .us) == nil)
    }

    @Test func displayNames() {
        #expect(MeasureUnit.cup.displayName(for: .exact(r(1, 2))) == "cup")
        #expect(MeasureUnit.cup.displayName(for: .exact(2)) == "cups")
        #expect(MeasureUnit.clove.displayName(for: .range(1, 2)) == "cloves")
        #expect(MeasureUnit.gram.displayName(for: .exact(250)) == "g")
        #expect(MeasureUnit.fluidOunce.displayName(for: .exact(2)) == "fl oz")
        #expect(MeasureUnit.dozen.displayName(for: .exact(2)) == "dozen")
    }

    @Test func codableAsID() throws {
        let data = try JSONEncoder().encode([MeasureUnit.fluidOunce, .gram])
        #expect(String(decoding: data, as: UTF8.self) == #"["fl-oz","g"]"#)
        #expect(try JSONDecoder().decode([MeasureUnit].self, from: data) == [.fluidOunce, .gram])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(MeasureUnit.self, from: Data("\"grams\"".utf8)) }
    }
}
