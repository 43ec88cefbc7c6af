// swift-tools-version: 6.0
// Speed harnesses for single stages (not tests; benchmarks print figures). A
// package of its own so the main build and CI never compile it; run with
// `scripts/bench-cooklang-parser`.
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, which depends on where
// the repository was cloned.
let larder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "LarderBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "..")],
    targets: [
        .executableTarget(
            name: "cooklang-parse-bench",
            dependencies: [.product(name: "LarderCooklang", package: larder)]
        )
    ],
    swiftLanguageModes: [.v6]
)
