import Testing
@testable import PurgeTrace

@Suite struct LogSyslogTests {
    @Test func readsEveryFieldOfTheSyslogStyle() throws {
        let r = try FormatHarness.parse(fixture: "log-syslog.log", as: .logSyslog)
        let s = r.records
        #expect(s.count == 3)
        expectRecord(s[safe: 0], time: "2023-09-27T20:55:39.622369000Z", offset: 7200, process: "legacyScreenSaver",
                     pid: 41737, thread: nil, level: nil, subsystem: nil, category: nil, sender: "ScreenSaverExample",
                     message: "hello_screensaver",
                     text: "2023-09-27 22:55:39.622369+0200  localhost legacyScreenSaver[41737]: (ScreenSaverExample) hello_screensaver",
                     line: 2)
        expectRecord(s[safe: 1], time: "2023-05-26T11:42:44.136082000Z", offset: 7200, process: "kernel", pid: 0,
                     thread: nil, level: nil, subsystem: nil, category: nil, sender: "Sandbox",
                     message: "Sandbox: sandbox-exec(41398) deny(1) process-exec* /usr/bin/touch",
                     text: "2023-05-26 13:42:44.136082+0200  localhost kernel[0]: (Sandbox) Sandbox: sandbox-exec(41398) deny(1) process-exec* /usr/bin/touch",
                     line: 3)
        expectRecord(s[safe: 2], time: "2023-05-26T11:42:45.000000000Z", offset: 7200, process: "My App", pid: 77,
                     thread: nil, level: nil, subsystem: "com.apple.coredata", category: "CloudKit", sender: "CoreData",
                     message: "CoreData+CloudKit: export\n\tsecond line",
                     text: "2023-05-26 13:42:45.000000+0200  localhost My App[77]: (CoreData) [com.apple.coredata:CloudKit] CoreData+CloudKit: export\n\tsecond line",
                     line: 4)
        #expect(r.context.undecodable == 0)
    }
}
