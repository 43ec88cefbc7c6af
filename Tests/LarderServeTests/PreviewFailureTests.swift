import Foundation
import Larder
import Testing
@testable import LarderServe

/// What `larder serve` shows when the pipeline stops: the stop's diagnostic,
/// one way for the terminal, the overlay and `/_larder/errors`.
@Suite struct PreviewFailureTests {
    func failure(_ folder: TemporaryCopy, environment: [String: String]) throws -> BuildFailure {
        var builder = PreviewBuilder(folder: folder.url, displayName: "kitchen", environment: environment, color: false)
        guard case .failed(let failure) = builder.build().0 else {
            Issue.record("the build went through")
            throw CancellationError()
        }
        return failure
    }

    @Test func aBrokenTemplateIsShownAsItsDiagnostic() throws {
        let folder = try TemporaryCopy()
        let templates = folder.url.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try Data("{{#pages}}never closed".utf8).write(to: templates.appendingPathComponent("layout.mustache"))
        let failure = try failure(folder, environment: ["LARDER_SECRET": "a test secret of some length"])
        #expect(failure.summary == "1 error")
        #expect(failure.problems.map(\.code) == ["theme-error"])
        #expect(failure.text.hasPrefix("larder: error: template templates/layout.mustache "), "\(failure.text)")
        #expect(failure.json.contains(#""code":"theme-error""#))
        #expect(ErrorsPage.html(failure).contains("[theme-error]"))
    }

    @Test func aMissingSecretNamesTheUnlistedList() throws {
        let folder = try TemporaryCopy()
        let failure = try failure(folder, environment: [:])
        let problem = try #require(failure.problems.first)
        #expect(failure.problems.count == 1)
        #expect(problem.code == "secret-missing")
        #expect(problem.path == "kitchen/lists/birthday-party.md")
        #expect(problem.line == nil && problem.column == nil)
        #expect(problem.hint?.contains("LARDER_SECRET") == true)
        #expect(failure.text.hasPrefix("larder: error: kitchen/lists/birthday-party.md: the list is unlisted"), "\(failure.text)")
    }
}
