import LarderCore

/// `config/aisle.conf`, the `cook` CLI's aisle file: `[category]` lines,
/// each followed by the items found in that aisle, one a line, synonyms
/// separated by `|` (`spring onion|scallion|green onion`: one food, called by
/// its first name). `//` starts a comment.
///
/// Read leniently, as `cook` reads it: a problem is a diagnostic with
/// line:column and the rest of the file is still read.
public struct AisleConf: Sendable, Hashable {
    public struct Category: Sendable, Hashable {
        /// As written between the brackets.
        public var name: String
        public var position: SourcePosition
        public var items: [Item]

        public init(name: String, position: SourcePosition, items: [Item] = []) {
            self.name = name
            self.position = position
            self.items = items
        }
    }

    /// One food: its names, the common one first.
    public struct Item: Sendable, Hashable {
        public var names: [String]
        public var position: SourcePosition

        public init(names: [String], position: SourcePosition) {
            self.names = names
            self.position = position
        }
    }

    /// In file order; a category written twice is one, at its first place.
    public var categories: [Category] = []
    public var diagnostics: [Diagnostic] = []

    public init(categories: [Category] = [], diagnostics: [Diagnostic] = []) {
        self.categories = categories
        self.diagnostics = diagnostics
    }

    /// Reads the text of an aisle file found at `path` (for diagnostics).
    public static func parse(_ text: String, path: String) -> AisleConf {
        var conf = AisleConf()
        var current: Int?
        var categoryIndex: [String: Int] = [:]
        var firstPlace: [String: (name: String, line: Int)] = [:]
        func report(_ code: String, _ message: String, _ line: Int, _ column: Int, hint: String, error: Bool = false) {
            let at = SourceLocation(path: path, line: line, column: column)
            conf.diagnostics.append(error ? .error(code, message, at: at, hint: hint) : .warning(code, message, at: at, hint: hint))
        }
        for (offset, raw) in ConfigLines.lines(text).enumerated() {
            let line = offset + 1
            let content = ConfigLines.trimmed(ConfigLines.beforeComment(raw))
            guard !content.text.isEmpty else { continue }
            let column = content.column
            if content.text.first == "[" {
                guard content.text.last == "]", content.text.count >= 2 else {
                    report(
                        "aisle-bad-category", "the category heading \"\(content.text)\" is not closed", line, column,
                        hint: "write the category in brackets on a line of its own, such as [produce]", error: true)
                    current = nil
                    continue
                }
                let inner = content.text.dropFirst().dropLast()
                let name = String(inner).trimmingSpaces
                if name.isEmpty || name.contains("|") {
                    report(
                        "aisle-bad-category",
                        name.isEmpty ? "the category has no name" : "the category name \"\(name)\" has a |", line, column,
                        hint: "name the aisle between the brackets, such as [produce]; | separates the names of an item",
                        error: true)
                    current = nil
                    continue
                }
                let key = name.lowercased()
                if let index = categoryIndex[key] {
                    report(
                        "aisle-duplicate-category",
                        "the category \"\(name)\" is already on line \(conf.categories[index].position.line)", line, column,
                        hint: "keep one [\(name)] heading; the items under this one are added to the first")
                    current = index
                    continue
                }
                categoryIndex[key] = conf.categories.count
                current = conf.categories.count
                conf.categories.append(Category(name: name, position: SourcePosition(line: line, column: column)))
                continue
            }
            guard let index = current else {
                report(
                    "aisle-no-category", "\"\(content.text)\" comes before any [category] and is ignored", line, column,
                    hint: "put a category heading such as [produce] above the items of that aisle")
                continue
            }
            var names: [String] = []
            var nameColumn = column
            for part in content.text.split(separator: "|", omittingEmptySubsequences: false) {
                defer { nameColumn += part.unicodeScalars.count + 1 }
                let name = String(part).trimmingSpaces
                guard !name.isEmpty else { continue }
                let at = nameColumn + (part.unicodeScalars.count - String(part).drop(while: { $0 == " " || $0 == "\t" }).unicodeScalars.count)
                let key = name.lowercased()
                if let first = firstPlace[key] {
                    report(
                        "aisle-duplicate-item",
                        "\"\(name)\" is already an item in [\(first.name)] (line \(first.line)); the first one counts",
                        line, at, hint: "keep each name under one category, once")
                    continue
                }
                firstPlace[key] = (conf.categories[index].name, line)
                names.append(name)
            }
            if !names.isEmpty {
                conf.categories[index].items.append(Item(names: names, position: SourcePosition(line: line, column: column)))
            }
        }
        return conf
    }
}

/// Lines of aisle.conf: split on any line ending, comments cut, columns
/// counted in Unicode scalars from 1 as every other diagnostic counts them.
enum ConfigLines {
    static func lines(_ text: String) -> [Substring] {
        var text = Substring(text)
        if text.unicodeScalars.first == "\u{FEFF}" { text = text.dropFirst() }
        return text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
    }

    /// The line up to `//`.
    static func beforeComment(_ line: Substring) -> Substring {
        var previous: Character?
        for index in line.indices {
            if previous == "/", line[index] == "/" { return line[..<line.index(before: index)] }
            previous = line[index]
        }
        return line
    }

    /// The line without white space around it, and the column it starts at.
    static func trimmed(_ line: Substring) -> (text: Substring, column: Int) {
        let start = line.firstIndex { $0 != " " && $0 != "\t" } ?? line.endIndex
        let end = line[start...].lastIndex { $0 != " " && $0 != "\t" }.map { line.index(after: $0) } ?? start
        return (line[start..<end], line.unicodeScalars.distance(from: line.startIndex, to: start) + 1)
    }
}

extension StringProtocol {
    /// Without spaces and tabs around it.
    var trimmingSpaces: String { String(ConfigLines.trimmed(Substring(self)).text) }
}
