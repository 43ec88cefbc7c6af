import LarderCore

/// Reads Cooklang text (cooklang.org spec; the cases of the spec's
/// tests/canonical.yaml) into a ``CooklangDocument``.
public enum CooklangParser {
    /// - Parameters:
    ///   - text: the whole file, BOM already removed.
    ///   - path: the file, relative to the data folder, for diagnostics.
    public static func parse(_ text: String, path: String) -> CooklangDocument {
        // The scanner works on the UTF-8 bytes: every file of a large
        // kitchen goes through here, and Characters (grapheme breaking)
        // would cost several times more than the whole parse.
        var text = text
        return text.withUTF8 { bytes in
            var scanner = CooklangScanner(bytes: bytes, path: path)
            return scanner.document()
        }
    }
}
