import LarderCore

/// Reads Cooklang text (cooklang.org spec; the cases of the spec's
/// tests/canonical.yaml) into a ``CooklangDocument``.
public enum CooklangParser {
    /// - Parameters:
    ///   - text: the whole file, BOM already removed.
    ///   - path: the file, relative to the data folder, for diagnostics.
    public static func parse(_ text: String, path: String) -> CooklangDocument {
        // Skeleton: the parser helper writes the real one.
        CooklangDocument()
    }
}
