import LarderCore

/// A broken invariant stops the process with a message, which libFuzzer
/// reports as a crash and saves the input for.
public func invariant(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) {
    if !condition() { fatalError("invariant broken: \(message())", file: file, line: line) }
}

/// The fuzzer's input as an array.
public func fuzzBytes(_ data: UnsafePointer<UInt8>, _ size: Int) -> [UInt8] {
    Array(UnsafeBufferPointer(start: data, count: size))
}

/// Checks positions against the text of one file as `larder check` shows it
/// (`SourceText`: lines split at LF, CRLF and lone CR; columns in Unicode
/// scalars after lenient UTF-8 decoding; a leading BOM dropped).
public struct PositionBounds {
    public let path: String
    /// Scalars per line.
    let lineLengths: [Int]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        lineLengths = SourceText(path: path, bytes: bytes).lines.map { $0.unicodeScalars.count }
    }

    /// Whether `position` is a character of the file or just after the end
    /// of a line (where "missing …" problems point).
    public func contains(_ position: SourcePosition) -> Bool {
        guard position.line >= 1, position.line <= lineLengths.count, position.column >= 1 else { return false }
        return position.column <= lineLengths[position.line - 1] + 1
    }

    public func check(_ position: SourcePosition, _ what: @autoclosure () -> String) {
        invariant(
            contains(position),
            "\(what()) at \(path):\(position) is outside the file (\(lineLengths.count) lines, "
                + "line length \(position.line >= 1 && position.line <= lineLengths.count ? String(lineLengths[position.line - 1]) : "-"))")
    }
}

extension Diagnostic {
    /// One line, for invariant messages.
    public var summary: String {
        "\(location.map { "\($0): " } ?? "")\(severity.rawValue): \(message) [\(code)]"
    }
}

/// Every diagnostic pointing into one of `files` must point inside it;
/// diagnostics for other paths (folder layout) must be at 1:1 of a path that
/// is not a data file of `files`.
public func checkDiagnostics(_ diagnostics: [Diagnostic], files: [String: [UInt8]]) {
    var bounds: [String: PositionBounds] = [:]
    for diagnostic in diagnostics {
        invariant(!diagnostic.message.isEmpty, "a diagnostic without a message: \(diagnostic.summary)")
        invariant(!diagnostic.code.isEmpty, "a diagnostic without a code: \(diagnostic.summary)")
        guard let location = diagnostic.location else { continue }
        guard let bytes = files[location.path] else {
            invariant(location.position == .start, "a diagnostic in an unknown file: \(diagnostic.summary)")
            continue
        }
        let fileBounds = bounds[location.path] ?? PositionBounds(path: location.path, bytes: bytes)
        bounds[location.path] = fileBounds
        fileBounds.check(location.position, diagnostic.summary)
    }
}
