/// A fast 128-bit hash of some bytes: tells a page that came out the same as
/// last build's from one that changed, so that an incremental build links the
/// previous file instead of writing it. Not cryptographic: someone who can
/// edit the data could craft a page that keeps last build's bytes, which they
/// could as well have left unchanged. SHA-256 would cost a tenth of a second
/// on a 200 MB site; this runs at several GB/s.
///
/// Two 64-bit lanes read the same 16 bytes per step, each folding them in
/// with a 64×64→128-bit multiply (as wyhash does) under its own constants;
/// the length and both lanes are mixed again at the end.
struct ContentHash: Sendable, Hashable, CustomStringConvertible {
    var high: UInt64
    var low: UInt64

    private static let p0: UInt64 = 0xa076_1d64_78bd_642f
    private static let p1: UInt64 = 0xe703_7ed1_a0b4_28db
    private static let p2: UInt64 = 0x8ebc_6af0_9c88_c6e3
    private static let p3: UInt64 = 0x5899_65cc_7537_4cc3
    private static let p4: UInt64 = 0x1d8e_4e27_c47d_124f

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    init(_ bytes: [UInt8]) {
        self = bytes.withUnsafeBytes(Self.init(buffer:))
    }

    init(_ text: String) {
        var text = text
        self = text.withUTF8 { Self(buffer: UnsafeRawBufferPointer($0)) }
    }

    init(buffer: UnsafeRawBufferPointer) {
        let count = buffer.count
        var a = Self.p0 ^ UInt64(count)
        var b = Self.p1 &+ UInt64(count)
        var offset = 0
        if let base = buffer.baseAddress {
            while offset + 16 <= count {
                let w0 = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                let w1 = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
                a = Self.mix(w0 ^ Self.p1, w1 ^ a)
                b = Self.mix(w1 ^ Self.p2, (w0 &+ b) ^ Self.p3)
                offset += 16
            }
            // The last 0 to 15 bytes, little-endian, in two words.
            var w0: UInt64 = 0, w1: UInt64 = 0
            var shift: UInt64 = 0
            while offset < count {
                let byte = UInt64(base.load(fromByteOffset: offset, as: UInt8.self))
                if shift < 64 { w0 |= byte << shift } else { w1 |= byte << (shift - 64) }
                shift += 8
                offset += 1
            }
            a = Self.mix(w0 ^ Self.p1 ^ UInt64(count), w1 ^ a)
            b = Self.mix(w1 ^ Self.p2, (w0 &+ b) ^ Self.p4)
        }
        high = Self.mix(a ^ Self.p3, b ^ Self.p0)
        low = Self.mix(b ^ Self.p4, a ^ Self.p2 ^ UInt64(count))
    }

    /// Folds a 128-bit product to 64 bits.
    @inline(__always)
    private static func mix(_ x: UInt64, _ y: UInt64) -> UInt64 {
        let (high, low) = x.multipliedFullWidth(by: y)
        return high ^ low
    }

    /// A hash of values written one after another, each length-prefixed where
    /// it varies, so that ("ab", "c") and ("a", "bc") differ.
    struct Builder {
        private var bytes: [UInt8]

        /// Room for what most builders hold (a fingerprint's few paths and
        /// digests), so that one does not grow its array four or five times
        /// from empty: some 60,000 builders run in a one-recipe rebuild.
        init() {
            bytes = []
            bytes.reserveCapacity(256)
        }

        /// Room for `count` more bytes.
        mutating func reserve(_ count: Int) {
            bytes.reserveCapacity(bytes.count + count)
        }

        mutating func add(_ text: String) {
            add(UInt64(text.utf8.count))
            bytes += text.utf8
        }

        mutating func add(_ value: UInt64) {
            withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
        }

        mutating func add(_ value: Int64) { add(UInt64(bitPattern: value)) }

        mutating func add(bytes more: [UInt8]) {
            add(UInt64(more.count))
            bytes += more
        }

        mutating func add(_ hash: ContentHash) {
            add(hash.high)
            add(hash.low)
        }

        var hash: ContentHash { ContentHash(bytes) }
    }

    var description: String {
        let hex = String(high, radix: 16) + ":" + String(low, radix: 16)
        return hex
    }

    /// The 128 bits as 32 lowercase hex digits, for names and versions.
    var hexDigits: String { Self.hexDigits(high) + Self.hexDigits(low) }

    /// 16 lowercase hex digits, leading zeros kept.
    static func hexDigits(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
