/// A point in a source file, as people count: both numbers start at 1.
///
/// `column` counts Unicode scalars from the start of the line (a tab is one
/// column), the way libyaml and most editors' "column" readouts do.
public struct SourcePosition: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static let start = SourcePosition(line: 1, column: 1)

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(line):\(column)" }
}

/// A position in a named file. `path` is relative to the data folder, with `/`.
public struct SourceLocation: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public var path: String
    public var position: SourcePosition

    public init(path: String, position: SourcePosition) {
        self.path = path
        self.position = position
    }

    public init(path: String, line: Int, column: Int) {
        self.init(path: path, position: SourcePosition(line: line, column: column))
    }

    /// A file as a whole, with no position in it (a folder that cannot be
    /// read, a file that cannot be written): line and column 0, which
    /// printers leave out.
    public static func file(_ path: String) -> SourceLocation {
        SourceLocation(path: path, position: SourcePosition(line: 0, column: 0))
    }

    public var line: Int { position.line }
    public var column: Int { position.column }
    /// Made by `file(_:)`: no line or column to print.
    public var isWholeFile: Bool { position.line == 0 }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.path, lhs.position) < (rhs.path, rhs.position)
    }

    public var description: String { isWholeFile ? path : "\(path):\(position)" }
}
