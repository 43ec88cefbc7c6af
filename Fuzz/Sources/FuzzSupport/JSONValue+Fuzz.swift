import LarderCore

extension JSONValue {
    /// The value written back as compact JSON text.
    public var serialised: String {
        switch kind {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .number(let number): number.literal
        case .string(let string): string.jsonLiteral
        case .array(let elements): "[" + elements.map(\.serialised).joined(separator: ",") + "]"
        case .object(let object):
            "{" + object.members.map { $0.key.jsonLiteral + ":" + $0.value.serialised }.joined(separator: ",") + "}"
        }
    }

    /// Equal as written: same kinds, same number literals and values, same
    /// strings, same members in the same order; positions ignored. Nil when
    /// equal, else where they differ.
    public func difference(from other: JSONValue, path: String = "$") -> String? {
        switch (kind, other.kind) {
        case (.null, .null): return nil
        case (.bool(let a), .bool(let b)): return a == b ? nil : "\(path): \(a) vs \(b)"
        case (.number(let a), .number(let b)):
            let same = a.literal == b.literal && (a.value == b.value || (a.value.isNaN && b.value.isNaN))
            return same ? nil : "\(path): \(a.literal) (\(a.value)) vs \(b.literal) (\(b.value))"
        case (.string(let a), .string(let b)):
            return a.unicodeScalars.elementsEqual(b.unicodeScalars) ? nil : "\(path): \(a.jsonLiteral) vs \(b.jsonLiteral)"
        case (.array(let a), .array(let b)):
            guard a.count == b.count else { return "\(path): \(a.count) vs \(b.count) elements" }
            for (index, (x, y)) in zip(a, b).enumerated() {
                if let difference = x.difference(from: y, path: "\(path)[\(index)]") { return difference }
            }
            return nil
        case (.object(let a), .object(let b)):
            guard a.keys == b.keys else { return "\(path): keys \(a.keys) vs \(b.keys)" }
            for (x, y) in zip(a.members, b.members) {
                if let difference = x.value.difference(from: y.value, path: "\(path).\(x.key)") { return difference }
            }
            return nil
        default:
            return "\(path): \(typeName) vs \(other.typeName)"
        }
    }

    /// The positions of this value, every value in it and every key, in the
    /// order they are written. Iterative: fuzzed values may nest deeply.
    public var positionsInSourceOrder: [SourcePosition] {
        enum Pending { case value(JSONValue), key(SourcePosition) }
        var positions: [SourcePosition] = []
        var stack: [Pending] = [.value(self)]
        while let pending = stack.popLast() {
            switch pending {
            case .key(let position): positions.append(position)
            case .value(let value):
                positions.append(value.position)
                switch value.kind {
                case .array(let elements): stack += elements.reversed().map(Pending.value)
                case .object(let object):
                    for member in object.members.reversed() {
                        stack.append(.value(member.value))
                        stack.append(.key(member.keyPosition))
                    }
                default: break
                }
            }
        }
        return positions
    }
}
