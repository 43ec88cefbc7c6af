import LarderCooklang
import LarderQuantities
import Testing

/// Amounts in stock, as Cooklang (`500%g`) and Larder (`500 g`) write them.
struct StockAmountTests {
    static let cases: [(text: String, quantity: Quantity, unit: String?, unitName: String?)] = [
        ("500%g", .exact(Rational(500)), "g", "g"),
        ("1 % kg", .exact(Rational(1)), "kg", "kg"),
        ("2", .exact(Rational(2)), nil, nil),
        ("3%", .exact(Rational(3)), nil, nil),
        ("1 kg", .exact(Rational(1)), "kg", "kg"),
        ("500g", .exact(Rational(500)), "g", "g"),
        ("1 1/2 cups", .exact(Rational(3, 2)!), "cup", "cups"),
        ("1-2 l", .range(Rational(1), Rational(2)), "l", "l"),
        ("2%glugs", .exact(Rational(2)), nil, "glugs"),
    ]

    @Test(arguments: cases.indices)
    func readsAmounts(index: Int) throws {
        let (text, quantity, unit, unitName) = Self.cases[index]
        let amount = try #require(try StockAmount.read(text).get())
        #expect(amount.quantity == quantity)
        #expect(amount.unit?.id == unit)
        #expect(amount.unitName == unitName)
    }

    @Test func unlimitedIsAlwaysEnough() throws {
        #expect(try StockAmount.read("unlim").get() == nil)
        #expect(try StockAmount.read(" Unlimited ").get() == nil)
    }

    @Test func reportsWhatItCannotRead() {
        guard case .failure(let problem) = StockAmount.read("lots%g") else {
            Issue.record("\"lots%g\" was read")
            return
        }
        #expect(problem.code == "bad-quantity")
        #expect(problem.offset == 0)
        guard case .failure(let other) = StockAmount.read("some flour") else {
            Issue.record("\"some flour\" was read")
            return
        }
        #expect(other.code == "bad-quantity")
    }

    @Test func knowsWhereTheUnitIs() throws {
        #expect(try StockAmount.read("500% g").get()?.unitOffset == 5)
        #expect(try StockAmount.read("500 g").get()?.unitOffset == 4)
    }
}
