/// ``JSONOutput`` written as it goes, compact and safe inside `<script>`,
/// for JSON made in bulk (the JSON-LD of every recipe page): no tree of
/// values made and walked per page. Strings are `JSONOutput.appendLiteral`'s,
/// so the escaping is the one every other JSON the program writes shares.
public struct JSONStream: Sendable {
    public init() {}

    public var bytes: [UInt8] = []
    /// Nothing written yet in the open object or array (or right after a
    /// key): the next value needs no comma.
    private var atStart = true

    public mutating func string(_ value: String) {
        separate()
        JSONOutput.appendLiteral(value, to: &bytes)
    }

    /// A member's key; its value comes next.
    public mutating func key(_ key: String) {
        separate()
        JSONOutput.appendLiteral(key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        atStart = true
    }

    /// A string member, left out when `value` is nil.
    public mutating func member(_ key: String, _ value: String?) {
        guard let value else { return }
        self.key(key)
        string(value)
    }

    public mutating func object(_ members: (inout JSONStream) -> Void) {
        container(UInt8(ascii: "{"), UInt8(ascii: "}"), members)
    }

    public mutating func array(_ elements: (inout JSONStream) -> Void) {
        container(UInt8(ascii: "["), UInt8(ascii: "]"), elements)
    }

    private mutating func container(_ open: UInt8, _ close: UInt8, _ body: (inout JSONStream) -> Void) {
        separate()
        bytes.append(open)
        atStart = true
        body(&self)
        bytes.append(close)
        atStart = false
    }

    private mutating func separate() {
        if !atStart { bytes.append(UInt8(ascii: ",")) }
        atStart = false
    }
}
