import Foundation
import LarderImport
@testable import LarderTestSupport
import Testing

/// The app export samples (../shared/conformance/imports), read in place.
enum ExportSamples {
    static var folder: URL {
        Repository.root.appendingPathComponent("../shared/conformance/imports").standardizedFileURL
    }

    static var present: Bool { FileManager.default.fileExists(atPath: folder.path) }

    static func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent(path)))
    }
}

@Suite("Export archives", .enabled(if: ExportSamples.present, "conformance imports not found; skipping"))
struct ExportFilesTests {

    @Test("A zip's files are read whole, macOS junk left out")
    func paprikaZip() throws {
        let zip = try ExportSamples.bytes("paprika/paprika.zip")
        #expect(ExportFiles.isZip(zip))
        let files = try ExportFiles(zip: zip)
        #expect(files.entries.count == 5)
        #expect(files.entries.allSatisfy { $0.path.hasSuffix(".paprikarecipe") && !$0.path.hasPrefix("__MACOSX") })
        // Each .paprikarecipe is gzip-compressed JSON.
        for entry in files.entries {
            let json = try #require(ExportFiles.gunzip(entry.bytes))
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any])
            #expect(object["name"] is String)
        }
    }

    @Test("Not a zip, not gzip")
    func refusals() {
        #expect(!ExportFiles.isZip(Array("<html>".utf8)))
        #expect(throws: ExportFiles.Failure.notAZip) { try ExportFiles(zip: Array("PK\u{3}\u{4} and then nothing".utf8)) }
        #expect(ExportFiles.gunzip(Array("{\"name\": 1}".utf8)) == nil)
    }
}
