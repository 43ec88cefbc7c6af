import LarderCore

/// Limits on the shape of Markdown, checked by `MarkdownShape.firstExcess`
/// on the bytes before cmark-gfm sees them.
///
/// cmark-gfm 0.29.0.gfm.6 (what Debian ships) and the tree built over it cost
/// far more than the size of the text for a few shapes: thousands of nested
/// block quotes or list items (every line walks every open container, and
/// every node holds its container prefixes), GFM tables (cmark pads a short
/// row with empty cells up to the header's width, so a one-byte row can
/// become a thousand cells; the table fixes of gfm.12/13 are not in
/// gfm.6), and long paragraphs (inline parsing is per paragraph, and
/// several inline patterns are quadratic in gfm.6). Each limit here is far
/// above what a recipe or a list needs and cuts one of those shapes.
public struct MarkdownLimits: Sendable, Hashable {
    /// Containers (block quotes, list items) open on one line, counting
    /// every 4 columns of indentation before and between the markers as
    /// one more.
    public var nesting: Int
    /// Block quotes open on one line: `>` is one byte that renders as 26.
    public var quoteNesting: Int
    /// Columns of one table (cells of its delimiter row).
    public var tableColumns: Int
    /// Cells a table may have per byte of its source, as a divisor: with 2,
    /// at most one cell for every 2 bytes. Rows shorter than the header are
    /// padded by cmark, and the padding counts.
    public var bytesPerTableCell: Int
    /// Cells every table may have, whatever its size in bytes.
    public var tableCellsFloor: Int
    /// Bytes of one paragraph (a run of lines that continue each other).
    public var paragraphBytes: Int
    /// Quote marks (`'`, `"`) between punctuation in one paragraph, heading
    /// or table row: gfm.6's smart punctuation is quadratic in them.
    public var punctuatedQuotes: Int
    /// Bytes of the whole text.
    public var textBytes: Int

    public init(
        nesting: Int, quoteNesting: Int, tableColumns: Int, bytesPerTableCell: Int, tableCellsFloor: Int,
        paragraphBytes: Int, punctuatedQuotes: Int, textBytes: Int
    ) {
        self.nesting = nesting
        self.quoteNesting = quoteNesting
        self.punctuatedQuotes = punctuatedQuotes
        self.textBytes = textBytes
        self.tableColumns = tableColumns
        self.bytesPerTableCell = bytesPerTableCell
        self.tableCellsFloor = tableCellsFloor
        self.paragraphBytes = paragraphBytes
    }
}

/// The first place a text crosses one of `MarkdownLimits`.
public struct MarkdownExcess: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// `depth` containers on one line (an estimate that never counts fewer).
        case nesting(depth: Int)
        /// `depth` block quotes on one line.
        case quoteNesting(depth: Int)
        /// A table of `columns` columns.
        case tableColumns(columns: Int)
        /// A table of `cells` cells (padding included) in `bytes` bytes.
        case tableCells(cells: Int, bytes: Int)
        /// A paragraph of more than the limit, from `startLine` (1-based).
        case paragraph(startLine: Int)
        /// Too many quote marks between punctuation in the paragraph from `startLine`.
        case quotes(startLine: Int)
        /// More bytes than the limit: this line is past it.
        case text
    }

    public var kind: Kind
    /// 1-based line in the text.
    public var line: Int
    /// 1-based column (the place is always in an ASCII prefix of the line,
    /// so bytes and characters count the same).
    public var column: Int
}

/// A cheap line scan of Markdown that finds shapes too costly to parse, so
/// that they are refused before cmark-gfm runs. It reads each byte once,
/// keeps a few counters, and never allocates: it is on the path of every
/// Markdown file and field of every build.
public enum MarkdownShape {
    public static func firstExcess(in text: String, limits: MarkdownLimits) -> MarkdownExcess? {
        var text = text
        return text.withUTF8 { firstExcess(in: $0, limits: limits) }
    }

    public static func firstExcess(in bytes: [UInt8], limits: MarkdownLimits) -> MarkdownExcess? {
        bytes.withUnsafeBufferPointer { firstExcess(in: $0, limits: limits) }
    }

    public static func firstExcess(in buffer: UnsafeBufferPointer<UInt8>, limits: MarkdownLimits) -> MarkdownExcess? {
        let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
        let newline = UInt8(ascii: "\n"), ret = UInt8(ascii: "\r")
        let count = buffer.count
        if count > limits.textBytes {
            // The line where the limit is crossed.
            var line = 1
            for index in 0..<limits.textBytes where buffer[index] == newline || (buffer[index] == ret && buffer[index + 1] != newline) {
                line += 1
            }
            return MarkdownExcess(kind: .text, line: line, column: 1)
        }
        var line = 1
        var start = 0
        var previousLength = 0
        // The open table: its columns, cells so far (padding included) and bytes.
        var tableColumns = 0
        var tableCells = 0
        var tableBytes = 0
        // The open paragraph: its first line and bytes so far.
        var paragraphStart = 1
        var paragraphBytes = 0
        var paragraphQuotes = 0
        // A heading or a table row is a block of its own: the line after it starts another.
        var previousStandsAlone = false
        var previousBlank = true
        while start <= count {
            var end = PrintableASCII.end(in: buffer, from: start)
            while end < count, buffer[end] != newline, buffer[end] != ret {
                end = PrintableASCII.end(in: buffer, from: end + 1)
            }
            let length = end - start

            // Container markers and the indentation around them.
            var position = start
            var column = 0
            var markers = 0
            var quotes = 0
            var indent = 0
            while true {
                var run = 0
                while position < end, buffer[position] == space || buffer[position] == tab {
                    let width = buffer[position] == tab ? 4 - column % 4 : 1
                    column += width
                    run += width
                    position += 1
                }
                // One space after a marker belongs to it.
                indent += markers > 0 ? max(0, run - 1) : run
                let marker = markerLength(buffer, at: position, end: end)
                guard marker > 0 else { break }
                markers += 1
                if buffer[position] == UInt8(ascii: ">") {
                    quotes += 1
                    if quotes > limits.quoteNesting {
                        return MarkdownExcess(kind: .quoteNesting(depth: quotes), line: line, column: position - start + 1)
                    }
                }
                if markers + indent / 4 > limits.nesting {
                    return MarkdownExcess(kind: .nesting(depth: markers + indent / 4), line: line, column: position - start + 1)
                }
                position += marker
                column += marker
            }
            let blank = position == end
            let heading = !blank && buffer[position] == UInt8(ascii: "#")
            if blank || previousBlank || markers > 0 || heading || tableColumns > 0 || previousStandsAlone {
                paragraphStart = line
                paragraphBytes = 0
                paragraphQuotes = 0
            }
            previousStandsAlone = heading || tableColumns > 0
            previousBlank = blank
            paragraphQuotes += punctuatedQuotes(buffer, from: position, end: end)
            if paragraphQuotes > limits.punctuatedQuotes {
                return MarkdownExcess(kind: .quotes(startLine: paragraphStart), line: line, column: 1)
            }

            if blank {
                tableColumns = 0
            } else if tableColumns > 0 {
                tableCells += tableColumns
                tableBytes += length + 1
                if tableCells > max(limits.tableCellsFloor, tableBytes / limits.bytesPerTableCell) {
                    return MarkdownExcess(
                        kind: .tableCells(cells: tableCells, bytes: tableBytes), line: line, column: position - start + 1
                    )
                }
            } else if let columns = delimiterRowCells(buffer, from: position, end: end) {
                if columns > limits.tableColumns {
                    return MarkdownExcess(kind: .tableColumns(columns: columns), line: line, column: position - start + 1)
                }
                tableColumns = columns
                tableCells = 2 * columns
                tableBytes = previousLength + 1 + length + 1
                previousStandsAlone = true
            } else {
                paragraphBytes += length + 1
                if paragraphBytes > limits.paragraphBytes {
                    return MarkdownExcess(kind: .paragraph(startLine: paragraphStart), line: line, column: 1)
                }
            }

            previousLength = length
            if end < count, buffer[end] == ret, end + 1 < count, buffer[end + 1] == newline { end += 1 }
            start = end + 1
            line += 1
        }
        return nil
    }

    /// Quote marks with punctuation (or another quote mark) on both sides:
    /// the ones that gfm.6's smart punctuation handles in quadratic time.
    private static func punctuatedQuotes(_ buffer: UnsafeBufferPointer<UInt8>, from position: Int, end: Int) -> Int {
        func punctuation(_ byte: UInt8) -> Bool {
            (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte)
        }
        var found = 0
        var index = position + 1
        while index + 1 < end {
            // Eight bytes without a quote mark at a time (most of every line).
            if index + 9 <= end, let base = buffer.baseAddress,
               !holdsQuote(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                index += 8
                continue
            }
            let byte = buffer[index]
            if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\""), punctuation(buffer[index - 1]), punctuation(buffer[index + 1]) {
                found += 1
            }
            index += 1
        }
        return found
    }

    /// Whether one of the eight bytes of `word` is `"` or `'`: a byte equal
    /// to the mark is zero after the xor, and taking 1 from it borrows.
    private static func holdsQuote(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
        return hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "\"")))) || hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "'"))))
    }

    /// The length of a container marker at `position` (`>`, `-`, `+`, `*`,
    /// or 1–9 digits and `.` or `)`, a list marker followed by a space, a
    /// tab or the line end), or 0.
    private static func markerLength(_ buffer: UnsafeBufferPointer<UInt8>, at position: Int, end: Int) -> Int {
        guard position < end else { return 0 }
        let byte = buffer[position]
        if byte == UInt8(ascii: ">") { return 1 }
        func endsMarker(_ index: Int) -> Bool {
            index == end || buffer[index] == UInt8(ascii: " ") || buffer[index] == UInt8(ascii: "\t")
        }
        if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "*") {
            return endsMarker(position + 1) ? 1 : 0
        }
        var digit = position
        while digit < end, digit - position < 9, buffer[digit] >= UInt8(ascii: "0"), buffer[digit] <= UInt8(ascii: "9") {
            digit += 1
        }
        guard digit > position, digit < end, buffer[digit] == UInt8(ascii: ".") || buffer[digit] == UInt8(ascii: ")"),
            endsMarker(digit + 1)
        else { return 0 }
        return digit + 1 - position
    }

    /// The cells of a GFM table delimiter row (`| :-- | --: |`) from
    /// `position`, or `nil` when the line is not one. A row needs a `|` and
    /// a `-`, and nothing but `|`, `-`, `:`, spaces and tabs.
    private static func delimiterRowCells(_ buffer: UnsafeBufferPointer<UInt8>, from position: Int, end: Int) -> Int? {
        var pipes = 0
        var dashes = false
        var index = position
        while index < end {
            switch buffer[index] {
            case UInt8(ascii: "|"): pipes += 1
            case UInt8(ascii: "-"): dashes = true
            case UInt8(ascii: ":"), UInt8(ascii: " "), UInt8(ascii: "\t"): break
            default: return nil
            }
            index += 1
        }
        guard pipes > 0, dashes else { return nil }
        // Cells lie between pipes; a pipe at either end opens or closes one.
        var first = position
        while first < end, buffer[first] == UInt8(ascii: " ") || buffer[first] == UInt8(ascii: "\t") { first += 1 }
        var last = end
        while last > first, buffer[last - 1] == UInt8(ascii: " ") || buffer[last - 1] == UInt8(ascii: "\t") { last -= 1 }
        var cells = pipes + 1
        if buffer[first] == UInt8(ascii: "|") { cells -= 1 }
        if last - 1 > first, buffer[last - 1] == UInt8(ascii: "|") { cells -= 1 }
        return max(cells, 1)
    }
}
