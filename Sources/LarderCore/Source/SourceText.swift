/// The text of one source file, indexed by line, for showing a diagnostic's
/// line with a caret under its column.
public struct SourceText: Sendable {
    public let path: String
    /// The lines without their terminators (`\n`, `\r\n` or a lone `\r`).
    public let lines: [Substring]

    public init(path: String, text: String) {
        self.path = path
        var lines: [Substring] = []
        var start = text.startIndex
        var index = start
        // Scan scalars: a Character would fuse "\r\n" into one, which is fine,
        // but scalars keep a lone "\r" a line break too, as the readers count.
        let scalars = text.unicodeScalars
        while index < text.endIndex {
            let scalar = scalars[index]
            if scalar == "\n" || scalar == "\r" {
                lines.append(text[start..<index])
                var next = scalars.index(after: index)
                if scalar == "\r", next < text.endIndex, scalars[next] == "\n" {
                    next = scalars.index(after: next)
                }
                start = next
                index = next
            } else {
                index = scalars.index(after: index)
            }
        }
        lines.append(text[start..<text.endIndex])
        self.lines = lines
    }

    /// Decodes bytes leniently (invalid UTF-8 becomes U+FFFD) and drops a
    /// leading BOM, so that even a file with encoding errors can be shown.
    public init(path: String, bytes: [UInt8]) {
        var text = String(decoding: bytes, as: UTF8.self)
        if text.unicodeScalars.first == "\u{FEFF}" {
            text.unicodeScalars.removeFirst()
        }
        self.init(path: path, text: text)
    }

    /// Line `number` (1-based), or nil past the end.
    public func line(_ number: Int) -> Substring? {
        guard number >= 1, number <= lines.count else { return nil }
        return lines[number - 1]
    }
}

extension StringProtocol {
    /// Column (1-based, in Unicode scalars) of the scalar at `utf8Offset` bytes
    /// into this string.
    public func scalarColumn(atUTF8Offset utf8Offset: Int) -> Int {
        var column = 1
        var offset = 0
        for scalar in unicodeScalars {
            if offset >= utf8Offset { break }
            offset += UTF8.width(scalar)
            column += 1
        }
        return column
    }
}
