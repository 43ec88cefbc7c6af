import Foundation
import Testing

@testable import Larder

/// A parse cache file's bytes (`CacheFileBytes`): mapped in, kept as they
/// were read while slices of them live, whatever happens to the file.
@Suite struct CacheFileBytesTests {
    func folder() throws -> String {
        let path = NSTemporaryDirectory() + "larder-cache-bytes-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func bytes(_ slice: CacheFileSlice) -> [UInt8] {
        slice.withUnsafeBufferPointer { Array($0) }
    }

    @Test func aFileReadsAsItsBytesAndASliceAsItsRange() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/cache"
        try Data("0123456789".utf8).write(to: URL(fileURLWithPath: path))
        let file = try #require(CacheFileBytes(contentsOf: path))
        #expect(Array(file.buffer) == Array("0123456789".utf8))
        #expect(bytes(file.slice(3..<6)) == Array("345".utf8))
    }

    @Test func aSliceKeepsTheBytesOfTheFileReadWhenItIsReplacedOrRemoved() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/cache"
        try Data("first version".utf8).write(to: URL(fileURLWithPath: path))
        var slice = try #require(CacheFileBytes(contentsOf: path)?.slice(0..<5))
        // How the cache is written: beside, then renamed over.
        try Data("other content".utf8).write(to: URL(fileURLWithPath: path + ".tmp"))
        #expect(rename(path + ".tmp", path) == 0)
        #expect(bytes(slice) == Array("first".utf8))
        slice = try #require(CacheFileBytes(contentsOf: path)?.slice(0..<5))
        try FileManager.default.removeItem(atPath: path)
        #expect(bytes(slice) == Array("other".utf8))
    }

    @Test func onlyARegularNonEmptyFileIsRead() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(CacheFileBytes(contentsOf: folder + "/missing") == nil)
        #expect(CacheFileBytes(contentsOf: folder) == nil)
        FileManager.default.createFile(atPath: folder + "/empty", contents: Data())
        #expect(CacheFileBytes(contentsOf: folder + "/empty") == nil)
    }

    @Test func bytesInMemoryReadAsTheFileWould() {
        let copied = CacheFileBytes(copying: Array("abc".utf8))
        #expect(Array(copied.buffer) == Array("abc".utf8))
        #expect(bytes(copied.slice(1..<3)) == Array("bc".utf8))
        #expect(CacheFileBytes(copying: []).buffer.isEmpty)
    }
}
