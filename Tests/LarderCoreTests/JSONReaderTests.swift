import LarderCore
import Testing

struct JSONReaderTests {
    // MARK: Values and positions

    /// The same document with each kind of line break; CRLF counts as one.
    @Test(arguments: ["\n", "\r\n", "\r"])
    func positionsOfNestedValuesAndKeys(lineBreak: String) throws {
        let text = [
            "{",
            "\t\"title\": \"Crème brûlée\", \"x\": 1,",
            "  \"items\": [1, {\"n\": true}],",
            "  \"ü😀\": null",
            "}",
        ].joined(separator: lineBreak)
        let root = try JSONReader.parse(text)
        let object = try #require(root.object)

        #expect(root.position == SourcePosition(line: 1, column: 1))
        #expect(object.keys == ["title", "x", "items", "ü😀"])
        #expect(object.member("title")?.keyPosition == SourcePosition(line: 2, column: 2))
        #expect(root["title"] == JSONValue(.string("Crème brûlée"), at: SourcePosition(line: 2, column: 11)))
        #expect(object.member("x")?.keyPosition == SourcePosition(line: 2, column: 27))
        #expect(root["x"]?.position == SourcePosition(line: 2, column: 32))
        #expect(object.member("items")?.keyPosition == SourcePosition(line: 3, column: 3))

        let items = try #require(root["items"])
        #expect(items.position == SourcePosition(line: 3, column: 12))
        let elements = try #require(items.array)
        #expect(elements.map(\.position) == [SourcePosition(line: 3, column: 13), SourcePosition(line: 3, column: 16)])
        #expect(elements[1].object?.member("n")?.keyPosition == SourcePosition(line: 3, column: 17))
        #expect(elements[1]["n"] == JSONValue(.bool(true), at: SourcePosition(line: 3, column: 22)))

        #expect(object.member("ü😀")?.keyPosition == SourcePosition(line: 4, column: 3))
        #expect(root["ü😀"] == JSONValue(.null, at: SourcePosition(line: 4, column: 9)))
    }

    @Test func scalarValues() throws {
        let root = try JSONReader.parse(#"[true, false, null, 0, -0, 12.5e-1, 1E2, 12345678901234567890, 1e-400, ""]"#)
        let values = try #require(root.array).map(\.kind)
        #expect(
            values == [
                .bool(true), .bool(false), .null,
                .number(JSONNumber(literal: "0", value: 0)),
                .number(JSONNumber(literal: "-0", value: -0.0)),
                .number(JSONNumber(literal: "12.5e-1", value: 1.25)),
                .number(JSONNumber(literal: "1E2", value: 100)),
                .number(JSONNumber(literal: "12345678901234567890", value: 12_345_678_901_234_567_168)),
                .number(JSONNumber(literal: "1e-400", value: 0)),
                .string(""),
            ])
        #expect(root.array?[4].number?.value.sign == .minus)
    }

    @Test func escapes() throws {
        let value = try JSONReader.parse(#"["a\"b\\c\/d\b\f\n\r\t\u00e9\u0000\ud83d\ude00 plain tail"]"#)
        #expect(value.array?.first?.string == "a\"b\\c/d\u{8}\u{C}\n\r\té\u{0}😀 plain tail")
    }

    @Test func emptyContainersAndWhitespace() throws {
        let value = try JSONReader.parse(" \t[ [ ] ,\r\n{ } ] \n")
        #expect(
            value
                == JSONValue(
                    .array([
                        JSONValue(.array([]), at: SourcePosition(line: 1, column: 5)),
                        JSONValue(.object(JSONObject()), at: SourcePosition(line: 2, column: 1)),
                    ]), at: SourcePosition(line: 1, column: 3)))
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let value = try JSONReader.parse([0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8))
        #expect(value.position == SourcePosition(line: 1, column: 1))
        #expect(value.object?.member("a")?.keyPosition == SourcePosition(line: 1, column: 2))
    }

    @Test func byteOrderMarkAlone() {
        #expect(throws: JSONSyntaxError(.syntax, "unexpected end of file: expected a JSON value", at: .start)) {
            try JSONReader.parse([0xEF, 0xBB, 0xBF])
        }
    }

    @Test func allEntryPointsAgree() throws {
        let text = #"{"a": [1, "é"]}"#
        let bytes = Array(text.utf8)
        let fromBytes = try JSONReader.parse(bytes)
        #expect(try JSONReader.parse(text) == fromBytes)
        #expect(
            try bytes.withUnsafeBytes { buffer throws(JSONSyntaxError) in try JSONReader.parse(buffer) } == fromBytes)
    }

    @Test(arguments: ["", "plain", "a\"b\\c", "tab\tline\ncr\r", "\u{0}\u{1F}\u{7F}", "é😀\u{2028}"])
    func jsonLiteralReadsBack(text: String) throws {
        #expect(try JSONReader.parse(text.jsonLiteral).string == text)
    }

    // MARK: Duplicate keys

    @Test func duplicateKeyInSmallObject() {
        let text = "{\n  \"title\": \"a\",\n  \"title\": \"b\"\n}"
        #expect(
            throws: JSONSyntaxError(
                .duplicateKey, #"duplicate key "title" (first at line 2, column 3)"#,
                at: SourcePosition(line: 3, column: 3), hint: "remove one of them")
        ) { try JSONReader.parse(text) }
    }

    @Test func duplicateKeyInLargeObject() {
        let members = (0..<50).map { #""k\#($0)": \#($0)"# } + [#""k7": 0"#]
        let text = "{" + members.joined(separator: ",") + "}"
        let column = text.utf8.count - 7  // the last key's opening quote
        #expect(
            throws: JSONSyntaxError(
                .duplicateKey, #"duplicate key "k7" (first at line 1, column 58)"#,
                at: SourcePosition(line: 1, column: column), hint: "remove one of them")
        ) { try JSONReader.parse(text) }
    }

    @Test func keysMayRepeatInDifferentObjects() throws {
        let keys = (0..<20).map { #""k\#($0)": {"k\#($0)": 1, "a": 2}"# }
        let value = try JSONReader.parse("{" + keys.joined(separator: ",") + "}")
        #expect(value.object?.count == 20)
        #expect(value["k19"]?["k19"]?.number?.intValue == 1)
    }

    @Test func duplicateKeyMessageEscapesTheKey() {
        #expect(
            throws: JSONSyntaxError(
                .duplicateKey, #"duplicate key "a\"\n" (first at line 1, column 2)"#,
                at: SourcePosition(line: 1, column: 14), hint: "remove one of them")
        ) { try JSONReader.parse(#"{"a\"\n": 1, "a\"\n": 2}"#) }
    }

    // MARK: Depth

    @Test func nestingUpToTheLimitIsAccepted() throws {
        let depth = JSONReader.maximumDepth
        let value = try JSONReader.parse(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        #expect(value.array?.count == 1)
    }

    @Test(arguments: [JSONReader.maximumDepth + 1, 100_000])
    func nestingBeyondTheLimitIsRejected(depth: Int) {
        #expect(
            throws: JSONSyntaxError(
                .tooDeep, "arrays and objects are nested more than 512 levels deep",
                at: SourcePosition(line: 1, column: 513), hint: "flatten the data")
        ) { try JSONReader.parse(String(repeating: "[", count: depth)) }
    }

    @Test func deepObjectsAreRejectedAtTheOpeningBrace() {
        let text = String(repeating: #"{"a":"#, count: 600)
        #expect(
            throws: JSONSyntaxError(
                .tooDeep, "arrays and objects are nested more than 512 levels deep",
                at: SourcePosition(line: 1, column: 512 * 5 + 1), hint: "flatten the data")
        ) { try JSONReader.parse(text) }
    }

    // MARK: Large input

    /// A 1 MB single line: columns must be counted in linear time.
    @Test func longSingleLine() throws {
        let count = 100_000
        let text = "[" + String(repeating: #""abé", 1, "#, count: count) + "null]"
        #expect(text.utf8.count > 1_000_000)
        let elements = try #require(try JSONReader.parse(text).array)
        #expect(elements.count == 2 * count + 1)
        #expect(elements[2 * 500].position == SourcePosition(line: 1, column: 2 + 10 * 500))
        #expect(elements[2 * count - 1].position == SourcePosition(line: 1, column: 9 + 10 * (count - 1)))
        #expect(elements.last == JSONValue(.null, at: SourcePosition(line: 1, column: 2 + 10 * count)))
    }

    @Test func longString() throws {
        let long = String(repeating: "é", count: 600_000)
        let value = try JSONReader.parse(#"[""# + long + #"", 1]"#)
        #expect(value.array?.first?.string == long)
        #expect(value.array?.last?.position == SourcePosition(line: 1, column: long.unicodeScalars.count + 6))
    }

    // MARK: Errors

    @Test(arguments: ErrorCase.all)
    func error(_ example: ErrorCase) {
        #expect(throws: example.expected) { try JSONReader.parse(example.input) }
    }
}

/// A bad input and the whole error it must produce.
struct ErrorCase: Sendable, CustomTestStringConvertible {
    let input: [UInt8]
    let expected: JSONSyntaxError

    init(
        _ text: String, _ message: String, _ line: Int, _ column: Int, hint: String? = nil,
        reason: JSONSyntaxError.Reason = .syntax
    ) {
        self.init(bytes: Array(text.utf8), message, line, column, hint: hint, reason: reason)
    }

    init(
        bytes: [UInt8], _ message: String, _ line: Int, _ column: Int, hint: String? = nil,
        reason: JSONSyntaxError.Reason = .syntax
    ) {
        input = bytes
        expected = JSONSyntaxError(reason, message, at: SourcePosition(line: line, column: column), hint: hint)
    }

    var testDescription: String { String(decoding: input, as: UTF8.self).debugDescription }

    static let escapes = #"valid escapes are \" \\ \/ \b \f \n \r \t and \uXXXX"#

    static let all: [ErrorCase] = [
        // Structure
        ErrorCase(
            "{\n  \"a\": 1\n  \"b\": 2\n}", "expected ',' or '}' after an object member, found '\"'", 3, 3,
            hint: "add a comma between members"),
        ErrorCase(
            "{\r\n  \"a\": 1\r\n  \"b\": 2\r\n}", "expected ',' or '}' after an object member, found '\"'", 3, 3,
            hint: "add a comma between members"),
        ErrorCase(
            #"{"crème": 1 "x": 2}"#, "expected ',' or '}' after an object member, found '\"'", 1, 13,
            hint: "add a comma between members"),
        ErrorCase(
            "[1 2]", "expected ',' or ']' after an array element, found '2'", 1, 4,
            hint: "add a comma between elements"),
        ErrorCase(
            #"{"a": [1, 2}"#, "expected ',' or ']' after an array element, found '}'", 1, 12,
            hint: "the array opened at line 1, column 7 must be closed with ']'"),
        ErrorCase("[1, 2,]", "trailing comma before ']'", 1, 6, hint: "remove the comma"),
        ErrorCase("[\n  1,\n]", "trailing comma before ']'", 2, 4, hint: "remove the comma"),
        ErrorCase("{\"a\": 1,\n}", "trailing comma before '}'", 1, 8, hint: "remove the comma"),
        ErrorCase("[1,,2]", "expected a value, found ','", 1, 4),
        ErrorCase(
            "[\n  1,\n    {\"b\": 1\n", "unexpected end of file: the object opened at line 3, column 5 is not closed",
            4, 1, hint: "add the missing '}'"),
        ErrorCase(
            "[1, 2", "unexpected end of file: the array opened at line 1, column 1 is not closed", 1, 6,
            hint: "add the missing ']'"),
        ErrorCase("", "unexpected end of file: expected a JSON value", 1, 1),
        ErrorCase(" \n ", "unexpected end of file: expected a JSON value", 2, 2),
        ErrorCase(#"{"a": 1} x"#, "unexpected text after the JSON value", 1, 10),
        ErrorCase("{} {}", "unexpected text after the JSON value", 1, 4),
        ErrorCase(
            #"{"a" 1}"#, #"expected ':' after the key "a", found '1'"#, 1, 6,
            hint: "write ':' between a key and its value"),
        ErrorCase(
            #"{"a"= 1}"#, #"expected ':' after the key "a", found '='"#, 1, 5,
            hint: "write ':' between a key and its value"),
        ErrorCase(#"{"a": }"#, "expected a value after ':', found '}'", 1, 7),
        ErrorCase("{a: 1}", "expected a string key in double quotes, found 'a'", 1, 2, hint: #"write "a""#),
        ErrorCase(
            "{]", "expected a string key or '}', found ']'", 1, 2,
            hint: "the object opened at line 1, column 1 must be closed with '}'"),
        ErrorCase(
            #"{"a": 1, ]"#, "expected a string key after ',', found ']'", 1, 10,
            hint: "the object opened at line 1, column 1 must be closed with '}'"),
        ErrorCase(
            "[}", "expected a value, found '}'", 1, 2,
            hint: "the array opened at line 1, column 1 must be closed with ']'"),
        ErrorCase("*", "expected a JSON value, found '*'", 1, 1),

        // Things borrowed from JavaScript and friends
        ErrorCase("{\"a\": 1 // note\n}", "comments are not allowed in JSON", 1, 9, hint: "remove the comment"),
        ErrorCase("/* x */ {}", "comments are not allowed in JSON", 1, 1, hint: "remove the comment"),
        ErrorCase("{'a': 1}", "single quotes are not allowed; use \"", 1, 2),
        ErrorCase("[NaN]", "NaN/Infinity are not JSON", 1, 2, hint: "use null, or write the value as a string"),
        ErrorCase("[-Infinity]", "NaN/Infinity are not JSON", 1, 2, hint: "use null, or write the value as a string"),
        ErrorCase("[True]", "unexpected word 'True'", 1, 2, hint: "did you mean true?"),
        ErrorCase("[nul]", "unexpected word 'nul'", 1, 2, hint: "did you mean null?"),
        ErrorCase("[undefined]", "unexpected word 'undefined'", 1, 2, hint: "did you mean null?"),
        ErrorCase("[flour]", "unexpected word 'flour'", 1, 2, hint: #"put text in double quotes: "flour""#),
        ErrorCase("{“a”: 1}", "expected a string key or '}', found '“'", 1, 2, hint: "use straight double quotes (\")"),
        ErrorCase(
            "[1,\u{A0}2]", "expected a value, found U+00A0", 1, 4,
            hint: "only spaces, tabs and line breaks may separate JSON tokens"),

        // Numbers
        ErrorCase("[01]", "invalid number '01': leading zeros are not allowed", 1, 2),
        ErrorCase("[-]", "invalid number '-': expected a digit after '-'", 1, 2),
        ErrorCase("[1.]", "invalid number '1.': expected a digit after '.'", 1, 2),
        ErrorCase("[1e+]", "invalid number '1e+': expected a digit in the exponent", 1, 2),
        ErrorCase(
            "[.5]", "invalid number '.5': a number cannot start with '.'", 1, 2, hint: "write a 0 before the '.'"),
        ErrorCase("[+1]", "invalid number '+1': a leading '+' is not allowed", 1, 2, hint: "remove the '+'"),
        ErrorCase("[0x1F]", "invalid number '0x1F': hexadecimal numbers are not allowed", 1, 2),
        ErrorCase("[1.2.3]", "invalid number '1.2.3'", 1, 2),
        ErrorCase(
            "[1e400]", "number '1e400' is out of range", 1, 2,
            hint: "the largest magnitude a number can have is about 1.8e308"),
        ErrorCase(
            "[-" + String(repeating: "9", count: 400) + "]",
            "number '-" + String(repeating: "9", count: 39) + "…' is out of range", 1, 2,
            hint: "the largest magnitude a number can have is about 1.8e308"),

        // Strings
        ErrorCase(#"["abc"#, "unterminated string", 1, 2, hint: "add the closing '\"'"),
        ErrorCase(#"["abc\"#, "unterminated string", 1, 2, hint: "add the closing '\"'"),
        ErrorCase("[\"a\nb\"]", "the string is not closed before the end of the line", 1, 4, hint: #"add the closing " (write \n for a line break inside a string)"#),
        ErrorCase("[\"é\tb\"]", "control character U+0009 must be escaped in a string", 1, 4, hint: #"write \t"#),
        ErrorCase("[\"\u{1}\"]", "control character U+0001 must be escaped in a string", 1, 3, hint: #"write \u0001"#),
        ErrorCase(#"["\x"]"#, #"invalid escape '\x'"#, 1, 3, hint: escapes),
        ErrorCase(#"["\'"]"#, #"invalid escape '\''"#, 1, 3, hint: "a single quote needs no escape: write '"),
        ErrorCase("[\"\\\t\"]", #"invalid escape: '\' followed by U+0009"#, 1, 3, hint: escapes),
        ErrorCase(#"["a\u00"]"#, #"invalid escape '\u00': \u needs four hex digits"#, 1, 4),
        ErrorCase(
            #"["\uD800"]"#, #"invalid escape '\uD800': a lone surrogate is not a character"#, 1, 3,
            hint: #"a high surrogate \uD800-\uDBFF must be followed by a low surrogate \uDC00-\uDFFF"#),
        ErrorCase(
            #"["\uDC00\uD800"]"#, #"invalid escape '\uDC00': a lone surrogate is not a character"#, 1, 3,
            hint: #"a high surrogate \uD800-\uDBFF must be followed by a low surrogate \uDC00-\uDFFF"#),

        // Encoding
        ErrorCase(
            bytes: Array(#"["caf"#.utf8) + [0xE9] + Array(#""]"#.utf8),
            "invalid UTF-8 sequence starting with byte 0xE9", 1, 6, hint: "save the file as UTF-8", reason: .invalidUTF8
        ),
        ErrorCase(
            bytes: [0x5B, 0xFF, 0x5D], "invalid UTF-8 byte 0xFF", 1, 2, hint: "save the file as UTF-8",
            reason: .invalidUTF8),
        ErrorCase(
            bytes: Array(#"{"a": 1, "#.utf8) + [0xC0, 0xAF], "invalid UTF-8 byte 0xC0", 1, 10,
            hint: "save the file as UTF-8", reason: .invalidUTF8),
        ErrorCase(
            bytes: [0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00], "the file is UTF-16, not UTF-8", 1, 1,
            hint: "save the file as UTF-8", reason: .invalidUTF8),
        ErrorCase(
            bytes: [0x00, 0x5B, 0x00, 0x5D], "the file is UTF-16, not UTF-8", 1, 1,
            hint: "save the file as UTF-8", reason: .invalidUTF8),
    ]
}
