import Foundation
@testable import LarderTestSupport
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

    /// The real binary prints them too, and `check` fails exactly when one
    /// is an error.
    @Test(arguments: FixtureCase.all(in: folder))
    func checkPrintsThem(_ fixture: FixtureCase) throws {
        let folder = try TestFolder()
        for file in fixture.files { try folder.write(file.path, file.bytes) }
        let result = try ProcessResult.run(Repository.binary, ["check", "."], in: folder.url)
        #expect(result.reason == .exit, "\(fixture.name): killed by signal \(result.status)")
        #expect(result.status == (fixture.expected.contains(": error: ") ? 1 : 0), "\(fixture.name): \(result.stderr)")
        for printed in FixtureCase.printedLines(fixture.expected) {
            #expect(result.stderr.contains(printed), "\(fixture.name) did not print: \(printed)")
        }
    }

    /// An empty folder (a wrong path) would otherwise pass with no cases.
    @Test func findingsArePresent() {
        #expect(FixtureCase.all(in: Self.folder).count >= 2)
    }
}
