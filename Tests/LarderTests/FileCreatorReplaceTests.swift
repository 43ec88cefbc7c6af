import Foundation
import Testing

@testable import Larder
@testable import LarderTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `FileCreator.replace` writes a recipe and its picture both or neither,
/// also when the second rename fails after the first has happened.
@Suite struct FileCreatorReplaceTests {
    let picture: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF]
    /// A recipe and its picture, the picture first (as import writes them).
    var files: [AuthoredFile] {
        [AuthoredFile(path: "images/soup.png", bytes: picture), AuthoredFile(path: "recipes/soup.md", contents: "new")]
    }

    func contents(_ folder: TestFolder, _ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.url.appendingPathComponent(path)))
    }

    func listing(_ folder: TestFolder) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: folder.url.path).sorted()
    }

    /// A rename that fails on its `failing`th call (from 1), as a file put
    /// in the way meanwhile would make it.
    func renaming(failing: Int) -> (String, String) -> Int32 {
        var calls = 0
        return { from, to in
            calls += 1
            if calls == failing {
                errno = EACCES
                return -1
            }
            return rename(from, to)
        }
    }

    /// A folder with an old recipe and, if `picture`, its old picture.
    func soupFolder(withPicture picture: Bool) throws -> TestFolder {
        let folder = try TestFolder()
        if picture { try folder.write("images/soup.png", "old picture") }
        try folder.write("recipes/soup.md", "old recipe")
        return folder
    }

    @Test func aFailedSecondRenamePutsTheFirstFileBack() throws {
        let folder = try soupFolder(withPicture: true)
        #expect(throws: AuthoringError.self) {
            try FileCreator(folder: folder.url).replace(files, renaming: renaming(failing: 2))
        }
        #expect(try contents(folder, "images/soup.png") == Array("old picture".utf8))
        #expect(try contents(folder, "recipes/soup.md") == Array("old recipe".utf8))
        // No hidden file is left behind.
        #expect(try listing(folder) == ["images", "images/soup.png", "recipes", "recipes/soup.md"])
    }

    @Test func aFailedSecondRenameRemovesAFirstFileThatWasNotThere() throws {
        let folder = try soupFolder(withPicture: false)
        #expect(throws: AuthoringError.self) {
            try FileCreator(folder: folder.url).replace(files, renaming: renaming(failing: 2))
        }
        #expect(try contents(folder, "recipes/soup.md") == Array("old recipe".utf8))
        #expect(try listing(folder) == ["images", "recipes", "recipes/soup.md"])
    }

    @Test func bothAreReplacedWhenEveryRenameWorks() throws {
        let folder = try soupFolder(withPicture: true)
        try FileCreator(folder: folder.url).replace(files)
        #expect(try contents(folder, "images/soup.png") == picture)
        #expect(try contents(folder, "recipes/soup.md") == Array("new".utf8))
        #expect(try listing(folder) == ["images", "images/soup.png", "recipes", "recipes/soup.md"])
    }
}
