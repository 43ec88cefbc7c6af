import LarderCore

extension JSONNumber {
    /// Whether this number is an integer multiple of `divisor`: exactly, from
    /// the decimal literals, when both fit in 64 bits once scaled to a common
    /// exponent (so `0.0075` is a multiple of `0.0001`); otherwise within a few
    /// units in the last place of the `Double` quotient.
    func isMultiple(of divisor: JSONNumber) -> Bool {
        if let (a, ea) = decimalParts, let (b, eb) = divisor.decimalParts, b != 0 {
            let e = Swift.min(ea, eb)
            if let x = Self.scaled(a, by: ea - e), let y = Self.scaled(b, by: eb - e) {
                return x % y == 0
            }
        }
        let quotient = value / divisor.value
        guard quotient.isFinite else { return false }
        return (quotient - quotient.rounded()).magnitude <= 4 * quotient.ulp
    }

    private static func scaled(_ mantissa: Int, by exponent: Int) -> Int? {
        var result = mantissa
        for _ in 0..<exponent {
            let (next, overflow) = result.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            result = next
        }
        return result
    }

    /// The literal as `mantissa × 10^exponent`, or `nil` when it does not fit.
    private var decimalParts: (Int, Int)? {
        var mantissa = 0
        var exponent = 0
        var negative = false
        var scalars = literal.unicodeScalars[...]
        if scalars.first == "-" {
            negative = true
            scalars = scalars.dropFirst()
        }
        var afterPoint = false
        while let c = scalars.first, c != "e", c != "E" {
            scalars = scalars.dropFirst()
            if c == "." {
                afterPoint = true
                continue
            }
            guard let digit = Int(String(c)) else { return nil }
            let (times10, o1) = mantissa.multipliedReportingOverflow(by: 10)
            let (next, o2) = times10.addingReportingOverflow(digit)
            if o1 || o2 { return nil }
            mantissa = next
            if afterPoint { exponent -= 1 }
        }
        if !scalars.isEmpty {
            guard let e = Int(String(scalars.dropFirst())) else { return nil }
            exponent += e
        }
        while mantissa != 0 && mantissa % 10 == 0 {
            mantissa /= 10
            exponent += 1
        }
        return (negative ? -mantissa : mantissa, exponent)
    }
}
