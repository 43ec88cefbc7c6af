/// What a template renders: plain data, typed, made once per page.
///
/// Lookups read it directly (no `Any`, no reflection). A `null` field counts
/// as missing: `{{name}}` then looks further up the context stack, as a nil
/// optional did with swift-mustache.
public enum TemplateValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case list([TemplateValue])
    /// Fields in a fixed order; a name is looked up by a linear scan, which
    /// beats hashing for the dozen or so fields of a page's structs, after
    /// a one-word test that rules most missing names out (`Fields.mask`).
    case object(Fields)

    /// An object's fields, with a bit per name: a tag inside a section
    /// looks its name up in each enclosing value in turn (an ingredient's
    /// `{{root}}` in the ingredient, its group, then the page's 40 fields),
    /// and most of those scans find nothing.
    public struct Fields: Sendable, Hashable, RandomAccessCollection, ExpressibleByArrayLiteral {
        public let elements: [Field]
        /// `bit(key)` of every field's key, or-ed.
        @usableFromInline let mask: UInt64

        public init(_ elements: [Field]) {
            self.elements = elements
            mask = elements.reduce(0) { $0 | Self.bit($1.key) }
        }

        public init(arrayLiteral elements: Field...) {
            self.init(elements)
        }

        public var startIndex: Int { 0 }
        public var endIndex: Int { elements.count }
        public subscript(position: Int) -> Field { elements[position] }

        /// One of 64 bits for a name's `TemplateValue.key`.
        @inlinable
        static func bit(_ key: UInt64) -> UInt64 {
            1 &<< ((key &* 0x9E37_79B9_7F4A_7C15) >> 58)
        }
    }

    public struct Field: Sendable, Hashable {
        public let name: String
        public var value: TemplateValue
        /// `TemplateValue.key(name)`: what a lookup compares first.
        @usableFromInline let key: UInt64

        public init(_ name: String, _ value: TemplateValue) {
            self.name = name
            self.value = value
            key = TemplateValue.key(name)
        }

        @inlinable
        public init(_ name: String, _ value: some TemplateValueConvertible) {
            self.init(name, value.templateValue)
        }
    }

    /// The field `name` of an object, nil for a null field, a missing one or
    /// a value that is not an object.
    @inlinable
    public subscript(name: String) -> TemplateValue? {
        field(name, key: Self.key(name))
    }

    /// The same, with the name's `key(_:)` made once (the template's names
    /// are looked up on every page).
    @inlinable
    public func field(_ name: String, key: UInt64) -> TemplateValue? {
        guard case .object(let object) = self, object.mask & Fields.bit(key) != 0 else { return nil }
        // Keys first: one integer comparison tells most names apart, and
        // settles a name of up to 7 bytes; a longer one with the same key
        // is compared whole.
        let exact = key >> 56 < 8
        return object.elements.withUnsafeBufferPointer { fields in
            for index in fields.indices where fields[index].key == key && (exact || fields[index].name == name) {
                if case .null = fields[index].value { return nil }
                return fields[index].value
            }
            return nil
        }
    }

    /// A name's length (up to 255) in the top byte and its first 7 bytes
    /// below: equal for equal names, and for names of up to 7 bytes only
    /// for equal names.
    /// Made from the contiguous bytes (a page makes some 900,000 fields
    /// at 2,000 recipes: iterating `utf8` cost ten times as much).
    @inlinable
    public static func key(_ name: String) -> UInt64 {
        var name = name
        return name.withUTF8 { bytes in
            var key = UInt64(Swift.min(bytes.count, 255)) << 56
            if bytes.count >= 8, let base = bytes.baseAddress {
                key |= UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt64.self)) & 0x00FF_FFFF_FFFF_FFFF
            } else {
                for index in 0..<bytes.count { key |= UInt64(bytes[index]) << (UInt64(index) &* 8) }
            }
            return key
        }
    }
}

/// A value a template can render; page contexts conform by listing their
/// fields (`.object([...])`), which is cheaper than reflecting them.
public protocol TemplateValueConvertible {
    var templateValue: TemplateValue { get }
}

extension TemplateValue: TemplateValueConvertible {
    public var templateValue: TemplateValue { self }
}

extension String: TemplateValueConvertible {
    public var templateValue: TemplateValue { .string(self) }
}

extension Int: TemplateValueConvertible {
    public var templateValue: TemplateValue { .int(self) }
}

extension Double: TemplateValueConvertible {
    public var templateValue: TemplateValue { .double(self) }
}

extension Bool: TemplateValueConvertible {
    public var templateValue: TemplateValue { .bool(self) }
}

// Inlinable, so that the page contexts' modules specialise them for their
// element types; a closure, not `map(\.templateValue)`: a key path through a
// generic element is instantiated at run time on every call.
extension Optional: TemplateValueConvertible where Wrapped: TemplateValueConvertible {
    @inlinable
    public var templateValue: TemplateValue { self?.templateValue ?? .null }
}

extension Array: TemplateValueConvertible where Element: TemplateValueConvertible {
    @inlinable
    public var templateValue: TemplateValue { .list(map { $0.templateValue }) }
}

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral, ExpressibleByFloatLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
    /// Fields in the order written.
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .object(Fields(elements.map { Field($0.0, $0.1) }))
    }
    public init(nilLiteral: ()) { self = .null }
}
