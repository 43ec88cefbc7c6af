import LarderCore

/// Why an app export gave no recipes: its problems as diagnostics, each at
/// its file (a zip's entry as `export.zip/plantoeat.csv`), line and column
/// where there is one, with a hint.
public struct ExportProblem: Error, Sendable, Hashable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    /// A CSV file that does not parse.
    static func csv(_ failure: CSVTable.Failure, path: String) -> ExportProblem {
        let location = switch failure {
        case .unclosedQuote(let line, let column): SourceLocation(path: path, line: line, column: column)
        case .empty: SourceLocation.file(path)
        }
        return ExportProblem([.error("export-csv", failure.description, at: location, hint: failure.hint)])
    }

    /// An export of `format` whose file holds no recipe.
    static func noRecipes(_ format: String, path: String, hint: String) -> ExportProblem {
        ExportProblem([.error("export-empty", "a \(format) export with no recipe in it", at: .file(path), hint: hint)])
    }

    public var description: String {
        diagnostics.map { $0.importLine(path: $0.location?.path ?? "") }.joined(separator: "\n")
    }
}

extension Diagnostic {
    /// `path:line:column: message (hint)`, as `larder import` prints a
    /// source's problem (`path` alone for a whole file).
    func importLine(path: String) -> String {
        let at = location.flatMap { $0.isWholeFile ? nil : ":\($0.line):\($0.column)" } ?? ""
        return "\(path)\(at): \(message)" + (hint.map { " (\($0))" } ?? "")
    }
}
