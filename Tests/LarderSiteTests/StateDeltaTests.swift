import Foundation
import Testing

import Larder
@testable import LarderSite

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A rebuild that changed few files of a large site writes its state as a
/// delta beside the base file (`SiteState`): read back, base and delta are
/// the state a whole write would have given.
@Suite struct StateDeltaTests {
    /// 80 pages, one in ten with the version in it.
    func pages(_ version: String, count: Int = 80, changed: Set<Int> = []) -> [OutputFile] {
        (0..<count).map { index in
            OutputFile(path: "p/\(index).html", text: changed.contains(index) ? "page \(index) \(version)" : "page \(index)")
        }
    }

    /// The state a whole write of `files` leaves, in a folder of its own.
    func wholeState(_ files: [OutputFile]) throws -> SiteState {
        let folder = try WriterFolder()
        defer { folder.remove() }
        _ = try folder.writer().write(files)
        return try #require(SiteState.read(folder.path("._site.larder-state")))
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    @Test func fewChangesGoToADeltaThatReadsBackAsTheWholeState() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        let base = folder.path("._site.larder-state"), delta = base + ".delta"
        _ = try folder.writer(stateDeltaMinimum: 0).write(pages("one"))
        let first = try #require(FileManager.default.contents(atPath: base))
        #expect(!exists(delta))
        // One page changed, then another, then one added and one removed:
        // each delta holds every change since the base, which stays as it was.
        var files = pages("two", changed: [3])
        #expect(try folder.writer(stateDeltaMinimum: 0).write(files).inPlace)
        #expect(exists(delta))
        files = pages("three", changed: [3, 7])
        _ = try folder.writer(stateDeltaMinimum: 0).write(files)
        files = Array(files.dropLast()) + [OutputFile(path: "q/new.html", text: "new")]
        _ = try folder.writer(stateDeltaMinimum: 0).write(files)
        #expect(FileManager.default.contents(atPath: base) == first)
        let read = try #require(SiteState.read(base))
        #expect(read.files == (try wholeState(files)).files)
        #expect(read.sinceBase.files.count == 4)
        #expect(try folder.tree("_site") == WriterFolder.expected(files))
        // The summary read alone is the delta's: the output as it is now.
        let summary = try #require(SiteState.readSummary(base))
        #expect(summary.output == read.output && summary.finished == read.finished)
        #expect(summary.output == SiteState.outputStamp(of: try OutputLocation(output: URL(fileURLWithPath: folder.path("_site")), dataFolder: URL(fileURLWithPath: folder.path("kitchen")))))
        // And the next build takes its files as unchanged.
        #expect(try folder.writer(stateDeltaMinimum: 0).write(files).reusedCount == files.count)
    }

    @Test func pastAnEighthOfTheBaseANewBaseReplacesTheDelta() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        let base = folder.path("._site.larder-state"), delta = base + ".delta"
        _ = try folder.writer(stateDeltaMinimum: 0).write(pages("one"))
        _ = try folder.writer(stateDeltaMinimum: 0).write(pages("two", changed: [1]))
        #expect(exists(delta))
        // 80 files: an eighth is 10 entries.
        let many = pages("three", changed: Set(0..<12))
        _ = try folder.writer(stateDeltaMinimum: 0).write(many)
        #expect(!exists(delta))
        #expect(SiteState.read(base)?.files == (try wholeState(many)).files)
    }

    @Test func belowTheMinimumTheStateIsWrittenWhole() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        _ = try folder.writer(stateDeltaMinimum: 81).write(pages("one"))
        _ = try folder.writer(stateDeltaMinimum: 81).write(pages("two", changed: [1]))
        #expect(try folder.entries(".") == ["._site.larder-state", "_site", "kitchen"])
    }

    /// A delta applies only to the base it was made on: one left beside a
    /// newer base (a build killed between writing the base and removing the
    /// delta) is not read, nor is a damaged one. The base alone is an older
    /// state, which is safe: the files changed since have later change times.
    @Test func aDeltaOfAnotherBaseOrADamagedOneIsNotRead() throws {
        let folder = try WriterFolder()
        defer { folder.remove() }
        let base = folder.path("._site.larder-state"), delta = base + ".delta"
        _ = try folder.writer(stateDeltaMinimum: 0).write(pages("one"))
        _ = try folder.writer(stateDeltaMinimum: 0).write(pages("two", changed: [1]))
        let old = try #require(FileManager.default.contents(atPath: delta))
        let many = pages("three", changed: Set(0..<20))
        _ = try folder.writer(stateDeltaMinimum: 0).write(many)
        try old.write(to: URL(fileURLWithPath: delta))
        #expect(SiteState.read(base)?.files == (try wholeState(many)).files)
        #expect(SiteState.readSummary(base)?.output == SiteState.read(base)?.output)
        let oneMore = pages("three", changed: Set(0..<21))
        _ = try folder.writer(stateDeltaMinimum: 0).write(oneMore)
        var damaged = try #require(FileManager.default.contents(atPath: delta))
        damaged[damaged.count - 1] ^= 0x5A
        try damaged.write(to: URL(fileURLWithPath: delta))
        let read = try #require(SiteState.read(base))
        #expect(read.files == (try wholeState(many)).files && read.sinceBase.count == 0)
        // The next build does not trust the files the base has wrong, and
        // gives the right site.
        #expect(try folder.writer(stateDeltaMinimum: 0).write(oneMore).reusedCount == oneMore.count - 1)
        #expect(try folder.tree("_site") == WriterFolder.expected(oneMore))
        #expect(SiteState.read(base)?.files == (try wholeState(oneMore)).files)
    }

    /// Job records set and removed in a delta, read back over the base's.
    @Test func jobRecordsChangedInADeltaReadBackOverTheBase() throws {
        func record(_ name: String) -> JobRecords.Record {
            JobRecords.Record(fingerprint: ContentHash(name), outputs: ["\(name).html"], digest: ContentHash(name + "d"), text: name)
        }
        var jobs = JobRecords()
        for name in ["a", "b", "c"] { jobs.records[name] = record(name) }
        var state = SiteState(
            inputs: nil, images: [], warnings: "", colouredWarnings: "", output: ContentHash("o"),
            finished: Timestamp(seconds: 1, nanoseconds: 0), files: ["a.html": .init(size: 1, hash: ContentHash("1"))]
        )
        state.jobs = jobs.encoded()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("larder-state-\(UUID().uuidString)").path
        defer { unlink(path); unlink(SiteState.deltaPath(of: path)) }
        try Data(state.encoded()).write(to: URL(fileURLWithPath: path))
        let read = try #require(SiteState.readAhead(path))
        let base = try #require(read.state.base)
        #expect(base.entryCount == 4 && read.jobs?.records?.records == jobs.records)
        // One at a time, found in the mapped file.
        let mapped = try #require(SiteState.Mapped(path))
        #expect(mapped.jobRecord("b") == record("b") && mapped.jobRecord("z") == nil && mapped.hasJobs)
        var changes = SiteState.Changes()
        changes.jobs["b"] = .some(nil)
        changes.jobs["d"] = record("d")
        changes.jobs["a"] = record("A")
        changes.files["a.html"] = .some(nil)
        changes.files["d.html"] = SiteState.Entry(size: 2, hash: ContentHash("2"))
        state.warnings = "later"
        try Data(state.encodedDelta(of: base, changes).bytes).write(to: URL(fileURLWithPath: SiteState.deltaPath(of: path)))
        let again = try #require(SiteState.readAhead(path))
        #expect(again.jobs?.records?.records == ["a": record("A"), "c": record("c"), "d": record("d")])
        // The delta's over the base's, one at a time, and before the whole
        // table is decoded.
        let remapped = try #require(SiteState.Mapped(path))
        #expect(remapped.jobRecord("a") == record("A") && remapped.jobRecord("b") == nil)
        #expect(remapped.jobRecord("c") == record("c") && remapped.jobRecord("d") == record("d"))
        let lazy = PreviousJobs(mapped: remapped)
        #expect(lazy.record("a") == record("A") && !lazy.isEmpty)
        #expect(lazy.records?.records == ["a": record("A"), "c": record("c"), "d": record("d")])
        #expect(lazy.record("b") == nil)
        #expect(again.state.files == ["d.html": .init(size: 2, hash: ContentHash("2"))])
        #expect(again.state.warnings == "later" && again.delta != nil)
    }
}
