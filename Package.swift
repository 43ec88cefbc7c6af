// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Larder",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Larder", targets: ["Larder", "LarderSite"]),
        .executable(name: "larder", targets: ["LarderCLI"]),
        // For Benchmarks/ (the Cooklang parser's speed harness), which builds
        // only this and what it needs.
        .library(name: "LarderCooklang", targets: ["LarderCooklang"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: [
        // The one C boundary: libcmark-gfm from Debian's libcmark-gfm-dev and
        // libcmark-gfm-extensions-dev (one .pc file covers both libraries).
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        // QR codes: libqrencode from Debian's libqrencode-dev, used only by
        // LarderQR.
        .systemLibrary(
            name: "CQRencode",
            pkgConfig: "libqrencode",
            providers: [.apt(["libqrencode-dev"])]
        ),
        // HTML pages for `larder import`: libxml2's tolerant HTML parser from
        // Debian's libxml2-dev, used only by LarderImport.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // The program's memory allocator: jemalloc from Debian's
        // libjemalloc-dev in place of glibc's malloc, with its options
        // (allocator.c says why). Only the executable depends on it.
        .target(name: "LarderAllocator", linkerSettings: [.linkedLibrary("jemalloc")]),
        // QR codes as inline SVG (the shopping sheet's link to the list online).
        .target(name: "LarderQR", dependencies: ["CQRencode", "LarderCore"]),
        // Positions, diagnostics and the positioned JSON reader.
        .target(name: "LarderCore"),
        // A JSON Schema (draft 2020-12) validator over positioned JSON values.
        .target(name: "LarderSchema", dependencies: ["LarderCore"]),
        // Markdown through libcmark-gfm: source-positioned blocks, safe HTML.
        .target(name: "LarderMarkdown", dependencies: ["CCmarkGFM", "LarderCore"]),
        // Exact quantities, units and ingredient/item line parsing.
        .target(name: "LarderQuantities", dependencies: ["LarderCore"]),
        // Cooklang (.cook recipes, .menu plans): the text parsed into steps,
        // markers and metadata with positions; mapped to the model in Larder.
        .target(name: "LarderCooklang", dependencies: ["LarderCore", "LarderQuantities"]),
        // The pipeline: read a data folder, validate, resolve a Kitchen.
        .target(
            name: "Larder",
            dependencies: [
                "LarderCore", "LarderSchema", "LarderMarkdown", "LarderQuantities", "LarderCooklang",
                .product(name: "Yams", package: "Yams"),
            ],
            // Schemas/ (top level, linked into the target) and the built-in
            // catalog are compiled into the binary, so a copied `larder`
            // alone still works.
            resources: [.embedInCode("Schemas"), .embedInCode("Resources")]
        ),
        // `larder import`: recipes read from web pages (JSON-LD, microdata,
        // RDFa, recipe-card plugins, h-recipe) into plain values, and written
        // as recipe files.
        .target(
            name: "LarderImport",
            dependencies: [
                "CLibXML2", "LarderCore", "Larder", "LarderQuantities",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                // Chowdown's recipes are YAML front matter.
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        // Mustache templates compiled once into node trees, rendered over
        // typed values straight to bytes (the theme's engine).
        .target(name: "LarderTemplate", dependencies: ["LarderCore"]),
        // The render and write stages: pages, shares and the site on disk.
        .target(
            name: "LarderSite",
            dependencies: ["Larder", "LarderCore", "LarderMarkdown", "LarderQuantities", "LarderQR", "LarderTemplate"],
            // The built-in theme (top-level Templates/, linked into the target).
            resources: [.embedInCode("Templates")]
        ),
        // `larder serve`: the site built in memory and served over HTTP,
        // rebuilt when the data folder changes, with live reload. FlyingFox
        // (async, plain sockets, no NIO) keeps CI's clean builds short; its
        // sockets and request and response types are used, with a request
        // reader and connection loop of our own (PreviewHTTPServer.swift).
        .target(
            name: "LarderServe",
            dependencies: [
                "Larder", "LarderSite", "LarderCore",
                .product(name: "FlyingFox", package: "FlyingFox"),
            ]
        ),
        .executableTarget(
            name: "LarderCLI",
            dependencies: [
                "Larder", "LarderSite", "LarderServe", "LarderImport", "LarderAllocator",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // Test hooks (a pause in each step of an in-place commit, for
            // the fault tests) exist in debug builds only: the release
            // binary reads no test switch from its environment.
            swiftSettings: [.define("LARDER_TEST_HOOKS", .when(configuration: .debug))]
        ),
        // What the test targets share: temporary data folders, the fixture
        // cases, the raw HTTP client and the in-process server, and
        // starting child processes without handing one test's pipes to
        // another's children (ChildProcess.swift says why); zips made in
        // memory (ZIPFoundation) for the app export tests.
        .target(
            name: "LarderTestSupport",
            dependencies: ["Larder", "LarderCore", "LarderServe", .product(name: "ZIPFoundation", package: "ZIPFoundation")],
            path: "Tests/LarderTestSupport"
        ),
        .testTarget(name: "LarderCoreTests", dependencies: ["LarderCore"]),
        // Reads ../shared/conformance/cooklang/canonical.yaml (beside the
        // clone, as CI checks it out) with Yams.
        .testTarget(
            name: "LarderCooklangTests",
            dependencies: ["LarderCooklang", "LarderCore", "LarderQuantities", .product(name: "Yams", package: "Yams")]
        ),
        .testTarget(name: "LarderSchemaTests", dependencies: ["LarderSchema", "LarderCore"]),
        .testTarget(name: "LarderMarkdownTests", dependencies: ["LarderMarkdown"]),
        .testTarget(
            name: "LarderQuantitiesTests", dependencies: ["LarderQuantities", "LarderCore"],
            exclude: ["Corpus"]
        ),
        .testTarget(name: "LarderQRTests", dependencies: ["LarderQR", "LarderTestSupport"]),
        .testTarget(name: "LarderTemplateTests", dependencies: ["LarderTemplate"]),
        .testTarget(
            name: "LarderImportTests",
            // ZIPFoundation makes the small zips the export readers' tests read.
            dependencies: ["LarderImport", "Larder", "LarderCore", "LarderTestSupport", .product(name: "ZIPFoundation", package: "ZIPFoundation")]
        ),
        .testTarget(
            name: "LarderSiteTests",
            dependencies: ["LarderSite", "Larder", "LarderCore", "LarderQuantities", "LarderTemplate", "LarderTestSupport"],
            exclude: ["Golden"]
        ),
        .testTarget(name: "LarderServeTests", dependencies: ["LarderServe", "Larder", "LarderSite", "LarderTestSupport"]),
        // In process: reading, validating, planning, on the fixture cases
        // (PastedRecipesExampleTests also runs three short `larder`
        // commands: it shares a helper with ShoppingPlannerTests).
        .testTarget(
            name: "LarderTests",
            dependencies: ["Larder", "LarderSite", "LarderCore", "LarderQuantities", "LarderCLI", "LarderTestSupport"],
            exclude: ["Fixtures"]
        ),
        // Through the real `larder` binary and other programs (servers,
        // Chromium, the Nu checker, Python tools); scripts/test runs it
        // after the in-process targets (docs/testing.md).
        .testTarget(
            name: "LarderEndToEndTests",
            dependencies: [
                "Larder", "LarderSite", "LarderCore", "LarderQuantities", "LarderServe", "LarderCLI",
                "LarderTestSupport",
            ],
            exclude: ["Tools/axe_check.py", "Tools/html_safety.py", "Tools/csp_check.py", "Tools/servings_check.py"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
