import Foundation
import LarderQuantities
import Testing

private func r(_ numerator: Int, _ denominator: Int) -> Rational {
    Rational(numerator, denominator) ?? .zero
}

@Suite("Quantity")
struct QuantityTests {
    @Test(arguments: [
        ("2", Quantity.exact(2)), ("1 1/2", .exact(r(3, 2))), ("½", .exact(r(1, 2))), ("1-2", .range(1, 2)),
        ("1–2", .range(1, 2)), ("1 - 2", .range(1, 2)), ("1 to 2", .range(1, 2)), ("1 TO 2", .range(1, 2)),
        ("½-1", .range(r(1, 2), 1)), ("1 1/2-2", .range(r(3, 2), 2)), ("0.5", .exact(r(1, 2))),
        ("  3  ", .exact(3)), ("2-2", .range(2, 2)),
    ])
    func parses(_ text: String, _ expected: Quantity) throws {
        #expect(try LineParser.parseQuantity(text).get() == expected)
    }

    @Test func reportsUnreadableQuantities() {
        let hint = "write a whole number (2), a decimal (0.5), a fraction (1/2, 1 1/2, ½) or a range (1-2)"
        #expect(LineParser.parseQuantity("") == .failure(LineProblem(
            offset: 0, code: "bad-quantity", message: "the quantity is empty", hint: hint)))
        #expect(LineParser.parseQuantity("some") == .failure(LineProblem(
            offset: 0, code: "bad-quantity", message: "cannot read the quantity \"some\"", hint: hint)))
        #expect(LineParser.parseQuantity(" 1 1/2 cups") == .failure(LineProblem(
            offset: 1, code: "bad-quantity", message: "cannot read the quantity \"1 1/2 cups\"",
            hint: "give the unit on its own, in \"unit\"")))
        #expect(LineParser.parseQuantity("3-1") == .failure(LineProblem(
            offset: 0, code: "bad-quantity", message: "the range \"3-1\" goes down",
            hint: "write the smaller number first: 1-3")))
    }

    @Test func scales() {
        #expect(Quantity.exact(r(1, 3)).scaled(by: 3) == .exact(1))
        #expect(Quantity.range(2, 3).scaled(by: r(3, 2)) == .range(3, r(9, 2)))
        #expect(Quantity.range(2, 3).scaled(by: -1) == .range(-3, -2))
    }

    @Test func adds() {
        #expect(Quantity.exact(r(1, 2)) + .exact(r(1, 4)) == .exact(r(3, 4)))
        #expect(Quantity.range(1, 2) + .exact(1) == .range(2, 3))
    }

    @Test func formats() {
        #expect(Quantity.range(r(1, 2), 1).description == "1/2-1")
        #expect(QuantityDisplay.number(.range(r(1, 2), 1), fractional: true) == "½–1")
        #expect(QuantityDisplay.number(.exact(r(3, 2)), fractional: true) == "1 ½")
        #expect(Quantity.range(r(1, 4), r(1, 3)).decimalString() == "0.25-0.33")
        #expect(Quantity.exact(r(3, 2)).isSingular == false)
        #expect(Quantity.exact(1).isSingular)
        #expect(Quantity.range(r(1, 2), 1).isSingular == false)
    }

    @Test func codableRoundTrip() throws {
        let values: [Quantity] = [.exact(r(3, 2)), .range(1, 2)]
        let data = try JSONEncoder().encode(values)
        #expect(String(decoding: data, as: UTF8.self) == #"["1 1\/2","1-2"]"#)
        #expect(try JSONDecoder().decode([Quantity].self, from: data) == values)
        #expect(try JSONDecoder().decode(Quantity.self, from: Data("0.5".utf8)) == .exact(r(1, 2)))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Quantity.self, from: Data("\"3-1\"".utf8)) }
    }
}
