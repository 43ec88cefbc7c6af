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

/// Builds the data folder into memory the way `larder build` does (check,
/// theme with overrides, secret, render) and stops where `build` would
/// write. Parsed documents are kept between builds (`DocumentCache`), so a
/// rebuild reads only the files that changed.
struct PreviewBuilder: Sendable {
    let folder: URL
    /// The folder as the user named it, for printed paths.
    let displayName: String
    let environment: [String: String]
    /// Colour in the terminal text of failures.
    let color: Bool
    private var cache = DocumentCache()

    init(folder: URL, displayName: String, environment: [String: String], color: Bool) {
        self.folder = folder
        self.displayName = displayName
        self.environment = environment
        self.color = color
    }

    mutating func build() -> (BuildOutcome, BuildTimings) {
        var timings = BuildTimings()
        let clock = ContinuousClock()
        let loadStart = clock.now
        let loaded: LoadResult
        do {
            loaded = try KitchenLoader.load(folder, cache: &cache)
        } catch {
            return (.failed(BuildFailure(message: error.reason, path: error.path)), timings)
        }
        timings.load = loadStart.duration(to: clock.now)
        timings.documentsRead = cache.lastReads
        timings.documentsCached = cache.lastHits
        guard !loaded.report.hasErrors else {
            return (.failed(BuildFailure(report: loaded.report, pathPrefix: displayName, color: color)), timings)
        }
        let renderStart = clock.now
        do {
            let theme = try Theme.load(overrides: folder.appendingPathComponent("templates"))
            let secret = try UnlistedLinks.loadSecret(dataFolder: folder, environment: environment)
            let builder = SiteBuilder(
                kitchen: loaded.kitchen, dataFolder: folder, theme: theme, unlisted: secret.map(UnlistedLinks.init)
            )
            let files = try builder.render()
            let real = SiteSnapshot.realPath(folder.path) ?? folder.path
            timings.render = renderStart.duration(to: clock.now)
            return (.built(SiteSnapshot(files: files, dataFolder: real), loaded.report), timings)
        } catch let error as ThemeError {
            return (.failed(BuildFailure(message: error.description, path: nil)), timings)
        } catch let error as SecretError {
            return (.failed(BuildFailure(message: error.description, path: nil)), timings)
        } catch let error as SiteBuildError {
            return (.failed(BuildFailure(
                message: error.reason, path: error.path.map { displayPath($0) }
            )), timings)
        } catch {
            return (.failed(BuildFailure(message: "\(error)", path: nil)), timings)
        }
    }

    private func displayPath(_ path: String) -> String {
        DiagnosticFormatter(format: .text, pathPrefix: displayName).displayPath(path)
    }
}
