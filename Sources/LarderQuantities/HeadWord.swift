/// Words the head of a line is made of besides numbers and units: number
/// words ("One 15-ounce can"), qualifiers ("About 2 cups", "2 large cloves")
/// and the part of a food a line asks for ("Juice of 1 lime").
///
/// Looked up like unit names (see ``UnitNameTable``): the parser asks for
/// the first word of every line and the word after every amount, so a word
/// is packed on the stack, never made a String.
enum HeadWord: Sendable {
    /// "one" … "twenty", "thirty", "forty", "fifty" ("Eighteen 1-inch-thick
    /// slices").
    case number(Int)
    /// "a", "an": one, when a food or unit follows.
    case article
    /// "half a lemon", "half a cup", "a half cup".
    case half
    /// "a couple of eggs": two.
    case couple
    /// "a few", "a little": no amount can be read.
    case vague
    /// A word that says how much or how big, kept as a note: "about",
    /// "scant", "heaping", "large".
    case qualifier
    /// The part of a food a line asks for, kept as a note: "juice" in
    /// "Juice of 1 lime"; the food is what is bought.
    case part
    /// A word that may stand in such a phrase: "grated", "and".
    case partModifier

    private static let words: [(String, HeadWord)] =
        [
            "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
            "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
        ]
        .enumerated().map { ($0.element, .number($0.offset + 1)) }
        + [("thirty", .number(30)), ("forty", .number(40)), ("fifty", .number(50))]
        + [("a", .article), ("an", .article), ("half", .half), ("couple", .couple)]
        + ["few", "little", "bit", "lot", "some", "several", "touch"].map { ($0, .vague) }
        + [
            "about", "approximately", "approx", "around", "roughly", "nearly", "almost", "additional",
            "scant", "heaping", "heaped", "generous", "rounded", "level", "good",
            "small", "medium", "large", "big", "extra-large", "jumbo", "medium-sized", "medium-size",
            "large-sized", "small-sized", "thick", "thin", "thumb-sized", "long",
        ].map { ($0, .qualifier) }
        + ["juice", "zest", "peel", "rind", "leaves", "seeds", "yolks", "yolk", "whites", "white"].map { ($0, .part) }
        + ["grated", "finely", "freshly", "squeezed", "fresh", "and", "the"].map { ($0, .partModifier) }

    private static let kinds = words.map(\.1)
    private static let table = UnitNameTable(words.enumerated().map { ($0.element.0, $0.offset) })

    /// The head word spelled by the ASCII letters and hyphens in `scalars`,
    /// ignoring case and dots ("Approx."), or `nil`.
    static func word(_ scalars: ArraySlice<Unicode.Scalar>) -> HeadWord? {
        var key = UnitNameTable.PackedName()
        for scalar in scalars where scalar != "." {
            guard scalar.isASCII else { return nil }
            let byte = UInt8(truncatingIfNeeded: scalar.value)
            guard key.append((0x41...0x5A).contains(byte) ? byte | 0x20 : byte) else { return nil }
        }
        return table.index(of: key).map { kinds[$0] }
    }
}
