/// Code points that must not reach a page, a text file or JSON of the site:
/// NUL and the other C0 controls but tab, line feed and carriage return, DEL,
/// the C1 controls, and the noncharacters (U+FDD0–U+FDEF, and the last two
/// of every plane). HTML parsers report or drop them, XML (the sitemap)
/// cannot hold them, and a NUL cuts the text short in C tools. Lone
/// surrogates cannot occur in a Swift string.
public enum ForbiddenCharacters {
    public static func contains(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        switch value {
        case 0x09, 0x0A, 0x0D: return false
        case 0..<0x20, 0x7F..<0xA0, 0xFDD0...0xFDEF: return true
        default: return value & 0xFFFE == 0xFFFE
        }
    }

    /// The first forbidden code point of `text`, if any. Reads the UTF-8
    /// bytes, in place: text with none of the bytes that can start one
    /// (nearly all text) is passed over without decoding. Every value of
    /// every data file comes through here, so it is a plain loop on a buffer.
    public static func first(in text: String) -> Unicode.Scalar? {
        let suspect = text.utf8.withContiguousStorageIfAvailable { buffer in
            var index = 0
            while true {
                index = PrintableASCII.end(in: buffer, from: index)
                guard index < buffer.count else { return false }
                if mayStart(buffer[index]) { return true }
                index += 1
            }
        } ?? text.utf8.contains(where: mayStart)
        guard suspect else { return nil }
        return text.unicodeScalars.first(where: contains)
    }

    /// `text` with each forbidden code point replaced by U+FFFD, as HTML
    /// parsers show them; the same string when it has none.
    public static func replaced(in text: String) -> String {
        guard first(in: text) != nil else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { scalars.append(contains(scalar) ? "\u{FFFD}" : scalar) }
        return String(scalars)
    }

    /// "U+0000", for messages.
    public static func name(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// A byte that is, or starts the UTF-8 of, a code point that may be
    /// forbidden: a C0 control or DEL, C2 (the C1 controls), EF (U+FDD0…,
    /// U+FFFE, U+FFFF) or F0–F4 (the other planes).
    @inline(__always)
    public static func mayStart(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F || byte == 0xC2 || byte == 0xEF
            || byte >= 0xF0
    }
}
