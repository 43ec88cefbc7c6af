import Foundation
@testable import LarderTestSupport
import Larder
import Testing

/// Every case in Fixtures/invalid: a small folder of bad input and the exact
/// diagnostics (path, line, column, severity, message, code, hint) it gives.
@Suite struct InvalidInputTests {
    static let cases = FixtureCase.all(in: Repository.fixtures.appendingPathComponent("invalid"))

    @Test func thereAreEnoughCases() {
        #expect(Self.cases.count >= 40)
    }

    @Test(arguments: cases)
    func diagnostics(of fixture: FixtureCase) throws {
        let actual = try fixture.loadedDiagnostics()
        #expect(actual == fixture.expected, "\(fixture.name)")
        #expect(!fixture.expected.isEmpty, "a bad-input case must expect at least one diagnostic")
    }
}
