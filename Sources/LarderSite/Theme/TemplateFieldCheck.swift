import LarderTemplate

#if DEBUG
/// Debug builds (the tests) check each page's context against the value
/// the template sees: every stored property listed, by its own name, in
/// order. The lists are written by hand (cheaper than reflecting each page),
/// so a field added to a struct but not to its `templateValue` is caught
/// here rather than by a page that silently lacks it.
enum TemplateFieldCheck {
    /// A description of the first difference, nil when there is none.
    static func mismatch(_ value: Any, _ converted: TemplateValue, path: String = "context") -> String? {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .struct:
            guard case .object(let fields) = converted else { return "\(path) is not an object" }
            let labels = mirror.children.map { $0.label ?? "" }
            guard labels == fields.map(\.name) else {
                return "\(path): the template sees \(fields.map(\.name)), the struct has \(labels)"
            }
            for (child, field) in zip(mirror.children, fields) {
                if let found = mismatch(child.value, field.value, path: "\(path).\(field.name)") { return found }
            }
            return nil
        case .collection:
            guard case .list(let items) = converted, items.count == mirror.children.count else {
                return "\(path) is not the same list"
            }
            for (index, (child, item)) in zip(mirror.children, items).enumerated() {
                if let found = mismatch(child.value, item, path: "\(path)[\(index)]") { return found }
            }
            return nil
        case .optional:
            guard let wrapped = mirror.children.first?.value else {
                if case .null = converted { return nil }
                return "\(path) is nil but not null"
            }
            return mismatch(wrapped, converted, path: path)
        default:
            return nil
        }
    }
}
#endif
