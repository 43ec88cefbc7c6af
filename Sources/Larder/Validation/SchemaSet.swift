import LarderCore
import LarderSchema

/// The published JSON Schemas (`Schemas/*.schema.json`, compiled into the
/// binary), compiled once and shared by every thread of a run.
enum SchemaSet {
    static let config = compile(PackageResources.config_schema_json, "config.schema.json")
    static let list = compile(PackageResources.list_schema_json, "list.schema.json")
    static let recipe = compile(PackageResources.recipe_schema_json, "recipe.schema.json")
    static let favorites = compile(PackageResources.favorites_schema_json, "favorites.schema.json")

    static func schema(for kind: DocumentKind) -> JSONSchema {
        switch kind {
        case .config: config
        case .list: list
        case .recipe: recipe
        case .favorites: favorites
        }
    }

    /// The schemas ship inside the binary and the test suite compiles each of
    /// them, so a failure here is a defect of the build, not of user data.
    private static func compile(_ bytes: [UInt8], _ name: String) -> JSONSchema {
        do {
            return try JSONSchema(try JSONReader.parse(bytes), assertFormats: ["date"])
        } catch {
            preconditionFailure("Schemas/\(name) does not compile: \(error)")
        }
    }

    /// Validates `value` against the schema of `kind`, as diagnostics.
    static func validate(_ value: JSONValue, as kind: DocumentKind, path: String) -> [Diagnostic] {
        schema(for: kind).validate(value).map { violation in
            Diagnostic.error(
                code(for: violation.keyword),
                message(for: violation),
                at: SourceLocation(path: path, position: violation.position),
                hint: violation.hint
            )
        }
    }

    static func code(for keyword: String) -> String {
        switch keyword {
        case "required": "missing-field"
        case "additionalProperties", "unevaluatedProperties": "unknown-field"
        case "type": "wrong-type"
        case "enum", "const": "unknown-value"
        case "pattern", "format": "bad-format"
        default: "invalid-value"
        }
    }

    /// Names the field in front of the validator's words, unless the words
    /// already name it (missing and unknown fields).
    static func message(for violation: SchemaViolation) -> String {
        let field = fieldName(violation.instancePath)
        switch violation.keyword {
        case "required", "additionalProperties", "unevaluatedProperties":
            return violation.message
        default:
            return field.isEmpty ? violation.message : "\(field): \(violation.message)"
        }
    }

    /// `/items/3/name` -> `items[3].name`.
    static func fieldName(_ pointer: String) -> String {
        var out = ""
        for token in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let unescaped = token.replacing("~1", with: "/").replacing("~0", with: "~")
            if !unescaped.isEmpty, unescaped.allSatisfy(\.isNumber) {
                out += "[\(unescaped)]"
            } else {
                out += out.isEmpty ? unescaped : ".\(unescaped)"
            }
        }
        return out
    }
}
