extension String {
    /// The string as a JSON string literal, quotes included, for messages and
    /// for JSON printed to a terminal: what RFC 8259 requires escaped (`"`,
    /// `\` and control characters), and also DEL, the C1 controls, U+2028,
    /// U+2029 and the bidi embeddings, overrides and isolates, which JSON
    /// allows (``JSONOutput/Escaping/terminal``).
    public var jsonLiteral: String {
        JSONOutput.literal(self, escaping: .terminal)
    }
}
