import Foundation

/// A CSV file (RFC 4180) as a header and records: fields separated by
/// commas, records by CRLF, LF or CR; a field in double quotes may hold
/// commas, line breaks and doubled quotes (`""` for `"`). A UTF-8 byte
/// order mark is skipped. Text that is not UTF-8 is read as Windows-1252,
/// which spreadsheet programs write.
///
/// Lenient where recipe apps' exports are (as Python's csv module is): a
/// quote inside an unquoted field, or text after a closing quote, is kept
/// as text; a record with fewer fields than the header has empty ones;
/// blank lines between records are skipped. A quote never closed is an
/// error: it would swallow the rest of the file into one field.
///
/// Written here rather than taken from SwiftCSV or CSV.swift: neither says
/// where a file is broken (CSV.swift reads an unclosed quote to the end of
/// the file without a word), and SwiftCSV drops a field's leading spaces
/// and throws at a quote inside an unquoted field.
public struct CSVTable: Sendable, Hashable {
    /// One record: its fields, and the line it starts on (1-based).
    public struct Record: Sendable, Hashable {
        public var fields: [String]
        public var line: Int
    }

    /// Why a file is not CSV.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The quote that opens a field at `line`:`column` is never closed.
        case unclosedQuote(line: Int, column: Int)
        /// No header row: the file is empty.
        case empty

        public var description: String {
            switch self {
            case .unclosedQuote: "a field's opening quote is never closed, so the rest of the file would be one field"
            case .empty: "the file is empty: no header row"
            }
        }

        public var hint: String {
            switch self {
            case .unclosedQuote: "a quote inside a quoted field is written twice (\"\"); the export may have been cut short"
            case .empty: "export the recipes again from the app"
            }
        }
    }

    /// The first record's fields, trimmed.
    public var header: [String]
    /// The records after the header.
    public var records: [Record]

    public init(bytes: [UInt8]) throws(Failure) {
        let rows = try CSVTable.parse(bytes)
        guard let first = rows.first else { throw .empty }
        header = first.fields.map { $0.trimmingCharacters(in: .whitespaces) }
        records = Array(rows.dropFirst())
    }

    /// The index of the column named `name` (case and surrounding spaces
    /// ignored), if the header has it.
    public func column(_ name: String) -> Int? {
        let wanted = name.lowercased()
        return header.firstIndex { $0.lowercased() == wanted }
    }

    /// Whether the header names every one of `names`.
    public func hasColumns(_ names: [String]) -> Bool {
        names.allSatisfy { column($0) != nil }
    }

    /// The field of `record` in the column named `name`, trimmed; empty
    /// when there is no such column or the record is short.
    public func value(_ record: Record, _ name: String) -> String {
        guard let index = column(name), index < record.fields.count else { return "" }
        return record.fields[index].trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether `bytes` start with a header row naming every one of `names`
    /// (the first 8 KB are enough: a header is one line).
    public static func header(of bytes: [UInt8], names: [String]) -> Bool {
        let head = Array(bytes.prefix(8192))
        let line = head.prefix { $0 != 0x0A && $0 != 0x0D }
        guard let rows = try? parse(Array(line)), let first = rows.first else { return false }
        let columns = Set(first.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
        return names.allSatisfy { columns.contains($0.lowercased()) }
    }

    private static let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), cr: UInt8 = 0x0D, lf: UInt8 = 0x0A

    /// Every record, header included, blank lines left out.
    static func parse(_ bytes: [UInt8]) throws(Failure) -> [Record] {
        let utf8 = String(validating: bytes, as: UTF8.self) != nil
        func text(_ field: [UInt8]) -> String {
            utf8 ? String(decoding: field, as: UTF8.self) : String(bytes: field, encoding: .windowsCP1252) ?? String(decoding: field, as: UTF8.self)
        }
        var records: [Record] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 1, lineStart = index, recordLine = 1
        // Whether the record so far is only an empty line.
        var blank = true
        func endRecord() {
            fields.append(text(field))
            if !blank { records.append(Record(fields: fields, line: recordLine)) }
            fields = []
            field = []
            blank = true
        }
        func newline(at position: Int) -> Int {
            // CRLF is one break; a lone CR or LF is one too.
            let next = bytes[position] == cr && position + 1 < bytes.count && bytes[position + 1] == lf ? position + 2 : position + 1
            line += 1
            lineStart = next
            return next
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == quote && field.isEmpty {
                // A quoted field: to the quote that is not doubled.
                blank = false
                let openLine = line, openColumn = column(bytes, from: lineStart, to: index)
                index += 1
                var closed = false
                while index < bytes.count {
                    let inner = bytes[index]
                    if inner == quote {
                        if index + 1 < bytes.count && bytes[index + 1] == quote {
                            field.append(quote)
                            index += 2
                            continue
                        }
                        index += 1
                        closed = true
                        break
                    }
                    if inner == cr || inner == lf {
                        // A line break in a field is "\n", however the
                        // file breaks its lines.
                        index = newline(at: index)
                        field.append(lf)
                        continue
                    }
                    field.append(inner)
                    index += 1
                }
                guard closed else { throw .unclosedQuote(line: openLine, column: openColumn) }
                continue
            }
            switch byte {
            case comma:
                blank = false
                fields.append(text(field))
                field = []
                index += 1
            case cr, lf:
                index = newline(at: index)
                endRecord()
                recordLine = line
            default:
                blank = false
                field.append(byte)
                index += 1
            }
        }
        if !blank || !field.isEmpty { endRecord() }
        return records
    }

    /// The column (1-based, in characters) of byte `index` on the line
    /// starting at byte `start`.
    private static func column(_ bytes: [UInt8], from start: Int, to index: Int) -> Int {
        bytes[start..<index].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
    }
}
