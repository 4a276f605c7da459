import Foundation
import Testing
@testable import PurgeTrace

@Suite struct ParserRobustnessTests {
    static let options = TimeOptions(zone: .utc, year: 2024, date: CivilTime(year: 2024, month: 1, day: 1))

    /// Feeds `lines` to a fresh parser of `format`; returns the records' count.
    func feed(_ lines: [[UInt8]], as format: LogFormat) throws -> (records: Int, undecodable: Int) {
        let context = SourceContext(path: "fuzz.log", time: Self.options)
        var parser = format.makeParser(context: context)
        var count = 0
        for (n, line) in lines.enumerated() {
            try line.withUnsafeBytes { raw in
                try parser.feed(line: raw, number: n + 1, offset: 0) { view in
                    // Touch every field: the pointers must be valid during the call.
                    count += 1
                    _ = view.materialize()
                }
            }
        }
        try parser.finish { _ = $0.materialize(); count += 1 }
        return (count, context.undecodable)
    }

    @Test(arguments: LogFormat.allCases)
    func survivesEveryPrefixOfEveryFixtureLine(format: LogFormat) throws {
        let dir = TestPaths.fixture("formats")
        var lines: [[UInt8]] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: dir).sorted() where name != "README.md" {
            for line in try FormatHarness.fixtureBytes(name).split(separator: 10, omittingEmptySubsequences: false) {
                let bytes = Array(line)
                for cut in stride(from: 0, through: bytes.count, by: max(1, bytes.count / 40)) {
                    lines.append(Array(bytes[0..<cut]))
                }
            }
        }
        _ = try feed(lines, as: format)
    }

    @Test(arguments: LogFormat.allCases)
    func survivesRandomBytes(format: LogFormat) throws {
        var generator = SeededGenerator(seed: 42)
        let alphabet = Array("0123456789-:. +[](){}<>\"\\,\tTZabcxyzJanDecDfE/0x".utf8) + [0xFF, 0xC3, 0x00, 0x0D]
        let lines = (0..<2000).map { _ in
            (0..<Int.random(in: 0..<120, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
        }
        _ = try feed(lines, as: format)
    }

    @Test(arguments: [LogFormat.logShow, .logNDJSON, .unifiedlogCSV, .plain])
    func readsAMultiMegabyteLine(format: LogFormat) throws {
        let big = String(repeating: "x", count: 4 << 20)
        let line: String
        switch format {
        case .logShow: line = "2024-01-01 00:00:00.000000+0000 0x1  Default  0x0  1  0  p: \(big)"
        case .logNDJSON: line = "{\"timestamp\":\"2024-01-01 00:00:00.000000+0000\",\"eventMessage\":\"\(big)\"}"
        case .unifiedlogCSV: line = "2024-01-01T00:00:00Z,Log,Default,,1,1,0,,,0,0,,p,,\"\(big)\",,,"
        default: line = "2024-01-01 00:00:00 \(big)"
        }
        let r = try FormatHarness.parse(line + "\n", as: format)
        #expect(r.records.count == 1)
        #expect(r.records.first?.message.utf8.count == big.utf8.count)
    }

    @Test func cutsARecordThatNeverEnds() throws {
        var framer = LineFramer(context: SourceContext(path: "long.log"))
        framer.maxRecordBytes = 1 << 20
        let head = RecordHead()
        let first = Array("2024-01-01 00:00:00 start".utf8)
        let more = [UInt8](repeating: 120, count: 1000)
        var sizes: [Int] = []
        first.withUnsafeBytes { raw in
            framer.start(LineBytes(raw), head: head, time: Instant(nanoseconds: 0), utcOffset: 0, number: 1, offset: 0) { _ in }
        }
        for _ in 0..<5000 {
            more.withUnsafeBytes { framer.continuation(LineBytes($0)) }
        }
        framer.finish { sizes.append($0.text.count) }
        #expect(sizes.count == 1)
        #expect(sizes[0] < 1 << 20)
        #expect(sizes[0] > (1 << 20) - 2000)
        #expect(framer.context.warnings == ["a multi-line record longer than 1 MiB was cut"])
    }

    @Test(arguments: LogFormat.allCases)
    func readsAnEmptySource(format: LogFormat) throws {
        let r = try FormatHarness.parse([UInt8](), as: format)
        #expect(r.records.isEmpty)
        #expect(r.context.undecodable == 0)
        #expect(r.context.warnings.isEmpty)
    }
}
