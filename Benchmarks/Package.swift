// swift-tools-version: 6.0
import PackageDescription

// The benchmarks live in their own package so that the library's manifest carries no benchmark
// dependencies. `make bench` builds and runs them in release mode.
let package = Package(
    name: "SelfSizingBenchmarks",
    dependencies: [
        .package(name: "SelfSizing", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "selfsizing-bench",
            dependencies: [
                .product(name: "Cassowary", package: "SelfSizing"),
                .product(name: "AutoLayout", package: "SelfSizing"),
                .product(name: "CellSpecs", package: "SelfSizing"),
                .product(name: "TextLayout", package: "SelfSizing"),
                .product(name: "SelfSizing", package: "SelfSizing"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
