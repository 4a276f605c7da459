// swift-tools-version:6.0
// libFuzzer targets for purgetrace (issue 8), kept in their own package so that the
// main package's `swift build` and `swift test` never see them. `fuzz/run.sh` builds
// `purgetrace-fuzz` with `-sanitize=fuzzer,address -DFUZZING` into its own scratch
// folder; without `-DFUZZING` the same executable replays inputs (`purgetrace-fuzz
// TARGET FILE...`), which is how a crash is reproduced under a debugger.
import PackageDescription

let package = Package(
    name: "purgetrace-fuzz",
    dependencies: [.package(name: "purgetrace", path: "..")],
    targets: [
        // The targets themselves: what one input does to the library.
        .target(name: "FuzzHarness", dependencies: [.product(name: "PurgeTrace", package: "purgetrace")]),
        // libFuzzer's driver (with -DFUZZING) or the replay tool (without).
        .executableTarget(name: "purgetrace-fuzz", dependencies: ["FuzzHarness"]),
    ],
    swiftLanguageModes: [.v6]
)
