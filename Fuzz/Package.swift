// swift-tools-version: 6.0
import PackageDescription

// libFuzzer targets for the readers of text a user hands the library (Visual Format Language
// strings, constraint equations, YAML and JSON cell specs, Interface Builder documents and data
// files) and for the solver (programs of constraint operations, FuzzSolver). They live in their own package, as the benchmarks do, so that `make test` never builds
// them; `make fuzz` (scripts/fuzz.sh) builds them with `-sanitize=fuzzer,address` and runs each
// one for a set time over a corpus seeded from examples/ and the test fixtures.
//
// Each target defines `LLVMFuzzerTestOneInput` (the input function, for other libFuzzer drivers)
// and a `main` that runs libFuzzer's driver with it (LibFuzzerDriver declares the driver).
let package = Package(
    name: "SelfSizingFuzz",
    dependencies: [
        .package(name: "SelfSizing", path: ".."),
    ],
    targets: [
        .target(name: "LibFuzzerDriver"),
        .executableTarget(name: "FuzzVFL", dependencies: ["LibFuzzerDriver", .product(name: "AutoLayout", package: "SelfSizing")]),
        .executableTarget(name: "FuzzEquation", dependencies: ["LibFuzzerDriver", .product(name: "AutoLayout", package: "SelfSizing")]),
        .executableTarget(name: "FuzzSpec", dependencies: [
            "LibFuzzerDriver",
            .product(name: "AutoLayout", package: "SelfSizing"),
            .product(name: "CellSpecs", package: "SelfSizing"),
        ]),
        .executableTarget(name: "FuzzInterfaceBuilder", dependencies: [
            "LibFuzzerDriver",
            .product(name: "AutoLayout", package: "SelfSizing"),
            .product(name: "CellSpecs", package: "SelfSizing"),
        ]),
        .target(name: "SolverPrograms", dependencies: [.product(name: "Cassowary", package: "SelfSizing")]),
        .executableTarget(name: "FuzzSolver", dependencies: ["LibFuzzerDriver", "SolverPrograms"]),
        // The solver's programs outside libFuzzer (scripts/solver-programs.sh).
        .executableTarget(name: "SolverProgramRunner", dependencies: ["SolverPrograms"]),
        .executableTarget(name: "FuzzDataFile", dependencies: [
            "LibFuzzerDriver",
            .product(name: "AutoLayout", package: "SelfSizing"),
            .product(name: "CellSpecs", package: "SelfSizing"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
