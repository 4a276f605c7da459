import Foundation

/// Variants of the good sample written at test time: the same evidence with one hazard
/// mixed in, so a test can check both that the hazard is handled and that the purge
/// chain inside is still found.
enum HostileLogs {
    static var sample: [UInt8] { Array(FileManager.default.contents(atPath: Hazard.goodSample)!) }

    /// The sample's lines (without their "\n").
    static var lines: [[UInt8]] { sample.split(separator: 10, omittingEmptySubsequences: false).map(Array.init) }

    /// Index of the line announcing the reset (`…WillResetSyncNotificationName…`), a step of the purge.
    static var resetLineIndex: Int {
        lines.firstIndex { String(decoding: $0, as: UTF8.self).contains("WillResetSyncNotificationName") }!
    }

    static func joined(_ lines: [[UInt8]]) -> [UInt8] { Array(lines.joined(separator: [10])) }

    /// The sample with `insert` placed inside the reset line, after `CoreData+CloudKit: `
    /// (outside what the rule's pattern needs, so the line still matches).
    static func withInsideResetLine(_ insert: [UInt8]) -> [UInt8] {
        var all = lines
        let line = all[resetLineIndex]
        let anchor = Array("CoreData+CloudKit: ".utf8)
        let at = line.firstRange(of: anchor)!.upperBound
        all[resetLineIndex] = Array(line[..<at]) + insert + Array(line[at...])
        return joined(all)
    }

    /// A log-show record line of the sample's shape carrying `message`.
    static func recordLine(_ message: String, time: String = "2026-03-14 10:20:00.000000+0900") -> String {
        "\(time) 0x1a2b3    Default     0x0                  88     0    locationd: [com.apple.locationd.Core:Client] \(message)"
    }

    static func write(_ bytes: [UInt8], to url: URL) throws {
        try Data(bytes).write(to: url)
    }
}
