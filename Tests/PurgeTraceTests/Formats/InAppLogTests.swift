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

@Suite struct LumberjackTests {
    @Test func readsEveryFieldWithTheProcessFromTheFileName() throws {
        let r = try FormatHarness.parse(fixture: "MyApp 2024-01-15--10-23-45-678.log", as: .lumberjack)
        let s = r.records
        #expect(s.count == 3)
        expectRecord(s[safe: 0], time: "2024-01-15T10:23:45.678000000Z", offset: 0, process: "MyApp", pid: nil,
                     thread: nil, level: nil, subsystem: nil, category: nil, sender: nil, message: "App launched",
                     text: "2024/01/15 10:23:45:678  App launched", line: 1)
        expectRecord(s[safe: 1], time: "2024-01-15T10:23:46.001000000Z", offset: 0, process: "MyApp", pid: nil,
                     thread: nil, level: nil, subsystem: nil, category: nil, sender: nil,
                     message: "Multi-line\n  second line", text: "2024/01/15 10:23:46:001  Multi-line\n  second line", line: 2)
        expectRecord(s[safe: 2], time: "2024-01-15T10:23:47.500000000Z", offset: 0, process: "MyApp", pid: nil,
                     thread: nil, level: nil, subsystem: nil, category: nil, sender: nil, message: "Done",
                     text: "2024/01/15 10:23:47:500  Done", line: 4)
        #expect(r.context.zoneOrigin == "UTC (CocoaLumberjack 3.6.2+ default; pass --timezone for older logs)")
        #expect(r.context.warnings.isEmpty)
    }

    @Test func usesTheGivenZoneAndTheContextsProcessName() throws {
        let context = SourceContext(path: "logs/x.log", time: TimeOptions(zone: ZoneRule(parsing: "Asia/Seoul")))
        context.processFromFileName = "com.example.notes"
        let records = try RecordParsing.read(Array("2024/01/15 10:23:45:678  hi\n".utf8), as: .lumberjack, context: context)
        #expect(records.first?.process == "com.example.notes")
        #expect(records.first?.time.iso8601 == "2024-01-15T01:23:45.678000Z")
        #expect(context.zoneOrigin == "--timezone Asia/Seoul")
    }

    @Test func findsTheAppNameInLumberjackFileNames() {
        #expect(LumberjackFileName.appName(of: "MyApp 2024-01-15--10-23-45-678.log") == "MyApp")
        #expect(LumberjackFileName.appName(of: "case.zip!/Logs/My App 2024-01-15--10-23-45-678.log") == "My App")
        #expect(LumberjackFileName.appName(of: "logs/com.example.notes 2024-01-15--10-23-45-678.log") == "com.example.notes")
        #expect(LumberjackFileName.appName(of: "system.log") == nil)
        #expect(LumberjackFileName.appName(of: "MyApp 2024-01-15.log") == nil)
    }
}

@Suite struct PlainTests {
    @Test func startsARecordAtEachRecognizableTimestamp() throws {
        let r = try FormatHarness.parse(fixture: "plain.log", as: .plain, time: TimeOptions(zone: ZoneRule(parsing: "+01:00")))
        let s = r.records
        #expect(s.count == 4)
        expectRecord(s[safe: 0], time: "2024-01-15T09:23:45.000000000Z", offset: 3600, process: nil, pid: nil, thread: nil,
                     level: nil, subsystem: nil, category: nil, sender: nil,
                     message: "[95] <notice> (0x16f) installd started",
                     text: "Mon Jan 15 10:23:45 2024 [95] <notice> (0x16f) installd started", line: 1)
        expectRecord(s[safe: 1], time: "2024-01-15T09:23:46.500000000Z", offset: 3600, process: nil, pid: nil, thread: nil,
                     level: nil, subsystem: nil, category: nil, sender: nil, message: "plain iso\ncontinuation",
                     text: "2024-01-15 10:23:46.5 plain iso\ncontinuation", line: 2)
        expectRecord(s[safe: 2], time: "2024-01-15T10:23:47.000000000Z", offset: 0, process: nil, pid: nil, thread: nil,
                     level: nil, subsystem: nil, category: nil, sender: nil, message: "bracketed",
                     text: "[2024-01-15T10:23:47Z] bracketed", line: 4)
        expectRecord(s[safe: 3], time: "2024-01-15T09:23:48.250000000Z", offset: 3600, process: nil, pid: nil, thread: nil,
                     level: nil, subsystem: nil, category: nil, sender: nil, message: "slashes with dash",
                     text: "2024/01/15 10:23:48.250 - slashes with dash", line: 5)
        #expect(r.context.zoneOrigin == "offset in each timestamp; lines without one: --timezone +01:00")
    }

    @Test func countsLinesBeforeTheFirstRecordAsUndecodable() throws {
        let r = try FormatHarness.parse("stray text\n\n2024-01-15 10:23:46 first\n", as: .plain)
        #expect(r.records.map(\.message) == ["first"])
        #expect(r.context.undecodable == 1)
    }
}
