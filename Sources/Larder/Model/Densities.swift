import LarderCore
import LarderQuantities

/// Grams per US cup of foods bought by weight, from
/// `Resources/densities.json` (USDA FoodData Central, SR Legacy household
/// measures, each entry citing its food). A metric kitchen shows cups of
/// these foods as approximate grams.
public enum Densities {
    /// Grams per cup of the food keyed `key` (a ``FoodNames`` key), if the
    /// table has it.
    public static func gramsPerCup(_ key: String) -> Rational? { table[key] }

    static let table: [String: Rational] = load(PackageResources.densities_json)

    /// Reads the table. It ships with the binary and a test reads it, so a
    /// malformed file is a build defect, not user input.
    static func load(_ bytes: [UInt8]) -> [String: Rational] {
        guard let root = try? JSONReader.parse(bytes) else {
            preconditionFailure("Resources/densities.json is not valid JSON")
        }
        var table: [String: Rational] = [:]
        for food in root["foods"]?.array ?? [] {
            guard let name = food["name"]?.string, let grams = food["gramsPerCup"]?.number.flatMap(Self.rational)
            else { preconditionFailure("Resources/densities.json: each food needs a name and gramsPerCup") }
            for alias in [name] + (food["also"]?.array?.compactMap(\.string) ?? []) {
                table[FoodNames.plainKey(alias)] = grams
            }
        }
        return table
    }

    private static func rational(_ number: JSONNumber) -> Rational? {
        Int(number.literal).map { Rational($0) }
    }
}
