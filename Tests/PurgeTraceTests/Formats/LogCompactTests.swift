import Testing
@testable import PurgeTrace

@Suite struct LogCompactTests {
    @Test func readsEveryFieldOfTheCompactStyleInTheGivenZone() throws {
        let r = try FormatHarness.parse(fixture: "log-compact.log", as: .logCompact,
                                        time: TimeOptions(zone: ZoneRule(parsing: "Asia/Seoul")))
        let s = r.records
        #expect(s.count == 7)
        expectRecord(s[safe: 0], time: "2022-11-14T04:21:14.972000000Z", offset: 32400, process: "My App", pid: 59972,
                     thread: 0x780a15, level: .default, subsystem: nil, category: nil, sender: nil,
                     message: "Configure argc/argv...",
                     text: "2022-11-14 13:21:14.972 Df My App[59972:780a15] Configure argc/argv...", line: 2)
        expectRecord(s[safe: 1], time: "2026-08-17T10:20:56.402000000Z", offset: 32400, process: "node", pid: 19887,
                     thread: 0xb199e5, level: .default, subsystem: "com.apple.network", category: "path", sender: nil,
                     message: "nw_path_libinfo_path_check [8EA5DB47-0000]\n\tlibinfo check path: <private>",
                     text: "2026-08-17 19:20:56.402 Df node[19887:b199e5] [com.apple.network:path] nw_path_libinfo_path_check [8EA5DB47-0000]\n\tlibinfo check path: <private>",
                     line: 3)
        expectRecord(s[safe: 2], time: "2026-08-17T10:20:56.528000000Z", offset: 32400, process: "node", pid: 19887,
                     thread: 0xb199c5, level: nil, subsystem: nil, category: nil, sender: "Security",
                     message: "SecItemCopyMatching",
                     text: "2026-08-17 19:20:56.528 A  node[19887:b199c5] (Security) SecItemCopyMatching", line: 5)
        expectRecord(s[safe: 3], time: "2026-09-21T17:45:10.082000000Z", offset: 32400, process: "kernel", pid: 0,
                     thread: 0x18c57, level: .error, subsystem: nil, category: nil, sender: "Sandbox",
                     message: "System Policy: deny(1) file-mount",
                     text: "2026-09-22 02:45:10.082 E  kernel[0:18c57] (Sandbox) System Policy: deny(1) file-mount", line: 6)
        expectRecord(s[safe: 4], time: "2026-09-21T17:45:10.100000000Z", offset: 32400, process: "node", pid: 19887,
                     thread: 0xb199e5, level: .info, subsystem: "com.apple.network", category: nil, sender: nil,
                     message: "info with empty category",
                     text: "2026-09-22 02:45:10.100 I  node[19887:b199e5] [com.apple.network:] info with empty category", line: 7)
        expectRecord(s[safe: 5], time: "2026-09-21T17:45:10.200000000Z", offset: 32400, process: "node", pid: 19887,
                     thread: 0xb199e5, level: .fault, subsystem: "com.apple.network", category: "conn",
                     sender: "libsystem_info.dylib", message: "fault text",
                     text: "2026-09-22 02:45:10.200 F  node[19887:b199e5] (libsystem_info.dylib) [com.apple.network:conn] fault text",
                     line: 8)
        expectRecord(s[safe: 6], time: "2026-09-21T17:45:10.300000000Z", offset: 32400, process: "node", pid: 19887,
                     thread: 0xb199e5, level: .debug, subsystem: nil, category: nil, sender: nil, message: "debug text",
                     text: "2026-09-22 02:45:10.300 Db node[19887:b199e5] debug text", line: 9)
        #expect(r.context.zoneOrigin == "--timezone Asia/Seoul")
        #expect(r.context.warnings.isEmpty)
        #expect(r.context.undecodable == 0)
    }

    @Test func assumesUTCWithAWarningWhenNoZoneIsKnown() throws {
        let r = try FormatHarness.parse(fixture: "log-compact.log", as: .logCompact)
        #expect(r.records.first?.time.iso8601 == "2022-11-14T13:21:14.972000Z")
        #expect(r.records.first?.utcOffset == 0)
        #expect(r.context.zoneOrigin == "assumed UTC: no --timezone")
        #expect(r.context.warnings == ["timestamps carry no zone; read as UTC (pass --timezone ZONE to set it)"])
    }

    @Test func usesTheSysdiagnoseCaptureOffsetWhenNoZoneIsGiven() throws {
        let r = try FormatHarness.parse(fixture: "log-compact.log", as: .logCompact,
                                        time: TimeOptions(captureTime: Instant(iso8601: "2022-11-15T00:00:00Z"),
                                                          captureOffset: 7200))
        #expect(r.records.first?.time.iso8601 == "2022-11-14T11:21:14.972000Z")
        #expect(r.records.first?.utcOffset == 7200)
        #expect(r.context.zoneOrigin == "sysdiagnose capture offset +02:00")
        #expect(r.context.warnings.isEmpty)
    }
}
