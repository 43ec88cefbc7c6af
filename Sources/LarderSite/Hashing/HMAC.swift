/// HMAC (RFC 2104) over ``SHA256``.
enum HMAC {
    /// HMAC-SHA256 of `message` under `key`: 32 bytes.
    static func sha256(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var block = key.count > SHA256.blockSize ? SHA256.hash(key) : key
        block += [UInt8](repeating: 0, count: SHA256.blockSize - block.count)
        let inner = SHA256.hash(block.map { $0 ^ 0x36 } + message)
        return SHA256.hash(block.map { $0 ^ 0x5c } + inner)
    }
}
