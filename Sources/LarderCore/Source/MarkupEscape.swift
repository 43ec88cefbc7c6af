/// Text made safe for HTML and XML: `&`, `<`, `>`, `"` and `'` as entities,
/// so a value is safe in element content and in quoted attributes. Works on
/// UTF-8 bytes: the five are ASCII and never part of a longer sequence, so a
/// quote followed by a combining mark (one Swift `Character`) is still
/// escaped. Used by the template engine and by `String.markupEscaped`.
public enum MarkupEscape {
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
        guard let base = bytes.baseAddress else { return }
        var runStart = 0
        var index = 0
        while index < bytes.count {
            // Eight bytes at a time while none of them is one of the five.
            if index + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if !Self.mayNeedEscape(word) {
                    index += 8
                    continue
                }
            }
            let entity: StaticString
            switch bytes[index] {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\""): entity = "&quot;"
            case UInt8(ascii: "'"): entity = "&#39;"
            default:
                index += 1
                continue
            }
            if index > runStart { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
            output.append(contentsOf: UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
            index += 1
            runStart = index
        }
        if runStart < bytes.count { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...])) }
    }

    /// Whether any byte of `word` is one of the five (the classic test for a
    /// zero byte, applied to `word` XOR each of them).
    @inline(__always)
    static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func has(_ byte: UInt8) -> UInt64 {
            let x = word ^ (ones &* UInt64(byte))
            return (x &- ones) & ~x & highs
        }
        return (has(0x26) | has(0x3C) | has(0x3E) | has(0x22) | has(0x27)) != 0
    }
}
