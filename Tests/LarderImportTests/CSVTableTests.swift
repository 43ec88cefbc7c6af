import Foundation
@testable import LarderImport
import Testing

/// The RFC 4180 reader the CSV exports are read with.
struct CSVTableTests {
    static func rows(_ text: String) throws -> [[String]] {
        try CSVTable.parse(Array(text.utf8)).map(\.fields)
    }

    @Test("quoted fields hold commas, line breaks and doubled quotes")
    func quotedFields() throws {
        #expect(try Self.rows("a,b\n\"1, 2\",\"say \"\"hi\"\"\nthen go\"\n") == [["a", "b"], ["1, 2", "say \"hi\"\nthen go"]])
    }

    @Test("CRLF, LF and CR all end a record; a break inside a field reads as \\n")
    func lineBreaks() throws {
        #expect(try Self.rows("a,b\r\n1,\"x\r\ny\"\r\n2,z\r3,w") == [["a", "b"], ["1", "x\ny"], ["2", "z"], ["3", "w"]])
    }

    @Test("a byte order mark is skipped, a trailing empty column kept, blank lines left out")
    func bomTrailingColumnBlankLines() throws {
        let table = try CSVTable(bytes: [0xEF, 0xBB, 0xBF] + Array("title,notes,\n\nSoup,,\n\n".utf8))
        #expect(table.header == ["title", "notes", ""])
        #expect(table.records == [CSVTable.Record(fields: ["Soup", "", ""], line: 3)])
        #expect(table.column("TITLE") == 0)
    }

    @Test("a record's line is where it starts, after fields with line breaks")
    func recordLines() throws {
        let table = try CSVTable(bytes: Array("t,i\n\"A\",\"1\n2\n3\"\nB,4\n".utf8))
        #expect(table.records.map(\.line) == [2, 5])
        #expect(table.value(table.records[1], "i") == "4")
        // A short record has empty fields for the missing columns.
        #expect(table.value(CSVTable.Record(fields: ["C"], line: 6), "i") == "")
    }

    @Test("leading spaces are kept; a quote inside an unquoted field, or after a closing one, is text")
    func lenient() throws {
        #expect(try Self.rows("  a ,9\" pan,\"x\"y") == [["  a ", "9\" pan", "xy"]])
    }

    @Test("an unclosed quote is an error at its line and column")
    func unclosedQuote() throws {
        #expect(throws: CSVTable.Failure.unclosedQuote(line: 3, column: 4)) {
            try CSVTable(bytes: Array("a,b\n1,2\néé,\"never closed\n4,5\n".utf8))
        }
        #expect(throws: CSVTable.Failure.empty) { try CSVTable(bytes: Array("\n\n".utf8)) }
    }

    @Test("text that is not UTF-8 is read as Windows-1252")
    func windows1252() throws {
        // "Crème brûlée,5 €" as a spreadsheet program on Windows saves it.
        let bytes: [UInt8] = Array("t,p\nCr".utf8) + [0xE8] + Array("me br".utf8) + [0xFB] + Array("l".utf8) + [0xE9, 0x65]
            + Array(",5 ".utf8) + [0x80]
        #expect(try CSVTable.parse(bytes).map(\.fields) == [["t", "p"], ["Crème brûlée", "5 €"]])
    }

    @Test("a header is recognised from the first line alone")
    func header() {
        let bytes = Array("Title,Ingredients,\"Directions\"\n\"unclosed".utf8)
        #expect(CSVTable.header(of: bytes, names: ["title", "directions"]))
        #expect(!CSVTable.header(of: bytes, names: ["title", "servings"]))
    }
}
