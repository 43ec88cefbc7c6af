import LarderCore

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
    /// Whether each line is all ASCII: there a byte column is a scalar
    /// column, and nothing needs counting (most lines of most files; one
    /// `½` must not slow down the rest of its file).
    private let asciiLines: [Bool]

    init(_ text: String) {
        var bytes = Array(text.utf8)
        // cmark replaces NUL with U+FFFD before counting columns; do the
        // same so both sides count the same bytes. NUL is rare (the readers
        // refuse it in files), so the copy happens only when there is one.
        if bytes.contains(0) {
            var replaced: [UInt8] = []
            replaced.reserveCapacity(bytes.count + 16)
            for byte in bytes {
                if byte == 0 { replaced += [0xEF, 0xBF, 0xBD] } else { replaced.append(byte) }
            }
            bytes = replaced
        }
        var starts = [0]
        var ends: [Int] = []
        var asciiLines: [Bool] = []
        var highBits: UInt8 = 0
        bytes.withUnsafeBufferPointer { buffer in
            let count = buffer.count
            var index = 0
            while true {
                // Printable ASCII is neither a line end nor a high bit.
                index = PrintableASCII.end(in: buffer, from: index)
                guard index < count else { break }
                let byte = buffer[index]
                highBits |= byte
                if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                    ends.append(index)
                    asciiLines.append(highBits < 0x80)
                    highBits = 0
                    if byte == UInt8(ascii: "\r"), index + 1 < count, buffer[index + 1] == UInt8(ascii: "\n") { index += 1 }
                    starts.append(index + 1)
                }
                index += 1
            }
            ends.append(count)
            asciiLines.append(highBits < 0x80)
        }
        self.bytes = bytes
        self.starts = starts
        self.ends = ends
        self.asciiLines = asciiLines
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
        let before = max(byteColumn - 1, 0)
        // Out of range, a line has no bytes: one column per byte too.
        guard index >= 0, index < asciiLines.count, !asciiLines[index] else { return before + 1 }
        let start = starts[index]
        let inLine = min(before, ends[index] - start)
        // A scalar starts at every byte that is not a UTF-8 continuation byte.
        let scalars = bytes.withUnsafeBufferPointer { buffer in
            var scalars = 0
            for offset in start..<start + inLine where buffer[offset] & 0xC0 != 0x80 { scalars += 1 }
            return scalars
        }
        return scalars + (before - inLine) + 1
    }

    /// The 0-based byte offset where the content of line `index` starts once
    /// the container prefixes are removed. A lazy continuation line missing a
    /// prefix keeps its bytes.
    func contentStart(line index: Int, container: [ContainerPrefix]) -> Int {
        guard !container.isEmpty else { return 0 }
        let slice = line(index)
        let base = slice.startIndex
        let length = slice.count
        var offset = 0
        for prefix in container {
            switch prefix {
            case .quote:
                var probe = offset
                var spaces = 0
                while probe < length, slice[base + probe] == UInt8(ascii: " "), spaces < 3 {
                    probe += 1
                    spaces += 1
                }
                guard probe < length, slice[base + probe] == UInt8(ascii: ">") else { continue }
                probe += 1
                if probe < length, slice[base + probe] == UInt8(ascii: " ") || slice[base + probe] == UInt8(ascii: "\t") {
                    probe += 1
                }
                offset = probe
            case .indent(let width):
                var column = 0
                while offset < length, column < width {
                    if slice[base + offset] == UInt8(ascii: " ") {
                        column += 1
                    } else if slice[base + offset] == UInt8(ascii: "\t") {
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
