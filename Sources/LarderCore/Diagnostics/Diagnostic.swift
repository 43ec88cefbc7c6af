/// One problem found in the user's data: where, how bad, what, and how to fix it.
///
/// Diagnostics are values: validation returns them, printers format them, and
/// tests compare them whole.
public struct Diagnostic: Sendable, Hashable, Codable {
    public enum Severity: String, Sendable, Hashable, Codable, Comparable {
        case warning
        case error

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs == .warning && rhs == .error
        }
    }

    public var severity: Severity
    /// A stable, kebab-case identifier such as `json-syntax` or `unknown-store`.
    public var code: String
    public var message: String
    /// Where the problem is. `nil` only for problems of the folder as a whole.
    public var location: SourceLocation?
    /// How to fix it, when there is something useful to say.
    public var hint: String?

    public init(
        _ severity: Severity, code: String, _ message: String,
        at location: SourceLocation?, hint: String? = nil
    ) {
        self.severity = severity
        self.code = code
        self.message = message
        self.location = location
        self.hint = hint
    }

    public static func error(
        _ code: String, _ message: String, at location: SourceLocation?, hint: String? = nil
    ) -> Diagnostic {
        Diagnostic(.error, code: code, message, at: location, hint: hint)
    }

    public static func warning(
        _ code: String, _ message: String, at location: SourceLocation?, hint: String? = nil
    ) -> Diagnostic {
        Diagnostic(.warning, code: code, message, at: location, hint: hint)
    }
}

extension Diagnostic: Comparable {
    /// Orders by file, then position, then severity (errors first), then code:
    /// the order in which they are printed, independent of parse order.
    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        let l = lhs.location ?? SourceLocation(path: "", line: 0, column: 0)
        let r = rhs.location ?? SourceLocation(path: "", line: 0, column: 0)
        if l != r { return l < r }
        if lhs.severity != rhs.severity { return lhs.severity > rhs.severity }
        if lhs.code != rhs.code { return lhs.code < rhs.code }
        return lhs.message < rhs.message
    }
}
