import LarderCore
import LarderMarkdown

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

    /// Folders below the data folder that are walked for Cooklang files
    /// (`Breakfast/Easy Pancakes.cook` is one deep): past it, a folder is
    /// not read, with a warning.
    public static let maximumFolderDepth = 16

    /// Folders walked in all, for the same reason: a walk of the data
    /// folder is bounded however its links and folders are laid out.
    public static let maximumFolders = 10_000

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

    /// Block quotes and list items open on one line of Markdown (every 4
    /// columns of indentation around the markers count as one more). Real
    /// lists nest three or four deep; cmark-gfm and the tree over it cost
    /// time and memory per level on every line below.
    public static let maximumMarkdownNesting = 16

    /// Columns of a Markdown table. Each row of a table renders a cell for
    /// every column, written or not.
    public static let maximumTableColumns = 64

    /// Cells of a Markdown table for every 2 bytes of its source (and 256
    /// whatever its size): cmark-gfm fills a short row with empty cells, so
    /// a row of one `|` would otherwise become as many cells as the header.
    public static let bytesPerTableCell = 2
    public static let tableCellsFloor = 256

    /// Bytes of one Markdown paragraph (lines that follow each other with no
    /// blank line, item or heading between them). cmark-gfm 0.29.0.gfm.6
    /// parses the inlines of a paragraph in one go, and some patterns of
    /// quotes, dashes and brackets cost time quadratic in its length.
    public static let maximumParagraphLength = 16 * 1024

    /// Block quotes open on one line (`>>>>`): a `>` is one byte that
    /// renders as 26, so this keeps a page within 20 times its source.
    public static let maximumQuoteNesting = 4

    /// Quote marks (`'`, `"`) with punctuation on both sides (`'''`, `'.'`)
    /// in one paragraph, heading or table row: gfm.6 turns quote marks into
    /// curly quotes in time quadratic in these.
    public static let maximumPunctuatedQuotes = 256

    /// Bytes of Markdown in one file: the body of a Markdown file and the
    /// fields rendered as Markdown (description, notes, directions)
    /// together. cmark-gfm and the tree over it take up to about 600 bytes
    /// of memory per byte of Markdown of the worst shapes; a recipe is 2 KB.
    public static let maximumMarkdownLength = 256 * 1024

    /// All of the above, as the Markdown module takes them.
    public static let markdown = MarkdownLimits(
        nesting: maximumMarkdownNesting, quoteNesting: maximumQuoteNesting, tableColumns: maximumTableColumns,
        bytesPerTableCell: bytesPerTableCell, tableCellsFloor: tableCellsFloor,
        paragraphBytes: maximumParagraphLength, punctuatedQuotes: maximumPunctuatedQuotes,
        textBytes: maximumMarkdownLength
    )

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
