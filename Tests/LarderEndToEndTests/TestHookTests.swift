import Foundation
@testable import LarderTestSupport
import Testing

/// The binary that ships (`swift build -c release`) takes no test switch
/// from its environment: the fault tests' pause in an in-place commit
/// (`LARDER_TEST_COMMIT_STEP_PAUSE_MS`) is compiled into debug builds only.
@Suite struct TestHookTests {
    static let release = Repository.root.appendingPathComponent(".build/release/larder")
    static let required = ProcessInfo.processInfo.environment["CI"] == "true"
        || ProcessInfo.processInfo.environment["LARDER_REQUIRE_TEST_TOOLS"] == "1"
    static let hook = "LARDER_TEST_COMMIT_STEP_PAUSE_MS"

    /// Needs a release build; a stale one (from before the hook was fenced
    /// off) fails, as it should: build it again.
    @Test(.enabled(
        if: required || FileManager.default.isExecutableFile(atPath: release.path),
        "no release build: run swift build -c release (CI=true or LARDER_REQUIRE_TEST_TOOLS=1 requires it)"
    ))
    func theReleaseBinaryHasNoTestHooks() throws {
        let shipped = try Data(contentsOf: Self.release)
        #expect(shipped.range(of: Data("LARDER_TEST".utf8)) == nil, "\(Self.release.path) reads a test switch")
        // The scan can find the hook where it belongs: the debug binary the
        // fault tests run.
        if Repository.binary.resolvingSymlinksInPath() != Self.release.resolvingSymlinksInPath() {
            let debug = try Data(contentsOf: Repository.binary)
            #expect(debug.range(of: Data(Self.hook.utf8)) != nil, "\(Repository.binary.path) lacks the fault tests' hook")
        }
    }
}
