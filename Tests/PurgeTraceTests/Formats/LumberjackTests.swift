import Testing
@testable import PurgeTrace

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
