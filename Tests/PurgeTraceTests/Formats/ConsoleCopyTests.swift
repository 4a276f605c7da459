import Testing
@testable import PurgeTrace

@Suite struct ConsoleCopyTests {
    @Test func readsEveryFieldAndRollsPastMidnight() throws {
        let r = try FormatHarness.parse(fixture: "console-copy.txt", as: .consoleCopy,
                                        time: TimeOptions(date: CivilTime(year: 2024, month: 3, day: 9)))
        let s = r.records
        #expect(s.count == 5)
        expectRecord(s[safe: 0], time: "2024-03-10T04:59:58.100000000Z", offset: -18000, process: "runningboardd",
                     pid: nil, thread: nil, level: .default, subsystem: nil, category: nil, sender: nil,
                     message: "Assertion 394-75320-34696 will be created as active",
                     text: "default\t23:59:58.100000-0500\trunningboardd\tAssertion 394-75320-34696 will be created as active",
                     line: 1)
        expectRecord(s[safe: 1], time: "2024-03-10T04:59:59.900000000Z", offset: -18000, process: "Nexy", pid: nil,
                     thread: nil, level: .error, subsystem: nil, category: nil, sender: nil,
                     message: "dlsym cannot find symbol NSMakeRect\tin CFBundle 0x1024604a0",
                     text: "error\t23:59:59.900000-0500\tNexy\tdlsym cannot find symbol NSMakeRect\tin CFBundle 0x1024604a0",
                     line: 2)
        // A small step back is an unsorted row, not a new day.
        expectRecord(s[safe: 2], time: "2024-03-10T04:59:59.500000000Z", offset: -18000, process: "dmd", pid: nil,
                     thread: nil, level: .default, subsystem: nil, category: nil, sender: nil,
                     message: "Received xpc stream event with name: com.apple.LaunchServices.applicationRegistered user info: {\n    CFBundleDisplayName = Nexy;\n}",
                     text: "default\t23:59:59.500000-0500\tdmd\tReceived xpc stream event with name: com.apple.LaunchServices.applicationRegistered user info: {\n    CFBundleDisplayName = Nexy;\n}",
                     line: 3)
        // 00:00 after 23:59 is the next day.
        expectRecord(s[safe: 3], time: "2024-03-10T05:00:00.250000000Z", offset: -18000, process: "Notes", pid: nil,
                     thread: nil, level: .fault, subsystem: nil, category: nil, sender: nil, message: "after midnight",
                     text: "fault\t00:00:00.250000-0500\tNotes\tafter midnight", line: 6)
        expectRecord(s[safe: 4], time: "2024-03-10T05:00:01.000000000Z", offset: -18000, process: "Notes", pid: nil,
                     thread: nil, level: .info, subsystem: nil, category: nil, sender: nil, message: "still the next day",
                     text: "info\t00:00:01.000000-0500\tNotes\tstill the next day", line: 7)
        #expect(r.context.dateOrigin == "--date 2024-03-09")
        #expect(r.context.zoneOrigin == "offset in each timestamp")
        #expect(r.context.undecodable == 0)
    }

    @Test func datesTheFirstRowWithTheSysdiagnoseCaptureDate() throws {
        let capture = try #require(Instant(iso8601: "2024-09-18T01:30:00+02:00"))
        let r = try FormatHarness.parse("default\t11:12:10.147891-0500\trunningboardd\tAssertion\n", as: .consoleCopy,
                                        time: TimeOptions(captureTime: capture, captureOffset: 7200))
        #expect(r.records.first?.time.iso8601 == "2024-09-18T16:12:10.147891Z")
        #expect(r.context.dateOrigin == "first row dated 2024-09-18, the sysdiagnose capture date")
    }

    @Test func stopsAskingForADateWhenNoneIsKnown() throws {
        #expect(throws: ToolError("copy.txt: Console.app rows have a time but no date; pass --date YYYY-MM-DD (the first row's local date)")) {
            _ = try FormatHarness.parse("default\t11:12:10.147891-0500\tp\tm\n", as: .consoleCopy, path: "copy.txt")
        }
    }

    @Test func countsARowWithAnImpossibleTime() throws {
        let text = "default\t11:12:10.147891-0500\tp\tgood\nerror\t25:12:10.000000-0500\tp\tbad hour\n  its continuation\n"
        let r = try FormatHarness.parse(text, as: .consoleCopy, time: TimeOptions(date: CivilTime(year: 2024, month: 1, day: 1)))
        #expect(r.records.map(\.message) == ["good"])
        #expect(r.context.undecodable == 1)
    }
}
