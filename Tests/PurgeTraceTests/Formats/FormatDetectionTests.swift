import Testing
@testable import PurgeTrace

@Suite struct FormatDetectionTests {
    @Test(arguments: [
        ("log-show.log", LogFormat.logShow),
        ("log-show-stream.log", .logShow),
        ("log-compact.log", .logCompact),
        ("log-syslog.log", .logSyslog),
        ("log-json.json", .logJSON),
        ("log-json-unclosed.json", .logJSON),
        ("log-json-broken.json", .logJSON),
        ("log-ndjson.ndjson", .logNDJSON),
        ("unifiedlog.csv", .unifiedlogCSV),
        ("unifiedlog.jsonl", .unifiedlogJSONL),
        ("idevicesyslog-current.log", .idevicesyslog),
        ("idevicesyslog-legacy.log", .idevicesyslog),
        ("idevicesyslog-newyear.log", .idevicesyslog),
        ("pymobiledevice3.log", .idevicesyslog),
        ("xcode-console.log", .xcodeConsole),
        ("console-copy.txt", .consoleCopy),
        ("oslog-export.log", .oslogExport),
        ("MyApp 2024-01-15--10-23-45-678.log", .lumberjack),
        ("plain.log", .plain),
    ])
    func detectsEveryFixture(name: String, format: LogFormat) throws {
        #expect(FormatHarness.detect(try FormatHarness.fixtureBytes(name), fileName: name) == format)
    }

    @Test(arguments: ["log-show.log", "log-compact.log", "log-json.json", "log-ndjson.ndjson", "unifiedlog.csv",
                      "xcode-console.log", "console-copy.txt", "idevicesyslog-current.log"])
    func detectsTheSameFormatWithCRLFAndABOM(name: String) throws {
        let bytes = try FormatHarness.fixtureBytes(name)
        var crlf: [UInt8] = [0xEF, 0xBB, 0xBF]
        for b in bytes {
            if b == 10 { crlf.append(13) }
            crlf.append(b)
        }
        #expect(FormatHarness.detect(crlf, fileName: name) == FormatHarness.detect(bytes, fileName: name))
    }

    @Test func detectsAStyleWithoutItsHeaderFromItsLines() {
        let show = "2023-07-19 08:22:51.916784+0300 0x3058     Info        0x0                  599    0    d: m\n"
        let compact = "2022-11-14 13:21:14.972 Df My App[59972:780a15] Configure argc/argv...\n"
        let syslog = "2023-09-27 22:55:39.622369+0200  localhost legacyScreenSaver[41737]: (X) hello\n"
        #expect(FormatHarness.detect(show + show) == .logShow)
        #expect(FormatHarness.detect(compact + compact) == .logCompact)
        #expect(FormatHarness.detect(syslog + syslog) == .logSyslog)
    }

    @Test func recognizesALumberjackFileByItsName() {
        let text = "2024/01/15 10:23:45:678  one\n2024/01/15 10:23:46:000  two\n"
        #expect(FormatHarness.detect(text, fileName: "Logs/Notes 2024-01-15--10-23-45-678.log") == .lumberjack)
        #expect(FormatHarness.detect(text, fileName: "other.log") == .lumberjack)
    }

    @Test func detectsNDJSONWhoseFirstObjectOverflowsTheHead() {
        let line = "{\"timestamp\":\"2024-01-01 00:00:00.000000+0000\",\"eventMessage\":\""
            + String(repeating: "x", count: 70_000) + "\"}\n"
        #expect(FormatHarness.detect(line + line) == .logNDJSON)
    }

    @Test func detectsAnXcodeConsoleThatIsMostlyPrintOutput() {
        var text = (0..<30).map { "print output \($0) without a timestamp" }.joined(separator: "\n") + "\n"
        for n in 0..<3 { text += "2021-01-20 12:16:4\(n).000000-0800 App[1:2] [x] os_log line\n" + text }
        #expect(FormatHarness.detect(text) == .xcodeConsole)
    }

    @Test func ignoresACutOffLastLine() {
        let line = "2023-07-19 08:22:51.916784+0300 0x3058     Info        0x0                  599    0    d: m\n"
        #expect(FormatHarness.detect(line + line + "2023-07-19 08:2") == .logShow)
    }

    @Test func detectsNothingInProseOrBinaryBytes() throws {
        #expect(FormatHarness.detect(try FormatHarness.fixtureBytes("garbage.txt"), fileName: "garbage.txt") == nil)
        #expect(FormatHarness.detect([0x62, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x30, 0x30, 0x00, 0x01, 0xD4]) == nil)  // bplist
        var random = SystemRandomNumberGenerator()
        let noise = (0..<4096).map { _ in UInt8.random(in: 0x80...0xFF, using: &random) }
        #expect(FormatHarness.detect(noise) == nil)
        #expect(FormatHarness.detect([UInt8]()) == nil)
        #expect(FormatHarness.detect("{\"name\": \"a config file\", \"version\": 2}\n") == nil)
        #expect(FormatHarness.detect("just one line without a time\n") == nil)
    }

    @Test func prefersPlainOnlyWhenLinesStartWithATimestamp() {
        #expect(FormatHarness.detect("2024-01-15 10:23:46 started\n  detail\n2024-01-15 10:23:47 done\n") == .plain)
        #expect(FormatHarness.detect("started at 2024-01-15 10:23:46\ndone\n") == nil)
    }
}
