import Foundation
import Larder
import LarderSite

/// What one build of the folder came to.
public enum BuildOutcome: Sendable {
    /// The site, and the diagnostics of the folder (warnings only).
    case built(SiteSnapshot, DiagnosticReport)
    case failed(BuildFailure)
}

/// How long the stages of a build took.
public struct BuildTimings: Sendable {
    public var load: Duration = .zero
    public var render: Duration = .zero
    /// Documents read again, and documents taken from the cache.
    public var documentsRead = 0
    public var documentsCached = 0
}

/// Builds the data folder into memory with the pipeline `larder build` runs
/// (`SiteBuild`, destination `.memory`), keeping the parsed documents
/// between builds (`DocumentCache`), so a rebuild reads only the files that
/// changed, and the lists' history until the next commit.
struct PreviewBuilder: Sendable {
    private let pipeline: SiteBuild
    /// Colour in the terminal text of failures.
    let color: Bool
    private var documents = DocumentCache()
    /// The last site built, whose pages a rebuild keeps when their inputs
    /// did not change (`SiteBuild.run(documents:site:)`).
    private var site: MemorySite?

    init(folder: URL, displayName: String, environment: [String: String], color: Bool) {
        var pipeline = SiteBuild(dataFolder: folder, destination: .memory, displayName: displayName, environment: environment)
        pipeline.historyMemory = HistoryCache.Memory()
        self.pipeline = pipeline
        self.color = color
    }

    /// This builder, with its parse cache and last site, leaving `self`
    /// neither: a build changes them in place only where nothing else
    /// holds them (`PreviewServer.rebuild`).
    mutating func detach() -> PreviewBuilder {
        let whole = self
        documents = DocumentCache()
        site = nil
        return whole
    }

    mutating func build() -> (BuildOutcome, BuildTimings) {
        let result = pipeline.run(documents: &documents, site: &site)
        let timings = BuildTimings(
            load: result.timings.wall(of: "load"), render: result.timings.wall(of: "render"),
            documentsRead: result.documentsRead, documentsCached: result.documentsReused
        )
        guard case .rendered(let files) = result.outcome else {
            return (.failed(BuildFailure(report: result.report, pathPrefix: pipeline.displayName, color: color)), timings)
        }
        let real = SiteSnapshot.realPath(pipeline.dataFolder.path) ?? pipeline.dataFolder.path
        return (.built(SiteSnapshot(files: files, dataFolder: real), result.report), timings)
    }
}
