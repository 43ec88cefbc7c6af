import Foundation
import LarderCore
import Synchronization

/// The JSON types of JSON Schema's `type` keyword.
enum JSONType: String, Sendable, Hashable {
    case null, boolean, object, array, number, string, integer

    /// Whether `instance` has this type (an `integer` is also a `number`, and
    /// `1.0` is an `integer`).
    func admits(_ instance: JSONValue) -> Bool {
        switch (self, instance.kind) {
        case (.null, .null), (.boolean, .bool), (.object, .object), (.array, .array),
            (.number, .number), (.string, .string):
            true
        case (.integer, .number(let n)): n.isInteger
        default: false
        }
    }
}

/// A regular expression compiled once. `NSRegularExpression` is immutable and
/// documented thread-safe, and swift-corelibs-foundation marks it `Sendable`.
struct SchemaPattern: Sendable {
    var source: String
    var regex: NSRegularExpression
    private let memo = Memo()

    init?(_ source: String) {
        guard let regex = try? NSRegularExpression(pattern: Self.translated(source)) else { return nil }
        self.source = source
        self.regex = regex
    }

    /// Unanchored search, as ECMA-262's `RegExp.prototype.test`. Short
    /// strings are answered from a memo: a kitchen repeats the same few ids,
    /// times and codes thousands of times, and a regex match through
    /// Foundation costs far more than a lookup.
    func matches(_ string: String) -> Bool {
        let memoized = string.utf8.count <= Memo.longestString
        if memoized, let known = memo.answer(for: string) { return known }
        let range = NSRange(location: 0, length: string.utf16.count)
        let matches = regex.firstMatch(in: string, range: range) != nil
        if memoized { memo.record(matches, for: string) }
        return matches
    }

    /// Answers already given, shared by every thread validating with this
    /// pattern (a class: the schema is compiled once and copied into each
    /// evaluation, and the answers must be shared, not copied). Bounded, so
    /// a folder of distinct values cannot grow it without end.
    private final class Memo: Sendable {
        static let longestString = 64
        static let capacity = 4096
        private let answers = Mutex<[String: Bool]>([:])

        func answer(for string: String) -> Bool? {
            answers.withLock { $0[string] }
        }

        func record(_ answer: Bool, for string: String) {
            answers.withLock { answers in
                if answers.count < Self.capacity { answers[string] = answer }
            }
        }
    }

    /// ECMA-262 `$` (no multiline flag) matches only at the very end; ICU's also
    /// before a final newline. Every bare `$` outside a class becomes `\z`.
    static func translated(_ source: String) -> String {
        guard source.contains("$") else { return source }
        var out = ""
        var escaped = false
        var inClass = false
        for ch in source {
            if escaped {
                escaped = false
            } else if ch == "\\" {
                escaped = true
            } else if ch == "[" {
                inClass = true
            } else if ch == "]" {
                inClass = false
            } else if ch == "$" && !inClass {
                out += "\\z"
                continue
            }
            out.append(ch)
        }
        return out
    }
}

/// One compiled schema keyword. Subschemas are indices into `SchemaProgram.nodes`.
enum SchemaKeyword: Sendable {
    case type([JSONType])
    case enumeration([JSONValue])
    case constant(JSONValue)
    /// `properties`, `patternProperties` and `additionalProperties`, applied
    /// in one pass over the members.
    case members(MemberRules)
    case propertyNames(Int)
    case required([String])
    case dependentRequired([(String, [String])])
    case dependentSchemas([(String, Int)])
    case minProperties(Int)
    case maxProperties(Int)
    case prefixItems([Int])
    case items(Int, from: Int)
    case contains(Int, min: Int, max: Int?)
    case minItems(Int)
    case maxItems(Int)
    case uniqueItems
    case minLength(Int)
    case maxLength(Int)
    case pattern(SchemaPattern)
    case minimum(JSONNumber)
    case maximum(JSONNumber)
    case exclusiveMinimum(JSONNumber)
    case exclusiveMaximum(JSONNumber)
    case multipleOf(JSONNumber)
    case allOf([Int])
    case anyOf([Int])
    case oneOf([Int])
    case not(Int)
    case conditional(if: Int, then: Int?, else: Int?)
    case ref(Int)
    case dynamicRef(Int, anchor: String)
    case format(SchemaFormat)
    case unevaluatedProperties(Int)
    case unevaluatedItems(Int)
    /// The `false` schema.
    case never
}

/// Which subschemas apply to which members of an object.
struct MemberRules: Sendable {
    var declared: [String: Int] = [:]
    var declaredNames: Set<String> = []
    var patterns: [(SchemaPattern, Int)] = []
    var additional: Int?
}

/// A compiled schema object (or boolean schema).
struct SchemaNode: Sendable {
    /// Evaluated in order; `unevaluated*` come last, as they need the others'
    /// annotations.
    var keywords: [SchemaKeyword] = []
    /// The schema resource this node belongs to, for `$dynamicRef`.
    var resource: Int = 0
    /// `errorMessage`: replaces the message of this node's own failures.
    var errorMessage: String?
    var title: String?
    var description: String?
    /// Whether this node has `unevaluatedProperties`/`unevaluatedItems`, and so
    /// must collect its subschemas' annotations.
    var collectsAnnotations = false
}

/// The compiled form of a schema and everything it references.
struct SchemaProgram: Sendable {
    var nodes: [SchemaNode]
    /// For each resource, its `$dynamicAnchor`s and the nodes they name.
    var dynamicAnchors: [[String: Int]]
    var root: Int
    /// Whether any `$dynamicRef` needs the dynamic scope tracked at all.
    var usesDynamicScope: Bool

    /// Whether a node is the `false` schema.
    func isNever(_ index: Int) -> Bool {
        let keywords = nodes[index].keywords
        guard keywords.count == 1, case .never = keywords[0] else { return false }
        return true
    }
}
