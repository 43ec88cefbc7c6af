import LarderCore

/// JSON from a page's `<script type="application/ld+json">`: strict JSON
/// first (LarderCore's reader), and when that fails, the same reader on a
/// repaired copy. Sites ship JSON-LD that browsers never parse, so nobody
/// notices it is broken; the repairs are the ones extruct and
/// recipe-scrapers make room for (Python's `strict=False` and a comment
/// stripper): raw line breaks and tabs inside strings, `<!-- -->` and
/// `<![CDATA[ ]]>` wrappers, `//` and `/* */` comments, trailing commas,
/// unknown escapes such as `\'`, and a trailing `;`.
enum LenientJSON {
    static func parse(_ text: String) -> JSONValue? {
        if let value = try? JSONReader.parse(text) { return value }
        return try? JSONReader.parse(repaired(text))
    }

    static func repaired(_ text: String) -> [UInt8] {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        var inString = false
        let wrappers = ["<!--", "-->", "<![CDATA[", "]]>"]
        func starts(_ literal: String, at index: Int) -> Bool {
            let l = Array(literal.utf8)
            return index + l.count <= bytes.count && Array(bytes[index..<index + l.count]) == l
        }
        while i < bytes.count {
            let byte = bytes[i]
            if inString {
                switch byte {
                case UInt8(ascii: "\""):
                    inString = false
                    out.append(byte)
                case UInt8(ascii: "\\"):
                    let next = i + 1 < bytes.count ? bytes[i + 1] : 0
                    if Array("\"\\/bfnrtu".utf8).contains(next) {
                        out += [byte, next]
                    } else if next >= 0x20 {
                        out.append(next)  // `\'` and friends: the character itself
                    }
                    i += 2
                    continue
                case UInt8(ascii: "\n"): out += Array("\\n".utf8)
                case UInt8(ascii: "\r"): out += Array("\\r".utf8)
                case UInt8(ascii: "\t"): out += Array("\\t".utf8)
                case ..<0x20: out += Array("\\u00".utf8) + hex(byte)
                default: out.append(byte)
                }
                i += 1
                continue
            }
            if byte == UInt8(ascii: "\"") {
                inString = true
                out.append(byte)
            } else if let wrapper = wrappers.first(where: { starts($0, at: i) }) {
                i += wrapper.utf8.count
                continue
            } else if starts("//", at: i) {
                while i < bytes.count, bytes[i] != UInt8(ascii: "\n") { i += 1 }
                continue
            } else if starts("/*", at: i) {
                i += 2
                while i < bytes.count, !starts("*/", at: i) { i += 1 }
                i += 2
                continue
            } else if byte == UInt8(ascii: ",") {
                var j = i + 1
                while j < bytes.count, isSpace(bytes[j]) { j += 1 }
                if j < bytes.count, bytes[j] == UInt8(ascii: "}") || bytes[j] == UInt8(ascii: "]") {
                    i += 1
                    continue
                }
                out.append(byte)
            } else if byte == UInt8(ascii: ";") {
                // `{...};` as if it were a script
            } else {
                out.append(byte)
            }
            i += 1
        }
        return out
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private static func hex(_ byte: UInt8) -> [UInt8] {
        let digits = Array("0123456789abcdef".utf8)
        return [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
    }
}
