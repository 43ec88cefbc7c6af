/// Printable ASCII (0x20–0x7E) skipped eight bytes at a time.
///
/// Every data file is scanned several times for the few bytes that matter
/// to a check (line ends, control characters, the lead byte of a
/// noncharacter or of a byte-order mark), and all of those lie outside
/// printable ASCII, where nearly every byte of a recipe or a list lies. A
/// scan asks for the next byte outside it and decides about that one byte.
public enum PrintableASCII {
    /// The index of the first byte at or after `index` that is not printable
    /// ASCII (below 0x20, 0x7F, or 0x80 and above); `buffer.count` if none.
    @inlinable
    public static func end(in buffer: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        let count = buffer.count
        var index = index
        if let base = buffer.baseAddress {
            while index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if !allPrintable(word) { break }
                index += 8
            }
        }
        while index < count, buffer[index] >= 0x20, buffer[index] < 0x7F { index += 1 }
        return index
    }

    /// Whether all eight bytes of `word` are printable ASCII. Each test sets
    /// the high bit of some byte exactly when one byte fails it: a high bit
    /// of its own (0x80 and above), a borrow when 0x20 is taken from a byte
    /// below it, a borrow when 1 is taken from a byte that is 0x7F xor 0x7F.
    @inlinable
    static func allPrintable(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let belowSpace = (word &- ones &* 0x20) & ~word
        let delete = word ^ (ones &* 0x7F)
        let isDelete = (delete &- ones) & ~delete
        return (word | belowSpace | isDelete) & highs == 0
    }
}
