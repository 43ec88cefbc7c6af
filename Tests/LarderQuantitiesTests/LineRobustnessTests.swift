import LarderQuantities
import Testing

/// Lines built from the characters the grammar cares about, in random
/// order: whatever the input, parsing must not trap, and every offset and
/// range must lie inside the text.
@Suite("Line robustness")
struct LineRobustnessTests {
    private static let pieces = [
        "1", "0", "9", "/", "//", ".", ",", "-", "–", " to ", " ", "  ", "½", "⅓", "x", "×", "(", ")", "[", "]",
        "](", "@", "#", "!", "high", "g", "kg", "cup", "T", "t", "fl", "oz", "of", "a", "cloves", "egg", "é",
        "optional", "99999999999999999999", "9223372036854775807", "\t", "👩‍🍳",
    ]

    /// A fixed-seed generator, so a failure reproduces.
    private struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state
        }
    }

    static func lines(count: Int) -> [String] {
        var generator = Generator(state: 42)
        return (0..<count).map { _ in
            (0..<Int.random(in: 0...12, using: &generator))
                .map { _ in pieces.randomElement(using: &generator) ?? "" }
                .joined()
        }
    }

    @Test func parsingNeverTrapsAndStaysInBounds() {
        for text in Self.lines(count: 3000) {
            let length = text.unicodeScalars.count
            for line in [LineParser.parseItem(text), LineParser.parseIngredient(text)] {
                for problem in line.problems {
                    #expect((0...length).contains(problem.offset), "\(text)")
                }
                let ranges = [
                    line.quantityRange, line.unitRange, line.nameRange, line.noteRange, line.storeRange,
                    line.categoryRange, line.priorityRange, line.recipeRange,
                ]
                for range in ranges.compactMap({ $0 }) {
                    #expect(range.lowerBound >= 0 && range.upperBound <= length, "\(text)")
                }
                #expect(!line.name.isEmpty || line.problems.contains { $0.code == "missing-name" }, "\(text)")
            }
            _ = LineParser.parseQuantity(text)
            _ = Rational(text)
        }
    }
}
