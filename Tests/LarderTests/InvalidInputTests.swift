import Foundation
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
        let folder = try TestFolder()
        for file in fixture.files { try folder.write(file.path, file.bytes) }
        let result = try KitchenLoader.load(folder.url)
        let actual = FixtureCase.render(result.report.diagnostics)
        if ProcessInfo.processInfo.environment["LARDER_UPDATE_FIXTURES"] == "1" {
            try fixture.record(actual)
        }
        #expect(actual == fixture.expected, "\(fixture.name)")
        #expect(!fixture.expected.isEmpty, "a bad-input case must expect at least one diagnostic")
    }
}
