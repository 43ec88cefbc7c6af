import LarderCore

/// Turns a report into text for people or machines. Formatters never decide
/// what is a problem; they only print.
public enum DiagnosticFormat: String, Sendable, CaseIterable {
    /// `path:line:column: error: message [code]`, the line, a caret, a hint.
    case text
    /// One JSON object with every diagnostic, for scripts.
    case json
    /// GitHub Actions workflow commands (`::error file=…,line=…::…`).
    case github
}

public struct DiagnosticFormatter: Sendable {
    public var format: DiagnosticFormat
    /// ANSI colours (only when printing to a terminal).
    public var color: Bool
    /// Prefix of printed paths, so they are relative to the working folder
    /// (clickable in terminals and editors, and right for GitHub annotations).
    public var pathPrefix: String

    public init(format: DiagnosticFormat, color: Bool = false, pathPrefix: String = "") {
        self.format = format
        self.color = color
        self.pathPrefix = pathPrefix
    }

    public func render(_ report: DiagnosticReport) -> String {
        switch format {
        case .text: renderText(report)
        case .json: renderJSON(report)
        case .github: renderGitHub(report)
        }
    }

    /// A data-folder-relative path as printed: behind `pathPrefix`. An
    /// absolute path (the output folder, named by a stopping error) is
    /// printed as it is.
    public func displayPath(_ path: String) -> String {
        guard !pathPrefix.isEmpty, pathPrefix != ".", !path.hasPrefix("/") else { return path }
        return pathPrefix.hasSuffix("/") ? pathPrefix + path : pathPrefix + "/" + path
    }

    // MARK: Text

    private func paint(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// The diagnostics and the summary; then the error that stopped the run,
    /// alone when no file was checked or none had a problem (a summary of
    /// a folder that was not read would say nothing true).
    private func renderText(_ report: DiagnosticReport) -> String {
        var out = ""
        if report.stop == nil || !report.diagnostics.isEmpty {
            for diagnostic in report.diagnostics {
                out += textBlock(diagnostic, source: diagnostic.location.flatMap { report.sources[$0.path] })
            }
            out += report.summary + "\n"
        }
        if let stop = report.stop { out += stopLine(stop) }
        return out
    }

    /// `larder: error: path: message; hint`: the error that stopped a run,
    /// on one line, as every command prints its own errors. A line feed in
    /// a name is shown as U+FFFD, so it cannot start a line that passes
    /// for Larder's own.
    public func stopLine(_ d: Diagnostic) -> String {
        var text = "larder: \(d.severity.rawValue): "
        if let location = d.location {
            text += displayPath(location.path) + (location.isWholeFile ? "" : ":\(location.line):\(location.column)") + ": "
        }
        text += d.message
        if let hint = d.hint { text += "; " + hint }
        return Self.printableLine(text) + "\n"
    }

    func textBlock(_ d: Diagnostic, source: SourceText?) -> String {
        let severity = d.severity == .error ? paint("error", "1;31") : paint("warning", "1;33")
        var out = ""
        if let location = d.location {
            let position = location.isWholeFile ? "" : ":\(location.line):\(location.column)"
            out += paint("\(Self.printableLine(displayPath(location.path)))\(position):", "1") + " "
        }
        out += "\(severity): \(paint(Self.printableLine(d.message), "1")) [\(d.code)]\n"
        if let location = d.location, let line = source?.line(location.line) {
            let number = String(location.line)
            let gutter = String(repeating: " ", count: number.count)
            let (shown, column) = Self.excerpt(line, column: location.column)
            out += " \(paint(number, "34")) | \(shown)\n"
            out += " \(gutter) | \(caretPrefix(shown, column: column))\(paint("^", "1;32"))\n"
            if let hint = d.hint {
                out += " \(gutter) = \(paint("hint", "1;36")): \(Self.printableLine(hint))\n"
            }
        } else if let hint = d.hint {
            out += "  = \(paint("hint", "1;36")): \(Self.printableLine(hint))\n"
        }
        return out
    }

    /// Scalars of a source line shown at most; a longer line (a minified
    /// file, a hostile one) is cut to a window around the column, with `…`.
    static let excerptWidth = 160

    /// The part of `line` to show and the caret's column in it: BOMs dropped,
    /// control characters made visible (a file cannot drive the terminal).
    static func excerpt(_ line: Substring, column: Int) -> (text: String, column: Int) {
        // Walks only to the window's end: a 1 MB line costs what its first
        // `column + excerptWidth` scalars cost.
        let scalars = line.unicodeScalars
        let start = line.utf8.count > excerptWidth ? max(0, column - 1 - excerptWidth / 3) : 0
        var index = scalars.startIndex
        var skipped = 0
        while skipped < start, index < scalars.endIndex {
            index = scalars.index(after: index)
            skipped += 1
        }
        var text = skipped > 0 ? "…" : ""
        var taken = 0
        while taken < excerptWidth, index < scalars.endIndex {
            if scalars[index] != "\u{FEFF}" { text.unicodeScalars.append(scalars[index]) }
            index = scalars.index(after: index)
            taken += 1
        }
        if index < scalars.endIndex { text += "…" }
        return (printable(text), column - skipped + (skipped > 0 ? 1 : 0))
    }

    /// `text` with control characters other than tab and line feed (and
    /// Unicode bidi overrides) replaced by U+FFFD, so that data quoted in a
    /// diagnostic (or a share printed to a terminal) cannot move the
    /// cursor, recolour or retitle a terminal.
    public static func printable(_ text: String) -> String {
        replacingControls(in: text, lineFeeds: false)
    }

    /// `printable`, line feeds replaced too: for a path, a message or a hint,
    /// which a name from the data must not break into lines that pass for
    /// Larder's own.
    public static func printableLine(_ text: String) -> String {
        replacingControls(in: text, lineFeeds: true)
    }

    private static func replacingControls(in text: String, lineFeeds: Bool) -> String {
        func shown(_ scalar: Unicode.Scalar) -> Bool { !isControl(scalar) && !(lineFeeds && scalar == "\n") }
        guard !text.unicodeScalars.allSatisfy(shown) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            out.unicodeScalars.append(shown(scalar) ? scalar : "\u{FFFD}")
        }
        return out
    }

    /// C0 controls but tab and line feed, DEL, C1 controls, and the bidi
    /// embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A: false
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Spaces (and the line's own tabs, so the caret lines up) up to `column`.
    private func caretPrefix(_ line: String, column: Int) -> String {
        var prefix = ""
        for scalar in line.unicodeScalars.prefix(max(0, column - 1)) {
            prefix.unicodeScalars.append(scalar == "\t" ? "\t" : " ")
        }
        return prefix
    }

    // MARK: JSON

    /// The error that stopped the run, if any, is the last diagnostic, and
    /// counted.
    private func renderJSON(_ report: DiagnosticReport) -> String {
        let diagnostics = (report.diagnostics + (report.stop.map { [$0] } ?? [])).map { d in
            let located = d.location.flatMap { $0.isWholeFile ? nil : $0 }
            return JSONOutput.fields([
                "severity": .string(d.severity.rawValue),
                "code": .string(d.code),
                "message": .string(d.message),
                "path": d.location.map { .string(displayPath($0.path)) },
                "line": located.map { .int($0.line) },
                "column": located.map { .int($0.column) },
                "hint": d.hint.map { .string($0) },
            ])
        }
        let json = JSONOutput.lines(.fields([
            "files": .int(report.fileCount),
            "errors": .int(report.errorCount + (report.stop == nil ? 0 : 1)),
            "warnings": .int(report.warningCount),
            "diagnostics": .lines(.array(diagnostics)),
        ]))
        return json.text(layout: .readable, escaping: .terminal) + "\n"
    }

    // MARK: GitHub Actions

    /// The error that stopped the run, if any, is the last annotation; the
    /// summary is left out when it is the only problem, as in text.
    private func renderGitHub(_ report: DiagnosticReport) -> String {
        var out = ""
        for d in report.diagnostics + (report.stop.map { [$0] } ?? []) {
            var properties: [String] = []
            if let location = d.location {
                properties.append("file=\(Self.githubEscaped(displayPath(location.path), property: true))")
                if !location.isWholeFile {
                    properties.append("line=\(location.line)")
                    properties.append("col=\(location.column)")
                }
            }
            properties.append("title=\(Self.githubEscaped("larder \(d.code)", property: true))")
            var message = d.message
            if let hint = d.hint { message += "\nhint: \(hint)" }
            out += "::\(d.severity.rawValue) \(properties.joined(separator: ","))::\(Self.githubEscaped(message, property: false))\n"
        }
        if report.stop == nil || !report.diagnostics.isEmpty { out += report.summary + "\n" }
        return out
    }

    /// `text` for a workflow command, as GitHub's runner decodes it: `%`, CR
    /// and LF percent-encoded (in a property also `:` and `,`), so that no
    /// value can end the command or start a line of its own, which the
    /// runner would read as another command. Escaped by Unicode scalar:
    /// Swift takes "\r\n" for one Character, which a Character-wise
    /// replacement of "\n" misses. Other control characters become U+FFFD,
    /// as in the text format (the log viewer renders ANSI colours).
    static func githubEscaped(_ text: String, property: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case ":" where property: out += "%3A"
            case "," where property: out += "%2C"
            default: out.unicodeScalars.append(isControl(scalar) ? "\u{FFFD}" : scalar)
            }
        }
        return out
    }
}
