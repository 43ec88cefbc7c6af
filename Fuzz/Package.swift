// swift-tools-version: 6.0
// libFuzzer targets for Larder's readers, parsers and whole `check`. A
// package of its own so the main build and CI never compile it; build and run
// with `scripts/fuzz` (which adds the sanitizers). See README.md.
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, which depends on where
// the repository was cloned.
let larder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

// libFuzzer provides `main`; each target only defines LLVMFuzzerTestOneInput.
let asLibrary: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

func fuzzTarget(_ name: String, _ dependencies: [Target.Dependency] = []) -> Target {
    .executableTarget(name: name, dependencies: ["FuzzSupport"] + dependencies, swiftSettings: asLibrary)
}

let package = Package(
    name: "LarderFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "..")],
    targets: [
        .target(name: "FuzzSupport", dependencies: [.product(name: "Larder", package: larder)]),
        fuzzTarget("fuzz-json"),
        fuzzTarget("fuzz-frontmatter"),
        fuzzTarget("fuzz-list-md"),
        fuzzTarget("fuzz-recipe-md"),
        fuzzTarget("fuzz-line"),
        fuzzTarget("fuzz-check"),
        fuzzTarget("fuzz-cook", [.product(name: "LarderCooklang", package: larder)]),
    ],
    swiftLanguageModes: [.v6]
)
