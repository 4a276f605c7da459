import Testing
@testable import PurgeTrace

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
