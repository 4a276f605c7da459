// swift-tools-version:6.0
// purgetrace: forensic analyzer for Core Data / CloudKit store purges.
//
// Layout follows the data flow: five thin C wrappers (the only code that sees a C
// pointer), one core library whose folders are the pipeline stages, a CLI library
// (the front end) and a tiny executable.
import PackageDescription

let package = Package(
    name: "purgetrace",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "purgetrace", targets: ["purgetrace"]),
        .library(name: "PurgeTrace", targets: ["PurgeTrace"]),
    ],
    targets: [
        // C libraries, found through pkg-config.
        .systemLibrary(
            name: "CPCRE2", pkgConfig: "libpcre2-8",
            providers: [.apt(["libpcre2-dev"]), .brew(["pcre2"])]),
        .systemLibrary(
            name: "CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        .systemLibrary(
            name: "CYAML", pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]),
        .systemLibrary(
            name: "CArchive", pkgConfig: "libarchive",
            providers: [.apt(["libarchive-dev"]), .brew(["libarchive"])]),
        .systemLibrary(
            name: "CCrypto", pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]),

        // One thin Swift wrapper per C library.
        .target(name: "PCRE2Kit", dependencies: ["CPCRE2"]),
        .target(name: "SQLiteKit", dependencies: ["CSQLite"]),
        .target(name: "YAMLKit", dependencies: ["CYAML"]),
        .target(name: "ArchiveKit", dependencies: ["CArchive"]),
        .target(name: "DigestKit", dependencies: ["CCrypto"]),

        // bytes → records → signals → incidents → store / reports
        .target(
            name: "PurgeTrace",
            dependencies: ["PCRE2Kit", "SQLiteKit", "YAMLKit", "ArchiveKit", "DigestKit"],
            swiftSettings: [.unsafeFlags(["-Ounchecked"], .when(configuration: .release))]),
        .target(name: "PurgeTraceCLI", dependencies: ["PurgeTrace"]),
        .executableTarget(name: "purgetrace", dependencies: ["PurgeTraceCLI"]),

        .testTarget(
            name: "PurgeTraceTests",
            dependencies: ["PurgeTrace", "PurgeTraceCLI", "PCRE2Kit", "SQLiteKit", "YAMLKit", "ArchiveKit", "DigestKit"],
            resources: [.copy("Fixtures")]),
    ],
    swiftLanguageModes: [.v6]
)
