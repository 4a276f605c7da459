import Foundation
import Testing
@testable import PurgeTrace

/// Feeds bytes to a parser the way the reader's scanner does — split on "\n", a trailing
/// "\r" dropped, 1-based line numbers, offsets of line starts — without depending on the
/// scanner, and collects materialized records.
enum FormatHarness {
    struct Result {
        var records: [LogRecord]
        var context: SourceContext
    }

    static func fixtureBytes(_ name: String) throws -> [UInt8] {
        let data = try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixture("formats/\(name)")))
        return [UInt8](data)
    }

    static func parse(fixture name: String, as format: LogFormat? = nil, time: TimeOptions = TimeOptions()) throws -> Result {
        let bytes = try fixtureBytes(name)
        let chosen = try #require(format ?? detect(bytes, fileName: name), "no format detected for \(name)")
        return try parse(bytes, as: chosen, time: time, path: name)
    }

    static func parse(_ text: String, as format: LogFormat, time: TimeOptions = TimeOptions(),
                      path: String = "test.log") throws -> Result {
        try parse(Array(text.utf8), as: format, time: time, path: path)
    }

    static func parse(_ bytes: [UInt8], as format: LogFormat, time: TimeOptions = TimeOptions(),
                      path: String = "test.log") throws -> Result {
        let context = SourceContext(path: path, time: time)
        var parser = format.makeParser(context: context)
        var records: [LogRecord] = []
        var start = 0
        var number = 0
        while start < bytes.count {
            let newline = bytes[start...].firstIndex(of: 10) ?? bytes.count
            var end = newline
            if end > start, bytes[end - 1] == 13 { end -= 1 }
            number += 1
            let line = Array(bytes[start..<end])
            try line.withUnsafeBytes { raw in
                try parser.feed(line: raw, number: number, offset: Int64(start)) { records.append($0.materialize()) }
            }
            start = newline + 1
        }
        try parser.finish { records.append($0.materialize()) }
        return Result(records: records, context: context)
    }

    static func detect(_ bytes: [UInt8], fileName: String = "input.log") -> LogFormat? {
        var head = Array(bytes.prefix(64 << 10))
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head.removeFirst(3) }
        return head.withUnsafeBytes { FormatDetector.detect(head: $0, fileName: fileName) }
    }

    static func detect(_ text: String, fileName: String = "input.log") -> LogFormat? {
        detect(Array(text.utf8), fileName: fileName)
    }
}

/// Asserts every field of a record, so a test cannot silently skip one.
func expectRecord(_ r: LogRecord?, time: String, offset: Int?, process: String?, pid: Int64?, thread: UInt64?,
                  level: LogLevel?, subsystem: String?, category: String?, sender: String?, message: String,
                  text: String, line: Int, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let r else {
        Issue.record("missing record", sourceLocation: sourceLocation)
        return
    }
    #expect(r.time.format(offsetSeconds: 0, fractionDigits: 9, zulu: true) == time, "time", sourceLocation: sourceLocation)
    #expect(r.utcOffset == offset, "utcOffset", sourceLocation: sourceLocation)
    #expect(r.process == process, "process", sourceLocation: sourceLocation)
    #expect(r.pid == pid, "pid", sourceLocation: sourceLocation)
    #expect(r.thread == thread, "thread", sourceLocation: sourceLocation)
    #expect(r.level == level, "level", sourceLocation: sourceLocation)
    #expect(r.subsystem == subsystem, "subsystem", sourceLocation: sourceLocation)
    #expect(r.category == category, "category", sourceLocation: sourceLocation)
    #expect(r.sender == sender, "sender", sourceLocation: sourceLocation)
    #expect(r.message == message, "message", sourceLocation: sourceLocation)
    #expect(r.text == text, "text", sourceLocation: sourceLocation)
    #expect(r.line == line, "line", sourceLocation: sourceLocation)
}

extension Array where Element == LogRecord {
    subscript(safe i: Int) -> LogRecord? { indices.contains(i) ? self[i] : nil }
}
