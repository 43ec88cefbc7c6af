import LarderCore

/// How much Larder reads, in one place. Each limit is far above what a real
/// kitchen needs (a recipe is about 2 KB, a long shopping list a few hundred
/// items) and low enough that a hostile or broken folder is refused quickly,
/// in bounded memory, with a diagnostic naming the file and the limit.
/// docs/limits.md lists them for users; keep the two in step.
public enum Limits {
    /// Bytes in one data file. Checked on the file's size (stat) before it is
    /// opened, and again while reading, so a file is never read whole past it.
    public static let maximumFileSize = 8 * 1024 * 1024

    /// Bytes of all data files of the folder together.
    public static let maximumTotalSize = 512 * 1024 * 1024

    /// Entries in lists/ or in recipes/ (each folder on its own).
    public static let maximumFilesPerFolder = 200_000

    /// Arrays and objects nested in a JSON file (the JSON reader's limit).
    public static let maximumJSONDepth = JSONReader.maximumDepth

    /// Levels of nesting in front matter (block indentation and flow
    /// brackets together). Real front matter uses two or three.
    public static let maximumYAMLDepth = 64

    /// Values one front matter may expand to (aliases included).
    public static let maximumYAMLNodes = 20_000

    /// Bytes in one line of a Markdown file (front matter and body).
    public static let maximumLineLength = 64 * 1024

    /// Bytes in one text value (a string in JSON or front matter).
    public static let maximumTextLength = 64 * 1024

    /// Items in one list, and ingredients in one recipe.
    public static let maximumItems = 10_000

    /// `8 MiB`, `64 KiB`, `512 MiB`: a size as people read it.
    static func describe(bytes: Int) -> String {
        if bytes >= 1024 * 1024, bytes % (1024 * 1024) == 0 { return "\(bytes / (1024 * 1024)) MiB" }
        if bytes >= 1024, bytes % 1024 == 0 { return "\(bytes / 1024) KiB" }
        return "\(bytes) bytes"
    }

    /// `200,000`: a count with thousands separated, as in the docs.
    static func describe(count: Int) -> String {
        var digits = Array(String(count))
        var out = ""
        while digits.count > 3 {
            out = "," + String(digits.suffix(3)) + out
            digits.removeLast(3)
        }
        return String(digits) + out
    }
}
