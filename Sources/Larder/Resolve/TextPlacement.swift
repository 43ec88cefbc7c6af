import LarderCore

/// Where the characters of a string value (a JSON string, a YAML scalar) are
/// in its file, to point at a problem found inside the value's text.
///
/// The text is often not a copy of one source line: JSON and YAML escapes
/// (`\u00e9`, `\n`, `''`) are shorter or longer than what they stand for, and
/// a YAML scalar may be folded over several lines. The readers keep only the
/// value's first position, so the placement compares the text with the line
/// it starts on: the part copied unchanged is placed exactly, anything past
/// it at the value's start, which is in the file and names the right value,
/// where an offset added to a column could point past the end of a line.
struct TextPlacement: Sendable, Hashable {
    /// The value's first character: a quoted value's opening quote.
    var value: SourcePosition
    /// Where the text's first character is: after an opening quote.
    var start: SourcePosition
    /// How many of the text's first Unicode scalars are the line's own.
    var verbatim: Int
    /// Whether that is the whole text.
    var isWhole: Bool

    /// The place of `text`, of the value whose first character is at
    /// `value`, where `rest` is the value's line from that character on (nil
    /// when the file has no such place). A quoted value starts with its quote.
    init(of text: String, at value: SourcePosition, from rest: Substring?) {
        self.value = value
        start = value
        verbatim = 0
        isWhole = text.isEmpty
        guard let rest else { return }
        let scalars = rest.unicodeScalars
        var index = scalars.startIndex
        if index < scalars.endIndex, scalars[index] == "\"" || scalars[index] == "'" {
            index = scalars.index(after: index)
            start.column += 1
        }
        var count = 0
        for scalar in text.unicodeScalars {
            guard index < scalars.endIndex, scalars[index] == scalar else { break }
            index = scalars.index(after: index)
            count += 1
        }
        verbatim = count
        isWhole = count == text.unicodeScalars.count
    }

    /// The file position of the scalar at `offset` in the text. The end of a
    /// whole text (`offset` equal to its length) is just after it on the line.
    func position(_ offset: Int) -> SourcePosition {
        guard offset >= 0, offset < verbatim || isWhole && offset == verbatim else { return value }
        return SourcePosition(line: start.line, column: start.column + offset)
    }
}
