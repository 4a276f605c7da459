import Foundation
@testable import PurgeTrace

/// The input tests' own format, so they do not depend on the real parsers: one record per
/// line, `ISO-TIME [PROCESS:] MESSAGE`. A line whose first word is not a time is undecodable;
/// an empty line is skipped.
struct TestLineParser: RecordParser {
    let context: SourceContext

    mutating func feed(line: UnsafeRawBufferPointer, number: Int, offset: Int64,
                       emit: (RecordView) -> Void) throws(ToolError) {
        guard !line.isEmpty else { return }
        let space = line.firstIndex(of: 32) ?? line.count
        let timeText = String(decoding: UnsafeRawBufferPointer(rebasing: line[0..<space]), as: UTF8.self)
        guard let time = Instant(iso8601: timeText) else {
            context.undecodable += 1
            return
        }
        var rest = UnsafeRawBufferPointer(rebasing: line[min(space + 1, line.count)...])
        var process: UnsafeRawBufferPointer?
        if let end = rest.firstIndex(of: 32), end > 0, rest[end - 1] == UInt8(ascii: ":") {
            process = UnsafeRawBufferPointer(rebasing: rest[0..<(end - 1)])
            rest = UnsafeRawBufferPointer(rebasing: rest[(end + 1)...])
        }
        var view = RecordView(time: time, utcOffset: 0, text: line, message: rest, line: number, byteOffset: offset)
        view.process = process
        emit(view)
    }

    mutating func finish(emit: (RecordView) -> Void) throws(ToolError) {}
}

extension ParserProvider {
    /// Text starting with `UNKNOWN` is no known format; all other text is `plain`, read by
    /// `TestLineParser`.
    static let testLines = ParserProvider(
        detect: { head, _ in
            head.starts(with: "UNKNOWN".utf8) ? nil : .plain
        },
        makeParser: { _, context in TestLineParser(context: context) })
}

/// Records everything the reader pushes, in order.
final class RecordingSink: RecordSink {
    enum Event: Equatable {
        case begin(String)
        case record(String)
        case end(String)
    }

    var events: [Event] = []
    var infos: [SourceInfo] = []
    var records: [LogRecord] = []
    /// The source each record came from.
    var recordSources: [String] = []
    var facts: [SourceFacts] = []
    private var current: String?

    func beginSource(_ source: SourceInfo) {
        events.append(.begin(source.path))
        infos.append(source)
        current = source.path
    }

    func accept(_ record: RecordView) {
        events.append(.record(current ?? "?"))
        records.append(record.materialize())
        recordSources.append(current ?? "?")
    }

    func endSource(_ facts: SourceFacts) {
        events.append(.end(facts.path))
        self.facts.append(facts)
        current = nil
    }

    func facts(_ path: String) -> SourceFacts? { facts.first { $0.path == path } }
    var paths: [String] { facts.map(\.path) }
    func messages(of path: String) -> [String] {
        zip(records, recordSources).filter { $0.1 == path }.map(\.0.message)
    }
}

enum InputTest {
    static func reader(_ options: ReadOptions = ReadOptions()) -> EvidenceReader {
        EvidenceReader(options: options, parsers: .testLines)
    }

    /// Reads one PATH the way a unit would (device = PATH, one member).
    static func read(_ path: String, name: String? = nil, options: ReadOptions = ReadOptions()) throws -> RecordingSink {
        let sink = RecordingSink()
        let unit = EvidenceUnit(device: name ?? path, members: [.init(fileSystemPath: path, displayName: name ?? path)])
        try reader(options).read(unit: unit, into: sink)
        return sink
    }

    /// Reads a committed fixture of `Fixtures/input`, named by its file name.
    static func readFixture(_ file: String, options: ReadOptions = ReadOptions()) throws -> RecordingSink {
        try read(TestPaths.fixture("input/" + file), name: file, options: options)
    }

    static func write(_ text: String, to url: URL) throws {
        try write(Array(text.utf8), to: url)
    }

    static func write(_ bytes: [UInt8], to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    static func time(_ text: String) -> Instant { Instant(iso8601: text)! }

    /// Scans bytes with the test parser, pushed in chunks of the given sizes if any.
    static func scan(_ bytes: [UInt8], path: String = "mem.log", options: ReadOptions = ReadOptions(),
                     chunk: Int = 1 << 20) throws -> (RecordingSink, SourceFacts) {
        let sink = RecordingSink()
        var scanner = SourceScanner(path: path, device: "d", options: options, parsers: .testLines)
        let facts = try scanner.scan(MemoryStream(bytes, chunk: chunk), into: sink)
        return (sink, facts)
    }
}

/// Bytes in memory, handed out at most `chunk` at a time (to exercise chunk boundaries).
final class MemoryStream: ByteStream {
    private let bytes: [UInt8]
    private let chunk: Int
    private var position = 0
    var endNote: String?

    init(_ bytes: [UInt8], chunk: Int = 1 << 20) {
        self.bytes = bytes
        self.chunk = max(1, chunk)
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let n = min(buffer.count, chunk, bytes.count - position)
        guard n > 0 else { return 0 }
        bytes.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + position, byteCount: n) }
        position += n
        return n
    }
}
