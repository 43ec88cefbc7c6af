/// Why a template cannot be parsed or rendered: names the template and, for
/// parse errors, the line and column (both from 1).
public struct TemplateError: Error, Sendable, Hashable, CustomStringConvertible {
    public var template: String
    public var line: Int?
    public var column: Int?
    public var reason: String

    public init(template: String, line: Int? = nil, column: Int? = nil, reason: String) {
        self.template = template
        self.line = line
        self.column = column
        self.reason = reason
    }

    public var description: String {
        guard let line, let column else { return "\(template): \(reason)" }
        return "\(template):\(line):\(column): \(reason)"
    }
}
