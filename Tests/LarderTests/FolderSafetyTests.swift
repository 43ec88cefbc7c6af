import Foundation
@testable import LarderTestSupport
import Larder
import LarderCore
import Testing

/// Paths stay inside the data folder, whatever links and names say.
@Suite struct FolderSafetyTests {
    @Test func dataFileLinkedFromOutsideIsRefused() throws {
        let folder = try TestFolder()
        let outside = folder.url.deletingLastPathComponent().appendingPathComponent("outside.md")
        try "---\ntitle: Secret\n---\n".write(to: outside, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("lists"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("lists/secret.md").path, withDestinationPath: "../../outside.md"
        )
        let result = try KitchenLoader.load(folder.url)
        #expect(FixtureCase.render(result.report.diagnostics) == """
            lists/secret.md:1:1: error: 'lists/secret.md' is a symbolic link to a place outside the data folder [path-escape]
              hint: copy the file into the folder instead of linking to it
            """)
        #expect(result.kitchen.lists.isEmpty)
    }

    @Test func linkInsideTheFolderIsFollowed() throws {
        let folder = try TestFolder()
        try folder.write("shared/weekly.md", "---\ntitle: Weekly\n---\n- [ ] milk\n")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("lists"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("lists/weekly.md").path, withDestinationPath: "../shared/weekly.md"
        )
        let result = try KitchenLoader.load(folder.url)
        #expect(result.report.diagnostics.isEmpty)
        #expect(result.kitchen.list("weekly")?.items.map(\.name) == ["milk"])
    }

    @Test func imageLinkedFromOutsideIsRefused() throws {
        let folder = try TestFolder()
        let outside = folder.url.deletingLastPathComponent().appendingPathComponent("photo.png")
        try Data([0x89, 0x50]).write(to: outside)
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("images"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("images/photo.png").path, withDestinationPath: outside.path
        )
        try folder.write("recipes/soup.md", "---\ntitle: Soup\nimage: images/photo.png\n---\n")
        let result = try KitchenLoader.load(folder.url)
        #expect(FixtureCase.render(result.report.diagnostics) == """
            recipes/soup.md:3:8: error: the image "images/photo.png" is a symbolic link to a place outside the data folder [path-escape]
              hint: images must be files inside the data folder, e.g. images/pancakes.jpg
            """)
    }

    @Test func brokenLinkIsReported() throws {
        let folder = try TestFolder()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("recipes"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("recipes/gone.md").path, withDestinationPath: "nowhere.md"
        )
        let result = try KitchenLoader.load(folder.url)
        #expect(result.report.diagnostics.map(\.code) == ["broken-link"])
    }

    @Test func fifoIsNotReadButReported() throws {
        let folder = try TestFolder()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("lists"), withIntermediateDirectories: true)
        #expect(mkfifo(folder.url.appendingPathComponent("lists/pipe.md").path, 0o644) == 0)
        let result = try KitchenLoader.load(folder.url)
        #expect(FixtureCase.render(result.report.diagnostics) == """
            lists/pipe.md:1:1: error: 'lists/pipe.md' is not a regular file [not-a-file]
              hint: remove it from the data folder
            """)
    }

    @Test func missingFolderThrowsWithItsPath() {
        #expect(throws: LarderError(path: "/nonexistent/kitchen", reason: "no such folder")) {
            try KitchenLoader.load(URL(fileURLWithPath: "/nonexistent/kitchen"))
        }
    }
}
