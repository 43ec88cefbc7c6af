import LarderCore

extension JSONValue {
    /// JSON Schema's equality, for `const`, `enum` and `uniqueItems`: as
    /// `isEqualData(to:)`, except that strings and keys compare code point by
    /// code point. Swift's `==` on `String` is canonical equivalence, under
    /// which `"ä"` equals `"a\u{308}"`; JSON Schema says they differ.
    func isSchemaEqual(to other: JSONValue) -> Bool {
        switch (kind, other.kind) {
        case (.string(let a), .string(let b)):
            return a.utf8.elementsEqual(b.utf8)
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.isSchemaEqual(to: $1) }
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            return a.members.allSatisfy { m in
                b.members.contains { $0.key.utf8.elementsEqual(m.key.utf8) && m.value.isSchemaEqual(to: $0.value) }
            }
        default:
            return isEqualData(to: other)
        }
    }
}
