import LarderQuantities

/// A quantity is in lowest terms with a positive denominator, a range goes
/// up, it prints in every form, and its ASCII form reads back to itself.
public func checkQuantity(_ quantity: Quantity) {
    for value in [quantity.lowerBound, quantity.upperBound] {
        invariant(value.denominator > 0, "a quantity with denominator \(value.denominator)")
        invariant(gcd(value.numerator, value.denominator) == 1, "\(value.numerator)/\(value.denominator) is not in lowest terms")
    }
    invariant(quantity.lowerBound <= quantity.upperBound, "the range \(quantity) goes down")
    _ = quantity.decimalString()
    for system in [nil] + Unit.System.allCases {
        _ = QuantityDisplay.text(quantity, unit: nil, unitName: nil, system: system)
    }
    _ = quantity.scaled(by: Rational(3, 2)!)
    _ = quantity + quantity
    switch LineParser.parseQuantity(quantity.description) {
    case .success(let reread):
        invariant(reread == quantity, "\(quantity) reads back as \(reread)")
    case .failure(let problem):
        invariant(false, "\(quantity) does not read back: \(problem.message)")
    }
}

private func gcd(_ a: Int, _ b: Int) -> Int {
    var (a, b) = (a.magnitude, b.magnitude)
    while b != 0 { (a, b) = (b, a % b) }
    return Int(a)
}
