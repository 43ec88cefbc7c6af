/// An amount as written in a list or recipe: one exact number, or a range
/// such as "2-3" (cloves of garlic). The parser makes ranges only with
/// `low <= high`; ``scaled(by:)`` keeps them so.
public enum Quantity: Sendable, Hashable {
    case exact(Rational)
    case range(Rational, Rational)

    public var lowerBound: Rational {
        switch self {
        case .exact(let value), .range(let value, _): value
        }
    }

    public var upperBound: Rational {
        switch self {
        case .exact(let value), .range(_, let value): value
        }
    }

    /// The quantity times `factor`, as when scaling a recipe from 4 servings
    /// to 6 (`factor` 3/2). A negative factor swaps the ends of a range.
    public func scaled(by factor: Rational) -> Quantity {
        switch self {
        case .exact(let value):
            return .exact(value * factor)
        case .range(let low, let high):
            let (a, b) = (low * factor, high * factor)
            return .range(Swift.min(a, b), Swift.max(a, b))
        }
    }

    /// The sum, for merging the same item from several lists and recipes:
    /// ranges add end to end ("1-2" + "1" = "2-3").
    public static func + (lhs: Quantity, rhs: Quantity) -> Quantity {
        if case .exact(let a) = lhs, case .exact(let b) = rhs { return .exact(a + b) }
        return .range(lhs.lowerBound + rhs.lowerBound, lhs.upperBound + rhs.upperBound)
    }

    /// Whether the quantity is at most one, which takes a singular unit
    /// name ("½ cup", "1 cup", but "1-2 cups").
    public var isSingular: Bool {
        if case .exact(let value) = self { return value.magnitude <= .one }
        return false
    }
}

extension Quantity: CustomStringConvertible {
    /// ASCII: "1 1/2", "1-2", "1/2-1". Reads back with `LineParser.parseQuantity`.
    public var description: String {
        switch self {
        case .exact(let value): value.description
        // "0-1/2" would read back as the mixed number 0 1/2 ("1-1/2" is 1 1/2).
        case .range(let low, let high) where low.isInteger && !high.isInteger && high < .one: "\(low) - \(high)"
        case .range(let low, let high): "\(low)-\(high)"
        }
    }

    /// Decimals, for metric displays: "1.5", "0.25-0.5".
    public func decimalString(maxFractionDigits: Int = 2) -> String {
        switch self {
        case .exact(let value):
            value.decimalString(maxFractionDigits: maxFractionDigits)
        case .range(let low, let high):
            "\(low.decimalString(maxFractionDigits: maxFractionDigits))-\(high.decimalString(maxFractionDigits: maxFractionDigits))"
        }
    }
}

extension Quantity: Codable {
    /// Encoded as its ``description`` ("1 1/2", "1-2"); decodes anything
    /// `LineParser.parseQuantity` reads, or a JSON number.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Rational.self), !number.isZero {
            self = .exact(number)
            return
        }
        let text = try container.decode(String.self)
        switch LineParser.parseQuantity(text) {
        case .success(let quantity): self = quantity
        case .failure(let problem): throw DecodingError.dataCorruptedError(in: container, debugDescription: problem.message)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
