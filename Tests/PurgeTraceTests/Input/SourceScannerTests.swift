import Foundation
import Testing
@testable import PurgeTrace

@Suite struct SourceScannerTests {
    let t = InputTest.time

    @Test func crlfAndABOMAreStripped() throws {
        let bytes: [UInt8] = [0xef, 0xbb, 0xbf] + Array("2024-03-01T10:00:00Z p: one\r\n2024-03-01T10:00:01Z p: two\r\n".utf8)
        let (sink, facts) = try InputTest.scan(bytes)
        #expect(sink.records.map(\.message) == ["one", "two"])
        #expect(sink.records.map(\.text) == ["2024-03-01T10:00:00Z p: one", "2024-03-01T10:00:01Z p: two"])
        // Offsets are in the source's bytes, BOM included.
        #expect(sink.records.map(\.byteOffset) == [3, 32])
        #expect(sink.records.map(\.line) == [1, 2])
        #expect(facts.bytes == Int64(bytes.count))
        #expect(facts.sha256 == SHA256.hex(of: bytes))
    }

    @Test func nulBytesInALineAreKeptAndDoNotStopTheSource() throws {
        var bytes = Array("2024-03-01T10:00:00Z p: a\0b\n".utf8)
        bytes += [UInt8](repeating: 0, count: 100) + [10]  // a crash-padded block
        bytes += Array("2024-03-01T10:00:02Z p: after\n".utf8)
        let (sink, facts) = try InputTest.scan(bytes)
        #expect(sink.records.map(\.message) == ["a\0b", "after"])
        #expect(sink.records.map(\.line) == [1, 3])
        #expect(facts.undecodable == 1)  // the NUL line: the parser's call
        #expect(facts.warnings == [])
    }

    @Test func invalidUTF8IsPassedThroughAndCountedOnlyByTheParser() throws {
        let bytes = Array("2024-03-01T10:00:00Z p: caf".utf8) + [0xe9, 0xff] + Array("\n\u{FF}junk\n".utf8)
        let (sink, facts) = try InputTest.scan(bytes)
        #expect(sink.records.map(\.message) == ["caf\u{FFFD}\u{FFFD}"])
        #expect(facts.records == 1)
        #expect(facts.undecodable == 1)
    }

    @Test func anEmptyFileIsASourceWithNoRecords() throws {
        let (sink, facts) = try InputTest.scan([])
        #expect(sink.events == [.begin("mem.log"), .end("mem.log")])
        #expect(facts.records == 0)
        #expect(facts.first == nil)
        #expect(facts.warnings == [])
        #expect(facts.sha256 == SHA256.hex(of: ""))
    }

    @Test func anEmptyFileNoDetectorClaimsHasNoWarning() throws {
        let sink = RecordingSink()
        var scanner = SourceScanner(path: "empty.log", device: "d", options: ReadOptions(),
                                    parsers: ParserProvider(detect: { _, _ in nil }, makeParser: ParserProvider.testLines.makeParser))
        let facts = try scanner.scan(MemoryStream([]), into: sink)
        #expect(sink.events == [.end("empty.log")])
        #expect(facts.format == nil)
        #expect(facts.warnings == [])
    }

    @Test func textOfNoKnownFormatIsSkippedWithAWarning() throws {
        let (sink, facts) = try InputTest.scan(Array("UNKNOWN stuff\nmore\n".utf8))
        #expect(sink.events == [.end("mem.log")])
        #expect(facts.format == nil)
        #expect(facts.warnings == ["no known log format; skipped (force one with --input-format)"])
    }

    @Test func inputFormatSkipsDetection() throws {
        let (sink, facts) = try InputTest.scan(Array("UNKNOWN stuff\n2024-03-01T10:00:00Z p: x\n".utf8),
                                               options: ReadOptions(inputFormat: .logNDJSON))
        #expect(sink.infos.map(\.format) == [.logNDJSON])
        #expect(facts.format == .logNDJSON)
        #expect(facts.records == 1)
    }

    @Test func sinceAndUntilKeepTheHalfOpenWindow() throws {
        let text = (0..<5).map { "2024-03-01T10:0\($0):00Z p: m\($0)\n" }.joined()
        let options = ReadOptions(since: t("2024-03-01T10:01:00Z"), until: t("2024-03-01T10:03:00Z"))
        let (sink, facts) = try InputTest.scan(Array(text.utf8), options: options)
        #expect(sink.records.map(\.message) == ["m1", "m2"])
        #expect(facts.records == 2)
        #expect(facts.first == t("2024-03-01T10:01:00Z"))
        #expect(facts.last == t("2024-03-01T10:02:00Z"))
    }

    @Test func gapsAreSilencesOver30MinutesAfterTheLatestTimeSoFar() throws {
        let text = """
            2024-03-01T10:00:00Z p: a
            2024-03-01T10:30:00Z p: exactly 30 minutes: no gap
            2024-03-01T12:00:00Z p: gap from 10:30
            2024-03-01T11:00:00Z p: a step back: no gap
            2024-03-01T12:20:00Z p: 20 minutes after the latest (12:00): no gap
            2024-03-01T13:00:01Z p: gap from 12:20

            """
        let (_, facts) = try InputTest.scan(Array(text.utf8))
        #expect(facts.gaps == [
            Gap(from: t("2024-03-01T10:30:00Z"), to: t("2024-03-01T12:00:00Z")),
            Gap(from: t("2024-03-01T12:20:00Z"), to: t("2024-03-01T13:00:01Z")),
        ])
        #expect(facts.first == t("2024-03-01T10:00:00Z"))
        #expect(facts.last == t("2024-03-01T13:00:01Z"))
    }

    @Test func processesGetFirstAndLastTimesAndAliases() throws {
        let text = """
            2024-03-01T10:00:00Z com.example.app: a
            2024-03-01T10:05:00Z other: b
            2024-03-01T09:00:00Z com.example.app: earlier
            2024-03-01T10:10:00Z MyApp: c

            """
        let options = ReadOptions(processAliases: ["com.example.app": "MyApp"])
        let (sink, facts) = try InputTest.scan(Array(text.utf8), options: options)
        #expect(sink.records.map(\.process) == ["MyApp", "other", "MyApp", "MyApp"])
        #expect(facts.processes == [
            "MyApp": ScopeSpan(first: t("2024-03-01T09:00:00Z"), last: t("2024-03-01T10:10:00Z")),
            "other": ScopeSpan(first: t("2024-03-01T10:05:00Z"), last: t("2024-03-01T10:05:00Z")),
        ])
    }

    @Test func aLumberjackFileNameIsTheProcessOfRecordsWithoutOne() throws {
        let text = "2024-01-15T10:23:45Z no process here\n2024-01-15T10:23:46Z named: has one\n"
        let name = "logs/com.example.app 2024-01-15--10-23-45-678.log"
        let options = ReadOptions(processAliases: ["com.example.app": "MyApp"])
        nonisolated(unsafe) var fromName: String?
        let provider = ParserProvider(detect: { _, _ in .lumberjack }, makeParser: { _, context in
            fromName = context.processFromFileName
            return TestLineParser(context: context)
        })
        let sink = RecordingSink()
        var scanner = SourceScanner(path: name, device: "d", options: options, parsers: provider)
        let facts = try scanner.scan(MemoryStream(Array(text.utf8)), into: sink)
        #expect(fromName == "com.example.app")
        #expect(sink.infos.map(\.defaultProcess) == ["MyApp"])
        #expect(sink.records.map(\.process) == ["MyApp", "named"])
        #expect(Set(facts.processes.keys) == ["MyApp", "named"])
    }

    @Test func aFiftyMegabyteLineIsCutWithBoundedMemory() throws {
        // 50 MB on one line, then a normal line: the long one is cut at maxLineLength, the
        // next keeps its line number, and the carry buffer never grows past the limit.
        let file = TestPaths.temporaryDirectory("long").appendingPathComponent("long.log")
        let prefix = Array("2024-03-01T10:00:00Z p: ".utf8)
        var data = Data(prefix)
        data.append(Data(repeating: UInt8(ascii: "a"), count: 50_000_000))
        data.append(contentsOf: Array("\n2024-03-01T10:00:01Z p: next\n".utf8))
        try data.write(to: file)
        let limits = ReadOptions().limits
        let sink = RecordingSink()
        var scanner = SourceScanner(path: "long.log", device: "d", options: ReadOptions(), parsers: .testLines)
        let stream = try FileStream(path: file.path)
        let facts = try scanner.scan(stream, into: sink)
        #expect(sink.records.count == 2)
        #expect(sink.records[0].text.utf8.count == limits.maxLineLength)
        #expect(sink.records[1].message == "next")
        #expect(sink.records[1].line == 2)
        #expect(sink.records[1].byteOffset == Int64(prefix.count + 50_000_001))
        #expect(scanner.peakLineBuffer <= limits.maxLineLength + (64 << 10))  // allocator rounding
        #expect(facts.bytes == Int64(data.count))
        #expect(facts.warnings == [
            "1 line(s) longer than \(limits.maxLineLength) bytes cut (first at line 1; \(prefix.count + 50_000_000 - limits.maxLineLength) bytes dropped)",
        ])
    }

    @Test func aParserErrorStopsTheRead() throws {
        struct NeedsYear: RecordParser {
            mutating func feed(line: UnsafeRawBufferPointer, number: Int, offset: Int64, emit: (RecordView) -> Void) throws(ToolError) {
                throw ToolError("mem.log: idevicesyslog lines carry no year: pass --year")
            }
            mutating func finish(emit: (RecordView) -> Void) throws(ToolError) {}
        }
        var scanner = SourceScanner(path: "mem.log", device: "d", options: ReadOptions(),
                                    parsers: ParserProvider(detect: { _, _ in .idevicesyslog }, makeParser: { _, _ in NeedsYear() }))
        #expect(throws: ToolError("mem.log: idevicesyslog lines carry no year: pass --year")) {
            try scanner.scan(MemoryStream(Array("Mar  4 10:00:00 x\n".utf8)), into: RecordingSink())
        }
    }

    @Test func theDetectorSeesTheHeadWithoutBOMAndTheFileName() throws {
        nonisolated(unsafe) var seen: (String, String)?
        let provider = ParserProvider(detect: { head, name in
            seen = (String(decoding: head, as: UTF8.self), name)
            return .plain
        }, makeParser: ParserProvider.testLines.makeParser)
        var scanner = SourceScanner(path: "a.zip!/dir/x.log", device: "d", options: ReadOptions(), parsers: provider)
        try scanner.scan(MemoryStream([0xef, 0xbb, 0xbf] + Array("hello\n".utf8), chunk: 2), into: RecordingSink())
        #expect(seen?.0 == "hello\n")
        #expect(seen?.1 == "x.log")
    }
}
