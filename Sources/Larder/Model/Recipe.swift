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
    /// What the quantities are for; for a range ("4-6"), its lower end.
    public var servings: Int?
    /// The upper end of a range of servings ("4-6"), shown but never scaled
    /// by: the quantities are written for `servings`.
    public var servingsUpTo: Int?
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
    /// The cookware the steps name (Cooklang `#pot{}`), in order of first
    /// mention, without repeats.
    public var cookware: [String] = []
    /// Metadata Larder has no field for (a Cooklang file's `difficulty:`),
    /// kept in file order so nothing the author wrote is lost.
    public var otherMetadata: [Detail] = []

    public init(id: String, path: String, title: String) {
        self.id = id
        self.path = path
        self.title = title
    }

    /// Ingredient groups in order of first appearance; the unnamed group first.
    public var ingredientGroups: [(name: String?, ingredients: [Ingredient])] {
        ingredientGroupIndices.map { group in (group.name, group.indices.map { ingredients[$0] }) }
    }

    /// ``ingredientGroups`` as positions in ``ingredients``, file order
    /// within each group: for a page that keeps something per ingredient
    /// (its line, its id) and lists them by group, without copying them.
    public var ingredientGroupIndices: [(name: String?, indices: [Int])] {
        var groups: [(name: String?, indices: [Int])] = []
        var slots: [String?: Int] = [:]
        // By index: a for-in loop copies every ingredient first.
        for index in ingredients.indices {
            let group = ingredients[index].group
            // Most recipes have one group or groups in a row: no dictionary for those.
            if let last = groups.last, last.name == group {
                groups[groups.count - 1].indices.append(index)
            } else if let slot = slots[group] {
                groups[slot].indices.append(index)
            } else {
                slots[group] = groups.count
                groups.append((group, [index]))
            }
        }
        return groups
    }
}

extension Recipe {
    /// The servings as shown: "4", or "4–6" for a range.
    public var servingsText: String? {
        guard let servings else { return nil }
        guard let upTo = servingsUpTo else { return "\(servings)" }
        return "\(servings)\u{2013}\(upTo)"
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
    public var size: PackageSize? {
        get { packageSize?.value }
        set { packageSize = newValue.map(PackageSizeBox.init) }
    }
    /// Behind a reference: few lines name a package size, and inline it
    /// made every ingredient 64 bytes larger (some 150,000 ingredients
    /// held through a build at 10,000 recipes).
    private var packageSize: PackageSizeBox?
    /// More foods the line names, bought each on its own: "pepper" in "Salt
    /// and pepper to taste" (see ``ParsedLine/alsoNames``).
    public var alsoNames: [String] = []
    public var location: SourceLocation

    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}

/// An ingredient's package size, held by reference (`Ingredient.size`).
private final class PackageSizeBox: Sendable, Hashable {
    let value: PackageSize

    init(_ value: PackageSize) { self.value = value }

    static func == (left: PackageSizeBox, right: PackageSizeBox) -> Bool { left.value == right.value }

    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

extension Ingredient {
    /// The name with the other foods the line names, as a person reads it:
    /// "Salt and pepper" for a line read as "Salt" plus "pepper" (each is
    /// bought on its own, but the recipe names them together).
    public var displayName: String { Self.displayName(name, alsoNames) }

    /// ``displayName`` from the two fields it is made of.
    static func displayName(_ name: String, _ alsoNames: [String]) -> String {
        guard let last = alsoNames.last else { return name }
        return ([name] + alsoNames.dropLast()).joined(separator: ", ") + " and " + last
    }
}

/// Steps, optionally under a section title ("For the sauce").
public struct DirectionSection: Sendable, Hashable {
    public var title: String?
    /// Each step is Markdown (for a Cooklang recipe: its plain text, with
    /// Markdown's special characters escaped).
    public var steps: [String]
    /// For a recipe read from Cooklang: each step as text and marked
    /// ingredients, cookware and timers, parallel to `steps` (same count),
    /// so that the page can link an ingredient to its line and show a timer
    /// as a duration. nil for Markdown and JSON recipes.
    public var marked: [[StepSpan]]?
    /// A picture per step, parallel to `steps` when set (Cooklang's
    /// `Easy Pancakes.3.jpg` beside the recipe); paths relative to the data
    /// folder.
    public var stepImages: [String?]?

    public init(title: String? = nil, steps: [String], marked: [[StepSpan]]? = nil, stepImages: [String?]? = nil) {
        self.title = title
        self.steps = steps
        self.marked = marked
        self.stepImages = stepImages
    }
}

/// A piece of a marked step (see ``DirectionSection/marked``).
public enum StepSpan: Sendable, Hashable {
    case text(String)
    /// An ingredient as the step names it; `line` is its index in
    /// ``Recipe/ingredients`` (nil for one the list leaves out, `@-salt`).
    case ingredient(name: String, line: Int?)
    case cookware(name: String)
    /// A timer: its name (may be empty), the duration as written
    /// ("10 minutes") and its length when it is one Larder reads.
    case timer(name: String, text: String, seconds: Int?)
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

    /// Reads "10 min", "1 h 15 min", "1h30m", "1 hr 30 mins", "1.5 hours",
    /// "PT1H15M", "P1DT2H"
    /// (spaces, tabs and line breaks around it are ignored).
    public init?(_ text: String) {
        // On UTF-8 bytes, as every recipe has up to three of these: every
        // duration read is ASCII, and a text with another character (or a
        // CR LF inside, which is one character and no space) is none.
        var utf8 = text
        guard let seconds = utf8.withUTF8(Self.seconds) else { return nil }
        self.init(text: text, seconds: seconds)
    }

    private static func seconds(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var lower = 0
        var upper = bytes.count
        for index in 0..<upper {
            let byte = bytes[index]
            if byte >= 0x80 || (byte == 0x0D && index + 1 < upper && bytes[index + 1] == 0x0A) { return nil }
        }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        while lower < upper, isSpace(bytes[lower]) { lower += 1 }
        while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
        guard lower < upper else { return nil }
        let trimmed = UnsafeBufferPointer(rebasing: bytes[lower..<upper])
        return trimmed[0] == UInt8(ascii: "P") ? iso(trimmed) : words(trimmed)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func iso(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        var total = 0
        // The number being read; nil before its first digit. Past
        // `maximumSeconds` it is no longer grown: it is refused either way.
        var number: Int?
        var inTime = false
        var sawUnit = false
        for byte in text.dropFirst() {
            if isDigit(byte) {
                let value = number ?? 0
                number = value > maximumSeconds ? value : value * 10 + Int(byte - 0x30)
                continue
            }
            if byte == UInt8(ascii: "T") {
                guard number == nil, !inTime else { return nil }
                inTime = true
                continue
            }
            guard let value = number, value <= maximumSeconds else { return nil }
            number = nil
            let factor: Int
            switch (byte, inTime) {
            case (UInt8(ascii: "D"), false): factor = 86_400
            case (UInt8(ascii: "H"), true): factor = 3_600
            case (UInt8(ascii: "M"), true): factor = 60
            case (UInt8(ascii: "S"), true): factor = 1
            default: return nil
            }
            total += value * factor
            guard total <= maximumSeconds else { return nil }
            sawUnit = true
        }
        return number == nil && sawUnit ? total : nil
    }

    private static func words(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        var total = 0.0
        var index = 0
        var sawUnit = false
        func skipSpaces() { while index < text.count, text[index] == 0x20 { index += 1 } }
        /// The text of the run of bytes from `start` that `include` accepts.
        func run(_ include: (UInt8) -> Bool) -> String {
            let start = index
            while index < text.count, include(text[index]) { index += 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: text[start..<index]), as: UTF8.self)
        }
        while true {
            skipSpaces()
            guard index < text.count else { break }
            guard let value = Double(run { isDigit($0) || $0 == UInt8(ascii: ".") }) else { return nil }
            skipSpaces()
            let factor: Double
            switch run({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }).lowercased() {
            case "d", "day", "days": factor = 86_400
            case "h", "hr", "hrs", "hour", "hours": factor = 3_600
            // "m" is minutes, as in "1h30m" and "90m": no cook means months.
            case "m", "min", "mins", "minute", "minutes": factor = 60
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
