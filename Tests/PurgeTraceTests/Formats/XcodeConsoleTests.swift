import Testing
@testable import PurgeTrace

@Suite struct XcodeConsoleTests {
    @Test func readsEveryFieldAndCountsEachCoreDataEventOnce() throws {
        let r = try FormatHarness.parse(fixture: "xcode-console.log", as: .xcodeConsole)
        let s = r.records
        #expect(s.count == 7)
        expectRecord(s[safe: 0], time: "2020-12-10T15:50:20.202027000Z", offset: -28800, process: "RNContreeClient",
                     pid: 3609, thread: 114892, level: nil, subsystem: nil, category: "Common", sender: nil,
                     message: "_BSMachError: port d533",
                     text: "2020-12-10 07:50:20.202027-0800 RNContreeClient[3609:114892] [Common] _BSMachError: port d533", line: 1)
        // Kept: the os_log line. Dropped: its bare `CoreData: ` mirror on line 3.
        expectRecord(s[safe: 1], time: "2021-01-20T20:16:40.786795000Z", offset: -28800, process: "My App", pid: 44012,
                     thread: 1839937, level: nil, subsystem: nil, category: "error", sender: nil,
                     message: "error: CoreData+CloudKit: -[PFCloudKitSetupAssistant _checkAccountStatus:](123): account",
                     text: "2021-01-20 12:16:40.786795-0800 My App[44012:1839937] [error] error: CoreData+CloudKit: -[PFCloudKitSetupAssistant _checkAccountStatus:](123): account",
                     line: 2)
        // Dropped: the timestamped mirror on line 4. Kept: its twin 0.1 ms later.
        expectRecord(s[safe: 2], time: "2021-01-20T20:16:40.790100000Z", offset: -28800, process: "My App", pid: 44012,
                     thread: 1839937, level: nil, subsystem: nil, category: "debug", sender: nil,
                     message: "debug: CoreData+CloudKit: timestamped mirror",
                     text: "2021-01-20 12:16:40.790100-0800 My App[44012:1839937] [debug] debug: CoreData+CloudKit: timestamped mirror",
                     line: 5)
        expectRecord(s[safe: 3], time: "2021-01-20T20:16:41.000000000Z", offset: -28800, process: "My App", pid: 44012,
                     thread: 1839937, level: nil, subsystem: nil, category: "Snapshot", sender: nil,
                     message: "[MyClass doThing] with a second line\n  indented continuation",
                     text: "2021-01-20 12:16:41.000000-0800 My App[44012:1839937] [Snapshot] [MyClass doThing] with a second line\n  indented continuation",
                     line: 6)
        // `[MyClass doThing]` holds a space: an NSLog message, not a category.
        expectRecord(s[safe: 4], time: "2021-01-20T20:16:42.000000000Z", offset: -28800, process: "My App", pid: 44012,
                     thread: 1839937, level: nil, subsystem: nil, category: nil, sender: nil,
                     message: "[MyClass doThing] failed",
                     text: "2021-01-20 12:16:42.000000-0800 My App[44012:1839937] [MyClass doThing] failed", line: 8)
        // A bare mirror without a twin is kept, with the previous record's time and process.
        expectRecord(s[safe: 5], time: "2021-01-20T20:16:42.000000000Z", offset: -28800, process: "My App", pid: 44012,
                     thread: 1839937, level: nil, subsystem: nil, category: nil, sender: "CoreData",
                     message: "annotation: mirror without twin", text: "CoreData: annotation: mirror without twin", line: 9)
        // Old NSLog line: no offset printed, so the last printed offset is used.
        expectRecord(s[safe: 6], time: "2014-07-30T19:45:15.647000000Z", offset: -28800, process: "WordList", pid: 65858,
                     thread: 2586192, level: nil, subsystem: nil, category: nil, sender: "CoreData",
                     message: "sql: SELECT COUNT(DISTINCT t0.Z_PK) FROM ZWORD t0",
                     text: "2014-07-30 11:45:15.647 WordList[65858:2586192] CoreData: sql: SELECT COUNT(DISTINCT t0.Z_PK) FROM ZWORD t0",
                     line: 10)
        #expect(r.context.undecodable == 0)
        #expect(r.context.zoneOrigin == "offset in each timestamp; lines without one: the offset printed on an earlier line")
    }

    @Test func readsLinesWithoutAnOffsetInTheLocalZoneUntilOneIsPrinted() throws {
        let text = """
        2014-07-30 11:45:15.647 WordList[1:2] before any offset
        2014-07-30 11:45:16.000000+0200 WordList[1:2] printed
        2014-07-30 11:45:17.000 WordList[1:2] after
        """
        let r = try FormatHarness.parse(text, as: .xcodeConsole, time: TimeOptions(zone: ZoneRule(parsing: "+09:00")))
        #expect(r.records.map(\.time.iso8601) == ["2014-07-30T02:45:15.647000Z", "2014-07-30T09:45:16.000000Z",
                                                   "2014-07-30T09:45:17.000000Z"])
        #expect(r.records.map(\.utcOffset) == [32400, 7200, 7200])
        #expect(r.context.zoneOrigin
                == "offset in each timestamp; lines without one: --timezone +09:00, then the offset printed on an earlier line")
    }

    @Test func dropsABareMirrorThatComesBeforeItsTwin() throws {
        let text = """
        2021-01-20 12:00:00.000000-0800 App[1:2] [x] something else
        CoreData: error: E
        2021-01-20 12:00:00.300000-0800 App[1:2] [error] error: E
        2021-01-20 12:00:01.000000-0800 App[1:2] [x] after
        """
        let r = try FormatHarness.parse(text, as: .xcodeConsole)
        #expect(r.records.map(\.message) == ["something else", "error: E", "after"])
        #expect(r.records.map(\.line) == [1, 3, 4])
    }

    @Test func keepsTwoRealEventsWithTheSameTextAndDropsBothMirrors() throws {
        let text = """
        2021-01-20 12:00:00.000000-0800 App[1:2] [error] error: same
        CoreData: error: same
        2021-01-20 12:00:00.001000-0800 App[1:2] [error] error: same
        CoreData: error: same
        """
        let r = try FormatHarness.parse(text, as: .xcodeConsole)
        #expect(r.records.map(\.line) == [1, 3])
        #expect(r.records.allSatisfy { $0.sender == nil })
    }

    @Test func keepsAMirrorWhoseTwinIsTooFarAwayOrFromAnotherProcess() throws {
        let text = """
        2021-01-20 12:00:00.000000-0800 App[1:2] CoreData: error: late
        2021-01-20 12:00:00.200000-0800 App[1:2] [error] error: late
        2021-01-20 12:00:01.000000-0800 App[1:2] CoreData: error: other pid
        2021-01-20 12:00:01.001000-0800 App[9:2] [error] error: other pid
        """
        let r = try FormatHarness.parse(text, as: .xcodeConsole)
        #expect(r.records.map(\.line) == [1, 2, 3, 4])
        #expect(r.records.map(\.message) == ["error: late", "error: late", "error: other pid", "error: other pid"])
        #expect(r.records.map(\.sender) == ["CoreData", nil, "CoreData", nil])
    }

    @Test func keepsTheOrderOfRecordsHeldBehindAWaitingMirror() throws {
        let text = """
        2021-01-20 12:00:00.000000-0800 App[1:2] CoreData: warning: waits
        2021-01-20 12:00:00.010000-0800 App[1:2] [x] one
        2021-01-20 12:00:00.020000-0800 App[1:2] [x] two
        2021-01-20 12:00:00.030000-0800 App[1:2] [warning] warning: waits
        2021-01-20 12:00:00.040000-0800 App[1:2] [x] three
        """
        var parser = XcodeConsoleParser(context: SourceContext(path: "x.log"))
        var lines: [Int] = []
        for (n, line) in text.split(separator: "\n").enumerated() {
            try Array(line.utf8).withUnsafeBytes { raw in
                try parser.feed(line: raw, number: n + 1, offset: 0) { lines.append($0.line) }
            }
        }
        try parser.finish { lines.append($0.line) }
        #expect(lines == [2, 3, 4, 5])
        #expect(parser.droppedMirrors == 1)
    }
}
