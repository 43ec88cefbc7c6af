import Testing

@testable import LarderCore

/// `PrintableASCII.end` steps over eight bytes at a time: it must stop at
/// exactly the byte a byte-by-byte loop stops at, wherever in a word it is.
@Suite struct PrintableASCIITests {
    /// The byte loop the word test replaces.
    private func expectedEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count, (0x20...0x7E).contains(bytes[index]) { index += 1 }
        return index
    }

    private func end(_ bytes: [UInt8], from start: Int) -> Int {
        bytes.withUnsafeBufferPointer { PrintableASCII.end(in: $0, from: start) }
    }

    @Test func stopsAtEveryByteOutsidePrintableASCII() {
        for byte in 0...255 {
            for position in 0..<19 {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 19)
                bytes[position] = UInt8(byte)
                let printable = (0x20...0x7E).contains(byte)
                #expect(end(bytes, from: 0) == (printable ? 19 : position), "byte \(byte) at \(position)")
            }
        }
    }

    @Test func agreesWithTheByteLoopOnMixedText() {
        var generator = SystemRandomNumberGenerator()
        // Mostly printable, with line ends, tabs, DEL, UTF-8 and the edges of the range.
        let alphabet: [UInt8] = Array(0x20...0x7E) + [0x00, 0x09, 0x0A, 0x0D, 0x1F, 0x7F, 0x80, 0xC2, 0xEF, 0xF0, 0xFF]
        for _ in 0..<300 {
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                Bool.random(using: &generator) ? UInt8(ascii: "x") : alphabet.randomElement(using: &generator)!
            }
            for start in 0...bytes.count {
                #expect(end(bytes, from: start) == expectedEnd(bytes, from: start), "\(bytes) from \(start)")
            }
        }
    }

    @Test func emptyAndPastTheEnd() {
        #expect(end([], from: 0) == 0)
        #expect(end(Array("abc".utf8), from: 3) == 3)
    }
}
