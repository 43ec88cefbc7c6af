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
    /// beats hashing for the dozen or so fields of a page's structs.
    case object([Field])

    public struct Field: Sendable, Hashable {
        public var name: String
        public var value: TemplateValue

        public init(_ name: String, _ value: TemplateValue) {
            self.name = name
            self.value = value
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
        guard case .object(let fields) = self else { return nil }
        // Lengths first: most names differ in length, which is cheaper to
        // see than a string comparison.
        let length = name.utf8.count
        return fields.withUnsafeBufferPointer { fields in
            for index in fields.indices where fields[index].name.utf8.count == length && fields[index].name == name {
                if case .null = fields[index].value { return nil }
                return fields[index].value
            }
            return nil
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
        self = .object(elements.map { Field($0.0, $0.1) })
    }
    public init(nilLiteral: ()) { self = .null }
}
