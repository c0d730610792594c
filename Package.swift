// swift-tools-version: 6.0
import PackageDescription

// Invariant checks of the solver's tableau run in debug builds (and so in `swift test`), never in
// release builds.
let checks: [SwiftSetting] = [.define("CASSOWARY_CHECKS", .when(configuration: .debug))]

let package = Package(
    name: "SelfSizing",
    products: [
        .library(name: "Cassowary", targets: ["Cassowary"]),
        .library(name: "AutoLayout", targets: ["AutoLayout"]),
        .library(name: "CellSpecs", targets: ["CellSpecs"]),
        .library(name: "TextLayout", targets: ["TextLayout"]),
        .library(name: "SelfSizing", targets: ["SelfSizing"]),
        .library(name: "Rendering", targets: ["Rendering"]),
        .executable(name: "selfsizing", targets: ["selfsizing"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // `make docs` builds the DocC catalogs; nothing links against it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(name: "Cassowary", swiftSettings: checks),
        .target(
            name: "AutoLayout",
            dependencies: [
                "Cassowary",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Cell specs: the model of a cell's views and constraints, its readers (YAML and JSON
        // through Yams), the template that builds views from it, and the data items it binds.
        .target(
            name: "CellSpecs",
            dependencies: ["Cassowary", "AutoLayout", .product(name: "Yams", package: "Yams")]
        ),
        .target(
            name: "SelfSizing",
            dependencies: ["AutoLayout", "CellSpecs", .product(name: "Logging", package: "swift-log")]
        ),
        .executableTarget(
            name: "selfsizing",
            dependencies: [
                "Cassowary",
                "AutoLayout",
                "CellSpecs",
                "TextLayout",
                "SelfSizing",
                "Rendering",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The Linux text stack, behind TextLayout only.
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .target(name: "CICUShim", linkerSettings: [.linkedLibrary("icuuc")]),
        .target(name: "TextLayout", dependencies: ["AutoLayout", "CHarfBuzz", "CFontconfig", "CICUShim"]),
        // Cairo, behind Rendering only.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        // zlib, behind Rendering only: PNGs are compressed a strip at a time.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "Rendering", dependencies: ["AutoLayout", "CellSpecs", "SelfSizing", "TextLayout", "CCairo", "CFontconfig", "CZlib"]),
        // Test helpers shared by the test targets: the reference LP, a seeded generator.
        .target(name: "TestSupport", dependencies: ["Cassowary"], path: "Tests/TestSupport"),
        // A counting allocator hook (the heap calls of one thread), for the allocation tests.
        .target(name: "MallocCounter", path: "Tests/MallocCounter"),
        .testTarget(name: "CassowaryTests", dependencies: ["Cassowary", "TestSupport", "MallocCounter"], resources: [.copy("Programs")], swiftSettings: checks),
        .testTarget(name: "AutoLayoutTests", dependencies: ["AutoLayout", "Cassowary", "TestSupport"]),
        .testTarget(name: "CellSpecsTests", dependencies: ["CellSpecs", "AutoLayout"], resources: [.copy("Fixtures")]),
        .testTarget(name: "TextLayoutTests", dependencies: ["TextLayout", "AutoLayout", "CellSpecs"]),
        .testTarget(name: "SelfSizingTests", dependencies: ["SelfSizing", "CellSpecs", "AutoLayout", "TextLayout", "TestSupport"]),
        .testTarget(name: "RenderingTests", dependencies: ["Rendering", "CellSpecs", "SelfSizing", "AutoLayout", "TextLayout"]),
        // End-to-end tests of the built `selfsizing` binary.
        .testTarget(name: "SelfSizingCLITests", dependencies: ["selfsizing"]),
    ],
    swiftLanguageModes: [.v6]
)
