import LarderCore
import CQRencode

/// QR codes as inline SVG, through libqrencode (Debian's libqrencode-dev).
/// This is the only code that calls the C API.
public enum QRCode {
    /// Modules of light margin around the symbol: the 4 the standard asks
    /// for, so a reader finds the code on any background.
    public static let quietZone = 4

    /// The QR code of `text` (error correction level M: about 15% of the
    /// symbol can be smudged or folded) as one `<svg>` element: a white
    /// square with the quiet zone, and one `<path>` of the dark modules.
    ///
    /// - Parameters:
    ///   - size: the `width` and `height` attributes, in CSS pixels (CSS may
    ///     override them; the drawing scales, edges stay crisp).
    ///   - label: the `aria-label`; "QR code: " and the text when nil.
    /// - Returns: nil when `text` is empty, holds a NUL character, or is too
    ///   long for the largest symbol (about 2,300 bytes at level M).
    public static func svg(for text: String, size: Int = 128, label: String? = nil) -> String? {
        guard let matrix = matrix(for: text) else { return nil }
        let side = matrix.width + 2 * quietZone
        // One subpath per horizontal run of dark modules: short, and exact
        // at any scale. Written as bytes: a print sheet's code has some 500
        // runs, and interpolating each was most of the time spent here.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(matrix.width * matrix.width)
        for y in 0..<matrix.width {
            var x = 0
            while x < matrix.width {
                guard matrix.isDark(x: x, y: y) else { x += 1; continue }
                let start = x
                while x < matrix.width, matrix.isDark(x: x, y: y) { x += 1 }
                bytes.append(UInt8(ascii: "M"))
                DecimalDigits.append(start + quietZone, to: &bytes)
                bytes.append(UInt8(ascii: " "))
                DecimalDigits.append(y + quietZone, to: &bytes)
                bytes.append(UInt8(ascii: "h"))
                DecimalDigits.append(x - start, to: &bytes)
                bytes.append(contentsOf: "v1h-".utf8)
                DecimalDigits.append(x - start, to: &bytes)
                bytes.append(UInt8(ascii: "z"))
            }
        }
        let path = String(decoding: bytes, as: UTF8.self)
        let name = escaped(label ?? "QR code: \(text)")
        return """
            <svg xmlns="http://www.w3.org/2000/svg" class="qr" viewBox="0 0 \(side) \(side)" width="\(size)" \
            height="\(size)" role="img" aria-label="\(name)" shape-rendering="crispEdges">\
            <path fill="#fff" d="M0 0h\(side)v\(side)H0z"/><path fill="#000" d="\(path)"/></svg>
            """
    }

    /// The symbol's modules, row by row, without the quiet zone.
    public struct Matrix: Sendable, Hashable {
        public let width: Int
        /// `width * width` values, true for a dark module.
        public let modules: [Bool]

        public func isDark(x: Int, y: Int) -> Bool { modules[y * width + x] }
    }

    /// Encodes `text` (UTF-8, case kept) at level M in the smallest version
    /// that holds it.
    public static func matrix(for text: String) -> Matrix? {
        guard !text.isEmpty, !text.utf8.contains(0) else { return nil }
        guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        guard width > 0, let data = code.pointee.data else { return nil }
        // Bit 0 of each byte is the module's colour; the other bits say what
        // part of the symbol it belongs to.
        let modules = (0..<width * width).map { data[$0] & 1 == 1 }
        return Matrix(width: width, modules: modules)
    }

    /// Text for an attribute value.
    private static func escaped(_ text: String) -> String { text.markupEscaped }
}
