import LarderCore
import LarderQuantities

public struct Recipe: Sendable, Hashable, Identifiable {
    public var id: String
    /// The file, relative to the data folder.
    public var path: String
    public var title: String
    /// Markdown.
    public var description: String?
    public var category: String?
    public var cuisine: String?
    public var tags: [String] = []
    /// What the quantities are for.
    public var servings: Int?
    public var yield: String?
    public var prepTime: CookingTime?
    public var cookTime: CookingTime?
    public var totalTime: CookingTime?
    public var image: String?
    public var source: String?
    public var author: String?
    /// `YYYY-MM-DD`.
    public var date: String?
    /// schema.org NutritionInformation fields, per serving, in file order.
    public var nutrition: [Detail] = []
    public var ingredients: [Ingredient] = []
    public var directions: [DirectionSection] = []
    /// Markdown.
    public var notes: String?

    public init(id: String, path: String, title: String) {
        self.id = id
        self.path = path
        self.title = title
    }

    /// Ingredient groups in order of first appearance; the unnamed group first.
    public var ingredientGroups: [(name: String?, ingredients: [Ingredient])] {
        var order: [String?] = []
        var groups: [String?: [Ingredient]] = [:]
        for ingredient in ingredients {
            if groups[ingredient.group] == nil { order.append(ingredient.group) }
            groups[ingredient.group, default: []].append(ingredient)
        }
        return order.map { ($0, groups[$0] ?? []) }
    }
}

public struct Ingredient: Sendable, Hashable {
    public var name: String
    public var quantity: Quantity?
    public var unit: Unit?
    /// The unit as written; set also when it is not a known unit.
    public var unitName: String?
    public var note: String?
    public var optional: Bool = false
    /// The subgroup ("For the sauce").
    public var group: String?
    /// Id of the sub-recipe this ingredient is made from.
    public var recipe: String?
    /// The line as written, when it came from text.
    public var text: String?
    /// The size of one package: 400 g in "2 x 400g tins" (see ``ParsedLine/size``).
    public var size: PackageSize?
    /// More foods the line names, bought each on its own: "pepper" in "Salt
    /// and pepper to taste" (see ``ParsedLine/alsoNames``).
    public var alsoNames: [String] = []
    public var location: SourceLocation

    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}

extension Ingredient {
    /// The name with the other foods the line names, as a person reads it:
    /// "Salt and pepper" for a line read as "Salt" plus "pepper" (each is
    /// bought on its own, but the recipe names them together).
    public var displayName: String {
        guard let last = alsoNames.last else { return name }
        return ([name] + alsoNames.dropLast()).joined(separator: ", ") + " and " + last
    }
}

/// Steps, optionally under a section title ("For the sauce").
public struct DirectionSection: Sendable, Hashable {
    public var title: String?
    /// Each step is Markdown.
    public var steps: [String]

    public init(title: String? = nil, steps: [String]) {
        self.title = title
        self.steps = steps
    }
}

/// A duration as written ("1 h 15 min" or "PT1H15M"), and its length.
public struct CookingTime: Sendable, Hashable {
    public var text: String
    public var seconds: Int

    public init(text: String, seconds: Int) {
        self.text = text
        self.seconds = seconds
    }

    /// ISO 8601 (`PT1H15M`), as schema.org wants.
    public var iso8601: String {
        let days = seconds / 86_400
        let hours = seconds % 86_400 / 3_600
        let minutes = seconds % 3_600 / 60
        let secs = seconds % 60
        var out = "P"
        if days > 0 { out += "\(days)D" }
        if hours > 0 || minutes > 0 || secs > 0 || days == 0 { out += "T" }
        if hours > 0 { out += "\(hours)H" }
        if minutes > 0 { out += "\(minutes)M" }
        if secs > 0 || (days == 0 && hours == 0 && minutes == 0) { out += "\(secs)S" }
        return out
    }

    /// The longest duration read: ten years (a ham may cure for two). Past
    /// it a duration is not read, so that `999999999999999999999 min` or
    /// `P99999999999999999D` is an error, not an overflow that stops the
    /// process (found by the recipe-md fuzzer).
    public static let maximumSeconds = 3_650 * 86_400

    /// Reads "10 min", "1 h 15 min", "1.5 hours", "PT1H15M", "P1DT2H".
    public init?(_ text: String) {
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty else { return nil }
        let seconds = trimmed.first == "P" ? Self.iso(trimmed) : Self.words(trimmed)
        guard let seconds else { return nil }
        self.init(text: text, seconds: seconds)
    }

    private static func iso(_ text: String) -> Int? {
        var total = 0
        var number = ""
        var inTime = false
        var sawUnit = false
        for character in text.dropFirst() {
            if character.isASCII, character.isNumber {
                number.append(character)
                continue
            }
            if character == "T" {
                guard number.isEmpty, !inTime else { return nil }
                inTime = true
                continue
            }
            guard let value = Int(number), value <= maximumSeconds else { return nil }
            number = ""
            let factor: Int
            switch (character, inTime) {
            case ("D", false): factor = 86_400
            case ("H", true): factor = 3_600
            case ("M", true): factor = 60
            case ("S", true): factor = 1
            default: return nil
            }
            total += value * factor
            guard total <= maximumSeconds else { return nil }
            sawUnit = true
        }
        return number.isEmpty && sawUnit ? total : nil
    }

    private static func words(_ text: String) -> Int? {
        var total = 0.0
        var rest = Substring(text)
        var sawUnit = false
        while true {
            rest = rest.drop { $0 == " " }
            guard !rest.isEmpty else { break }
            let numberText = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            guard let value = Double(numberText) else { return nil }
            rest = rest.dropFirst(numberText.count).drop { $0 == " " }
            let unit = rest.prefix { $0.isLetter }
            rest = rest.dropFirst(unit.count)
            let factor: Double
            switch unit.lowercased() {
            case "d", "day", "days": factor = 86_400
            case "h", "hr", "hrs", "hour", "hours": factor = 3_600
            case "min", "mins", "minute", "minutes": factor = 60
            case "s", "sec", "secs", "second", "seconds": factor = 1
            default: return nil
            }
            total += value * factor
            // Also false for infinity (a number of 400 digits).
            guard total <= Double(maximumSeconds) else { return nil }
            sawUnit = true
        }
        return sawUnit ? Int(total.rounded()) : nil
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces, tabs and line breaks.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }),
              let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
