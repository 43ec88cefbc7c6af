/// A JSON value that remembers where it came from.
///
/// Produced by `JSONReader` for `.json` files and by the front-matter reader
/// for YAML, so that schema validation and cross-checks can point at the exact
/// line and column of any value in either kind of file.
public struct JSONValue: Sendable, Hashable {
    // Not `indirect`: arrays and objects hold their elements in array
    // storage already, and boxing every string, number and bool cost a
    // malloc and a free per value read.
    public enum Kind: Sendable, Hashable {
        case null
        case bool(Bool)
        case number(JSONNumber)
        case string(String)
        case array([JSONValue])
        case object(JSONObject)
    }

    public var kind: Kind
    /// The position of the value's first character.
    public var position: SourcePosition

    public init(_ kind: Kind, at position: SourcePosition = .start) {
        self.kind = kind
        self.position = position
    }
}

/// A JSON number, kept as written so nothing is lost to `Double`.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The literal, normalised to JSON syntax (e.g. `-12.5e3`).
    public var literal: String
    /// The nearest `Double` (infinite when the literal is out of range).
    public var value: Double

    public init(literal: String, value: Double) {
        self.literal = literal
        self.value = value
    }

    public init(_ value: Int) {
        self.literal = String(value)
        self.value = Double(value)
    }

    /// Whether the number has no fractional part (`1.0` and `1e2` count).
    public var isInteger: Bool { value.isFinite && value.rounded(.towardZero) == value }

    /// The exact integer value, when it is one and fits.
    public var intValue: Int? {
        if let exact = Int(literal) { return exact }
        guard isInteger, abs(value) < 9.0e15 else { return nil }
        return Int(value)
    }

    public var description: String { literal }
}

/// One `"key": value` pair, with the position of the key.
public struct JSONMember: Sendable, Hashable {
    public var key: String
    public var keyPosition: SourcePosition
    public var value: JSONValue

    public init(key: String, keyPosition: SourcePosition, value: JSONValue) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}

/// An object's members in source order. Keys are unique (the readers reject
/// duplicates before building one).
public struct JSONObject: Sendable, Hashable {
    public var members: [JSONMember]

    public init(_ members: [JSONMember] = []) {
        self.members = members
    }

    public subscript(key: String) -> JSONValue? {
        position(of: key).map { members[$0].value }
    }

    public func member(_ key: String) -> JSONMember? {
        position(of: key).map { members[$0] }
    }

    /// By index: `first(where:)` hands its test a copy of each member (a
    /// retain and a release of its key and its value), and decoding looks
    /// up some twenty fields per recipe.
    private func position(of key: String) -> Int? {
        for index in members.indices where members[index].key == key { return index }
        return nil
    }

    public var keys: [String] { members.map(\.key) }
    public var count: Int { members.count }
}

extension JSONValue {
    public var string: String? {
        if case .string(let s) = kind { return s }
        return nil
    }

    public var number: JSONNumber? {
        if case .number(let n) = kind { return n }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let b) = kind { return b }
        return nil
    }

    public var array: [JSONValue]? {
        if case .array(let a) = kind { return a }
        return nil
    }

    public var object: JSONObject? {
        if case .object(let o) = kind { return o }
        return nil
    }

    public var isNull: Bool { kind == .null }

    public subscript(key: String) -> JSONValue? {
        object?[key]
    }

    /// The JSON type name used in messages and by JSON Schema's `type`.
    public var typeName: String {
        switch kind {
        case .null: "null"
        case .bool: "boolean"
        case .number(let n): n.isInteger ? "integer" : "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// Equality of JSON data, ignoring positions and member order, comparing
    /// numbers by value (`1` equals `1.0`), as JSON Schema's `const`, `enum`
    /// and `uniqueItems` require.
    public func isEqualData(to other: JSONValue) -> Bool {
        switch (kind, other.kind) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a.value == b.value
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.isEqualData(to: $1) }
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            return a.members.allSatisfy { m in
                b[m.key].map { m.value.isEqualData(to: $0) } ?? false
            }
        default: return false
        }
    }
}
