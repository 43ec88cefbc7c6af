import LarderCore

/// Something in an item or ingredient line that could not be read.
///
/// `offset` is a 0-based count of Unicode scalars from the start of the text
/// that was parsed; add it to the 1-based column where that text starts in
/// its file to get the problem's column (see ``diagnostic(path:textStart:)``).
public struct LineProblem: Sendable, Hashable, Codable, Error {
    public var offset: Int
    /// A stable kebab-case code, such as `bad-quantity` or `bad-marker`.
    public var code: String
    public var message: String
    public var hint: String?

    public init(offset: Int, code: String, message: String, hint: String? = nil) {
        self.offset = offset
        self.code = code
        self.message = message
        self.hint = hint
    }

    /// The problem as an error diagnostic, for a line whose parsed text
    /// starts at `textStart` in `path`.
    public func diagnostic(path: String, textStart: SourcePosition) -> Diagnostic {
        diagnostic(at: SourceLocation(path: path, line: textStart.line, column: textStart.column + offset))
    }

    /// The problem as an error diagnostic at `location`, for text whose
    /// offsets are not columns (escapes, lines joined).
    public func diagnostic(at location: SourceLocation) -> Diagnostic {
        .error(code, message, at: location, hint: hint)
    }

    /// The same, as a warning: for ``ParsedLine/warnings``, what was read but
    /// may be read wrongly.
    public func warning(at location: SourceLocation) -> Diagnostic {
        .warning(code, message, at: location, hint: hint)
    }
}

extension LineProblem {
    static let quantityHint = "write a whole number (2), a decimal (0.5), a fraction (1/2, 1 1/2, ½) or a range (1-2)"

    static func badQuantity(at offset: Int, _ message: String, hint: String? = quantityHint) -> LineProblem {
        LineProblem(offset: offset, code: "bad-quantity", message: message, hint: hint)
    }
}
