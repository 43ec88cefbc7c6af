/// The primitives of the parse cache's binary format (`DocumentCache`):
/// integers as LEB128 varints (signed ones zigzagged), strings as their
/// UTF-8 length and bytes, optionals behind a presence byte.
struct CacheWriter {
    var bytes: [UInt8] = []

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    mutating func unsigned(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    mutating func int(_ value: Int) {
        unsigned(UInt64(bitPattern: Int64((value << 1) ^ (value >> (Int.bitWidth - 1)))))
    }

    mutating func bool(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    mutating func byte(_ value: UInt8) {
        bytes.append(value)
    }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            unsigned(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    /// nil as length 0, a string as its length plus one.
    mutating func string(_ value: String?) {
        guard var value else { return bytes.append(0) }
        value.withUTF8 { utf8 in
            unsigned(UInt64(utf8.count) + 1)
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func strings(_ values: [String]) {
        unsigned(UInt64(values.count))
        for value in values { string(value) }
    }

    mutating func raw(_ value: [UInt8]) {
        unsigned(UInt64(value.count))
        bytes.append(contentsOf: value)
    }

    /// Fixed width, little-endian: the header's length and checksum.
    mutating func fixed(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }
}

/// A cache file that does not read as one: it is ignored, never reported.
struct CacheCorrupt: Error {}

/// Reads what `CacheWriter` wrote, checking every length against the bytes
/// left, so that no file, however damaged, reads out of bounds or traps.
struct CacheReader {
    private let buffer: UnsafeBufferPointer<UInt8>
    private(set) var position: Int
    private let end: Int

    init(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int = 0, to end: Int? = nil) {
        self.buffer = buffer
        self.position = start
        self.end = Swift.min(end ?? buffer.count, buffer.count)
    }

    var isAtEnd: Bool { position == end }

    mutating func unsigned() throws(CacheCorrupt) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while position < end {
            let byte = buffer[position]
            position += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
            if shift > 63 { throw CacheCorrupt() }
        }
        throw CacheCorrupt()
    }

    mutating func int() throws(CacheCorrupt) -> Int {
        let zigzag = try unsigned()
        return Int(Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1))
    }

    /// A count of things each at least one byte long: never more than the
    /// bytes left, so garbage cannot ask for a huge allocation.
    mutating func count() throws(CacheCorrupt) -> Int {
        let value = try unsigned()
        guard value <= UInt64(end - position) else { throw CacheCorrupt() }
        return Int(value)
    }

    mutating func byte() throws(CacheCorrupt) -> UInt8 {
        guard position < end else { throw CacheCorrupt() }
        defer { position += 1 }
        return buffer[position]
    }

    mutating func bool() throws(CacheCorrupt) -> Bool {
        switch try byte() {
        case 0: return false
        case 1: return true
        default: throw CacheCorrupt()
        }
    }

    mutating func string() throws(CacheCorrupt) -> String {
        let length = try count()
        return text(length)
    }

    /// The same, as `known` itself when it is the same text: a stored
    /// recipe's outline repeats its file's id and path, which were two
    /// more strings made for every recipe of a cache.
    mutating func string(reusing known: String) throws(CacheCorrupt) -> String {
        let length = try count()
        var known = known
        let same = known.withUTF8 {
            $0.count == length && $0.elementsEqual(UnsafeBufferPointer(rebasing: buffer[position..<position + length]))
        }
        guard same else { return text(length) }
        position += length
        return known
    }

    mutating func optionalString() throws(CacheCorrupt) -> String? {
        let length = try count()
        guard length > 0 else { return nil }
        guard length - 1 <= end - position else { throw CacheCorrupt() }
        return text(length - 1)
    }

    private mutating func text(_ length: Int) -> String {
        defer { position += length }
        return String(decoding: UnsafeBufferPointer(rebasing: buffer[position..<position + length]), as: UTF8.self)
    }

    mutating func strings() throws(CacheCorrupt) -> [String] {
        let count = try count()
        var values: [String] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try string()) }
        return values
    }

    mutating func raw() throws(CacheCorrupt) -> [UInt8] {
        let length = try count()
        defer { position += length }
        return Array(UnsafeBufferPointer(rebasing: buffer[position..<position + length]))
    }

    /// Passes over `length` bytes that `count()` just checked are there.
    mutating func skip(_ length: Int) {
        position += length
    }

    mutating func fixed() throws(CacheCorrupt) -> UInt64 {
        guard end - position >= 8 else { throw CacheCorrupt() }
        var value: UInt64 = 0
        for index in 0..<8 { value |= UInt64(buffer[position + index]) << UInt64(index * 8) }
        position += 8
        return value
    }

    /// An element of `cases` by its index.
    mutating func choice<T>(_ cases: [T]) throws(CacheCorrupt) -> T {
        let index = Int(try byte())
        guard index < cases.count else { throw CacheCorrupt() }
        return cases[index]
    }
}

/// A 64-bit checksum of the cache's payload: it tells a damaged or
/// truncated file, not a forged one (the cache is the user's own). Four
/// lanes of eight bytes each, mixed independently and folded at the end:
/// one lane's multiply waits for the one before it, so four keep the core
/// busy (a rebuild at 50,000 recipes checks 120 MB; one lane spent 1.8
/// instructions a byte, and the latency of each).
enum CacheChecksum {
    static func of(_ buffer: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let raw = UnsafeRawBufferPointer(buffer)
        @inline(__always) func mix(_ hash: inout UInt64, _ word: UInt64) {
            hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 32
        }
        @inline(__always) func word(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        var a: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(raw.count)
        var b: UInt64 = 0xC2B2_AE3D_27D4_EB4F
        var c: UInt64 = 0x1656_67B1_9E37_79F9
        var d: UInt64 = 0x85EB_CA77_C2B2_AE63
        var offset = 0
        while offset + 32 <= raw.count {
            mix(&a, word(offset))
            mix(&b, word(offset + 8))
            mix(&c, word(offset + 16))
            mix(&d, word(offset + 24))
            offset += 32
        }
        while offset + 8 <= raw.count {
            mix(&a, word(offset))
            offset += 8
        }
        var tail: UInt64 = 0
        for index in offset..<raw.count { tail |= UInt64(raw[index]) << UInt64((index - offset) * 8) }
        mix(&a, tail)
        var hash = a
        mix(&hash, b)
        mix(&hash, c)
        mix(&hash, d)
        hash = (hash ^ (hash >> 33)) &* 0xC4CE_B9FE_1A85_EC53
        return hash ^ (hash >> 33)
    }
}
