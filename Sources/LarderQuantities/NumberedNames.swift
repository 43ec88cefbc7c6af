// Product names that start with a number and a space ("7 Up"): read as an
// amount, "7 Up" was seven of "Up". A short list rather than a rule about
// capitals, because "2 Avocados" and "3 Eggs" are written capitalised too
// and must stay counts; a name glued to its number ("7up", "V8") is a name
// already (see `Amount.none`).
extension LineReader {
    private static let numberedNames: [StaticString] = [
        "7 up", "3 musketeers", "5 gum", "100 grand", "9 lives",
    ]

    /// Whether a product name that starts with a number starts at `start`.
    func startsNumberedName(at start: Int) -> Bool {
        guard text.at(start)?.isASCIIDigit == true else { return false }
        return Self.numberedNames.contains { scanner.word($0, at: start) }
    }
}
