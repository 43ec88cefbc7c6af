/// An integer's decimal digits appended to bytes, without making a String:
/// what the template engine writes for `{{count}}` and a QR code's path
/// for each of its coordinates.
public enum DecimalDigits {
    public static func append(_ number: Int, to output: inout [UInt8]) {
        if number < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            output.append(contentsOf: buffer[(20 - count)...])
        }
    }
}
