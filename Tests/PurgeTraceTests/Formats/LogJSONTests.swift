import Testing
@testable import PurgeTrace

@Suite struct LogJSONTests {
    /// The bytes of a fixture from the first `{` of line `from` to the first `}` at the start
    /// of line `to` (a pretty-printed object as the framer keeps it).
    func objectText(_ fixture: String, from: Int, to: Int) throws -> String {
        let lines = String(decoding: try FormatHarness.fixtureBytes(fixture), as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let first = lines[from - 1]
        var parts = [String(first[first.firstIndex(of: "{")!...])]
        parts += lines[from..<(to - 1)]
        parts.append("}")
        return parts.joined(separator: "\n")
    }

    @Test func readsEveryFieldOfAPrettyPrintedArray() throws {
        let r = try FormatHarness.parse(fixture: "log-json.json", as: .logJSON)
        let s = r.records
        #expect(s.count == 3)
        expectRecord(s[safe: 0], time: "2026-07-26T06:11:22.348728000Z", offset: 43200, process: "Notes", pid: 812,
                     thread: 5439487, level: .error, subsystem: "com.apple.coredata", category: "CloudKit", sender: "CoreData",
                     message: "error: CoreData+CloudKit: path /var/mobile, quote \" emoji \u{1F600} tab\tend",
                     text: try objectText("log-json.json", from: 2, to: 28), line: 2)
        expectRecord(s[safe: 1], time: "2026-07-26T06:11:23.000000000Z", offset: 43200, process: "dasd", pid: 99,
                     thread: 1, level: .default, subsystem: nil, category: nil, sender: "dasd",
                     message: "brace } and bracket ] in a string {",
                     text: try objectText("log-json.json", from: 28, to: 40), line: 28)
        expectRecord(s[safe: 2], time: "2026-07-26T06:11:24.000000000Z", offset: 43200, process: nil, pid: 0,
                     thread: 0, level: nil, subsystem: nil, category: nil, sender: nil, message: "",
                     text: try objectText("log-json.json", from: 40, to: 45), line: 40)
        // The first object starts one byte into its `[{` line, after the preamble line.
        let preamble = "Filtering the log data using \"subsystem == \"com.apple.coredata\"\"\n"
        #expect(s.first?.byteOffset == Int64(preamble.utf8.count + 1))
        #expect(r.context.undecodable == 0)
        #expect(r.context.zoneOrigin == "offset in each timestamp")
    }

    @Test func readsAnArrayThatLogStreamNeverClosed() throws {
        let r = try FormatHarness.parse(fixture: "log-json-unclosed.json", as: .logJSON)
        let s = r.records
        #expect(s.count == 2)
        expectRecord(s[safe: 0], time: "2024-01-15T15:00:00.000000000Z", offset: -18000, process: "Notes", pid: 5,
                     thread: 6, level: .info, subsystem: "com.apple.notes", category: "sync", sender: nil, message: "one",
                     text: try objectText("log-json-unclosed.json", from: 1, to: 10), line: 1)
        expectRecord(s[safe: 1], time: "2024-01-15T15:00:01.000000000Z", offset: -18000, process: "Notes", pid: 5,
                     thread: 6, level: .debug, subsystem: nil, category: nil, sender: nil, message: "two",
                     text: try objectText("log-json-unclosed.json", from: 10, to: 17), line: 10)
        #expect(r.context.undecodable == 0)
    }

    @Test func countsBrokenObjectsOnceAndReadsTheOthers() throws {
        let r = try FormatHarness.parse(fixture: "log-json-broken.json", as: .logJSON)
        #expect(r.records.map(\.message) == ["good one", "good three", "good five"])
        #expect(r.records.map(\.line) == [1, 10, 19])
        #expect(r.records.map(\.level) == [.info, .fault, nil])
        #expect(r.context.undecodable == 2)
    }

    @Test func countsAnObjectCutOffAtTheEndOfTheFile() throws {
        let text = "[{\n  \"timestamp\" : \"2024-01-15 10:00:00.000000-0500\",\n  \"eventMessage\" : \"whole\"\n},{\n  \"timestamp\" : \"2024-01-15 10:00:01.000000-0500\",\n"
        let r = try FormatHarness.parse(text, as: .logJSON)
        #expect(r.records.map(\.message) == ["whole"])
        #expect(r.context.undecodable == 1)
    }

    @Test func readsNDJSONWithItsPreambleAndTrailer() throws {
        let r = try FormatHarness.parse(fixture: "log-ndjson.ndjson", as: .logNDJSON)
        let lines = String(decoding: try FormatHarness.fixtureBytes("log-ndjson.ndjson"), as: UTF8.self)
            .split(separator: "\n").map(String.init)
        let s = r.records
        #expect(s.count == 2)
        expectRecord(s[safe: 0], time: "2026-07-26T06:11:22.348728000Z", offset: 43200, process: "Notes", pid: 812,
                     thread: 123, level: .error, subsystem: "com.apple.coredata", category: "CloudKit", sender: "CoreData",
                     message: "error: CoreData+CloudKit: line one\nline two", text: lines[1], line: 2)
        expectRecord(s[safe: 1], time: "2026-07-26T06:11:24.000000000Z", offset: 43200, process: nil, pid: 0,
                     thread: nil, level: nil, subsystem: nil, category: nil, sender: nil,
                     message: "lost 3 unreliable messages", text: lines[4], line: 5)
        // Line 3 has a bad \u escape, line 4 is cut inside a string; the trailer is no record.
        #expect(r.context.undecodable == 2)
    }

    @Test func countsEachJunkLineBetweenNDJSONObjects() throws {
        let text = """
        {"timestamp":"2024-01-15 10:00:00.000000-0500","eventMessage":"a"}
        not json
        {"timestamp":"2024-01-15 10:00:01.000000-0500","eventMessage":"b"}
        also not json
        {"timestamp":"2024-01-15 10:00:02.000000-0500","eventMessage":"c"} trailing junk
        {"timestamp":"2024-01-15 25:00:02.000000-0500","eventMessage":"bad hour"}
        """
        let r = try FormatHarness.parse(text, as: .logNDJSON)
        #expect(r.records.map(\.message) == ["a", "b", "c"])
        #expect(r.context.undecodable == 4)
    }
}
