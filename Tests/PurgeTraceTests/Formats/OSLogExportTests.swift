import Testing
@testable import PurgeTrace

@Suite struct OSLogExportTests {
    @Test func readsEveryFieldOfTheCommonShapes() throws {
        let r = try FormatHarness.parse(fixture: "oslog-export.log", as: .oslogExport)
        let s = r.records
        #expect(s.count == 6)
        expectRecord(s[safe: 0], time: "2024-01-01T12:00:00.123000000Z", offset: 0, process: nil, pid: nil, thread: nil,
                     level: .error, subsystem: nil, category: "CloudKit", sender: nil, message: "export failed: <private>",
                     text: "[2024-01-01T12:00:00.123Z] [ERROR] [CloudKit] export failed: <private>", line: 1)
        expectRecord(s[safe: 1], time: "2024-01-01T12:00:01.500000000Z", offset: 0, process: nil, pid: nil, thread: nil,
                     level: nil, subsystem: nil, category: "Sync", sender: nil, message: "plain category line",
                     text: "2024-01-01T12:00:01.500Z [Sync] plain category line", line: 2)
        expectRecord(s[safe: 2], time: "2024-01-01T12:00:02.000000000Z", offset: 0, process: nil, pid: nil, thread: nil,
                     level: nil, subsystem: nil, category: "persistence", sender: nil, message: "store loaded",
                     text: "2024-01-01 12:00:02 +0000 - persistence: store loaded", line: 3)
        expectRecord(s[safe: 3], time: "2024-01-01T10:00:03.000000000Z", offset: 7200, process: nil, pid: nil, thread: nil,
                     level: .error, subsystem: "com.example.notes", category: "Persistence", sender: nil,
                     message: "one-letter level",
                     text: "2024-01-01T12:00:03.000+02:00 [E] [com.example.notes] [Persistence] one-letter level", line: 4)
        expectRecord(s[safe: 4], time: "2024-01-01T12:00:04.000000000Z", offset: 0, process: nil, pid: nil, thread: nil,
                     level: .error, subsystem: "com.example.notes", category: "Sync", sender: nil,
                     message: "numeric level\n  continuation of the numeric one",
                     text: "2024-01-01T12:00:04.000Z [4] [com.example.notes:Sync] numeric level\n  continuation of the numeric one",
                     line: 5)
        expectRecord(s[safe: 5], time: "2024-01-01T12:00:05.000000000Z", offset: 0, process: nil, pid: nil, thread: nil,
                     level: .default, subsystem: nil, category: nil, sender: nil, message: "no category",
                     text: "[2024-01-01T12:00:05Z] [notice] no category", line: 7)
        #expect(r.context.undecodable == 0)
    }

    @Test func mapsOSLogEntryLevelNumbers() throws {
        let text = (0...5).map { "2024-01-01T12:00:0\($0)Z [\($0)] [c] m\($0)" }.joined(separator: "\n")
        let r = try FormatHarness.parse(text, as: .oslogExport)
        #expect(r.records.map(\.level) == [nil, .debug, .info, .default, .error, .fault])
    }
}
