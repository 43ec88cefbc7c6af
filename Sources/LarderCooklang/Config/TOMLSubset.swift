import LarderCore

/// The part of TOML that `pantry.conf` files use, with the line:column of
/// every key and value: `[table]` headers, `key = value` lines with bare or
/// quoted keys, basic and literal strings, inline tables and arrays (over
/// several lines too), comments. Numbers, booleans and dates are read as
/// other values (the pantry has no use for them, and says so).
///
/// Not a general TOML reader: no dotted keys, arrays of tables or
/// multi-line strings; each is a diagnostic pointing at it. A line with a
/// problem is skipped and the next one is read, so one typo does not hide
/// the rest of the pantry. (TOMLKit, the Swift TOML package this machine
/// has, wraps the C++ toml++, adds minutes to a clean build and gives no
/// position for a value, only for a syntax error.)
struct TOMLSubset {
    struct Value: Sendable, Hashable {
        enum Kind: Sendable, Hashable {
            case string(String)
            case table([Member])
            case array([Value])
            /// A number, boolean or date, as written.
            case other(String)
        }

        var kind: Kind
        /// Of the first character of the value (inside the quotes for a
        /// string, so that an offset into the text is a column away).
        var position: SourcePosition

        var string: String? {
            if case .string(let text) = kind { text } else { nil }
        }
    }

    struct Member: Sendable, Hashable {
        var key: String
        var keyPosition: SourcePosition
        var value: Value
    }

    /// One `key = value` line, in the table above it (nil: top level).
    struct Entry: Sendable, Hashable {
        var table: String?
        var key: String
        var keyPosition: SourcePosition
        var value: Value
    }

    var entries: [Entry] = []
    var diagnostics: [Diagnostic] = []

    struct Problem: Error {
        var message: String
        var position: SourcePosition
        var hint: String
    }

    static func parse(_ text: String, path: String) -> TOMLSubset {
        var scanner = Scanner(text)
        var document = TOMLSubset()
        var table: String?
        var seenKeys = Set<[String]>()
        var seenTables: [String: Int] = [:]
        while true {
            scanner.skipBlank(newlines: true)
            guard let scalar = scanner.peek else { break }
            do throws(Problem) {
                if scalar == "[" {
                    let start = scanner.position
                    scanner.advance()
                    if scanner.peek == "[" {
                        throw Problem(
                            message: "arrays of tables ([[…]]) are not read in pantry.conf", position: start,
                            hint: "write a table per place, such as [fridge], with an item per line")
                    }
                    scanner.skipBlank(newlines: false)
                    let (name, _) = try scanner.key()
                    scanner.skipBlank(newlines: false)
                    guard scanner.peek == "]" else {
                        throw Problem(message: "the table heading is not closed", position: scanner.position, hint: "write it as [\(name)]")
                    }
                    scanner.advance()
                    try scanner.endOfLine()
                    if let line = seenTables[name] {
                        document.diagnostics.append(.error(
                            "pantry-syntax", "the table [\(name)] is already on line \(line)",
                            at: SourceLocation(path: path, position: start), hint: "keep one [\(name)] heading, with all its items under it"))
                    } else {
                        seenTables[name] = start.line
                    }
                    table = name
                    continue
                }
                let (key, keyPosition) = try scanner.key()
                scanner.skipBlank(newlines: false)
                guard scanner.peek == "=" else {
                    throw Problem(
                        message: scanner.peek == "." ? "dotted keys are not read in pantry.conf" : "expected = after \"\(key)\"",
                        position: scanner.position, hint: "write an item as name = \"500%g\"; quote a name with spaces or dots: \"olive oil\" = \"1%l\"")
                }
                scanner.advance()
                scanner.skipBlank(newlines: false)
                let value = try scanner.value()
                try scanner.endOfLine()
                guard seenKeys.insert([table ?? "", key]).inserted else {
                    document.diagnostics.append(.error(
                        "pantry-syntax", "\"\(key)\" is already in \(table.map { "[\($0)]" } ?? "the top level"); the first one counts",
                        at: SourceLocation(path: path, position: keyPosition), hint: "keep one line per item"))
                    continue
                }
                document.entries.append(Entry(table: table, key: key, keyPosition: keyPosition, value: value))
            } catch {
                document.diagnostics.append(.error(
                    "pantry-syntax", error.message, at: SourceLocation(path: path, position: error.position), hint: error.hint))
                scanner.skipLine()
            }
        }
        return document
    }

    /// A cursor over the text's scalars that knows its line and column.
    struct Scanner {
        private let scalars: [Unicode.Scalar]
        private var index = 0
        private(set) var position = SourcePosition.start

        init(_ text: String) {
            var scalars = Array(text.unicodeScalars)
            if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
            self.scalars = scalars
        }

        var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        mutating func advance() {
            guard let scalar = peek else { return }
            index += 1
            if scalar == "\n" {
                position = SourcePosition(line: position.line + 1, column: 1)
            } else if scalar == "\r", peek != "\n" {
                position = SourcePosition(line: position.line + 1, column: 1)
            } else if scalar != "\r" {
                position.column += 1
            }
        }

        static func isNewline(_ scalar: Unicode.Scalar) -> Bool { scalar == "\n" || scalar == "\r" }

        /// Spaces, tabs and comments; line ends too when `newlines`.
        mutating func skipBlank(newlines: Bool) {
            while let scalar = peek {
                if scalar == " " || scalar == "\t" || (newlines && Self.isNewline(scalar)) {
                    advance()
                } else if scalar == "#" {
                    while let next = peek, !Self.isNewline(next) { advance() }
                } else {
                    return
                }
            }
        }

        mutating func skipLine() {
            while let scalar = peek, !Self.isNewline(scalar) { advance() }
        }

        /// Nothing but a comment may follow a value or heading on its line.
        mutating func endOfLine() throws(Problem) {
            skipBlank(newlines: false)
            guard let scalar = peek, !Self.isNewline(scalar) else { return }
            throw Problem(
                message: "unexpected \"\(scalar)\" after the value", position: position,
                hint: "put one item on a line; a comment starts with #")
        }

        /// A bare key (letters, digits, `_`, `-`) or a quoted one.
        mutating func key() throws(Problem) -> (String, SourcePosition) {
            let start = position
            if peek == "\"" || peek == "'" {
                let (text, _) = try string()
                return (text, start)
            }
            var key = ""
            while let scalar = peek, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-" {
                key.unicodeScalars.append(scalar)
                advance()
            }
            guard !key.isEmpty else {
                throw Problem(
                    message: peek.map { "expected a name, not \"\($0)\"" } ?? "expected a name", position: start,
                    hint: "write an item as name = \"500%g\"; quote a name with spaces: \"olive oil\" = \"1%l\"")
            }
            return (key, start)
        }

        mutating func value() throws(Problem) -> Value {
            let start = position
            switch peek {
            case "\"", "'":
                let (text, inside) = try string()
                return Value(kind: .string(text), position: inside)
            case "{":
                advance()
                var members: [Member] = []
                skipBlank(newlines: true)
                if peek == "}" {
                    advance()
                    return Value(kind: .table([]), position: start)
                }
                while true {
                    skipBlank(newlines: true)
                    let (key, keyPosition) = try self.key()
                    skipBlank(newlines: false)
                    guard peek == "=" else { throw Problem(message: "expected = after \"\(key)\"", position: position, hint: "write { quantity = \"1%kg\" }") }
                    advance()
                    skipBlank(newlines: false)
                    let value = try self.value()
                    if members.contains(where: { $0.key == key }) {
                        throw Problem(message: "\"\(key)\" is given twice", position: keyPosition, hint: "keep one of them")
                    }
                    members.append(Member(key: key, keyPosition: keyPosition, value: value))
                    skipBlank(newlines: true)
                    if peek == "," {
                        advance()
                        continue
                    }
                    if peek == "}" {
                        advance()
                        return Value(kind: .table(members), position: start)
                    }
                    throw Problem(message: "expected , or } in the table", position: position, hint: "separate the fields with commas and close the table with }")
                }
            case "[":
                advance()
                var elements: [Value] = []
                while true {
                    skipBlank(newlines: true)
                    if peek == "]" {
                        advance()
                        return Value(kind: .array(elements), position: start)
                    }
                    elements.append(try value())
                    skipBlank(newlines: true)
                    if peek == "," {
                        advance()
                    } else if peek != "]" {
                        throw Problem(message: "expected , or ] in the list", position: position, hint: "separate the items with commas and close the list with ]")
                    }
                }
            default:
                var text = ""
                while let scalar = peek, !Self.isNewline(scalar), !" \t,]}#".unicodeScalars.contains(scalar) {
                    text.unicodeScalars.append(scalar)
                    advance()
                }
                guard !text.isEmpty else {
                    throw Problem(message: "a value is missing", position: start, hint: "give the amount in quotes, such as \"500%g\"")
                }
                return Value(kind: .other(text), position: start)
            }
        }

        /// A basic ("…", with escapes) or literal ('…') string on one line;
        /// its text and where the text starts.
        mutating func string() throws(Problem) -> (String, SourcePosition) {
            let start = position
            guard let quote = peek else { throw Problem(message: "expected a string", position: start, hint: "") }
            advance()
            if peek == quote {
                advance()
                if peek == quote {
                    throw Problem(
                        message: "multi-line strings are not read in pantry.conf", position: start,
                        hint: "write the value on one line in \"quotes\"")
                }
                return ("", position)
            }
            let inside = position
            var text = ""
            while let scalar = peek {
                if Self.isNewline(scalar) { break }
                advance()
                if scalar == quote { return (text, inside) }
                if quote == "\"", scalar == "\\" {
                    text.unicodeScalars.append(try escape())
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
            throw Problem(message: "the string is not closed", position: start, hint: "close it with \(quote) on the same line")
        }

        private mutating func escape() throws(Problem) -> Unicode.Scalar {
            let start = position
            guard let scalar = peek else { throw Problem(message: "the string is not closed", position: start, hint: "close it with \"") }
            advance()
            switch scalar {
            case "\"": return "\""
            case "\\": return "\\"
            case "n": return "\n"
            case "t": return "\t"
            case "r": return "\r"
            case "b": return "\u{8}"
            case "f": return "\u{C}"
            case "u", "U":
                var hex = ""
                for _ in 0..<(scalar == "u" ? 4 : 8) {
                    guard let digit = peek, digit.properties.isASCIIHexDigit else { break }
                    hex.unicodeScalars.append(digit)
                    advance()
                }
                if hex.count == (scalar == "u" ? 4 : 8), let value = UInt32(hex, radix: 16), let result = Unicode.Scalar(value) {
                    return result
                }
                fallthrough
            default:
                throw Problem(
                    message: "unknown escape \\\(scalar) in the string", position: SourcePosition(line: start.line, column: start.column - 1),
                    hint: "write \\\\ for a backslash, or use 'single quotes', which take the text as it is")
            }
        }
    }
}
