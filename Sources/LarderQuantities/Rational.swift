/// An exact fraction: `numerator / denominator`, always in lowest terms with a
/// positive denominator, so equal values are equal (and hash equally).
///
/// Quantities are kept exact so that scaling a recipe by 3 and merging
/// "1/3 cup" three times gives exactly "1 cup", never "0.9999 cup".
///
/// Arithmetic never traps on overflow: the `…ReportingOverflow` methods say
/// when a result could not be held exactly, and the operators then return the
/// closest fraction with a denominator up to a million (saturating at
/// `±Int.max`). Kitchen quantities are far from those limits; the fallback is
/// there so hostile input cannot crash a build. Only `/` by zero traps, as it
/// does for `Int`: use ``divided(by:)`` for a divisor read from user input.
public struct Rational: Sendable, Hashable {
    public let numerator: Int
    /// Always greater than zero.
    public let denominator: Int

    /// `nil` when `denominator` is zero, or when either part is `Int.min`
    /// (which has no positive counterpart to normalise the sign with).
    public init?(_ numerator: Int, _ denominator: Int) {
        guard let value = Rational.normalised(numerator, denominator) else { return nil }
        self = value
    }

    public init(_ integer: Int) {
        // Int.min would break the sign invariants; it never comes from a line.
        self.init(unchecked: integer == .min ? -.max : integer, 1)
    }

    /// Takes parts that are already in lowest terms with `denominator > 0`.
    init(unchecked numerator: Int, _ denominator: Int) {
        self.numerator = numerator
        self.denominator = denominator
    }

    public static let zero = Rational(unchecked: 0, 1)
    public static let one = Rational(unchecked: 1, 1)
    /// The largest value; overflowing results saturate here.
    public static let max = Rational(unchecked: .max, 1)

    public var isZero: Bool { numerator == 0 }
    public var isInteger: Bool { denominator == 1 }
    public var isNegative: Bool { numerator < 0 }

    /// The integer part, rounded toward zero: 7/4 → 1, -7/4 → -1.
    public var wholePart: Int { numerator / denominator }

    /// What is left after ``wholePart``, with the sign of the value.
    public var fractionalPart: Rational {
        Rational(unchecked: numerator % denominator, denominator)
    }

    public var magnitude: Rational { Rational(unchecked: Swift.abs(numerator), denominator) }

    public var doubleValue: Double { Double(numerator) / Double(denominator) }

    /// `1 / self`, or `nil` for zero.
    public var reciprocal: Rational? {
        guard numerator != 0 else { return nil }
        return numerator > 0
            ? Rational(unchecked: denominator, numerator)
            : Rational(unchecked: -denominator, -numerator)
    }

    static func normalised(_ numerator: Int, _ denominator: Int) -> Rational? {
        guard denominator != 0, numerator != .min, denominator != .min else { return nil }
        let divisor = Int(gcd(numerator.magnitude, denominator.magnitude))
        let sign = denominator < 0 ? -1 : 1
        return Rational(unchecked: sign * numerator / divisor, sign * denominator / divisor)
    }
}

func gcd(_ a: UInt, _ b: UInt) -> UInt {
    var (a, b) = (a, b)
    while b != 0 { (a, b) = (b, a % b) }
    return a == 0 ? 1 : a
}

// MARK: - Arithmetic

extension Rational {
    public func addingReportingOverflow(_ other: Rational) -> (partialValue: Rational, overflow: Bool) {
        // a/b + c/d over lcm(b, d), which keeps intermediate values small.
        let g = Int(gcd(denominator.magnitude, other.denominator.magnitude))
        var check = OverflowCheck()
        let left = check(numerator.multipliedReportingOverflow(by: other.denominator / g))
        let right = check(other.numerator.multipliedReportingOverflow(by: denominator / g))
        let sum = check(left.addingReportingOverflow(right))
        let base = check(denominator.multipliedReportingOverflow(by: other.denominator / g))
        if !check.overflowed, let exact = Rational.normalised(sum, base) { return (exact, false) }
        return (Rational(approximating: doubleValue + other.doubleValue), true)
    }

    public func subtractingReportingOverflow(_ other: Rational) -> (partialValue: Rational, overflow: Bool) {
        addingReportingOverflow(other.negated)
    }

    public func multipliedReportingOverflow(by other: Rational) -> (partialValue: Rational, overflow: Bool) {
        // Cross-cancel first: (a/b)(c/d) = (a/g1 · c/g2) / (b/g2 · d/g1).
        let g1 = Int(gcd(numerator.magnitude, other.denominator.magnitude))
        let g2 = Int(gcd(other.numerator.magnitude, denominator.magnitude))
        var check = OverflowCheck()
        let top = check((numerator / g1).multipliedReportingOverflow(by: other.numerator / g2))
        let bottom = check((denominator / g2).multipliedReportingOverflow(by: other.denominator / g1))
        if !check.overflowed, let exact = Rational.normalised(top, bottom) { return (exact, false) }
        return (Rational(approximating: doubleValue * other.doubleValue), true)
    }

    /// `nil` when `other` is zero.
    public func dividedReportingOverflow(by other: Rational) -> (partialValue: Rational, overflow: Bool)? {
        other.reciprocal.map { multipliedReportingOverflow(by: $0) }
    }

    /// `self / other`, or `nil` when `other` is zero (say, a recipe with 0 servings).
    public func divided(by other: Rational) -> Rational? {
        dividedReportingOverflow(by: other)?.partialValue
    }

    public var negated: Rational { Rational(unchecked: -numerator, denominator) }

    public static func + (lhs: Rational, rhs: Rational) -> Rational { lhs.addingReportingOverflow(rhs).partialValue }
    public static func - (lhs: Rational, rhs: Rational) -> Rational { lhs.subtractingReportingOverflow(rhs).partialValue }
    public static func * (lhs: Rational, rhs: Rational) -> Rational { lhs.multipliedReportingOverflow(by: rhs).partialValue }

    /// Traps when `rhs` is zero, like `Int`; see ``divided(by:)``.
    public static func / (lhs: Rational, rhs: Rational) -> Rational {
        guard let quotient = lhs.divided(by: rhs) else { preconditionFailure("Rational division by zero") }
        return quotient
    }

    public static prefix func - (value: Rational) -> Rational { value.negated }
    public static func += (lhs: inout Rational, rhs: Rational) { lhs = lhs + rhs }
    public static func -= (lhs: inout Rational, rhs: Rational) { lhs = lhs - rhs }
    public static func *= (lhs: inout Rational, rhs: Rational) { lhs = lhs * rhs }

    /// `10^exponent`, or `nil` past `Int.max`.
    static func powerOfTen(_ exponent: Int) -> Int? {
        var result = 1
        for _ in 0..<exponent {
            let (next, overflow) = result.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            result = next
        }
        return result
    }

    /// Passes integer results through, remembering whether any overflowed.
    private struct OverflowCheck {
        var overflowed = false

        mutating func callAsFunction(_ step: (partialValue: Int, overflow: Bool)) -> Int {
            overflowed = overflowed || step.overflow
            return step.partialValue
        }
    }

    /// The closest fraction to `value` with a denominator up to
    /// `maxDenominator`, by continued fractions. Saturates at `±Int.max`;
    /// NaN gives zero. Used only when an exact result does not fit.
    public init(approximating value: Double, maxDenominator: Int = 1_000_000) {
        guard !value.isNaN else { self = .zero; return }
        guard Swift.abs(value) < 9.2e18 else { self = value > 0 ? .max : Rational.max.negated; return }
        // Convergents h/k of the continued fraction of `value`.
        var (h0, h1, k0, k1) = (0, 1, 1, 0)
        var rest = value
        for _ in 0..<64 {
            let whole = rest.rounded(.down)
            guard Swift.abs(whole) < 9.2e18 else { break }
            let a = Int(whole)
            let (ah, o1) = a.multipliedReportingOverflow(by: h1)
            let (h2, o2) = ah.addingReportingOverflow(h0)
            let (ak, o3) = a.multipliedReportingOverflow(by: k1)
            let (k2, o4) = ak.addingReportingOverflow(k0)
            if o1 || o2 || o3 || o4 || k2 > maxDenominator { break }
            (h0, h1, k0, k1) = (h1, h2, k1, k2)
            let fraction = rest - whole
            if fraction < 1e-12 { break }
            rest = 1 / fraction
        }
        self = Rational.normalised(h1, k1) ?? .zero
    }
}

// MARK: - Comparison

extension Rational: Comparable {
    public static func < (lhs: Rational, rhs: Rational) -> Bool {
        let (left, o1) = lhs.numerator.multipliedReportingOverflow(by: rhs.denominator)
        let (right, o2) = rhs.numerator.multipliedReportingOverflow(by: lhs.denominator)
        if !o1 && !o2 { return left < right }
        return compareByContinuedFraction(lhs.numerator, lhs.denominator, rhs.numerator, rhs.denominator) < 0
    }

    /// Compares a/b with c/d (b, d > 0) without multiplying: compare the floors,
    /// then the reciprocals of the remainders, reversed. Never overflows.
    private static func compareByContinuedFraction(_ a: Int, _ b: Int, _ c: Int, _ d: Int) -> Int {
        var (a, b, c, d) = (a, b, c, d)
        var sign = 1
        while true {
            let (q1, r1) = floorDivision(a, b)
            let (q2, r2) = floorDivision(c, d)
            if q1 != q2 { return q1 < q2 ? -sign : sign }
            switch (r1 == 0, r2 == 0) {
            case (true, true): return 0
            case (true, false): return -sign
            case (false, true): return sign
            case (false, false):
                // r1/b < r2/d  ⇔  b/r1 > d/r2
                (a, b, c, d) = (b, r1, d, r2)
                sign = -sign
            }
        }
    }

    private static func floorDivision(_ a: Int, _ b: Int) -> (quotient: Int, remainder: Int) {
        let (q, r) = a.quotientAndRemainder(dividingBy: b)
        return r < 0 ? (q - 1, r + b) : (q, r)
    }
}

extension Rational: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self.init(value) }
}

extension Rational: Codable {
    /// Encoded as its ``description`` ("1 1/2"), which reads back exactly.
    /// Decodes that, any other quantity number such as "½" or "0.25", or a
    /// JSON number.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let integer = try? container.decode(Int.self) {
            self.init(integer)
            return
        }
        let text = try (try? container.decode(String.self)) ?? String(container.decode(Double.self))
        guard let value = Rational(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(text)\" is not a number or fraction")
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
