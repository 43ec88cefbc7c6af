import Larder
import LarderCore

/// Why the last build was not published: the diagnostics of a folder with
/// errors, or of the error that stopped the run (a template, a missing
/// secret, a folder that cannot be read), as `SiteBuild` reports them.
/// Rendered for the terminal (`DiagnosticFormatter`), for the overlay (JSON,
/// in the `errors` event) and for `/_larder/errors`.
public struct BuildFailure: Sendable {
    /// One problem as the overlay shows it.
    public struct Problem: Sendable, Hashable {
        public var severity: String
        public var code: String?
        public var message: String
        /// As the user named the folder (`kitchen/recipes/pancakes.md`).
        public var path: String?
        public var line: Int?
        public var column: Int?
        /// The text of the line the problem is on.
        public var source: String?
        public var hint: String?
    }

    public var summary: String
    public var problems: [Problem]
    /// For the terminal: `DiagnosticFormatter` text, or `larder: error: …`.
    public var text: String

    /// A build that failed: every diagnostic of the folder, warnings
    /// included, then the error that stopped it, if one did.
    init(report: DiagnosticReport, pathPrefix: String, color: Bool) {
        let formatter = DiagnosticFormatter(format: .text, color: color, pathPrefix: pathPrefix)
        let plain = DiagnosticFormatter(format: .text, pathPrefix: pathPrefix)
        summary = report.stop == nil ? report.summary : "1 error"
        text = formatter.render(report)
        problems = (report.diagnostics + (report.stop.map { [$0] } ?? [])).map { d in
            Problem(
                severity: d.severity.rawValue, code: d.code, message: d.message,
                path: d.location.map { plain.displayPath($0.path) },
                line: d.location.flatMap { $0.isWholeFile ? nil : $0.line },
                column: d.location.flatMap { $0.isWholeFile ? nil : $0.column },
                source: d.location.flatMap { report.sources[$0.path]?.line($0.line) }
                    .map { String($0.replacing("\u{FEFF}", with: "")) },
                hint: d.hint
            )
        }
    }

    /// `{"summary": …, "problems": [{severity, code, message, path, line, column, source, hint}]}`
    /// on one line (for an SSE `data:` field).
    public var json: String {
        let items = problems.map { p in
            var fields = ["\"severity\":\(p.severity.jsonLiteral)", "\"message\":\(p.message.jsonLiteral)"]
            if let code = p.code { fields.append("\"code\":\(code.jsonLiteral)") }
            if let path = p.path { fields.append("\"path\":\(path.jsonLiteral)") }
            if let line = p.line { fields.append("\"line\":\(line)") }
            if let column = p.column { fields.append("\"column\":\(column)") }
            if let source = p.source { fields.append("\"source\":\(source.jsonLiteral)") }
            if let hint = p.hint { fields.append("\"hint\":\(hint.jsonLiteral)") }
            return "{" + fields.joined(separator: ",") + "}"
        }
        return "{\"summary\":\(summary.jsonLiteral),\"problems\":[\(items.joined(separator: ","))]}"
    }
}
