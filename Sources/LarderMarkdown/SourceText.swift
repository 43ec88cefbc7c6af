/// One prefix a container puts before the content of its continuation lines.
enum ContainerPrefix: Sendable, Hashable {
    /// A block quote's `>` (up to three spaces before it, one optional after).
    case quote
    /// A list item's content indent, in columns (a tab advances to the next
    /// multiple of 4).
    case indent(Int)
}

/// The parsed text as cmark sees it, split into lines, with the byte-to-scalar
/// column conversion. cmark counts lines ending in "\n", "\r\n" or "\r", and
/// columns in UTF-8 bytes.
struct SourceText: Sendable, Hashable {
    /// The exact bytes given to cmark.
    let bytes: [UInt8]
    /// Byte offset of each line's first byte and of its end (before the
    /// terminator).
    private let starts: [Int]
    private let ends: [Int]

    init(_ text: String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            // cmark replaces NUL with U+FFFD before counting columns; do the
            // same so both sides count the same bytes.
            if byte == 0 { bytes += [0xEF, 0xBF, 0xBD] } else { bytes.append(byte) }
        }
        var starts = [0]
        var ends: [Int] = []
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\n"):
                ends.append(index)
                starts.append(index + 1)
            case UInt8(ascii: "\r"):
                ends.append(index)
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
                starts.append(index + 1)
            default:
                break
            }
            index += 1
        }
        ends.append(bytes.count)
        self.bytes = bytes
        self.starts = starts
        self.ends = ends
    }

    var lineCount: Int { starts.count }

    /// The bytes of line `index` (0-based), without its terminator; empty when
    /// out of range.
    func line(_ index: Int) -> ArraySlice<UInt8> {
        guard index >= 0, index < starts.count else { return [] }
        return bytes[starts[index]..<ends[index]]
    }

    func length(ofLine index: Int) -> Int { line(index).count }

    /// A piece of line `index` between 0-based byte offsets, clamped to the line.
    func text(line index: Int, from lower: Int, to upper: Int) -> String {
        let line = line(index)
        let lower = min(max(lower, 0), line.count)
        let upper = min(max(upper, lower), line.count)
        return String(decoding: line.dropFirst(lower).prefix(upper - lower), as: UTF8.self)
    }

    /// The Unicode-scalar column (1-based) of the 1-based byte column
    /// `byteColumn` of line `index`. Past the end of the line, one column per
    /// byte.
    func scalarColumn(line index: Int, byteColumn: Int) -> Int {
        let line = line(index)
        let before = max(byteColumn - 1, 0)
        let inLine = min(before, line.count)
        // A scalar starts at every byte that is not a UTF-8 continuation byte.
        let scalars = line.prefix(inLine).reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return scalars + (before - inLine) + 1
    }

    /// The 0-based byte offset where the content of line `index` starts once
    /// the container prefixes are removed. A lazy continuation line missing a
    /// prefix keeps its bytes.
    func contentStart(line index: Int, container: [ContainerPrefix]) -> Int {
        let line = Array(line(index))
        var offset = 0
        for prefix in container {
            switch prefix {
            case .quote:
                var probe = offset
                var spaces = 0
                while probe < line.count, line[probe] == UInt8(ascii: " "), spaces < 3 {
                    probe += 1
                    spaces += 1
                }
                guard probe < line.count, line[probe] == UInt8(ascii: ">") else { continue }
                probe += 1
                if probe < line.count, line[probe] == UInt8(ascii: " ") || line[probe] == UInt8(ascii: "\t") {
                    probe += 1
                }
                offset = probe
            case .indent(let width):
                var column = 0
                while offset < line.count, column < width {
                    if line[offset] == UInt8(ascii: " ") {
                        column += 1
                    } else if line[offset] == UInt8(ascii: "\t") {
                        column += 4 - column % 4
                    } else {
                        break
                    }
                    offset += 1
                }
            }
        }
        return offset
    }

    /// `from` moved past spaces and tabs on line `index`.
    func skippingWhitespace(line index: Int, from offset: Int) -> Int {
        let line = line(index)
        var offset = max(offset, 0)
        while offset < line.count, Self.isWhitespace(line[line.startIndex + offset]) { offset += 1 }
        return offset
    }

    /// `upTo` moved back over spaces and tabs on line `index`, not before `floor`.
    func trimmingWhitespace(line index: Int, upTo end: Int, floor: Int) -> Int {
        let line = line(index)
        var end = min(end, line.count)
        while end > floor, Self.isWhitespace(line[line.startIndex + end - 1]) { end -= 1 }
        return end
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }
}
