import Foundation
import LarderQuantities
import Testing

private func r(_ numerator: Int, _ denominator: Int) -> Rational {
    Rational(numerator, denominator) ?? .zero
}

@Suite("Rational")
struct RationalTests {
    @Test func normalises() {
        #expect(r(2, 4) == r(1, 2))
        #expect(r(3, -6).numerator == -1)
        #expect(r(3, -6).denominator == 2)
        #expect(r(0, 5) == .zero)
        #expect(Rational(1, 0) == nil)
        #expect(Rational(Int.min, 1) == nil)
        #expect(Set([r(1, 2), r(2, 4), r(3, 6)]).count == 1)
    }

    @Test func arithmetic() {
        #expect(r(1, 3) + r(1, 6) == r(1, 2))
        #expect(r(1, 2) - r(3, 4) == r(-1, 4))
        #expect(r(2, 3) * r(9, 4) == r(3, 2))
        #expect(r(1, 2) / r(1, 4) == 2)
        #expect(r(1, 3) + r(1, 3) + r(1, 3) == 1)
        #expect(r(1, 2).divided(by: .zero) == nil)
        #expect(-r(1, 2) == r(-1, 2))
        var total: Rational = 1
        total += r(1, 2)
        total *= 2
        #expect(total == 3)
    }

    @Test func comparesExactly() {
        #expect(r(1, 3) < r(1, 2))
        #expect(r(-1, 2) < r(-1, 3))
        #expect(r(2, 3) > r(665, 998))
        // Cross-multiplying these overflows Int; the comparison must not.
        let big = r(Int.max - 1, Int.max)
        let bigger = r(Int.max - 2, Int.max - 1)
        #expect(bigger < big)
        #expect(!(big < big))
    }

    @Test func overflowFallsBackWithoutTrapping() {
        let huge = Rational(Int.max)
        let sum = huge.addingReportingOverflow(huge)
        #expect(sum.overflow)
        #expect(sum.partialValue == .max)
        let product = r(1, Int.max).multipliedReportingOverflow(by: r(1, Int.max - 1))
        #expect(product.overflow)
        #expect(product.partialValue == .zero)
        #expect(r(1, 3).addingReportingOverflow(r(1, 6)) == (r(1, 2), false))
        let close = r(1, 1_000_000_007) + r(1, 998_244_353)
        #expect(abs(close.doubleValue - (1 / 1_000_000_007.0 + 1 / 998_244_353.0)) < 1e-9)
    }

    @Test(arguments: [
        ("2", r(2, 1)), ("0.5", r(1, 2)), ("1.25", r(5, 4)), (".5", r(1, 2)), ("3/4", r(3, 4)),
        ("1 1/2", r(3, 2)), ("1-1/2", r(3, 2)), ("1 5/8", r(13, 8)), ("½", r(1, 2)), ("1½", r(3, 2)),
        ("1 ½", r(3, 2)), ("¼", r(1, 4)), ("¾", r(3, 4)), ("⅓", r(1, 3)), ("⅔", r(2, 3)), ("⅕", r(1, 5)),
        ("⅖", r(2, 5)), ("⅗", r(3, 5)), ("⅘", r(4, 5)), ("⅙", r(1, 6)), ("⅚", r(5, 6)), ("⅛", r(1, 8)),
        ("⅜", r(3, 8)), ("⅝", r(5, 8)), ("⅞", r(7, 8)), ("⅐", r(1, 7)), ("⅑", r(1, 9)), ("⅒", r(1, 10)),
        ("2⅔", r(8, 3)), ("1⁄2", r(1, 2)), (" 3 ", r(3, 1)), ("-1 1/2", r(-3, 2)), ("6/4", r(3, 2)),
    ])
    func parses(_ text: String, _ value: Rational) {
        #expect(Rational(text) == value)
    }

    @Test(arguments: ["", "1,5", "1//2", "1/0", "1/", "abc", "1 2", "1.2.3", "1 1/2 cups", "½½", "--1"])
    func rejects(_ text: String) {
        #expect(Rational(text) == nil)
    }

    @Test func readsJSONNumbers() {
        #expect(Rational(jsonNumber: "-12.5") == r(-25, 2))
        #expect(Rational(jsonNumber: "1e3") == 1000)
        #expect(Rational(jsonNumber: "2.5E-2") == r(1, 40))
        #expect(Rational(jsonNumber: "1e40") == nil)
        #expect(Rational(jsonNumber: "1/2") == nil)
    }

    @Test(arguments: [
        (r(3, 2), "1 1/2", "1 ½", "1.5"), (r(13, 8), "1 5/8", "1 ⅝", "1.63"), (r(1, 3), "1/3", "⅓", "0.33"),
        (r(2, 1), "2", "2", "2"), (r(-3, 2), "-1 1/2", "-1 ½", "-1.5"), (r(-1, 4), "-1/4", "-¼", "-0.25"),
        (r(5, 16), "5/16", "5/16", "0.31"), (r(21, 16), "1 5/16", "1 5/16", "1.31"),
        (r(1999, 1000), "1 999/1000", "1 999/1000", "2"), (.zero, "0", "0", "0"), (r(-1, 1000), "-1/1000", "-1/1000", "0"),
    ])
    func formats(_ value: Rational, _ mixed: String, _ vulgar: String, _ decimal: String) {
        #expect(value.description == mixed)
        #expect(QuantityDisplay.number(.exact(value), fractional: true) == vulgar)
        #expect(value.decimalString() == decimal)
        #expect(Rational(value.description) == value)
    }

    @Test func decimalDigits() {
        #expect(r(1, 3).decimalString(maxFractionDigits: 4) == "0.3333")
        #expect(r(2, 3).decimalString(maxFractionDigits: 0) == "1")
        #expect(r(1, 8).decimalString(maxFractionDigits: 3) == "0.125")
        #expect(r(Int.max - 1, Int.max).decimalString(maxFractionDigits: 5) == "1")
    }

    @Test func codableRoundTrip() throws {
        let values = [r(3, 2), r(-1, 3), Rational(7)]
        let data = try JSONEncoder().encode(values)
        #expect(String(decoding: data, as: UTF8.self) == #"["1 1\/2","-1\/3","7"]"#)
        #expect(try JSONDecoder().decode([Rational].self, from: data) == values)
        let numbers = try JSONDecoder().decode([Rational].self, from: Data("[2, 0.25, \"½\"]".utf8))
        #expect(numbers == [2, r(1, 4), r(1, 2)])
    }
}
