import Testing

@testable import LarderSite

@Suite struct SHA256Tests {
    /// FIPS 180-4 examples (NIST CSRC "SHA256.pdf", "SHA2_Additional.pdf").
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
    ])
    func fipsExamples(message: String, digest: String) {
        #expect(hex(SHA256.hash(Array(message.utf8))) == digest)
    }

    @Test func oneMillionA() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(hex(SHA256.hash(message)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Messages around the padding boundaries (55, 56, 63, 64, 65 bytes),
    /// against digests from Python's hashlib.
    @Test(arguments: [
        (55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
        (56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
        (63, "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"),
        (64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
        (65, "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0"),
    ])
    func paddingBoundaries(length: Int, digest: String) {
        #expect(hex(SHA256.hash([UInt8](repeating: UInt8(ascii: "a"), count: length))) == digest)
    }
}

@Suite struct HMACTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var number: Int
        var key: [UInt8]
        var message: [UInt8]
        /// Hex; case 5's is truncated to 128 bits.
        var mac: String
        var testDescription: String { "RFC 4231 test case \(number)" }
    }

    static let cases: [Case] = [
        Case(number: 1, key: [UInt8](repeating: 0x0b, count: 20), message: Array("Hi There".utf8),
             mac: "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
        Case(number: 2, key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8),
             mac: "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
        Case(number: 3, key: [UInt8](repeating: 0xaa, count: 20), message: [UInt8](repeating: 0xdd, count: 50),
             mac: "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
        Case(number: 4, key: (1...25).map { UInt8($0) }, message: [UInt8](repeating: 0xcd, count: 50),
             mac: "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
        Case(number: 5, key: [UInt8](repeating: 0x0c, count: 20), message: Array("Test With Truncation".utf8),
             mac: "a3b6167473100ee06e0c796c2955552b"),
        Case(number: 6, key: [UInt8](repeating: 0xaa, count: 131),
             message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
             mac: "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
        Case(number: 7, key: [UInt8](repeating: 0xaa, count: 131),
             message: Array(("This is a test using a larger than block-size key and a larger than block-size data. "
                 + "The key needs to be hashed before being used by the HMAC algorithm.").utf8),
             mac: "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
    ]

    /// RFC 4231, test cases 1 to 7.
    @Test(arguments: cases)
    func rfc4231(_ testCase: Case) {
        let full = hex(HMAC.sha256(key: testCase.key, message: testCase.message))
        #expect(full.count == 64)
        #expect(full.hasPrefix(testCase.mac))
    }
}

private func hex(_ bytes: [UInt8]) -> String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
}
