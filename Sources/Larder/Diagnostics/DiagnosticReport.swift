import LarderCore

/// The outcome of checking a folder: every diagnostic, sorted, with the text
/// of the files they point into (so printers can show the offending line),
/// and the error that stopped the run, if one did.
public struct DiagnosticReport: Sendable {
    public var diagnostics: [Diagnostic]
    /// The error that stopped the run before it finished (a folder that
    /// cannot be read, a theme, a secret, a write): not a problem of one
    /// data file, so kept apart from `diagnostics` and their counts, and
    /// printed after them (`DiagnosticFormatter`).
    public var stop: Diagnostic?
    /// How many data files were read.
    public var fileCount: Int
    /// Source text of the files that have diagnostics, keyed by relative path.
    public var sources: [String: SourceText]

    /// A run stopped by `stop` before any file was checked.
    public init(stop: Diagnostic) {
        self.init(diagnostics: [], fileCount: 0)
        self.stop = stop
    }

    public init(diagnostics: [Diagnostic], fileCount: Int, sources: [String: SourceText] = [:]) {
        // Two checks may find the same fault (a schema pattern and a format
        // both rejecting a date): say it once.
        var unique: [Diagnostic] = []
        for diagnostic in diagnostics.sorted() where unique.last != diagnostic {
            unique.append(diagnostic)
        }
        self.diagnostics = unique
        self.fileCount = fileCount
        self.sources = sources
    }

    public var errorCount: Int { diagnostics.count { $0.severity == .error } }
    public var warningCount: Int { diagnostics.count { $0.severity == .warning } }
    /// Errors in the data, or an error that stopped the run.
    public var hasErrors: Bool { errorCount > 0 || stop != nil }

    /// "checked 12 files: 2 errors, 1 warning"
    public var summary: String {
        let files = fileCount == 1 ? "1 file" : "\(fileCount) files"
        if diagnostics.isEmpty { return "checked \(files): no problems" }
        func count(_ n: Int, _ word: String) -> String { n == 1 ? "1 \(word)" : "\(n) \(word)s" }
        return "checked \(files): \(count(errorCount, "error")), \(count(warningCount, "warning"))"
    }
}
