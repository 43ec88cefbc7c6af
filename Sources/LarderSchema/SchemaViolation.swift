import LarderCore

/// One way an instance fails its schema, said for the person editing the file.
public struct SchemaViolation: Sendable, Hashable {
    /// The schema keyword that failed: `type`, `required`, `additionalProperties`…
    public var keyword: String
    /// JSON Pointer of the offending value: `""` for the root, `/items/3/name`.
    public var instancePath: String
    /// Where a person should look: the value; for a missing required property,
    /// the object; for an unknown property, its key.
    public var position: SourcePosition
    /// What is wrong, in words for people who do not read JSON Schema.
    public var message: String
    /// How to fix it, when there is something useful to say.
    public var hint: String?

    public init(
        keyword: String, instancePath: String, position: SourcePosition,
        message: String, hint: String? = nil
    ) {
        self.keyword = keyword
        self.instancePath = instancePath
        self.position = position
        self.message = message
        self.hint = hint
    }
}

/// Why a schema could not be compiled: a mistake in the schema itself, never
/// in the data it validates.
public struct SchemaCompileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Base URI and JSON Pointer of the offending schema location.
    public var location: String
    public var message: String
    public var position: SourcePosition

    public init(_ message: String, location: String, at position: SourcePosition) {
        self.message = message
        self.location = location
        self.position = position
    }

    public var description: String { "\(location) (\(position)): \(message)" }
}
