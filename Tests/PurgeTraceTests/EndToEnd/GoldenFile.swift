import Foundation
import Testing

/// Golden report files in `Fixtures/golden/`, compared byte for byte. With
/// `PURGETRACE_UPDATE_GOLDEN=1` they are rewritten instead (then review `git diff`).
enum GoldenFile {
    static let update = ProcessInfo.processInfo.environment["PURGETRACE_UPDATE_GOLDEN"] == "1"
    static let directory = TestPaths.fixtures.appendingPathComponent("golden")

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Whether `text` equals the golden file `name` (always true after rewriting it).
    static func matches(_ text: String, _ name: String) throws -> Bool {
        let file = path(name)
        if update {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
            return true
        }
        guard let golden = FileManager.default.contents(atPath: file) else { return false }
        return golden == Data(text.utf8)
    }

    static func hint(_ name: String) -> Comment {
        let text = "\(path(name)) differs (or is missing); if the change is intended, regenerate with "
            + "PURGETRACE_UPDATE_GOLDEN=1 swift test --filter Golden and review the diff"
        return Comment(rawValue: text)
    }
}
