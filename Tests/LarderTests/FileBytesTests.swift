import Foundation
import Testing

@testable import Larder

/// A file's bytes (`FileBytes`: the parse cache's, the build state's):
/// mapped in, kept as they were read while slices of them live, whatever
/// happens to the file.
@Suite struct FileBytesTests {
    func folder() throws -> String {
        let path = NSTemporaryDirectory() + "larder-cache-bytes-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A new folder holding `name` with `text` in it; removed by the caller.
    func folder(holding name: String, _ text: String) throws -> (folder: String, path: String) {
        let folder = try folder()
        let path = folder + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return (folder, path)
    }

    /// `text` written beside `path`, then renamed over it: how the parse
    /// cache and the state are written.
    func replace(_ path: String, with text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path + ".tmp"))
        #expect(rename(path + ".tmp", path) == 0)
    }

    func bytes(_ slice: FileBytesSlice) -> [UInt8] {
        slice.withUnsafeBufferPointer { Array($0) }
    }

    @Test func aFileReadsAsItsBytesAndASliceAsItsRange() throws {
        let (folder, path) = try folder(holding: "cache", "0123456789")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = try #require(FileBytes(contentsOf: path))
        #expect(Array(file.buffer) == Array("0123456789".utf8))
        #expect(bytes(file.slice(3..<6)) == Array("345".utf8))
    }

    @Test func aSliceKeepsTheBytesOfTheFileReadWhenItIsReplacedOrRemoved() throws {
        let (folder, path) = try folder(holding: "cache", "first version")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var slice = try #require(FileBytes(contentsOf: path)?.slice(0..<5))
        try replace(path, with: "other content")
        #expect(bytes(slice) == Array("first".utf8))
        slice = try #require(FileBytes(contentsOf: path)?.slice(0..<5))
        try FileManager.default.removeItem(atPath: path)
        #expect(bytes(slice) == Array("other".utf8))
    }

    @Test func onlyARegularNonEmptyFileIsRead() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(FileBytes(contentsOf: folder + "/missing") == nil)
        #expect(FileBytes(contentsOf: folder) == nil)
        FileManager.default.createFile(atPath: folder + "/empty", contents: Data())
        #expect(FileBytes(contentsOf: folder + "/empty") == nil)
    }

    /// The state's read-ahead is taken only if the file still has the stamp
    /// it was read with: the stamp must be the opened file's, and a file
    /// renamed over it must not have it.
    @Test func theStampIsTheOpenedFilesAndAReplacementHasAnother() throws {
        let (folder, path) = try folder(holding: "state", "first version")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = try #require(FileBytes(contentsOf: path))
        let stamp = try #require(file.stamp)
        #expect(stamp == FileStamp(path: path))
        try replace(path, with: "first version")
        #expect(FileStamp(path: path) != stamp)
        #expect(FileBytes(copying: Array("abc".utf8)).stamp == nil)
    }

    @Test func bytesInMemoryReadAsTheFileWould() {
        let copied = FileBytes(copying: Array("abc".utf8))
        #expect(Array(copied.buffer) == Array("abc".utf8))
        #expect(bytes(copied.slice(1..<3)) == Array("bc".utf8))
        #expect(FileBytes(copying: []).buffer.isEmpty)
    }
}
