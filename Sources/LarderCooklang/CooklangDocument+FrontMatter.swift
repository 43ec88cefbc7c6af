import LarderCore

extension CooklangDocument.FrontMatterBlock {
    /// The top-level `key: value` lines, split at the first `:` and trimmed,
    /// without YAML: how Cooklang's parsers read a block YAML does not take
    /// as a mapping (canonical.yaml's `cooking time    :30 mins` is one plain
    /// YAML scalar, but the key "cooking time" for Cooklang). For a reader to
    /// fall back on; indented lines, list items and `#` comments are skipped,
    /// so nested YAML is not read here.
    public var looseEntries: [CooklangDocument.MetadataEntry] {
        var entries: [CooklangDocument.MetadataEntry] = []
        var lineNumber = firstLine
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            defer { lineNumber += 1 }
            let line = line.hasSuffix("\r") ? line.dropLast() : line
            guard let first = line.unicodeScalars.first, !first.properties.isWhitespace, first != "#", first != "-",
                let colon = line.firstIndex(of: ":")
            else { continue }
            let key = line[..<colon].trimmingWhitespace()
            let rest = line[line.index(after: colon)...]
            let value = rest.trimmingWhitespace()
            let valueOffset = rest.unicodeScalars.prefix(while: { $0.properties.isWhitespace }).count
            let valueColumn = line[..<colon].unicodeScalars.count + 2 + (value.isEmpty ? 0 : valueOffset)
            entries.append(
                CooklangDocument.MetadataEntry(
                    key: key, value: value, keyPosition: SourcePosition(line: lineNumber, column: 1),
                    valuePosition: SourcePosition(line: lineNumber, column: valueColumn)))
        }
        return entries
    }
}
