import Foundation
import LarderTestSupport
import LarderQR
import Testing

/// The SVG's shape, and a round trip through a real reader: the SVG drawn
/// to PNG by rsvg-convert (Debian librsvg2-bin) and read back by zbarimg
/// (Debian zbar-tools). Without the tools that test is skipped with a note
/// (`scripts/setup-test-tools` installs them); where the tools are required
/// (CI=true or LARDER_REQUIRE_TEST_TOOLS=1) it runs and fails instead.
@Suite struct QRCodeTests {
    static let environment = ProcessInfo.processInfo.environment
    static let required = environment["CI"] == "true" || environment["LARDER_REQUIRE_TEST_TOOLS"] == "1"
    static let rsvgConvert = "/usr/bin/rsvg-convert"
    static let zbarimg = "/usr/bin/zbarimg"
    static var toolsPresent: Bool {
        FileManager.default.isExecutableFile(atPath: rsvgConvert) && FileManager.default.isExecutableFile(atPath: zbarimg)
    }

    static let url = "https://example.org/kitchen/lists/weekly/"

    @Test func svgIsOnePathOfDarkModulesWithAQuietZone() throws {
        let svg = try #require(QRCode.svg(for: Self.url, size: 96, label: "QR code: Weekly <groceries> & more"))
        let matrix = try #require(QRCode.matrix(for: Self.url))
        let side = matrix.width + 2 * QRCode.quietZone
        #expect(svg.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" class="qr" viewBox="0 0 \#(side) \#(side)" width="96" height="96" role="img" aria-label="QR code: Weekly &lt;groceries&gt; &amp; more" shape-rendering="crispEdges">"#))
        #expect(svg.hasSuffix("</svg>"))
        #expect(svg.components(separatedBy: "<path").count == 3, "a white square and one path of dark modules")
        #expect(!svg.contains("\n"))
        // Version 3 (29 modules) holds a URL of this length at level M.
        #expect(matrix.width == 29)
        // The finder pattern: a 7-module dark ring in the top-left corner,
        // drawn past the quiet zone.
        #expect((0..<7).allSatisfy { matrix.isDark(x: $0, y: 0) && matrix.isDark(x: 0, y: $0) })
        #expect(!matrix.isDark(x: 1, y: 1))
        #expect(svg.contains(#"d="M4 4h7v1h-7z"#))
    }

    @Test func defaultLabelNamesTheText() throws {
        let svg = try #require(QRCode.svg(for: "a\"b"))
        #expect(svg.contains(#"aria-label="QR code: a&quot;b""#))
        #expect(svg.contains(#"width="128" height="128""#))
    }

    @Test func sameTextSameSVG() {
        #expect(QRCode.svg(for: Self.url) == QRCode.svg(for: Self.url))
    }

    @Test(arguments: ["", "nul\u{0}inside", String(repeating: "x", count: 3_000)])
    func unencodableTextGivesNil(_ text: String) {
        #expect(QRCode.svg(for: text) == nil)
        #expect(QRCode.matrix(for: text) == nil)
    }

    @Test(.enabled(
        if: required || toolsPresent,
        "rsvg-convert and zbarimg are not installed (Debian librsvg2-bin and zbar-tools: scripts/setup-test-tools)"
    ), arguments: [url, "https://example.org/k/lists/3f9a0c2b7d1e/", "Crème brûlée ×4 — ½ cup"])
    func aReaderDecodesTheOriginalText(_ text: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("larder-qr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = folder.appendingPathComponent("code.svg"), png = folder.appendingPathComponent("code.png")
        try Data(try #require(QRCode.svg(for: text)).utf8).write(to: svg)
        let render = try run(Self.rsvgConvert, ["--width", "330", "--height", "330", "--output", png.path, svg.path])
        try #require(render.status == 0, "rsvg-convert: \(render.output)")
        let read = try run(Self.zbarimg, ["--quiet", "--raw", "-Sbinary", png.path])
        #expect(read.status == 0, "zbarimg exited with \(read.status)")
        #expect(read.output == text)
    }

    private func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        // Standard output only: zbarimg may complain on stderr about D-Bus.
        process.standardError = FileHandle.nullDevice
        let data = try ChildProcess.start(process, captureErrors: false).output!.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
