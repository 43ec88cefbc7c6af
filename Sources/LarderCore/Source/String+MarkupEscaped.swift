extension String {
    /// The text with every character that means something in HTML or XML
    /// text and attribute values escaped (`& < > " '`), for markup built
    /// outside the templates (sitemaps, SVG, the preview's error page); the
    /// same escaping as the templates' `{{value}}` (`MarkupEscape`).
    public var markupEscaped: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        MarkupEscape.append(self, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
