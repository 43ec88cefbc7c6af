import LarderCore
import Testing

@testable import Larder

@Suite struct StrayCharactersTests {
    /// The first byte-order mark after offset 0, byte by byte.
    private static func firstBOM(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        return (1...bytes.count - 3).first { bytes[$0] == 0xEF && bytes[$0 + 1] == 0xBB && bytes[$0 + 2] == 0xBF }
    }

    /// A BOM at the start, at the end, cut short, after lone 0xEF bytes
    /// (as in U+FFFD, EF BF BD) and after line ends.
    @Test(arguments: [
        [0xEF, 0xBB, 0xBF], [0xEF, 0xBB, 0xBF, 0x61], [0x61, 0xEF, 0xBB, 0xBF], [0x61, 0xEF, 0xBB], [0x61, 0xEF],
        Array("ab\ncd\r\n".utf8) + [0xEF, 0xBF, 0xBD, 0xEF, 0xEF, 0xBB, 0xBF] + Array("x\n".utf8),
        [0xEF, 0xBB, 0xBF] + Array(repeating: 0x61, count: 100) + [0xEF, 0xBB, 0xBF],
        Array(repeating: 0xEF, count: 40), [], [0x61],
    ] as [[UInt8]])
    func findsTheFirstMisplacedBOM(_ bytes: [UInt8]) {
        let diagnostic = StrayCharacters.misplacedBOM(in: bytes, path: "lists/weekly.md")
        let expected = Self.firstBOM(bytes)
        #expect((diagnostic != nil) == (expected != nil))
        if let expected {
            #expect(diagnostic?.location?.position == UTF8Check.position(ofOffset: expected, in: bytes))
        }
    }
}
