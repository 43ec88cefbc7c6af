/// Why a JSON text could not be read, and where.
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: String, Sendable, Hashable {
        /// Not valid JSON at this point (message says what was expected).
        case syntax = "json-syntax"
        /// The same key twice in one object.
        case duplicateKey = "json-duplicate-key"
        /// Nesting deeper than `JSONReader.maximumDepth`.
        case tooDeep = "json-too-deep"
        /// Bytes that are not UTF-8.
        case invalidUTF8 = "invalid-utf8"
    }

    public var reason: Reason
    public var message: String
    public var position: SourcePosition
    public var hint: String?

    public init(_ reason: Reason, _ message: String, at position: SourcePosition, hint: String? = nil) {
        self.reason = reason
        self.message = message
        self.position = position
        self.hint = hint
    }

    public var description: String { "\(position): \(message)" }
}
