import Testing
@testable import PurgeTrace

@Suite struct UnifiedLogTests {
    @Test func readsEveryFieldOfTheCSV() throws {
        let r = try FormatHarness.parse(fixture: "unifiedlog.csv", as: .unifiedlogCSV)
        let lines = String(decoding: try FormatHarness.fixtureBytes("unifiedlog.csv"), as: UTF8.self)
            .split(separator: "\n").map(String.init)
        let s = r.records
        #expect(s.count == 3)
        expectRecord(s[safe: 0], time: "2024-09-18T09:33:57.123000000Z", offset: 0, process: "Notes", pid: 812,
                     thread: 5439487, level: .error, subsystem: "com.apple.coredata", category: "CloudKit", sender: "CoreData",
                     message: "error: CoreData+CloudKit: a, b and \"quoted\"", text: lines[1], line: 2)
        expectRecord(s[safe: 1], time: "2024-09-18T09:33:58.000000000Z", offset: 0, process: "dasd", pid: 99,
                     thread: 1, level: .default, subsystem: nil, category: nil, sender: "dasd",
                     message: "first line\nsecond line, with comma", text: lines[2] + "\n" + lines[3], line: 3)
        expectRecord(s[safe: 2], time: "2024-09-18T09:33:59.500000000Z", offset: 0, process: "dasd", pid: 99,
                     thread: 2, level: nil, subsystem: nil, category: nil, sender: nil, message: "", text: lines[4], line: 5)
        #expect(r.context.undecodable == 1)  // the row whose timestamp is not a time
        #expect(r.context.zoneOrigin == "offset in each timestamp")
    }

    @Test func countsARowWithTheWrongNumberOfFields() throws {
        let header = String(describing: UnifiedLogCSVParser.header)
        let text = header + "\n2024-09-18T09:33:57Z,Log,Error\n2024-09-18T09:33:58Z,Log,Info,,1,2,0,,,0,0,,p,,m,,,\n"
        let r = try FormatHarness.parse(text, as: .unifiedlogCSV)
        #expect(r.records.map(\.message) == ["m"])
        #expect(r.context.undecodable == 1)
    }

    @Test func readsEveryFieldOfTheJSONLines() throws {
        let r = try FormatHarness.parse(fixture: "unifiedlog.jsonl", as: .unifiedlogJSONL)
        let lines = String(decoding: try FormatHarness.fixtureBytes("unifiedlog.jsonl"), as: UTF8.self)
            .split(separator: "\n").map(String.init)
        let s = r.records
        #expect(s.count == 2)
        expectRecord(s[safe: 0], time: "2024-09-18T09:33:57.123456789Z", offset: 0, process: "Notes", pid: 812,
                     thread: 5439487, level: .fault, subsystem: "com.apple.coredata", category: "CloudKit", sender: "CoreData",
                     message: "fault: \u{E9}t\u{E9}", text: lines[0], line: 1)
        expectRecord(s[safe: 1], time: "2024-09-18T09:33:58.000000000Z", offset: 0, process: "launchd", pid: 1,
                     thread: 1, level: nil, subsystem: nil, category: nil, sender: nil,
                     message: "no timestamp key: the time float is used", text: lines[1], line: 2)
        #expect(r.context.undecodable == 0)
    }
}
