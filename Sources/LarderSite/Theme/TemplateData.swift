/// Page contexts as dictionaries, made once per page.
///
/// swift-mustache reads a struct's fields through `Mirror` on every lookup,
/// and a lookup that misses climbs the whole context stack: on recipe pages
/// that was over 80% of build time. Reflecting each value once into
/// `[String: Any]` (which Mustache reads by hashing) keeps the typed context
/// structs and makes lookups cheap.
enum TemplateData {
    static func convert(_ value: Any) -> Any {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .struct, .class:
            var fields: [String: Any] = [:]
            fields.reserveCapacity(Int(mirror.children.count))
            for child in mirror.children {
                guard let label = child.label, let field = unwrapped(child.value) else { continue }
                fields[label] = convert(field)
            }
            return fields
        case .collection:
            return mirror.children.map { convert($0.value) }
        case .optional:
            return unwrapped(value).map(convert) as Any
        default:
            return value
        }
    }

    /// The value an optional holds, or nil for none; other values as they are.
    /// A missing key lets Mustache look further up, as a nil field did.
    private static func unwrapped(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first.map(\.value)
    }
}
