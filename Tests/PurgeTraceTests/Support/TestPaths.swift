import Foundation

/// Locations the tests need: fixtures (copied as a resource), the package root
/// (for shipped rules and samples) and the built `purgetrace` binary.
enum TestPaths {
    static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    static let fixtures = packageRoot.appendingPathComponent("Tests/PurgeTraceTests/Fixtures")
    static let samples = packageRoot.appendingPathComponent("samples")
    static let rules = packageRoot.appendingPathComponent("rules")

    static func fixture(_ relative: String) -> String { fixtures.appendingPathComponent(relative).path }
    static func sample(_ name: String) -> String { samples.appendingPathComponent(name).path }

    /// The `purgetrace` built next to the test bundle by `swift test`.
    static let binary: String = {
        let exe = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0])
        var dir = exe.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("purgetrace").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            dir.deleteLastPathComponent()
        }
        return packageRoot.appendingPathComponent(".build/debug/purgetrace").path
    }()

    /// A fresh empty directory under the system temp folder.
    static func temporaryDirectory(_ label: String = "t") -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("purgetrace-tests-\(label)-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
