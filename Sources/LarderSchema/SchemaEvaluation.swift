import LarderCore

/// What the subschemas that passed have looked at, for `unevaluated*`.
struct EvaluatedParts {
    var properties: Set<String> = []
    var items: Set<Int> = []
    var allItems = false

    mutating func formUnion(_ other: EvaluatedParts) {
        properties.formUnion(other.properties)
        items.formUnion(other.items)
        allItems = allItems || other.allItems
    }
}

enum InstancePathSegment {
    case key(String)
    case index(Int)
}

/// One run of a program over one instance. With `report` off it stops at the
/// first failure and builds no strings; with it on it explains every failure.
struct SchemaEvaluation {
    let program: SchemaProgram
    var report: Bool
    var violations: [SchemaViolation] = []
    private var path: [InstancePathSegment] = []
    private var scope: [Int] = []
    private var depth = 0
    /// Deeper than this, a schema that refers to itself without consuming the
    /// instance (`{"$ref": "#"}`) is looping.
    static let maximumDepth = 200

    init(program: SchemaProgram, report: Bool) {
        self.program = program
        self.report = report
    }

    // MARK: Nodes

    mutating func evaluate(_ index: Int, _ instance: JSONValue) -> Bool {
        var none: EvaluatedParts? = nil
        return evaluate(index, instance, &none)
    }

    mutating func evaluate(_ index: Int, _ instance: JSONValue, _ evaluated: inout EvaluatedParts?) -> Bool {
        guard depth < Self.maximumDepth else {
            return fail("$ref", instance, index, "the schema refers to itself without end here")
        }
        depth += 1
        defer { depth -= 1 }
        let resource = program.nodes[index].resource
        let entersResource = program.usesDynamicScope && scope.last != resource
        if entersResource { scope.append(resource) }
        defer { if entersResource { scope.removeLast() } }

        let collects = program.nodes[index].collectsAnnotations || evaluated != nil
        var collected: EvaluatedParts? = collects ? EvaluatedParts() : nil
        var valid = true
        // By position: a for-in loop copied each keyword (its payload
        // retained and released) on every node of every document.
        let keywords = program.nodes[index].keywords
        for position in keywords.indices where !apply(keywords[position], of: index, to: instance, &collected) {
            valid = false
            if !report { break }
        }
        if valid, let collected, evaluated != nil { evaluated?.formUnion(collected) }
        return valid
    }

    /// Evaluates without explaining: for branches whose failure is expected.
    private mutating func check(_ index: Int, _ instance: JSONValue, _ evaluated: inout EvaluatedParts?) -> Bool {
        let saved = report
        report = false
        defer { report = saved }
        return evaluate(index, instance, &evaluated)
    }

    private mutating func check(_ index: Int, _ instance: JSONValue) -> Bool {
        var none: EvaluatedParts? = nil
        return check(index, instance, &none)
    }

    private mutating func evaluate(_ index: Int, _ value: JSONValue, at segment: InstancePathSegment) -> Bool {
        // The path is read only when reporting, and a silent check never reports.
        guard report else { return evaluate(index, value) }
        path.append(segment)
        defer { path.removeLast() }
        return evaluate(index, value)
    }

    // MARK: Failing

    private var instancePath: String {
        path.map {
            switch $0 {
            case .key(let key): "/" + jsonPointerEscaped(key)
            case .index(let i): "/\(i)"
            }
        }.joined()
    }

    /// Records a failure (only when reporting) and returns `false`.
    private mutating func fail(
        _ keyword: String, _ instance: JSONValue, _ node: Int,
        at position: SourcePosition? = nil, segment: InstancePathSegment? = nil,
        _ message: @autoclosure () -> String, hint: @autoclosure () -> String? = nil,
        hintFromDescription: Bool = false
    ) -> Bool {
        guard report else { return false }
        if let segment { path.append(segment) }
        let schema = program.nodes[node]
        violations.append(SchemaViolation(
            keyword: keyword, instancePath: instancePath, position: position ?? instance.position,
            message: schema.errorMessage ?? message(),
            // A custom errorMessage already says what is expected; the
            // description would only repeat it at length.
            hint: hint() ?? (hintFromDescription && schema.errorMessage == nil ? schema.description : nil)))
        if segment != nil { path.removeLast() }
        return false
    }

    // MARK: Keywords

    private mutating func apply(
        _ keyword: SchemaKeyword, of node: Int, to instance: JSONValue,
        _ collected: inout EvaluatedParts?
    ) -> Bool {
        switch keyword {
        case .never:
            return fail("false", instance, node, "this value is not allowed here")
        case .type(let types):
            guard !types.contains(where: { $0.admits(instance) }) else { return true }
            return fail("type", instance, node, SchemaMessages.typeMismatch(types, instance))
        case .constant(let value):
            guard !instance.isSchemaEqual(to: value) else { return true }
            return fail("const", instance, node, "must be \(SchemaMessages.describe(value))")
        case .enumeration(let values):
            guard !values.contains(where: instance.isSchemaEqual(to:)) else { return true }
            return fail(
                "enum", instance, node, SchemaMessages.notOneOf(values, instance),
                hint: SchemaMessages.suggestion(for: instance.string, among: values.compactMap(\.string)))
        case .ref(let target):
            return evaluate(target, instance, &collected)
        case .dynamicRef(let target, let anchor):
            // The outermost resource in the dynamic scope that has the anchor wins.
            let outermost = scope.first { program.dynamicAnchors[$0][anchor] != nil }
            let dynamic = outermost.flatMap { program.dynamicAnchors[$0][anchor] }
            return evaluate(dynamic ?? target, instance, &collected)
        case .format(let format):
            guard let string = instance.string, !format.accepts(string) else { return true }
            return fail(
                "format", instance, node, "\(SchemaMessages.quoted(string)) is not a valid \(format.noun)",
                hintFromDescription: true)
        default:
            switch instance.kind {
            case .object(let object): return applyToObject(keyword, node, instance, object, &collected)
            case .array(let array): return applyToArray(keyword, node, instance, array, &collected)
            case .string(let string): return applyToString(keyword, node, instance, string)
            case .number(let number): return applyToNumber(keyword, node, instance, number)
            default: break
            }
            return applyApplicator(keyword, node, instance, &collected)
        }
    }

    private mutating func applyToObject(
        _ keyword: SchemaKeyword, _ node: Int, _ instance: JSONValue, _ object: JSONObject,
        _ collected: inout EvaluatedParts?
    ) -> Bool {
        var valid = true
        switch keyword {
        case .members(let rules):
            for member in object.members {
                var matched = false
                if let sub = rules.declared[member.key] {
                    matched = true
                    valid = evaluateMember(sub, member, "properties") && valid
                }
                for (pattern, sub) in rules.patterns where pattern.matches(member.key) {
                    matched = true
                    valid = evaluateMember(sub, member, "patternProperties") && valid
                }
                if !matched, let sub = rules.additional {
                    matched = true
                    valid = evaluateMember(sub, member, "additionalProperties", known: rules.declaredNames) && valid
                }
                if matched { collected?.properties.insert(member.key) }
                if !valid && !report { return false }
            }
        case .unevaluatedProperties(let sub):
            let seen = collected?.properties ?? []
            for member in object.members where !seen.contains(member.key) {
                valid = evaluateMember(sub, member, "unevaluatedProperties", known: seen) && valid
                if !valid && !report { return false }
            }
            if valid { collected?.properties.formUnion(object.keys) }
        case .propertyNames(let sub):
            for member in object.members {
                let name = JSONValue(.string(member.key), at: member.keyPosition)
                valid = evaluate(sub, name, at: .key(member.key)) && valid
                if !valid && !report { return false }
            }
        case .required(let names):
            for name in names where object.member(name) == nil {
                valid = fail("required", instance, node, "missing required field \(SchemaMessages.quoted(name))")
                if !report { return false }
            }
        case .dependentRequired(let pairs):
            for (trigger, names) in pairs where object.member(trigger) != nil {
                for name in names where object.member(name) == nil {
                    valid = fail(
                        "dependentRequired", instance, node,
                        "missing field \(SchemaMessages.quoted(name)), required when \(SchemaMessages.quoted(trigger)) is present")
                    if !report { return false }
                }
            }
        case .dependentSchemas(let pairs):
            for (trigger, sub) in pairs where object.member(trigger) != nil {
                valid = evaluate(sub, instance, &collected) && valid
                if !valid && !report { return false }
            }
        case .minProperties(let n):
            guard object.count < n else { return true }
            return fail("minProperties", instance, node, "must have at least \(SchemaMessages.count(n, "field"))")
        case .maxProperties(let n):
            guard object.count > n else { return true }
            return fail("maxProperties", instance, node, "must have at most \(SchemaMessages.count(n, "field"))")
        default:
            return applyApplicator(keyword, node, instance, &collected)
        }
        return valid
    }

    /// Applies a property's subschema to its value; a `false` subschema is
    /// reported at the key, as an unknown or forbidden field.
    private mutating func evaluateMember(
        _ sub: Int, _ member: JSONMember, _ keyword: String, known: Set<String>? = nil
    ) -> Bool {
        guard program.isNever(sub) else {
            return evaluate(sub, member.value, at: .key(member.key))
        }
        guard report else { return false }
        let name = SchemaMessages.quoted(member.key)
        if let known {
            return fail(
                keyword, member.value, sub, at: member.keyPosition, segment: .key(member.key),
                "unknown field \(name)", hint: SchemaMessages.unknownFieldHint(member.key, known: known))
        }
        return fail(
            keyword, member.value, sub, at: member.keyPosition, segment: .key(member.key),
            "field \(name) is not allowed here")
    }

    private mutating func applyToArray(
        _ keyword: SchemaKeyword, _ node: Int, _ instance: JSONValue, _ array: [JSONValue],
        _ collected: inout EvaluatedParts?
    ) -> Bool {
        var valid = true
        switch keyword {
        case .prefixItems(let subs):
            for (i, (sub, item)) in zip(subs, array).enumerated() {
                collected?.items.insert(i)
                valid = evaluate(sub, item, at: .index(i)) && valid
                if !valid && !report { return false }
            }
        case .items(let sub, let start):
            guard array.count > start else { return true }
            collected?.allItems = true
            if program.isNever(sub) {
                return fail(
                    "items", array[start], node, segment: .index(start),
                    "too many items: at most \(SchemaMessages.count(start, "item")) allowed")
            }
            for i in start..<array.count {
                valid = evaluate(sub, array[i], at: .index(i)) && valid
                if !valid && !report { return false }
            }
        case .unevaluatedItems(let sub):
            let seen = collected ?? EvaluatedParts()
            guard !seen.allItems else { return true }
            for (i, item) in array.enumerated() where !seen.items.contains(i) {
                valid = evaluate(sub, item, at: .index(i)) && valid
                if !valid && !report { return false }
            }
            if valid { collected?.allItems = true }
        case .contains(let sub, let min, let max):
            var matches = 0
            for (i, item) in array.enumerated() where check(sub, item) {
                matches += 1
                collected?.items.insert(i)
            }
            if matches < min {
                let containsHint = report ? program.nodes[sub].description : nil
                valid = fail(
                    min == 1 ? "contains" : "minContains", instance, node,
                    "must contain at least \(SchemaMessages.count(min, "matching item"))"
                        + (matches > 0 ? " (found \(matches))" : ""),
                    hint: containsHint)
            }
            if let max, matches > max {
                valid = fail(
                    "maxContains", instance, node,
                    "must contain at most \(SchemaMessages.count(max, "matching item")) (found \(matches))")
            }
        case .minItems(let n):
            guard array.count < n else { return true }
            return fail("minItems", instance, node, "must have at least \(SchemaMessages.count(n, "item"))")
        case .maxItems(let n):
            guard array.count > n else { return true }
            return fail("maxItems", instance, node, "must have at most \(SchemaMessages.count(n, "item"))")
        case .uniqueItems:
            for j in array.indices.dropFirst() {
                guard let i = array[..<j].firstIndex(where: { $0.isSchemaEqual(to: array[j]) }) else { continue }
                valid = fail(
                    "uniqueItems", array[j], node, segment: .index(j),
                    "duplicate item at index \(j) (same as index \(i))")
                if !report { return false }
            }
        default:
            return applyApplicator(keyword, node, instance, &collected)
        }
        return valid
    }

    private mutating func applyToString(
        _ keyword: SchemaKeyword, _ node: Int, _ instance: JSONValue, _ string: String
    ) -> Bool {
        switch keyword {
        // Lengths count code points; a code point is 1 to 4 UTF-8 bytes, so
        // the byte count (free) settles nearly every string without a count.
        case .minLength(let n):
            let bytes = string.utf8.count
            guard bytes < n || (bytes < 4 * n && string.unicodeScalars.count < n) else { return true }
            return fail(
                "minLength", instance, node,
                n == 1 ? "must not be empty" : "must be at least \(SchemaMessages.count(n, "character")) long")
        case .maxLength(let n):
            guard string.utf8.count > n, string.unicodeScalars.count > n else { return true }
            return fail("maxLength", instance, node, "must be at most \(SchemaMessages.count(n, "character")) long")
        case .pattern(let pattern):
            guard !pattern.matches(string) else { return true }
            return fail(
                "pattern", instance, node,
                "\(SchemaMessages.quoted(string)) does not match the pattern \(pattern.source)",
                hintFromDescription: true)
        default:
            var none: EvaluatedParts? = nil
            return applyApplicator(keyword, node, instance, &none)
        }
    }

    private mutating func applyToNumber(
        _ keyword: SchemaKeyword, _ node: Int, _ instance: JSONValue, _ number: JSONNumber
    ) -> Bool {
        switch keyword {
        case .minimum(let limit):
            guard number.value < limit.value else { return true }
            return fail("minimum", instance, node, "must be at least \(limit.literal)")
        case .maximum(let limit):
            guard number.value > limit.value else { return true }
            return fail("maximum", instance, node, "must be at most \(limit.literal)")
        case .exclusiveMinimum(let limit):
            guard number.value <= limit.value else { return true }
            return fail("exclusiveMinimum", instance, node, "must be greater than \(limit.literal)")
        case .exclusiveMaximum(let limit):
            guard number.value >= limit.value else { return true }
            return fail("exclusiveMaximum", instance, node, "must be less than \(limit.literal)")
        case .multipleOf(let divisor):
            guard !number.isMultiple(of: divisor) else { return true }
            return fail("multipleOf", instance, node, "must be a multiple of \(divisor.literal)")
        default:
            var none: EvaluatedParts? = nil
            return applyApplicator(keyword, node, instance, &none)
        }
    }

    /// Keywords that apply subschemas to the instance itself, whatever its type.
    private mutating func applyApplicator(
        _ keyword: SchemaKeyword, _ node: Int, _ instance: JSONValue,
        _ collected: inout EvaluatedParts?
    ) -> Bool {
        switch keyword {
        case .allOf(let subs):
            var valid = true
            for sub in subs {
                valid = evaluate(sub, instance, &collected) && valid
                if !valid && !report { return false }
            }
            return valid
        case .anyOf(let subs):
            var matched = false
            for sub in subs where check(sub, instance, &collected) {
                matched = true
                // Annotations need every passing branch; validity needs one.
                if collected == nil { break }
            }
            return matched || explainNoMatch("anyOf", subs, node, instance)
        case .oneOf(let subs):
            var matches: [Int] = []
            var matchedParts: EvaluatedParts? = nil
            for (i, sub) in subs.enumerated() {
                var parts: EvaluatedParts? = collected == nil ? nil : EvaluatedParts()
                if check(sub, instance, &parts) {
                    matches.append(i)
                    matchedParts = parts
                    if matches.count > 1 && !report { return false }
                }
            }
            switch matches.count {
            case 1:
                if let matchedParts { collected?.formUnion(matchedParts) }
                return true
            case 0:
                return explainNoMatch("oneOf", subs, node, instance)
            default:
                let names = report ? SchemaMessages.branchNames(matches.map { subs[$0] }, program) : ""
                return fail(
                    "oneOf", instance, node, "matches more than one of the allowed forms: \(names)",
                    hint: "it must match exactly one")
            }
        case .not(let sub):
            guard check(sub, instance) else { return true }
            let program = program
            return fail("not", instance, node, SchemaMessages.forbidden(sub, program))
        case .conditional(let condition, let then, let otherwise):
            if check(condition, instance, &collected) {
                return then.map { evaluate($0, instance, &collected) } ?? true
            }
            return otherwise.map { evaluate($0, instance, &collected) } ?? true
        case .dependentSchemas, .members, .unevaluatedProperties,
            .propertyNames, .required, .dependentRequired, .minProperties, .maxProperties, .prefixItems,
            .items, .unevaluatedItems, .contains, .minItems, .maxItems, .uniqueItems, .minLength, .maxLength,
            .pattern, .minimum, .maximum, .exclusiveMinimum, .exclusiveMaximum, .multipleOf, .never, .type,
            .constant, .enumeration, .ref, .dynamicRef, .format:
            // Keywords for another type of instance pass.
            return true
        }
    }

    /// Explains an `anyOf`/`oneOf` that no branch accepts without listing every
    /// branch's complaints: the one branch that takes this type of value says
    /// what is wrong; when none does, the allowed types are named.
    private mutating func explainNoMatch(
        _ keyword: String, _ subs: [Int], _ node: Int, _ instance: JSONValue
    ) -> Bool {
        guard report, program.nodes[node].errorMessage == nil else {
            return fail(keyword, instance, node, "does not match any of the allowed forms")
        }
        let types = subs.map { SchemaMessages.acceptedTypes($0, program) }
        let candidates = subs.indices.filter { i in
            types[i].map { $0.contains { $0.admits(instance) } } ?? true
        }
        if candidates.isEmpty {
            var names: [JSONType] = []
            for type in types.compactMap({ $0 }).joined() where !names.contains(type) { names.append(type) }
            return fail(keyword, instance, node, SchemaMessages.typeMismatch(names, instance))
        }
        // The candidate with the fewest complaints is the nearest miss.
        var best: [SchemaViolation]? = nil
        let before = violations
        for i in candidates {
            violations = []
            _ = evaluate(subs[i], instance)
            if best == nil || violations.count < best!.count { best = violations }
        }
        violations = before + (best ?? [])
        if best?.isEmpty ?? true {
            return fail(keyword, instance, node, "does not match any of the allowed forms")
        }
        return false
    }
}
