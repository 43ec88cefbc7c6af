import LarderCore

/// Words for failures, built only once validation has failed.
enum SchemaMessages {
    static func quoted(_ string: String) -> String {
        string.jsonLiteral
    }

    /// `1 item`, `3 items`.
    static func count(_ n: Int, _ noun: String) -> String {
        n == 1 ? "1 \(noun)" : "\(n) \(noun)s"
    }

    /// `a, b or c`.
    static func list(_ words: [String], _ conjunction: String = "or") -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " \(conjunction) " + words.last!
    }

    private static func expected(_ type: JSONType) -> String {
        switch type {
        case .null: "null"
        case .boolean: "true or false"
        case .object: "an object"
        case .array: "an array"
        case .number: "a number"
        case .string: "a string"
        case .integer: "an integer"
        }
    }

    private static func found(_ instance: JSONValue) -> String {
        switch instance.kind {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .object: "an object"
        case .array: "an array"
        case .number: "a number"
        case .string: "a string"
        }
    }

    /// `expected a string, found a number`; `expected an integer, found 2.5`.
    static func typeMismatch(_ types: [JSONType], _ instance: JSONValue) -> String {
        let found: String
        if let number = instance.number, types.contains(.integer), !number.isInteger {
            found = number.literal
        } else {
            found = Self.found(instance)
        }
        return "expected \(list(types.map(expected))), found \(found)"
    }

    /// A value as it would be written in the file, shortened when long.
    static func describe(_ value: JSONValue) -> String {
        let text = renderJSON(value)
        return text.count <= 60 ? text : String(text.prefix(57)) + "..."
    }

    /// `"weekly" is not one of: shopping, checklist, collection`.
    static func notOneOf(_ values: [JSONValue], _ instance: JSONValue) -> String {
        if values.count == 1 { return "must be \(describe(values[0]))" }
        let allowed = values.map { $0.string ?? describe($0) }.joined(separator: ", ")
        return "\(describe(instance)) is not one of: \(allowed)"
    }

    /// `did you mean "title"?` when one candidate is a likely typo of `word`.
    static func suggestion(for word: String?, among candidates: some Collection<String>) -> String? {
        guard let word, let match = nearest(word, among: candidates) else { return nil }
        return "did you mean \(quoted(match))?"
    }

    static func unknownFieldHint(_ name: String, known: Set<String>) -> String? {
        if let hint = suggestion(for: name, among: known.sorted()) { return hint }
        guard !known.isEmpty, known.count <= 8 else { return nil }
        return "allowed fields: \(known.sorted().joined(separator: ", "))"
    }

    /// The closest candidate by edit distance (case-insensitive, a swap of
    /// neighbours counting once), if close enough to be a typo.
    static func nearest(_ word: String, among candidates: some Collection<String>) -> String? {
        let target = Array(word.lowercased())
        let limit = target.count <= 3 ? 1 : target.count <= 8 ? 2 : 3
        var best: (String, Int)? = nil
        for candidate in candidates {
            let d = editDistance(target, Array(candidate.lowercased()))
            if d <= limit, d < (best?.1 ?? .max) { best = (candidate, d) }
        }
        return best?.0
    }

    /// Optimal string alignment distance.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }

    /// `#1 and #3`, or the branches' titles when they have them.
    static func branchNames(_ subs: [Int], _ program: SchemaProgram) -> String {
        let names = subs.enumerated().map { i, sub in program.nodes[sub].title.map { quoted($0) } ?? "#\(i + 1)" }
        return list(names, "and")
    }

    /// What a `not` forbids, said as plainly as its subschema allows.
    static func forbidden(_ sub: Int, _ program: SchemaProgram) -> String {
        let node = program.nodes[sub]
        if let title = node.title { return "must not match \(quoted(title))" }
        if node.keywords.count == 1 {
            switch node.keywords[0] {
            case .type(let types): return "must not be \(list(types.map(expected)))"
            case .constant(let value): return "must not be \(describe(value))"
            case .enumeration(let values):
                return "must not be one of: \(values.map { $0.string ?? describe($0) }.joined(separator: ", "))"
            case .required(let names): return "must not have \(list(names.map(quoted), "and"))"
            default: break
            }
        }
        if node.keywords.isEmpty { return "no value is allowed here" }
        return "must not match the forbidden schema"
    }

    /// The JSON types a schema can accept at all, when it says; `nil` for any.
    static func acceptedTypes(_ index: Int, _ program: SchemaProgram, depth: Int = 0) -> [JSONType]? {
        guard depth < 16 else { return nil }
        var result: [JSONType]? = nil
        func narrow(_ types: [JSONType]?) {
            guard let types else { return }
            result = result.map { intersection($0, types) } ?? types
        }
        for keyword in program.nodes[index].keywords {
            switch keyword {
            case .type(let types): narrow(types)
            case .constant(let value): narrow([type(of: value)])
            case .enumeration(let values): narrow(unique(values.map(type(of:))))
            case .never: narrow([])
            case .ref(let target), .dynamicRef(let target, _):
                narrow(acceptedTypes(target, program, depth: depth + 1))
            case .allOf(let subs):
                for sub in subs { narrow(acceptedTypes(sub, program, depth: depth + 1)) }
            case .anyOf(let subs), .oneOf(let subs):
                let branches = subs.map { acceptedTypes($0, program, depth: depth + 1) }
                if !branches.contains(where: { $0 == nil }) { narrow(unique(branches.compactMap { $0 }.flatMap { $0 })) }
            default: break
            }
        }
        return result
    }

    private static func type(of value: JSONValue) -> JSONType {
        switch value.kind {
        case .null: .null
        case .bool: .boolean
        case .object: .object
        case .array: .array
        case .number(let n): n.isInteger ? .integer : .number
        case .string: .string
        }
    }

    private static func unique(_ types: [JSONType]) -> [JSONType] {
        var out: [JSONType] = []
        for type in types where !out.contains(type) { out.append(type) }
        return out
    }

    private static func intersection(_ a: [JSONType], _ b: [JSONType]) -> [JSONType] {
        unique(a.compactMap { type in
            if b.contains(type) { return type }
            if type == .number && b.contains(.integer) || type == .integer && b.contains(.number) { return .integer }
            return nil
        })
    }
}

/// Compact JSON text of a value, for messages.
func renderJSON(_ value: JSONValue) -> String {
    switch value.kind {
    case .null: return "null"
    case .bool(let b): return b ? "true" : "false"
    case .number(let n): return n.literal
    case .string(let s): return s.jsonLiteral
    case .array(let items): return "[" + items.map(renderJSON).joined(separator: ",") + "]"
    case .object(let object):
        return "{" + object.members.map { $0.key.jsonLiteral + ":" + renderJSON($0.value) }
            .joined(separator: ",") + "}"
    }
}
