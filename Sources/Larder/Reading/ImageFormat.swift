import Foundation

/// The picture formats a site may publish, known by their first bytes (the
/// "magic"), never by the file name: an `image` names a file whose bytes are
/// copied into the site as they are, so a file that is really HTML, SVG or a
/// script would run in the site's origin. SVG is not among them, as it can
/// hold scripts.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    case png, jpeg, webp, gif, avif

    /// Bytes enough to tell every format (AVIF's brands come after its size
    /// and `ftyp`): what `sniff` needs, and what is read to check a file.
    public static let sniffLength = 64

    /// The format the bytes at the start of a file are in, or nil for
    /// anything else (HTML, SVG, text, another format, too short).
    public static func sniff(_ head: some Collection<UInt8>) -> ImageFormat? {
        let bytes = Array(head.prefix(sniffLength))
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + magic.count && Array(bytes[offset..<offset + magic.count]) == magic
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts(Array("ftyp".utf8), at: 4), isAVIF(bytes) { return .avif }
        return nil
    }

    /// An ISO-BMFF `ftyp` box whose major or a compatible brand is AVIF
    /// (`avif` for a still image, `avis` for a sequence), within what was read.
    private static func isAVIF(_ bytes: [UInt8]) -> Bool {
        let size = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        let end = min(size, bytes.count)
        // The major brand at 8, a minor version at 12, compatible brands from 16.
        var offset = 8
        while offset + 4 <= end {
            let brand = bytes[offset..<offset + 4]
            if brand.elementsEqual("avif".utf8) || brand.elementsEqual("avis".utf8) { return true }
            offset += offset == 8 ? 8 : 4
        }
        return false
    }

    /// The format a file name promises by its extension, in any case
    /// (`.png`, `.jpg`/`.jpeg`, `.webp`, `.gif`, `.avif`), or nil.
    public init?(fileName: some StringProtocol) {
        guard let dot = fileName.lastIndex(of: ".") else { return nil }
        switch fileName[fileName.index(after: dot)...].lowercased() {
        case "png": self = .png
        case "jpg", "jpeg": self = .jpeg
        case "webp": self = .webp
        case "gif": self = .gif
        case "avif": self = .avif
        default: return nil
        }
    }

    /// "PNG", "JPEG"…, for messages.
    public var name: String { rawValue == "webp" ? "WebP" : rawValue.uppercased() }

    /// The extension to rename a file to.
    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }

    /// ".png, .jpg, .jpeg, .webp, .gif or .avif", for messages.
    static let extensionList = ".png, .jpg, .jpeg, .webp, .gif or .avif"

    /// What some bytes that are not an image look like, for a message:
    /// "HTML", "an SVG image"…
    public static func describe(_ head: some Collection<UInt8>) -> String {
        guard !head.isEmpty else { return "empty" }
        let text = String(decoding: head.prefix(sniffLength), as: UTF8.self).lowercased()
        let trimmed = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if text.contains("<svg") { return "an SVG image (which can hold scripts)" }
        if trimmed.hasPrefix("<") { return trimmed.hasPrefix("<?xml") ? "XML" : "HTML" }
        if head.prefix(sniffLength).allSatisfy({ $0 >= 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) { return "text" }
        return "not a PNG, JPEG, WebP, GIF or AVIF picture"
    }

    /// Reads the first `sniffLength` bytes of the regular file open as
    /// `descriptor` (fewer for a shorter file), from its current offset.
    public static func head(of descriptor: Int32) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: sniffLength)
        var count = 0
        while count < sniffLength {
            let read = bytes.withUnsafeMutableBytes { buffer in
                Foundation.read(descriptor, buffer.baseAddress! + count, sniffLength - count)
            }
            if read < 0, errno == EINTR { continue }
            if read < 0 { return nil }
            if read == 0 { break }
            count += read
        }
        return Array(bytes.prefix(count))
    }

    /// The head of the file at `path`: opened without blocking (a FIFO
    /// cannot hang the run), and only when it is a regular file.
    public static func head(atPath path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return head(of: descriptor)
    }

    /// Why the bytes `head` (the start of a file) may not be published as
    /// `fileName`: not an image, or an image of another format than its name
    /// says. Nil when they may.
    public static func problem(head: [UInt8], fileName: some StringProtocol) -> String? {
        guard let sniffed = sniff(head) else { return "is \(describe(head)), not an image" }
        guard let named = ImageFormat(fileName: fileName) else {
            return "does not end in \(extensionList)"
        }
        guard named == sniffed else { return "is in the \(sniffed.name) format, but its name says \(named.name)" }
        return nil
    }
}
