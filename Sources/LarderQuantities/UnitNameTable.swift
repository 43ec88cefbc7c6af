/// Unit names as the line parser meets them: up to 16 ASCII bytes, packed
/// into two words, looked up in a small open-addressing table. A word after
/// a quantity ("cups", "large", "garlic") is looked up without making a
/// String of it or hashing one.
struct UnitNameTable {
    /// A name of at most ``PackedName/capacity`` bytes, zero-padded; no
    /// name has a zero byte, so equal keys are equal names.
    struct PackedName: Equatable {
        static let capacity = 16
        var low: UInt64 = 0
        var high: UInt64 = 0
        var count = 0

        /// Appends `byte`; false when the name is already full.
        mutating func append(_ byte: UInt8) -> Bool {
            guard count < Self.capacity else { return false }
            if count < 8 {
                low |= UInt64(byte) << (8 * count)
            } else {
                high |= UInt64(byte) << (8 * (count - 8))
            }
            count += 1
            return true
        }

        init() {}

        /// `name`'s UTF-8 bytes, or `nil` when there are more than fit.
        init?(_ name: String) {
            for byte in name.utf8 {
                guard append(byte) else { return nil }
            }
        }

        var hashValue: Int {
            let mixed = (low &* 0x9E37_79B9_7F4A_7C15) ^ (high &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(count)
            return Int(truncatingIfNeeded: mixed >> 29)
        }
    }

    private var keys: [PackedName]
    /// The index of each key's unit in ``UnitCatalog/all``; -1 for an empty slot.
    private var values: [Int]
    private let mask: Int

    /// `entries` whose names do not fit are left out: callers look those up
    /// another way (see ``UnitCatalog``).
    init(_ entries: [(name: String, index: Int)]) {
        var capacity = 8
        while capacity < entries.count * 4 { capacity *= 2 }
        keys = Array(repeating: PackedName(), count: capacity)
        values = Array(repeating: -1, count: capacity)
        mask = capacity - 1
        for (name, index) in entries {
            guard let key = PackedName(name) else { continue }
            var slot = key.hashValue & mask
            while values[slot] >= 0 {
                if keys[slot] == key { break }  // the first entry of a name wins
                slot = (slot + 1) & mask
            }
            if values[slot] < 0 {
                keys[slot] = key
                values[slot] = index
            }
        }
    }

    func index(of key: PackedName) -> Int? {
        var slot = key.hashValue & mask
        while values[slot] >= 0 {
            if keys[slot] == key { return values[slot] }
            slot = (slot + 1) & mask
        }
        return nil
    }
}
