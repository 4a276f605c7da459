import Testing
@testable import PurgeTrace

@Suite struct LogShowTests {
    @Test func readsEveryFieldOfTheDefaultStyle() throws {
        let r = try FormatHarness.parse(fixture: "log-show.log", as: .logShow)
        #expect(r.records.count == 8)
        let s = r.records
        expectRecord(s[safe: 0], time: "2023-07-19T05:22:51.916784000Z", offset: 10800, process: "remotepairingd", pid: 599,
                     thread: 0x3058, level: .info, subsystem: "com.apple.dt.remotepairing", category: "networktunnelmanager",
                     sender: "RemotePairing", message: "tunnel-1: Tunnel established for interface: utun3",
                     text: "2023-07-19 08:22:51.916784+0300 0x3058     Info        0x0                  599    0    remotepairingd: (RemotePairing) [com.apple.dt.remotepairing:networktunnelmanager] tunnel-1: Tunnel established for interface: utun3",
                     line: 4)
        expectRecord(s[safe: 1], time: "2026-01-25T21:03:22.939421000Z", offset: 7200, process: "logger", pid: 6161,
                     thread: 0x150d2eb, level: .default, subsystem: nil, category: nil, sender: nil,
                     message: "vmnet-broker: Install completed",
                     text: "2026-01-25 23:03:22.939421+0200 0x150d2eb  Default     0x0                  6161   0    logger: vmnet-broker: Install completed",
                     line: 5)
        expectRecord(s[safe: 2], time: "2025-03-09T14:07:58.804412000Z", offset: 14400, process: "sharingd", pid: 669,
                     thread: 0x175c, level: .default, subsystem: "com.apple.sharing", category: "AirDrop", sender: nil,
                     message: "Discoverable mode changed from\n               to\n                , posting notification",
                     text: "2025-03-09 18:07:58.804412+0400 0x175c     Default     0x0                  669    3    sharingd: [com.apple.sharing:AirDrop] Discoverable mode changed from\n               to\n                , posting notification",
                     line: 6)
        expectRecord(s[safe: 3], time: "2024-09-18T18:20:30.000001000Z", offset: -25200, process: "My Notes App", pid: 4242,
                     thread: 0x1a2b3c, level: .error, subsystem: "com.apple.coredata", category: "error", sender: "CoreData",
                     message: "error: CoreData+CloudKit: -[NSCloudKitMirroringDelegate logResetSyncNotification:](2880): <NSCloudKitMirroringDelegate: 0x600003d082d0>: Sending 'NSCloudKitMirroringDelegateWillResetSyncNotificationName' with reason: 'HistoryExpired'",
                     text: "2024-09-18 11:20:30.000001-0700 0x1a2b3c   Error       0x9f21               4242   14   My Notes App: (CoreData) [com.apple.coredata:error] error: CoreData+CloudKit: -[NSCloudKitMirroringDelegate logResetSyncNotification:](2880): <NSCloudKitMirroringDelegate: 0x600003d082d0>: Sending 'NSCloudKitMirroringDelegateWillResetSyncNotificationName' with reason: 'HistoryExpired'",
                     line: 9)
        expectRecord(s[safe: 4], time: "2024-09-18T18:20:30.500000000Z", offset: -25200, process: "My Notes App", pid: 4242,
                     thread: 0x1a2b3c, level: .fault, subsystem: "com.apple.coredata", category: "CloudKit", sender: "CoreData",
                     message: "fault line",
                     text: "2024-09-18 11:20:30.500000-0700 0x1a2b3c   Fault       0x0                  4242   0    My Notes App: (CoreData) [com.apple.coredata:CloudKit] fault line",
                     line: 10)
        expectRecord(s[safe: 5], time: "2024-09-18T18:20:31.000000000Z", offset: -25200, process: "backboardd", pid: 88,
                     thread: 0x77, level: nil, subsystem: "com.apple.coreanimation", category: "signposts", sender: "QuartzCore",
                     message: "Render",
                     text: "2024-09-18 11:20:31.000000-0700 0x77       Signpost    0x0                  88     0    [spid 0x1a2b, process, begin] backboardd: (QuartzCore) [com.apple.coreanimation:signposts] Render",
                     line: 11)
        expectRecord(s[safe: 6], time: "2024-09-18T18:20:31.250000000Z", offset: -25200, process: "backboardd", pid: 88,
                     thread: 0x77, level: nil, subsystem: nil, category: nil, sender: "UIKitCore",
                     message: "send control actions",
                     text: "2024-09-18 11:20:31.250000-0700 0x77       Activity    0x55                 88     0    backboardd: (UIKitCore) send control actions",
                     line: 12)
        expectRecord(s[safe: 7], time: "2024-09-18T18:20:32.000000000Z", offset: -25200, process: "backboardd", pid: 88,
                     thread: 0x78, level: .debug, subsystem: nil, category: nil, sender: nil,
                     message: "debug message with [brackets] and (parens)",
                     text: "2024-09-18 11:20:32.000000-0700 0x78       Debug       0x0                  88     0    backboardd: debug message with [brackets] and (parens)",
                     line: 13)
        #expect(r.context.undecodable == 0)
        #expect(r.context.zoneOrigin == "offset in each timestamp")
        #expect(r.context.warnings.isEmpty)
    }

    @Test func readsLogStreamOutputWithoutTheTTLColumn() throws {
        let r = try FormatHarness.parse(fixture: "log-show-stream.log", as: .logShow)
        #expect(r.records.count == 2)
        expectRecord(r.records[safe: 0], time: "2024-02-29T23:59:59.999999000Z", offset: 0, process: "MyApp", pid: 501,
                     thread: 0x1f, level: .default, subsystem: "com.apple.coredata", category: "sql", sender: "CoreData",
                     message: "sql: SELECT 1",
                     text: "2024-02-29 23:59:59.999999+0000 0x1f       Default     0x0                  501    MyApp: (CoreData) [com.apple.coredata:sql] sql: SELECT 1",
                     line: 3)
        expectRecord(r.records[safe: 1], time: "2024-03-01T00:00:00.000000000Z", offset: 0, process: "MyApp", pid: 501,
                     thread: 0x1f, level: .error, subsystem: nil, category: nil, sender: nil, message: "42 is the answer",
                     text: "2024-03-01 00:00:00.000000+0000 0x1f       Error       0x0                  501    MyApp: 42 is the answer",
                     line: 4)
    }

    @Test func tellsTheTTLColumnFromAProcessNameWithoutAHeader() throws {
        let text = """
        2024-01-01 00:00:00.000000+0000 0x1       Default     0x0        10     0    proc: with ttl
        2024-01-01 00:00:01.000000+0000 0x1       Default     0x0        10     proc: without ttl
        2024-01-01 00:00:02.000000+0000 0x1       Default     0x0        10     5 Apps: a process name with a number
        """
        let r = try FormatHarness.parse(text, as: .logShow)
        #expect(r.records.map(\.process) == ["proc", "proc", "Apps"])
        #expect(r.records.map(\.message) == ["with ttl", "without ttl", "a process name with a number"])
    }

    @Test func countsABrokenRecordStartAndKeepsReading() throws {
        let text = """
        2023-13-45 08:22:51.916784+0300 0x3058     Info        0x0                  599    0    a: bad month and day
          its continuation goes with it
        2023-07-19 08:22:51.916784+0300 0x3058     Inf
        2023-07-19 08:22:52.000000+0300 0x3058     Info        0x0                  599    0    good: still read
        """
        let r = try FormatHarness.parse(text, as: .logShow)
        #expect(r.context.undecodable == 2)
        #expect(r.records.count == 1)
        #expect(r.records.first?.message == "still read")
        #expect(r.records.first?.line == 4)
    }

    @Test func passesInvalidUTF8ThroughAndMaterializesItAsReplacementCharacters() throws {
        var bytes = Array("2024-01-01 00:00:00.000000+0000 0x1  Default  0x0  10  0  proc: bad ".utf8)
        bytes += [0xFF, 0xC3, 0x28]
        bytes += Array(" bytes\n".utf8)
        let context = SourceContext(path: "bad-utf8.log")
        var parser = LogFormat.logShow.makeParser(context: context)
        var raw: [[UInt8]] = []
        var materialized: [LogRecord] = []
        let line = Array(bytes.dropLast())
        try line.withUnsafeBytes { p in
            try parser.feed(line: p, number: 1, offset: 0) { _ in }
        }
        try parser.finish { view in
            raw.append(Array(view.message))
            materialized.append(view.materialize())
        }
        #expect(raw == [Array("bad ".utf8) + [0xFF, 0xC3, 0x28] + Array(" bytes".utf8)])
        #expect(materialized.first?.message == "bad \u{FFFD}\u{FFFD}( bytes")
        #expect(context.undecodable == 0)
    }

    @Test func readsCRLFAndBOMFilesLikeLFFiles() throws {
        let plain = try FormatHarness.fixtureBytes("log-show.log")
        var crlf: [UInt8] = [0xEF, 0xBB, 0xBF]
        for b in plain {
            if b == 10 { crlf.append(13) }
            crlf.append(b)
        }
        #expect(FormatHarness.detect(crlf) == .logShow)
        // The scanner strips the BOM before parsing; the harness drops each line's "\r".
        let a = try FormatHarness.parse(Array(crlf.dropFirst(3)), as: .logShow).records
        let b = try FormatHarness.parse(plain, as: .logShow).records
        #expect(a.map(\.message) == b.map(\.message))
        #expect(a.map(\.time) == b.map(\.time))
        #expect(a.map(\.text) == b.map(\.text))
        #expect(a.map(\.line) == b.map(\.line))
    }

    @Test func dropsTrailingBlankLinesButKeepsBlankLinesInsideAMessage() throws {
        let text = "2024-01-01 00:00:00.000000+0000 0x1  Default  0x0  10  0  proc: first\n\nthird\n   \n\n"
        let r = try FormatHarness.parse(text, as: .logShow)
        #expect(r.records.map(\.message) == ["first\n\nthird"])
        #expect(r.records.map(\.text) == ["2024-01-01 00:00:00.000000+0000 0x1  Default  0x0  10  0  proc: first\n\nthird"])
    }

    @Test func reportsByteOffsetsOfRecordStarts() throws {
        let header = "Timestamp  Thread  Type  Activity  PID  TTL\n"
        let first = "2024-01-01 00:00:00.000000+0000 0x1  Default  0x0  10  0  p: a\n"
        let second = "2024-01-01 00:00:01.000000+0000 0x1  Default  0x0  10  0  p: b\n"
        let r = try FormatHarness.parse(header + first + second, as: .logShow)
        let expected = [header.utf8.count, header.utf8.count + first.utf8.count].map(Int64.init)
        #expect(r.records.map(\.byteOffset) == expected)
    }
}
