import Foundation
import Testing
@testable import PurgeTrace

/// A big plain file read in byte ranges on several workers must give exactly what reading
/// it front to back gives: same facts, signals, incidents, warnings, report bytes.
@Suite struct RangeReadingTests {
    static let rules = RuleLoader.load(paths: [TestPaths.rules.path]).ruleSet

    /// The JSON report of `paths`, or the error, read with `jobs` workers and ranges of
    /// `rangeSize` bytes (0: never split).
    static func report(_ paths: [String], jobs: Int, rangeSize: Int, read: ReadOptions = ReadOptions(),
                       rules: RuleSet = rules) -> String {
        var read = read
        if rangeSize > 0 { read.rangeSize = rangeSize }
        let analyzer = Analyzer(ruleSet: rules, options: AnalysisOptions(read: read, jobs: jobs))
        do {
            let analysis = try analyzer.analyze(paths: paths)
            let signals = analysis.signals.map { signal in
                let fields = signal.fields.keys.sorted().map { "\($0)=\(signal.fields[$0]!)" }
                return "\(signal.source):\(signal.line) \(signal.name) \(fields)"
            }.joined(separator: "\n")
            return JSONReportWriter().render(analysis, options: ReportOptions(toolVersion: "test")) + signals
        } catch {
            return "error: \(error)"
        }
    }

    /// Every text file among the samples and the fixtures (archives and compressed files
    /// are streams, never split, but go through the same path).
    static let evidence: [String] = {
        var files: [String] = []
        for root in [TestPaths.samples, TestPaths.fixtures] {
            let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])!
            for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
                if !["md", "py", "golden"].contains(url.pathExtension) { files.append(url.path) }
            }
        }
        return files.sorted()
    }()

    @Test func everySampleAndFixtureReadsTheSameInSmallRanges() {
        #expect(Self.evidence.count > 30)
        for path in Self.evidence {
            let whole = Self.report([path], jobs: 1, rangeSize: 0)
            for rangeSize in [1, 61, 997] {
                let ranged = Self.report([path], jobs: 3, rangeSize: rangeSize)
                #expect(ranged == whole, "\(path) in ranges of \(rangeSize) bytes")
                if ranged != whole { break }
            }
        }
    }

    @Test func aLogShowExportWithEveryKindOfLineReadsTheSameInRangesOfAnySize() throws {
        let dir = TestPaths.temporaryDirectory("ranges")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("export.log").path
        try Self.mixedLogShow().write(toFile: path, atomically: true, encoding: .utf8)
        var read = ReadOptions()
        read.limits.maxLineLength = 300
        read.processAliases = ["Ledger": "LedgerApp"]
        let whole = Self.report([path], jobs: 1, rangeSize: 0, read: read)
        #expect(whole.contains("line(s) longer than 300 bytes cut"))
        #expect(whole.contains("\"records\": "))
        for rangeSize in [1, 2, 7, 40, 113, 256, 509, 1024, 4000] {
            #expect(Self.report([path], jobs: 4, rangeSize: rangeSize, read: read) == whole, "ranges of \(rangeSize)")
        }
        read.since = Instant(iso8601: "2025-03-14T08:21:06Z")
        read.until = Instant(iso8601: "2025-03-14T08:21:09Z")
        let window = Self.report([path], jobs: 1, rangeSize: 0, read: read)
        #expect(window != whole)
        #expect(Self.report([path], jobs: 2, rangeSize: 50, read: read) == window)
    }

    @Test func aFileWithAByteOrderMarkReadsTheSameInRanges() throws {
        let dir = TestPaths.temporaryDirectory("ranges-bom")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("export.log").path
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(Self.mixedLogShow().utf8)
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        let whole = Self.report([path], jobs: 1, rangeSize: 0)
        #expect(whole.contains("\"format\": \"log-show\""))
        for rangeSize in [1, 3, 90, 700] {
            #expect(Self.report([path], jobs: 2, rangeSize: rangeSize) == whole, "ranges of \(rangeSize)")
        }
    }

    @Test func ndjsonWithBrokenLinesReadsTheSameInRanges() throws {
        let dir = TestPaths.temporaryDirectory("ranges-ndjson")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("export.ndjson").path
        var text = ""
        for i in 0..<60 {
            let message = i % 7 == 0 ? "UC=\(i % 2), Items=\(i)" : (i % 11 == 0 ? "Export failed with error: x" : "noise \(i)")
            let stamp = String(format: "2025-10-02 09:%02d:%02d.771904+0200", i / 60, i % 60)
            text += "{\"timestamp\":\"\(stamp)\",\"messageType\":\"Default\",\"processImagePath\":\"/a/Ledger\",\"processID\":812,\"eventMessage\":\"\(message)\"}\r\n"
            if i % 13 == 5 { text += "{\"timestamp\":\"broken\n" }
            if i % 17 == 3 { text += "\n" }
        }
        text += "{\"count\":60,\"finished\":1}"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let whole = Self.report([path], jobs: 1, rangeSize: 0)
        #expect(whole.contains("\"format\": \"log-ndjson\""))
        for rangeSize in [1, 33, 200, 1500] {
            #expect(Self.report([path], jobs: 3, rangeSize: rangeSize) == whole, "ranges of \(rangeSize)")
        }
    }

    @Test func zoneOriginsOfRangesAreJoinedAsOnePassSeesThem() throws {
        let dir = TestPaths.temporaryDirectory("ranges-zones")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("plain.log").path
        // Zone-less times first, printed offsets only further down: each range sees part.
        var text = ""
        for i in 0..<60 {
            let second = String(format: "%02d", i % 60)
            text += i < 40 ? "2025-03-14 09:21:\(second) UC=1, Items=\(i)\n" : "2025-03-14T09:22:\(second)+02:00 noise \(i)\n"
            if i % 9 == 0 { text += "  continued \(i)\n" }
        }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        var read = ReadOptions()
        read.inputFormat = .plain
        let whole = Self.report([path], jobs: 1, rangeSize: 0, read: read)
        #expect(whole.contains("offset in each timestamp; lines without one: assumed UTC"))
        #expect(whole.contains("timestamps carry no zone"))
        for rangeSize in [1, 50, 400] {
            #expect(Self.report([path], jobs: 3, rangeSize: rangeSize, read: read) == whole, "ranges of \(rangeSize)")
        }
    }

    @Test func aFolderOfSplitFilesReadsTheSameWhateverTheWorkers() throws {
        let dir = TestPaths.temporaryDirectory("ranges-folder")
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in ["a.log", "b.log", "c.log"] {
            try Self.mixedLogShow().write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let whole = Self.report([dir.path], jobs: 1, rangeSize: 0)
        for jobs in [2, 3, 8] {
            #expect(Self.report([dir.path], jobs: jobs, rangeSize: 100) == whole, "\(jobs) jobs")
        }
    }

    @Test func rangesStartOnlyAtLinesThatCloseARecord() throws {
        let dir = TestPaths.temporaryDirectory("ranges-plan")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("export.log").path
        let text = Self.mixedLogShow()
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let stream = try FileStream(path: path)
        let file = try #require(stream.randomAccess)
        let parser = LogShowParser(context: SourceContext(path: path))
        let plan = RangePlan.make(file: file, contentStart: 0, rangeSize: 64, maxLineLength: 1 << 20) {
            parser.startsRange($0)
        }
        #expect(plan.count > 5)
        let bytes = Array(text.utf8)
        for start in plan.starts.dropFirst() {
            #expect(bytes[Int(start) - 1] == 10)
            let line = bytes[Int(start)...].prefix { $0 != 10 }
            #expect(Array(line).withUnsafeBytes { parser.startsRange(LineBytes($0)) })
        }
        #expect(plan.starts == plan.starts.sorted() && Set(plan.starts).count == plan.count)
    }

    @Test func aBigPlainFileIsReallyReadInRangesAndOnlyThen() throws {
        let dir = TestPaths.temporaryDirectory("ranges-count")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("export.log").path
        try Self.mixedLogShow().write(toFile: path, atomically: true, encoding: .utf8)
        func ranges(jobs: Int, rangeSize: Int, observer: Bool = false) throws -> Int {
            var options = ReadOptions()
            options.rangeSize = rangeSize
            var scanner = SourceScanner(path: path, device: "d", options: options, budget: WorkerBudget(workers: jobs))
            let matcher = RuleEngine(ruleSet: Self.rules).makeMatcher()
            let sink = SignalCollector(matcher: matcher, observer: observer ? Observer() : nil)
            try scanner.scan(FileStream(path: path), into: sink)
            return scanner.rangesRead
        }
        #expect(try ranges(jobs: 2, rangeSize: 500) > 10)
        #expect(try ranges(jobs: 1, rangeSize: 500) == 1)
        #expect(try ranges(jobs: 2, rangeSize: 1 << 20) == 1)
        #expect(try ranges(jobs: 2, rangeSize: 500, observer: true) == 1)
    }

    private final class Observer: RecordObserver {
        func observe(_ record: RecordView, source: SourceInfo) {}
        func endSource(_ facts: SourceFacts) {}
    }

    @Test func aSplitFileBorrowsOnlyFreeWorkersAndGivesThemBack() {
        let budget = WorkerBudget(workers: 3)
        budget.acquire()
        #expect(budget.take(upTo: 5) == 2)
        #expect(budget.take(upTo: 1) == 0)
        budget.release(2)
        budget.release()
        #expect(budget.take(upTo: 3) == 3)
    }

    /// A `log show` export with a header, a preamble, multi-line records, blank lines, a
    /// malformed line, overlong lines, CRLF lines, a footer, and — halfway — a second
    /// export without a TTL column (what a parser remembers changes mid-file).
    static func mixedLogShow() -> String {
        var out = "Filtering the log data using \"process == \\\"Ledger\\\"\"\n"
        out += "Timestamp                       Thread     Type        Activity             PID    TTL  \n"
        func record(_ i: Int, ttl: Bool) -> String {
            let stamp = String(format: "2025-03-14 09:21:%02d.%06d+0100", i % 60, i * 7919 % 1_000_000)
            let process = i % 3 == 0 ? "Ledger" : "cloudd"
            let message: String
            switch i % 9 {
            case 0: message = "UC=1, Items=\(800 + i)"
            case 1: message = "error: CoreData+CloudKit: -[NSCloudKitMirroringDelegate recoverFromError:](2312): <x> - Attempting recovery from error: Error Domain=NSCocoaErrorDomain Code=134301 \"Persistent History Token is expired\""
            case 2: message = "multi-line start\ncontinued line \(i)\n\n  indented continuation\n"
            case 3: message = "Export failed with error:\nError Domain=NSCocoaErrorDomain Code=134301 \"(null)\""
            case 4: message = String(repeating: "long ", count: 80) + "end"
            case 5: message = "windows line\r"
            default: message = "noise \(i) with some words"
            }
            return "\(stamp) 0x2a1f3    Default     0x0                  812    " + (ttl ? "0    " : "") + "\(process): [com.example:sync] \(message)\n"
        }
        for i in 0..<40 { out += record(i, ttl: true) }
        out += "2025-03-14 09:21:99.000000+0100 0x1 Default 0x0 1 0 bad: time\n"
        out += "--------------------------------------------------------------------------------------------------------------------\n"
        out += "Log      - Default:          40, Info:                0, Debug:             0, Error:          0, Fault:          0\n"
        out += "Timestamp                       Thread     Type        Activity             PID    \n"
        for i in 40..<80 { out += record(i, ttl: false) }
        out += "continuation with no record before\n"
        return out + record(80, ttl: false).dropLast()
    }
}
