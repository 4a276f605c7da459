import Testing
@testable import PurgeTrace

@Suite struct IDeviceSyslogTests {
    let newYork = ZoneRule(parsing: "America/New_York")

    @Test func readsEveryFieldOfCurrentOutputAcrossADaylightSavingChange() throws {
        let r = try FormatHarness.parse(fixture: "idevicesyslog-current.log", as: .idevicesyslog,
                                        time: TimeOptions(zone: newYork, year: 2025))
        let s = r.records
        #expect(s.count == 4)
        expectRecord(s[safe: 0], time: "2025-03-04T15:00:00.123456000Z", offset: -18000, process: "MyApp", pid: 123,
                     thread: nil, level: .default, subsystem: nil, category: nil, sender: "CoreData",
                     message: "CoreData: annotation: text",
                     text: "Mar  4 10:00:00.123456 MyApp(CoreData)[123] <Notice>: CoreData: annotation: text", line: 2)
        expectRecord(s[safe: 1], time: "2025-03-04T15:00:01.000000000Z", offset: -18000, process: "MyApp", pid: 123,
                     thread: nil, level: .error, subsystem: nil, category: nil, sender: nil,
                     message: "error: CoreData+CloudKit: failed\n\tcontinuation line",
                     text: "Mar  4 10:00:01.000000 MyApp[123] <Error>: error: CoreData+CloudKit: failed\n\tcontinuation line",
                     line: 3)
        expectRecord(s[safe: 2], time: "2025-03-15T03:59:59.999999000Z", offset: -14400, process: "kernel", pid: 0,
                     thread: nil, level: .error, subsystem: nil, category: nil, sender: "AppleMobileFileIntegrity",
                     message: "AMFI: warning",
                     text: "Mar 14 23:59:59.999999 kernel(AppleMobileFileIntegrity)[0] <Warning>: AMFI: warning", line: 5)
        expectRecord(s[safe: 3], time: "2025-03-15T04:00:00.000001000Z", offset: -14400, process: "My Helper", pid: 77,
                     thread: nil, level: .fault, subsystem: nil, category: nil, sender: "libsystem_info.dylib",
                     message: "fault from a process with a space",
                     text: "Mar 15 00:00:00.000001 My Helper(libsystem_info.dylib)[77] <Fault>: fault from a process with a space",
                     line: 6)
        #expect(r.context.undecodable == 0)  // [connected…] / [disconnected] are status lines
        #expect(r.context.dateOrigin == "--year 2025")
        #expect(r.context.zoneOrigin == "--timezone America/New_York")
    }

    @Test func takesTheYearAndZoneFromTheSysdiagnoseCapture() throws {
        // Captured 2024-01-10 at +01:00: November rows are from the year before.
        let capture = try #require(Instant(iso8601: "2024-01-10T12:00:00+01:00"))
        let r = try FormatHarness.parse(fixture: "idevicesyslog-legacy.log", as: .idevicesyslog,
                                        time: TimeOptions(captureTime: capture, captureOffset: 3600))
        let s = r.records
        #expect(s.count == 3)
        expectRecord(s[safe: 0], time: "2023-11-02T14:54:33.000000000Z", offset: 3600,
                     process: "com.apple.WebKit.Networking", pid: 619, thread: nil, level: .info, subsystem: nil,
                     category: nil, sender: "libsystem_network.dylib", message: "nw_connection_endpoint_report",
                     text: "Nov  2 15:54:33 CSSs-iPad com.apple.WebKit.Networking(libsystem_network.dylib)[619] <Info>: nw_connection_endpoint_report",
                     line: 1)
        expectRecord(s[safe: 1], time: "2023-11-02T14:54:34.000000000Z", offset: 3600, process: "itunesstored", pid: 112,
                     thread: nil, level: .default, subsystem: nil, category: nil, sender: "CFNetwork",
                     message: "TIC Enabling TLS [341:0x100c77790]",
                     text: "Nov 2 15:54:34 CSSs-iPad itunesstored(CFNetwork)[112] <Notice>: TIC Enabling TLS [341:0x100c77790]",
                     line: 2)
        expectRecord(s[safe: 2], time: "2023-11-02T14:54:35.000000000Z", offset: 3600, process: "SpringBoard", pid: 58,
                     thread: nil, level: .debug, subsystem: nil, category: nil, sender: nil, message: "plain process",
                     text: "Nov 2 15:54:35 CSSs-iPad SpringBoard[58] <Debug>: plain process", line: 3)
        #expect(r.context.dateOrigin == "year 2023 from the sysdiagnose capture time")
        #expect(r.context.zoneOrigin == "sysdiagnose capture offset +01:00")
    }

    @Test func stopsAskingForAYearWhenNoneIsKnown() throws {
        #expect(throws: ToolError("logs/device.log: the log has no year; pass --year YYYY")) {
            _ = try FormatHarness.parse(Array("Mar  4 10:00:00 MyApp[1] <Notice>: hi\n".utf8), as: .idevicesyslog,
                                        path: "logs/device.log")
        }
    }

    @Test func keepsGoingForwardAcrossNewYear() throws {
        let r = try FormatHarness.parse(fixture: "idevicesyslog-newyear.log", as: .idevicesyslog,
                                        time: TimeOptions(zone: .utc, year: 2024))
        #expect(r.records.map(\.time.iso8601) == ["2024-12-31T23:59:59.500000Z", "2025-01-01T00:00:00.250000Z",
                                                   "2024-12-31T23:59:59.900000Z", "2025-01-01T00:00:01.000000Z"])
        #expect(r.records.map(\.message) == ["last of the year", "first of the year",
                                              "late arrival from the old year", "second"])
    }

    @Test func countsFebruary29thOfAYearWithoutOne() throws {
        let text = "Feb 28 10:00:00 MyApp[1] <Notice>: fine\nFeb 29 10:00:00 MyApp[1] <Notice>: no such day\n"
        let r = try FormatHarness.parse(text, as: .idevicesyslog, time: TimeOptions(zone: .utc, year: 2023))
        #expect(r.records.map(\.message) == ["fine"])
        #expect(r.context.undecodable == 1)
    }

    @Test func readsPymobiledevice3WithItsSubsystemSuffix() throws {
        let r = try FormatHarness.parse(fixture: "pymobiledevice3.log", as: .idevicesyslog,
                                        time: TimeOptions(zone: ZoneRule(parsing: "+02:00")))
        let s = r.records
        #expect(s.count == 3)
        expectRecord(s[safe: 0], time: "2023-05-01T10:00:00.123456000Z", offset: 7200, process: "SpringBoard", pid: 58,
                     thread: nil, level: .default, subsystem: "com.apple.UIKit", category: "Scene", sender: "UIKitCore",
                     message: "message one",
                     text: "2023-05-01 12:00:00.123456 SpringBoard{UIKitCore}[58] <NOTICE>: message one [com.apple.UIKit][Scene]",
                     line: 1)
        expectRecord(s[safe: 1], time: "2023-05-01T10:00:01.000000000Z", offset: 7200, process: "Notes", pid: 812,
                     thread: nil, level: .error, subsystem: "com.apple.coredata", category: "CloudKit", sender: "CoreData",
                     message: "error: CoreData+CloudKit: multi\nsecond line",
                     text: "2023-05-01 12:00:01.000000 Notes{CoreData}[812] <ERROR>: error: CoreData+CloudKit: multi\nsecond line [com.apple.coredata][CloudKit]",
                     line: 2)
        expectRecord(s[safe: 2], time: "2023-05-01T10:00:02.000000000Z", offset: 7200, process: "dasd", pid: 99,
                     thread: nil, level: .info, subsystem: nil, category: nil, sender: nil, message: "no suffix here",
                     text: "2023-05-01 12:00:02.000000 dasd[99] <INFO>: no suffix here", line: 4)
        #expect(r.context.dateOrigin == nil)
        #expect(r.context.zoneOrigin == "--timezone +02:00")
    }
}
