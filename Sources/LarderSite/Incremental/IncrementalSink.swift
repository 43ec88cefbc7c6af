import Foundation
import Synchronization

/// Where an incremental render puts the site's files
/// (`SiteBuilder.render(into:inputs:)`): it gives the previous build's job
/// records, takes the files of the jobs whose inputs did not change as
/// they were, and the files of the jobs rendered again, and keeps this
/// build's records for the next. `SiteSink` writes into a folder
/// (`larder build`); `MemorySink` holds the site in memory (`larder serve`).
protocol IncrementalSink: Sendable {
    /// The previous build's jobs; nil when there was none to trust.
    var previousJobs: JobRecords? { get }
    /// For each group of the previous site's files (a kept job's), its size
    /// in bytes when all of them can be carried over as they are, else nil.
    /// Changes nothing; called on all cores.
    func vouch(_ groups: [[String]]) -> [Int64?]
    /// Takes in the groups `vouch` vouched for; true for each group taken.
    /// `distinct`: the groups' paths differ (the previous build checked).
    func take(_ groups: [[String]], vouched sizes: [Int64?], distinct: Bool) throws(SiteWriteError) -> [Bool]
    /// A file rendered in this build.
    func add(_ file: OutputFile) throws(SiteWriteError)
    /// The content hash of a file added or taken so far (`kept`: it was
    /// carried over), for `sw.js`, which names the version of what it caches.
    func contentHash(of path: String, kept: Bool) -> ContentHash?
    /// This build's job records, as their changes to `previousJobs`.
    func record(jobChanges: [String: JobRecords.Record?])
}

extension SiteSink: IncrementalSink {}

/// A site held in memory between builds (`larder serve`): its files by
/// path, and the records of the jobs that made them, so that the next build
/// renders only the jobs whose inputs changed (`MemorySink`).
public struct MemorySite: Sendable {
    var files: [String: OutputFile]
    var jobs: JobRecords

    /// The site's files, sorted by path.
    public var sortedFiles: [OutputFile] {
        files.values.sorted { $0.path < $1.path }
    }
}

/// The incremental render's sink for a site in memory: a kept job's files
/// are the previous site's, as they are (an image is a `.copy` of its data
/// file, read when it is served); a rendered file is added, and a path
/// produced twice is the error a folder build gives.
final class MemorySink: IncrementalSink {
    private let previous: MemorySite?
    private struct State {
        var files: [String: OutputFile] = [:]
        var jobChanges: [String: JobRecords.Record?]?
        var added = 0
    }
    private let state = Mutex(State())

    init(previous: MemorySite?) {
        self.previous = previous
        state.withLock { $0.files.reserveCapacity(previous?.files.count ?? 0) }
    }

    var previousJobs: JobRecords? { previous?.jobs }

    func vouch(_ groups: [[String]]) -> [Int64?] {
        guard let previous else { return groups.map { _ in nil } }
        return groups.map { paths -> Int64? in
            var size: Int64 = 0
            for path in paths {
                guard let file = previous.files[path] else { return nil }
                if case .bytes(let bytes) = file.contents { size += Int64(bytes.count) }
            }
            return size
        }
    }

    func take(_ groups: [[String]], vouched sizes: [Int64?], distinct: Bool) throws(SiteWriteError) -> [Bool] {
        guard let previous else { return groups.map { _ in false } }
        try state.withLock { state throws(SiteWriteError) in
            for (paths, size) in zip(groups, sizes) where size != nil {
                for path in paths {
                    guard let file = previous.files[path] else { continue }
                    if !distinct, state.files[path] != nil { throw SitePaths.producedTwice(path) }
                    state.files[path] = file
                }
            }
        }
        return sizes.map { $0 != nil }
    }

    func add(_ file: OutputFile) throws(SiteWriteError) {
        let file = file.compacted
        try state.withLock { state throws(SiteWriteError) in
            guard state.files.updateValue(file, forKey: file.path) == nil else { throw SitePaths.producedTwice(file.path) }
            state.added += 1
        }
    }

    /// How many files were rendered (added), not taken from the previous site.
    var renderedCount: Int { state.withLock { $0.added } }

    func contentHash(of path: String, kept: Bool) -> ContentHash? {
        // As a full render in memory hashes them: the bytes made, not the
        // pictures copied.
        state.withLock { state in
            guard case .bytes(let bytes) = state.files[path]?.contents else { return nil }
            return ContentHash(bytes)
        }
    }

    func record(jobChanges: [String: JobRecords.Record?]) {
        state.withLock { $0.jobChanges = jobChanges }
    }

    /// The site this build made: every file, and the records for the next
    /// build (the previous ones with this build's changes).
    var site: MemorySite {
        state.withLock { state in
            var jobs = previous?.jobs ?? JobRecords()
            for (key, record) in state.jobChanges ?? [:] { jobs.records[key] = record }
            return MemorySite(files: state.files, jobs: jobs)
        }
    }
}
