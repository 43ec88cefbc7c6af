/// Mustache source to nodes.
///
/// The whitespace rules follow swift-mustache, which this engine replaced
/// (the site's golden pages were made with it and stay byte-identical): a
/// tag alone on its line ("standalone": sections, inverted sections, their
/// closing tags, comments, set-delimiter tags, partials, parents and blocks)
/// leaves no trace of its line; a standalone partial's leading whitespace
/// indents every line of the partial; block content inside a parent loses the
/// indentation of its first line. Where swift-mustache loses text or fails on
/// odd input (`{{` at the very end, `{{` followed by a line break, a comment
/// end it missed), this parser reads the tag or names the problem instead.
struct TemplateParser {
    let bytes: [UInt8]
    let template: String
    var position = 0

    init(_ bytes: [UInt8], template: String) {
        self.bytes = bytes
        self.template = template
    }

    /// The parser's state for one nesting level (swift-mustache's).
    struct State {
        /// The open section, block or parent this level must close (its tag's
        /// name as written), and where its tag starts.
        var sectionName: String?
        var sectionStart = 0
        var sectionKind: UInt8 = UInt8(ascii: "#")
        /// At the start of a line (after the whitespace read there): tags here
        /// may be standalone.
        var newLine = true
        /// Inside `{{<parent}}…{{/parent}}` (the blocks given to a parent), and
        /// directly inside it (where only blocks count).
        var inParentArguments = false
        var atParentTop = false
        /// Inside a parent's block: the first line's indentation, which every
        /// line of the block loses.
        var blockIndent: Int?
        var open: [UInt8] = Array("{{".utf8)
        var close: [UInt8] = Array("}}".utf8)

        func section(_ name: String, kind: UInt8, start: Int, standalone: Bool) -> State {
            var state = self
            state.sectionName = name
            state.sectionKind = kind
            state.sectionStart = start
            state.atParentTop = false
            if !standalone { state.newLine = false }
            return state
        }

        func parentArguments(_ name: String, start: Int) -> State {
            var state = self
            state.sectionName = name
            state.sectionKind = UInt8(ascii: "<")
            state.sectionStart = start
            state.newLine = true
            state.inParentArguments = true
            state.atParentTop = true
            return state
        }
    }

    mutating func parseTemplate() throws(TemplateError) -> [Node] {
        try parse(State())
    }

    // MARK: One level

    private mutating func parse(_ initial: State) throws(TemplateError) -> [Node] {
        var nodes: [Node] = []
        var state = initial
        /// Whitespace at the start of the line, not yet written: it belongs to
        /// the next text or tag unless that tag is standalone.
        var indent: ArraySlice<UInt8> = []
        while position < bytes.count {
            if state.newLine {
                let whitespace = readSpacesAndTabs()
                if state.inParentArguments, !state.atParentTop {
                    if let blockIndent = state.blockIndent {
                        indent = whitespace.dropFirst(blockIndent)
                    } else {
                        state.blockIndent = whitespace.count
                    }
                } else {
                    indent = whitespace
                }
            }
            let (text, tagStart) = readText(state)
            guard let tagStart else {
                if let length = newlineLength(at: position) {
                    nodes.append(.text(Array(indent) + text + bytes[position..<position + length]))
                    position += length
                    state.newLine = true
                    continue
                }
                // The end of the source.
                if !text.isEmpty { nodes.append(.text(Array(indent) + text)) }
                break
            }
            if !text.isEmpty {
                nodes.append(.text(Array(indent) + text))
                indent = []
                state.newLine = false
            }
            guard position < bytes.count else { throw error(at: tagStart, "the tag is not finished") }
            /// Writes the pending whitespace as text (a tag that is not standalone).
            func flushIndent() {
                if !indent.isEmpty { nodes.append(.text(Array(indent))) }
                indent = []
            }
            var standalone = false
            let kind = bytes[position]
            switch kind {
            case UInt8(ascii: "#"), UInt8(ascii: "^"):
                position += 1
                let (raw, name) = try parseName(state)
                if isStandalone(state) { standalone = true } else { flushIndent() }
                let children = try parse(state.section(raw, kind: kind, start: tagStart, standalone: standalone))
                nodes.append(kind == UInt8(ascii: "#") ? .section(name, children) : .inverted(name, children))

            case UInt8(ascii: "/"):
                position += 1
                let nameStart = position
                let (raw, _) = try parseName(state)
                guard let open = state.sectionName else {
                    throw error(at: nameStart, "{{/\(raw)}} closes nothing: no section is open here")
                }
                guard raw == open else {
                    let opener = "{{\(Character(Unicode.Scalar(state.sectionKind)))\(open)}}"
                    throw error(at: nameStart, "{{/\(raw)}} found where \(opener) (\(place(state.sectionStart))) must be closed")
                }
                if !isStandalone(state) { flushIndent() }
                return merged(nodes)

            case UInt8(ascii: "!"):
                position += 1
                guard let end = find(state.close, from: position) else {
                    throw error(at: tagStart, "the comment is never closed with \(String(decoding: state.close, as: UTF8.self))")
                }
                position = end + state.close.count
                standalone = isStandalone(state)

            case UInt8(ascii: "{"), UInt8(ascii: "&"):
                flushIndent()
                position += 1
                let (_, name) = try parseName(state)
                if kind == UInt8(ascii: "{") {
                    guard position < bytes.count, bytes[position] == UInt8(ascii: "}") else {
                        throw error(at: tagStart, "{{{ must be closed with }}}")
                    }
                    position += 1
                }
                nodes.append(.variable(name, escaped: false))

            case UInt8(ascii: ">"):
                position += 1
                skipWhitespace()
                let dynamic = position < bytes.count && bytes[position] == UInt8(ascii: "*")
                if dynamic { position += 1 }
                let name = try parsePartialName(state)
                if !indent.isEmpty { nodes.append(.text(Array(indent))) }
                let partial = dynamic ? PartialName.dynamic(Self.tagName(name, transforms: [])) : .fixed(name)
                if isStandalone(state) {
                    standalone = true
                    nodes.append(.partial(partial, indentation: Array(indent), overrides: nil))
                } else {
                    nodes.append(.partial(partial, indentation: nil, overrides: nil))
                }
                indent = []

            case UInt8(ascii: "<"):
                position += 1
                skipWhitespace()
                let raw = try parsePartialName(state)
                if !indent.isEmpty { nodes.append(.text(Array(indent))) }
                standalone = isStandalone(state)
                let arguments = try parse(state.parentArguments(raw, start: tagStart))
                var overrides: [String: [Node]] = [:]
                for node in arguments {
                    switch node {
                    case .definition(let block, let content): overrides[block] = content
                    case .text: continue
                    default:
                        throw error(at: tagStart, "only blocks ({{$name}}…{{/name}}) and text may be inside {{<\(raw)}}")
                    }
                }
                let partial = raw.first == "*"
                    ? PartialName.dynamic(Self.tagName(String(raw.dropFirst()), transforms: [])) : .fixed(raw)
                nodes.append(.partial(partial, indentation: Array(indent), overrides: overrides))
                indent = []

            case UInt8(ascii: "$"):
                position += 1
                let (raw, name) = try parseName(state)
                guard name.transforms.isEmpty else { throw error(at: tagStart, "a block cannot have a transform") }
                if state.atParentTop {
                    standalone = isStandalone(state)
                    let content = try parse(state.section(raw, kind: kind, start: tagStart, standalone: standalone))
                    nodes.append(.definition(raw, content))
                } else {
                    if !indent.isEmpty { nodes.append(.text(Array(indent))) }
                    standalone = isStandalone(state)
                    let content = try parse(state.section(raw, kind: kind, start: tagStart, standalone: standalone))
                    nodes.append(.block(raw, defaultContent: content, indentation: Array(indent)))
                    indent = []
                }

            case UInt8(ascii: "="):
                position += 1
                state = try parseDelimiters(state, tagStart: tagStart)
                standalone = isStandalone(state)

            case UInt8(ascii: "%"):
                throw error(at: tagStart, "pragmas ({{%…}}) are not supported")

            default:
                flushIndent()
                let (_, name) = try parseName(state)
                nodes.append(.variable(name, escaped: true))
            }
            state.newLine = standalone
        }
        if let open = state.sectionName {
            let opener = "{{\(Character(Unicode.Scalar(state.sectionKind)))\(open)}}"
            throw error(at: state.sectionStart, "\(opener) is never closed with {{/\(open)}}")
        }
        return merged(nodes)
    }

    /// Adjacent text joined: fewer nodes to walk. Indentation stays right:
    /// text breaks only after line ends, which the renderer finds again.
    private func merged(_ nodes: [Node]) -> [Node] {
        var result: [Node] = []
        result.reserveCapacity(nodes.count)
        for node in nodes {
            if case .text(let text) = node, case .text(let previous)? = result.last {
                result[result.count - 1] = .text(previous + text)
            } else {
                result.append(node)
            }
        }
        return result
    }

    // MARK: Reading

    /// Text up to a line break (not read), the end, or the open delimiter
    /// (read; its start returned).
    private mutating func readText(_ state: State) -> (text: ArraySlice<UInt8>, tagStart: Int?) {
        let start = position
        let first = state.open[0]
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\n") { break }
            if byte == UInt8(ascii: "\r"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "\n") { break }
            if byte == first, matches(state.open, at: position) {
                let text = bytes[start..<position]
                let tagStart = position
                position += state.open.count
                return (text, tagStart)
            }
            position += 1
        }
        return (bytes[start..<position], nil)
    }

    private mutating func readSpacesAndTabs() -> ArraySlice<UInt8> {
        let start = position
        while position < bytes.count, bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t") {
            position += 1
        }
        return bytes[start..<position]
    }

    private mutating func skipWhitespace() {
        while position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// The length of the line break at `index` (LF, CRLF, CR, VT, FF, NEL,
    /// LS, PS: Swift's `Character.isNewline`), nil when there is none.
    private func newlineLength(at index: Int) -> Int? {
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case 0x0A, 0x0B, 0x0C: return 1
        case 0x0D: return index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
        case 0xC2: return index + 1 < bytes.count && bytes[index + 1] == 0x85 ? 2 : nil
        case 0xE2:
            guard index + 2 < bytes.count, bytes[index + 1] == 0x80,
                  bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 else { return nil }
            return 3
        default: return nil
        }
    }

    /// A tag alone on its line: only spaces or tabs follow it up to a line
    /// break (then read) or the end.
    private mutating func isStandalone(_ state: State) -> Bool {
        guard state.newLine else { return false }
        if position == bytes.count { return true }
        var index = position
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
        guard let length = newlineLength(at: index) else { return false }
        position = index + length
        return true
    }

    private func matches(_ needle: [UInt8], at index: Int) -> Bool {
        guard index + needle.count <= bytes.count else { return false }
        for offset in needle.indices where bytes[index + offset] != needle[offset] { return false }
        return true
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + needle.count <= bytes.count {
            if matches(needle, at: index) { return index }
            index += 1
        }
        return nil
    }

    // MARK: Names

    private static let nameCharacters: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for byte in "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?*()".utf8 { table[Int(byte)] = true }
        return table
    }()

    /// A tag's name up to the close delimiter, with any transforms:
    /// `empty(nav)`, `count(reversed(list))`.
    private mutating func parseName(_ state: State) throws(TemplateError) -> (raw: String, name: TagName) {
        skipWhitespace()
        let start = position
        while position < bytes.count, Self.nameCharacters[Int(bytes[position])] { position += 1 }
        let raw = String(decoding: bytes[start..<position], as: UTF8.self)
        try expectClose(state, nameStart: start)
        // "count(reversed(list))": transforms outermost first, then the name.
        var transforms: [String] = []
        var rest = Substring(raw)
        while let open = rest.firstIndex(of: "(") {
            transforms.append(String(rest[..<open]))
            rest = rest[rest.index(after: open)...]
        }
        guard !rest.contains("(") else { throw error(at: start, "\(raw) is not a name or a transform") }
        let closing = rest.drop { $0 != ")" }
        let name = rest.prefix { $0 != ")" }
        guard closing.allSatisfy({ $0 == ")" }), closing.count == transforms.count,
              transforms.allSatisfy({ !$0.isEmpty && !$0.contains(")") }) else {
            throw error(at: start, "\(raw) is not a name or a transform: brackets do not match")
        }
        return (raw, Self.tagName(String(name), transforms: transforms))
    }

    static func tagName(_ name: String, transforms: [String]) -> TagName {
        TagName(
            path: name.split(separator: ".").map(String.init),
            anchored: name.first == ".",
            transforms: transforms
        )
    }

    private static let partialNameCharacters: [Bool] = {
        var table = nameCharacters
        table[Int(UInt8(ascii: "/"))] = true
        return table
    }()

    private mutating func parsePartialName(_ state: State) throws(TemplateError) -> String {
        skipWhitespace()
        let start = position
        while position < bytes.count, Self.partialNameCharacters[Int(bytes[position])] { position += 1 }
        let name = String(decoding: bytes[start..<position], as: UTF8.self)
        try expectClose(state, nameStart: start)
        return name
    }

    private mutating func expectClose(_ state: State, nameStart: Int) throws(TemplateError) {
        skipWhitespace()
        guard matches(state.close, at: position) else {
            let close = String(decoding: state.close, as: UTF8.self)
            throw error(at: position, "the tag must end here with \(close) (a name is letters, digits and . - _ ? *)")
        }
        position += state.close.count
    }

    /// `{{=<% %>=}}`: new open and close delimiters, whitespace between.
    private mutating func parseDelimiters(_ state: State, tagStart: Int) throws(TemplateError) -> State {
        func fail() -> TemplateError {
            error(at: tagStart, "a set-delimiter tag is written {{=OPEN CLOSE=}}, e.g. {{=<% %>=}}")
        }
        skipWhitespace()
        let openStart = position
        while position < bytes.count, !Self.isWhitespace(bytes[position]) { position += 1 }
        guard position < bytes.count else { throw fail() }
        let open = Array(bytes[openStart..<position])
        skipWhitespace()
        let closeStart = position
        while position < bytes.count, !Self.isWhitespace(bytes[position]), bytes[position] != UInt8(ascii: "=") { position += 1 }
        guard position < bytes.count else { throw fail() }
        let close = Array(bytes[closeStart..<position])
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else { throw fail() }
        position += 1
        guard matches(state.close, at: position), !open.isEmpty, !close.isEmpty else { throw fail() }
        position += state.close.count
        var state = state
        state.open = open
        state.close = close
        state.atParentTop = false
        return state
    }

    // MARK: Errors

    /// "line 3, column 5"
    private func place(_ index: Int) -> String {
        let (line, column) = lineAndColumn(index)
        return "line \(line), column \(column)"
    }

    private func lineAndColumn(_ index: Int) -> (Int, Int) {
        let index = min(index, bytes.count)
        var line = 1
        var lineStart = 0
        for offset in 0..<index where bytes[offset] == UInt8(ascii: "\n") {
            line += 1
            lineStart = offset + 1
        }
        return (line, String(decoding: bytes[lineStart..<index], as: UTF8.self).count + 1)
    }

    private func error(at index: Int, _ reason: String) -> TemplateError {
        let (line, column) = lineAndColumn(index)
        return TemplateError(template: template, line: line, column: column, reason: reason)
    }
}
