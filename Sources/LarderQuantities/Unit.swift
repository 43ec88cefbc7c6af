/// A unit of measure from the ``UnitCatalog``.
///
/// Units are identified by `id` ("g", "tbsp", "fl-oz", "clove"): two units
/// are equal when their ids are, and a unit encodes as its id.
///
/// Foundation has a `Unit` class too: in a file that imports both, write
/// ``MeasureUnit`` (or `LarderQuantities.Unit`).
public struct Unit: Sendable, Identifiable, CustomStringConvertible {
    /// What a unit measures; only units of one dimension convert.
    public enum Dimension: String, Sendable, Hashable, Codable, CaseIterable {
        /// Base: the gram.
        case mass
        /// Base: the millilitre.
        case volume
        /// A number of pieces. Base: one piece, written with no unit ("12 eggs").
        case count
        /// Containers and cooks' measures (can, clove, pinch): each converts
        /// only to itself.
        case other
    }

    public enum System: String, Sendable, Hashable, Codable, CaseIterable {
        case metric
        case us
        /// Neither: cans, cloves, pinches, dozens.
        case none
    }

    /// The unit's values live in one shared object, so that a unit — read
    /// for every ingredient line and kept in every ingredient — copies as
    /// one reference instead of five strings, an array and a fraction.
    private final class Storage: Sendable {
        let id: String
        let dimension: Dimension
        let system: System
        let factor: Rational
        let symbol: String?
        let singular: String
        let plural: String
        let aliases: [String]

        init(
            id: String, dimension: Dimension, system: System, factor: Rational, symbol: String?,
            singular: String, plural: String, aliases: [String]
        ) {
            self.id = id
            self.dimension = dimension
            self.system = system
            self.factor = factor
            self.symbol = symbol
            self.singular = singular
            self.plural = plural
            self.aliases = aliases
        }
    }

    private let storage: Storage

    public var id: String { storage.id }
    public var dimension: Dimension { storage.dimension }
    public var system: System { storage.system }
    /// How many of the dimension's base unit one of this is, exactly:
    /// 1000 for kg, 453.59237 for lb, 12 for dozen, 1 for `.other` units.
    public var factor: Rational { storage.factor }
    /// The short form shown after any number ("g", "tbsp", "fl oz"), or `nil`
    /// for units shown by name ("cup", "cloves").
    public var symbol: String? { storage.symbol }
    public var singular: String { storage.singular }
    public var plural: String { storage.plural }
    /// Other ways people write it, besides `id`, `symbol`, `singular` and
    /// `plural`. Lookup ignores case and dots (see ``UnitCatalog``).
    public var aliases: [String] { storage.aliases }

    init(
        _ id: String, _ dimension: Dimension, _ system: System, factor: Rational,
        symbol: String? = nil, _ singular: String, _ plural: String, aliases: [String] = []
    ) {
        storage = Storage(
            id: id, dimension: dimension, system: system, factor: factor, symbol: symbol,
            singular: singular, plural: plural, aliases: aliases)
    }

    /// How the unit is written after `quantity`: the symbol when it has one,
    /// else the singular or plural name ("½ cup", "2 cups", "1-2 cloves").
    public func displayName(for quantity: Quantity) -> String {
        symbol ?? (quantity.isSingular ? singular : plural)
    }

    public var description: String { id }
}

extension Unit: Hashable {
    public static func == (lhs: Unit, rhs: Unit) -> Bool { lhs.storage === rhs.storage || lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

extension Unit: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let id = try container.decode(String.self)
        guard let unit = UnitCatalog.unit(id: id) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "unknown unit id \"\(id)\"")
        }
        self = unit
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(id)
    }
}

/// ``Unit`` under a name that does not clash with Foundation's `Unit`.
public typealias MeasureUnit = Unit
