import Foundation
import Testing

/// Inputs the fuzzers (Fuzz/, `scripts/fuzz`) found problems with, minimized,
/// each in Fixtures/fuzz as a `.case` with the exact diagnostics it must give
/// now; see Fuzz/README.md for how to add one.
@Suite struct FuzzRegressionTests {
    static let folder = Repository.fixtures.appendingPathComponent("fuzz")

    @Test(arguments: FixtureCase.all(in: folder))
    func givesExactlyItsDiagnostics(_ fixture: FixtureCase) throws {
        #expect(try fixture.loadedDiagnostics() == fixture.expected, "\(fixture.name)")
    }

    /// An empty folder (a wrong path) would otherwise pass with no cases.
    @Test func findingsArePresent() {
        #expect(FixtureCase.all(in: Self.folder).count >= 2)
    }
}
