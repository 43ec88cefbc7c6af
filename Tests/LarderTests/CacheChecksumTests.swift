import Testing

@testable import Larder

/// The parse cache's checksum (`CacheChecksum`): four lanes of eight bytes,
/// a run of whole words, then a tail. A damaged byte anywhere, in any lane
/// or the tail, and a changed length must change it.
@Suite struct CacheChecksumTests {
    func checksum(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBufferPointer(CacheChecksum.of)
    }

    @Test func everyByteAndTheLengthCount() {
        for length in 0...80 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            let original = checksum(bytes)
            #expect(checksum(bytes) == original, "length \(length): not the same twice")
            for index in bytes.indices {
                var damaged = bytes
                damaged[index] ^= 0x01
                #expect(checksum(damaged) != original, "length \(length): byte \(index) changed unseen")
            }
            #expect(checksum(bytes + [0]) != original, "length \(length): a zero byte added unseen")
        }
    }

    @Test func wordsSwappedBetweenLanesCount() {
        // Two 32-byte blocks whose first two words trade places.
        let first = (0..<8).map { UInt8($0) }, second = (8..<16).map { UInt8($0) }, rest = [UInt8](repeating: 7, count: 48)
        #expect(checksum(first + second + rest) != checksum(second + first + rest))
    }
}
