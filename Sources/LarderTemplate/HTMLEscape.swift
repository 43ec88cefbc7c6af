/// Text made safe for HTML: `&`, `<`, `>`, `"` and `'` as entities (the
/// same five, spelled the same, as swift-mustache), so a value is safe in
/// element content and in quoted attributes.
public enum HTMLEscape {
    /// Appends `text`, escaped, to `output`: runs without any of the five are
    /// copied whole.
    public static func append(_ text: String, to output: inout [UInt8]) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { append($0, to: &output) }
        if done == nil {
            var text = text
            text.makeContiguousUTF8()
            text.utf8.withContiguousStorageIfAvailable { append($0, to: &output) }
        }
    }

    public static func append(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var runStart = 0
        for index in 0..<bytes.count {
            let byte = bytes[index]
            // All five are at or below '>' (0x3E); most bytes are above.
            guard byte <= UInt8(ascii: ">") else { continue }
            let entity: StaticString
            switch byte {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\""): entity = "&quot;"
            case UInt8(ascii: "'"): entity = "&#39;"
            default: continue
            }
            if index > runStart { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
            output.append(contentsOf: UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
            runStart = index + 1
        }
        if runStart < bytes.count { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...])) }
    }
}
