import LarderCore
import Yams

/// The YAML block between `---` lines at the top of a Markdown file, read into
/// a positioned `JSONValue` so it is validated with the same JSON Schemas as
/// the JSON files, and the body that follows it.
struct FrontMatter {
    /// The fields (an empty object when the block is empty); nil when the
    /// YAML could not be read, and the diagnostics say why.
    var fields: JSONValue?
    /// The Markdown after the closing `---`.
    var body: Substring
    /// The file line on which `body` starts (1-based).
    var bodyStartLine: Int

    /// YAML nodes one front matter may expand to; far more than any real
    /// recipe needs, and small enough that an alias bomb stops quickly.
    static let maximumNodes = Limits.maximumYAMLNodes

    /// Splits and reads `text` (a whole file without BOM). Problems are
    /// reported at their position in the file, not in the YAML block.
    /// `plainFastPath: false` always reads with Yams (tests compare the two).
    static func read(_ text: Substring, path: String, plainFastPath: Bool = true) -> (FrontMatter?, [Diagnostic]) {
        var lines = LineCursor(text)
        guard let first = lines.next(), isFence(first.text, closing: false) else {
            return (nil, [.error(
                "missing-front-matter", "a Markdown file must start with front matter",
                at: SourceLocation(path: path, line: 1, column: 1),
                hint: "start the file with a line '---', the fields (title: …), and another '---'"
            )])
        }
        let yamlStart = first.end
        var yamlEnd: Substring.Index?
        var bodyStart = text.endIndex
        var closingLine = 0
        while let line = lines.next() {
            if isFence(line.text, closing: true) {
                yamlEnd = line.text.startIndex
                bodyStart = line.end
                closingLine = line.number
                break
            }
        }
        guard let yamlEnd else {
            return (nil, [.error(
                "unclosed-front-matter", "the front matter opened here is never closed",
                at: SourceLocation(path: path, line: 1, column: 1),
                hint: "add a line '---' after the last field"
            )])
        }
        let yaml = String(text[yamlStart..<yamlEnd])
        let body = text[bodyStart...]
        let (fields, problems) = fields(yaml, path: path, firstLine: 2, plainFastPath: plainFastPath)
        return (FrontMatter(fields: fields, body: body, bodyStartLine: closingLine + 1), problems)
    }

    /// The YAML of a front matter whose first line is line `firstLine` of
    /// the file, read into a positioned value (an empty object when it holds
    /// nothing); nil when it could not be read, and the diagnostics say why.
    /// Also for a Cooklang file's front matter.
    static func fields(
        _ yaml: String, path: String, firstLine: Int, plainFastPath: Bool = true
    ) -> (JSONValue?, [Diagnostic]) {
        if plainFastPath, let fields = PlainYAML.read(yaml, lineOffset: firstLine - 1) {
            return (fields, [])
        }
        var reader = YAMLConverter(path: path, lineOffset: firstLine - 1)
        let empty = JSONValue(.object(JSONObject()), at: SourcePosition(line: firstLine, column: 1))
        return (reader.convertDocument(yaml) ?? (reader.diagnostics.isEmpty ? empty : nil), reader.diagnostics)
    }

    private static func isFence(_ line: Substring, closing: Bool) -> Bool {
        var trimmed = line
        while let last = trimmed.last, last == " " || last == "\t" { trimmed.removeLast() }
        return trimmed == "---" || (closing && trimmed == "...")
    }
}

/// Lines of a text with their numbers and where the next line starts; treats
/// `\n`, `\r\n` and a lone `\r` as line ends, as the other readers do.
struct LineCursor {
    struct Line {
        var text: Substring
        var number: Int
        /// Index just after the line's terminator.
        var end: Substring.Index
    }

    private let base: Substring
    private var index: Substring.Index
    private var number = 0

    init(_ text: Substring) {
        base = text
        index = text.startIndex
    }

    mutating func next() -> Line? {
        guard index < base.endIndex else { return nil }
        // On UTF-8 bytes: `\n` and `\r` never occur inside a multibyte
        // character, so every index found is a character boundary, and no
        // Unicode scalar is decoded.
        let bytes = base.utf8
        var cursor = index
        while cursor < bytes.endIndex {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { break }
            bytes.formIndex(after: &cursor)
        }
        let text = base[index..<cursor]
        if cursor < bytes.endIndex {
            let wasCR = bytes[cursor] == UInt8(ascii: "\r")
            bytes.formIndex(after: &cursor)
            if wasCR, cursor < bytes.endIndex, bytes[cursor] == UInt8(ascii: "\n") {
                bytes.formIndex(after: &cursor)
            }
        }
        index = cursor
        number += 1
        return Line(text: text, number: number, end: cursor)
    }
}

/// Yams nodes to positioned JSON values, with JSON's types: only plain `true`
/// and `false` are booleans (not YAML 1.1's yes/no/on/off), only JSON-shaped
/// numbers are numbers, dates stay strings.
private struct YAMLConverter {
    let path: String
    let lineOffset: Int
    var diagnostics: [Diagnostic] = []
    private var nodeBudget = FrontMatter.maximumNodes
    /// Sequences and mappings open around the node being converted.
    private var depth = 0
    private var stopped = false

    init(path: String, lineOffset: Int) {
        self.path = path
        self.lineOffset = lineOffset
    }

    mutating func convertDocument(_ yaml: String) -> JSONValue? {
        // Yams resolves each alias to the anchored node and hashes whole
        // mapping keys to find duplicates: an alias bomb used as a key
        // ("*h: x") takes exponential time inside compose. Refused first.
        if let alias = Self.aliasInKey(yaml) {
            fail(
                "yaml-anchor", "YAML anchors and aliases are not supported in front matter",
                at: SourcePosition(line: alias.line + lineOffset, column: alias.column),
                hint: "write the value out where it is used"
            )
            return nil
        }
        let root: Node?
        // The parser is kept until the tree is converted: nodes hold their
        // anchors weakly, and only the parser keeps them alive. Without it an
        // alias would read as a plain copy of the value it names.
        let parser: Parser
        do {
            // The encoding is given: Yams' default reads the environment on every call.
            parser = try Parser(yaml: yaml, resolver: .basic, constructor: .default, encoding: .utf8)
            root = try parser.singleRoot()
        } catch let error as YamlError {
            report(error, yaml: yaml)
            return nil
        } catch {
            fail("yaml-syntax", "the front matter could not be read: \(error)", at: nil)
            return nil
        }
        guard let root else { return nil }
        guard case .mapping = root else {
            fail(
                "front-matter-not-mapping", "the front matter must be fields such as 'title: Pancakes'",
                at: root.mark, hint: "write one 'field: value' per line"
            )
            return nil
        }
        let value = withExtendedLifetime(parser) { convert(root) }
        return stopped ? nil : value
    }

    /// The first `*name` that refers to an `&name` and is, or may be part
    /// of, a mapping key, found without parsing: `&` and `*` count at the
    /// start of a word followed by a name ("R&D", "salt & pepper" and
    /// "2*3" do not); an alias is a key when a `:` and a space follow it; when
    /// the text may have complex keys (`? …`, `?*a` in a flow collection,
    /// `[…]: …`), any alias counts. Aliases
    /// in values are left to Yams, which shares their nodes.
    static func aliasInKey(_ yaml: String) -> SourcePosition? {
        var anchors: Set<Substring> = []
        var aliases: [(name: Substring, position: SourcePosition, isKey: Bool)] = []
        var complexKeys = false
        let scalars = yaml.unicodeScalars
        func separatorFollows(_ start: String.UnicodeScalarView.Index) -> Bool {
            var index = start
            while index < scalars.endIndex, scalars[index] == " " || scalars[index] == "\t" {
                index = scalars.index(after: index)
            }
            guard index < scalars.endIndex, scalars[index] == ":" else { return false }
            let after = scalars.index(after: index)
            return after == scalars.endIndex || isWordStart(after: scalars[after]) && scalars[after] != ":"
        }
        var index = scalars.startIndex
        var previous: Unicode.Scalar = " "
        var line = 1
        var column = 1
        while index < scalars.endIndex {
            let scalar = scalars[index]
            var next = scalars.index(after: index)
            if scalar == "&" || scalar == "*", isWordStart(after: previous) {
                var end = next
                while end < scalars.endIndex, isNameScalar(scalars[end]) { end = scalars.index(after: end) }
                let name = yaml[next..<end]
                if !name.isEmpty, scalar == "&" {
                    anchors.insert(name)
                } else if !name.isEmpty {
                    aliases.append((name, SourcePosition(line: line, column: column), separatorFollows(end)))
                }
            } else if scalar == "?", isWordStart(after: previous) {
                // "? key" in block context; in a flow collection libyaml also
                // takes "?*alias" as an explicit key (found by fuzzing).
                complexKeys = true
            } else if scalar == "]" || scalar == "}", separatorFollows(next) {
                complexKeys = true
            }
            if scalar == "\n" || scalar == "\r" {
                if scalar == "\r", next < scalars.endIndex, scalars[next] == "\n" { next = scalars.index(after: next) }
                line += 1
                column = 1
            } else {
                column += 1
            }
            previous = scalar
            index = next
        }
        return aliases.first { anchors.contains($0.name) && ($0.isKey || complexKeys) }?.position
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        !isWordStart(after: scalar)
    }

    /// Whether a word can start after `scalar`: after white space, a flow
    /// indicator, a key's colon or a quote.
    private static func isWordStart(after scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case " ", "\t", "\n", "\r", ",", "[", "]", "{", "}", ":", "\"", "'": true
        default: false
        }
    }

    private func position(_ mark: Mark?) -> SourcePosition {
        guard let mark else { return SourcePosition(line: 1 + lineOffset, column: 1) }
        return SourcePosition(line: mark.line + lineOffset, column: mark.column)
    }

    private mutating func fail(_ code: String, _ message: String, at mark: Mark?, hint: String? = nil) {
        fail(code, message, at: position(mark), hint: hint)
    }

    private mutating func fail(_ code: String, _ message: String, at position: SourcePosition, hint: String? = nil) {
        stopped = true
        diagnostics.append(.error(code, message, at: SourceLocation(path: path, position: position), hint: hint))
    }

    private mutating func convert(_ node: Node) -> JSONValue {
        let null = JSONValue(.null, at: position(node.mark))
        guard !stopped else { return null }
        nodeBudget -= 1
        if nodeBudget < 0 {
            fail(
                "front-matter-too-large", "the front matter has more than \(Limits.describe(count: FrontMatter.maximumNodes)) values",
                at: node.mark, hint: "front matter is a few plain fields; long lists of items or steps belong in the Markdown body"
            )
            return null
        }
        if node.anchor != nil {
            fail(
                "yaml-anchor", "YAML anchors and aliases are not supported in front matter",
                at: node.mark, hint: "write the value out where it is used"
            )
            return null
        }
        if case .scalar(let scalar) = node { return convert(scalar) }
        // libyaml stops at 1,000 levels, so this recursion is bounded even
        // before the (much lower) limit below.
        depth += 1
        defer { depth -= 1 }
        if depth > Limits.maximumYAMLDepth {
            failTooDeep(at: node.mark)
            return null
        }
        switch node {
        case .scalar(let scalar):
            return convert(scalar)
        case .sequence(let sequence):
            guard checkTag(sequence.tag, expected: .seq, at: sequence.mark) else { return null }
            var elements: [JSONValue] = []
            elements.reserveCapacity(sequence.count)
            for element in sequence { elements.append(convert(element)) }
            return JSONValue(.array(elements), at: position(sequence.mark))
        case .mapping(let mapping):
            guard checkTag(mapping.tag, expected: .map, at: mapping.mark) else { return null }
            var members: [JSONMember] = []
            var seen: [String: SourcePosition] = [:]
            for (keyNode, valueNode) in mapping {
                guard case .scalar(let key) = keyNode else {
                    fail("yaml-complex-key", "a field name must be plain text", at: keyNode.mark)
                    return null
                }
                let keyPosition = position(key.mark)
                if let first = seen[key.string] {
                    diagnostics.append(.error(
                        "yaml-duplicate-key",
                        "duplicate field \"\(key.string)\" (first at line \(first.line), column \(first.column))",
                        at: SourceLocation(path: path, position: keyPosition), hint: "remove one of them"
                    ))
                    continue
                }
                seen[key.string] = keyPosition
                members.append(JSONMember(key: key.string, keyPosition: keyPosition, value: convert(valueNode)))
            }
            return JSONValue(.object(JSONObject(members)), at: position(mapping.mark))
        case .alias(let alias):
            fail(
                "yaml-anchor", "YAML anchors and aliases are not supported in front matter",
                at: alias.mark, hint: "write the value out where it is used"
            )
            return null
        }
    }

    private mutating func failTooDeep(at mark: Mark?) {
        fail(
            "too-deep", "the front matter is nested more than \(Limits.maximumYAMLDepth) levels deep",
            at: mark, hint: "front matter is a few plain fields; nest lists and fields only a level or two"
        )
    }

    private mutating func checkTag(_ tag: Tag, expected: Tag.Name, at mark: Mark?) -> Bool {
        let name = tag.rawValue
        if name == expected.rawValue || name == Tag.Name.implicit.rawValue || name == Tag.Name.nonSpecific.rawValue {
            return true
        }
        fail(
            "yaml-tag", "YAML tags such as '\(Self.shortTag(tag.rawValue))' are not supported in front matter",
            at: mark, hint: "remove the tag; quote the value if it must stay text"
        )
        return false
    }

    /// `tag:yaml.org,2002:binary` as it was written: `!!binary`.
    private static func shortTag(_ tag: String) -> String {
        let prefix = "tag:yaml.org,2002:"
        return tag.hasPrefix(prefix) ? "!!" + tag.dropFirst(prefix.count) : tag
    }

    private mutating func convert(_ scalar: Node.Scalar) -> JSONValue {
        let at = position(scalar.mark)
        guard checkTag(scalar.tag, expected: .str, at: scalar.mark) else { return JSONValue(.null, at: at) }
        let text = scalar.string
        guard scalar.style == .plain else { return JSONValue(.string(text), at: at) }
        return FrontMatter.plainScalar(text, at: at)
    }

    /// Lines (1-based, in the YAML block) where `key` is written the first
    /// and the second time at one indentation; Yams reports only the mapping.
    private static func repeatedKey(_ key: String, in yaml: String) -> (first: SourcePosition, second: SourcePosition)? {
        var seen: [Int: SourcePosition] = [:]  // indentation -> first place
        let spellings = [key + ":", "\"\(key)\":", "'\(key)':"]
        for (index, line) in yaml.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let indent = line.prefix { $0 == " " || $0 == "-" }.count
            let rest = line.dropFirst(indent)
            guard let spelling = spellings.first(where: { rest.hasPrefix($0) }),
                  rest.count == spelling.count || rest.dropFirst(spelling.count).first == " " else { continue }
            let place = SourcePosition(line: index + 1, column: indent + 1)
            if let first = seen[indent] { return (first, place) }
            seen[indent] = place
        }
        return nil
    }

    private mutating func report(_ error: YamlError, yaml: String) {
        switch error {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            if problem.contains("Maximum nesting level") {
                failTooDeep(at: mark)
                return
            }
            var message = "front matter is not valid YAML: \(problem)"
            if let context { message += " (\(context.text) at line \(context.mark.line + lineOffset))" }
            fail("yaml-syntax", message, at: mark, hint: Self.hint(for: problem))
        case .duplicatedKeysInMapping(let duplicates, let context):
            let key = duplicates.first ?? ""
            if let places = Self.repeatedKey(key, in: yaml) {
                fail(
                    "yaml-duplicate-key", "duplicate field \"\(key)\" (first at line \(places.first.line + lineOffset))",
                    at: SourcePosition(line: places.second.line + lineOffset, column: places.second.column),
                    hint: "remove one of them"
                )
            } else {
                fail("yaml-duplicate-key", "duplicate field \"\(key)\"", at: context.mark, hint: "remove one of them")
            }
        default:
            fail("yaml-syntax", "front matter is not valid YAML: \(error)", at: nil)
        }
    }

    private static func hint(for problem: String) -> String? {
        if problem.contains("mapping values are not allowed") {
            return "a value containing ': ' must be quoted, e.g. title: \"Soup: the best\""
        }
        if problem.contains("tab") {
            return "indent with spaces, not tabs"
        }
        return nil
    }
}

extension FrontMatter {
    /// A plain (unquoted) YAML scalar with JSON's types: only `true`/`false`
    /// are booleans, only JSON-shaped numbers are numbers.
    static func plainScalar(_ text: String, at: SourcePosition) -> JSONValue {
        switch text {
        case "", "~", "null", "Null", "NULL": return JSONValue(.null, at: at)
        case "true", "True", "TRUE": return JSONValue(.bool(true), at: at)
        case "false", "False", "FALSE": return JSONValue(.bool(false), at: at)
        default: break
        }
        if let number = number(text) { return JSONValue(.number(number), at: at) }
        return JSONValue(.string(text), at: at)
    }

    /// A JSON-shaped number literal (`-12`, `2.5`, `1e3`), or nil.
    private static func number(_ text: String) -> JSONNumber? {
        var scalars = Substring(text).unicodeScalars[...]
        if scalars.first == "-" { scalars.removeFirst() }
        func digits(_ s: inout Substring.UnicodeScalarView.SubSequence) -> Int {
            var count = 0
            while let c = s.first, c >= "0", c <= "9" { s.removeFirst(); count += 1 }
            return count
        }
        let leadingZero = scalars.first == "0"
        let integerDigits = digits(&scalars)
        // `01` is not a JSON number; as in JSON files, it is not one here.
        guard integerDigits > 0, !(leadingZero && integerDigits > 1) else { return nil }
        if scalars.first == "." {
            scalars.removeFirst()
            guard digits(&scalars) > 0 else { return nil }
        }
        if scalars.first == "e" || scalars.first == "E" {
            scalars.removeFirst()
            if scalars.first == "+" || scalars.first == "-" { scalars.removeFirst() }
            guard digits(&scalars) > 0 else { return nil }
        }
        guard scalars.isEmpty, let value = Double(text), value.isFinite else { return nil }
        return JSONNumber(literal: text, value: value)
    }
}
