/// The first bytes of a picture of each format Larder publishes, padded: what
/// its sniffer (`ImageFormat`) needs, for test folders' images.
enum Pictures {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("\0\0\0\rIHDR png".utf8)
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF jpeg".utf8)
    static let gif = Array("GIF89a gif".utf8)
    static let webp = Array("RIFF\u{10}\0\0\0WEBPVP8 webp".utf8)
    static let avif: [UInt8] = [0, 0, 0, 0x1C] + Array("ftypmif1\0\0\0\0mif1avifmiaf avif".utf8)
}
