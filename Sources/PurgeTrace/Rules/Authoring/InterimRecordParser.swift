import Foundation
import PCRE2Kit

/// INTERIM: a small parser for the three shapes rule examples use (log-show default
/// style, log-ndjson, xcode-console; anything else is plain text, one record per line),
/// standing in for the format parsers until `RecordParsing` lands. Only `ExampleRecords`
/// calls it; delete this file once `ExampleRecords.parse` calls the real parsers.
enum InterimRecordParser {
    private static let logShowStart = try! Pattern(
        #"^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+[+-]\d{4})\s+0x[0-9a-f]+\s+(\w+)\s+0x[0-9a-f]+\s+(\d+)\s+(?:\d+\s+)?(.*)$"#)
    private static let logShowBody = try! Pattern(
        #"(?s)^(.*?): (?:\(([^)]*)\) )?(?:\[([^:\]]+):([^\]]*)\] )?(.*)$"#)
    private static let xcodeStart = try! Pattern(
        #"^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)?(?:[+-]\d{4})?) (.+?)\[(\d+):([0-9a-fx]+)\] (?:\[([^\]]+)\] )?(.*)$"#)

    static func parse(text: String, format: LogFormat?) -> (format: LogFormat, records: [LogRecord]) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        }
        let chosen = format ?? detect(lines)
        switch chosen {
        case .logShow: return (chosen, framed(lines, start: logShowStart, build: logShowRecord))
        case .xcodeConsole: return (chosen, framed(lines, start: xcodeStart, build: xcodeRecord))
        case .logNDJSON, .logJSON, .unifiedlogJSONL: return (chosen, ndjson(lines))
        default: return (chosen, plain(lines))
        }
    }

    private static func detect(_ lines: [String]) -> LogFormat {
        let matcher = PatternMatcher()
        for line in lines where !line.isEmpty {
            if line.hasPrefix("{") { return .logNDJSON }
            if (try? matcher.firstMatch(of: logShowStart, in: line)) != nil { return .logShow }
            if (try? matcher.firstMatch(of: xcodeStart, in: line)) != nil { return .xcodeConsole }
        }
        return .plain
    }

    private static func groups(_ match: PatternMatch, _ bytes: [UInt8]) -> [String?] {
        match.groups.map { range in range.map { String(decoding: bytes[$0], as: UTF8.self) } }
    }

    /// Records start where `start` matches; other lines continue the current record.
    private static func framed(_ lines: [String], start: Pattern,
                               build: (_ groups: [String?], _ text: String, _ line: Int) -> LogRecord?) -> [LogRecord] {
        let matcher = PatternMatcher()
        var records: [LogRecord] = []
        var pending: (groups: [String?], text: String, line: Int)?
        func flush() {
            if let p = pending, let record = build(p.groups, p.text, p.line) { records.append(record) }
            pending = nil
        }
        for (i, line) in lines.enumerated() {
            let bytes = Array(line.utf8)
            if let match = try? matcher.firstMatch(of: start, in: line) {
                flush()
                pending = (groups(match, bytes), line, i + 1)
            } else if pending != nil {
                if line.hasPrefix("-----") || line.hasPrefix("Log      -") || line.hasPrefix("Activity -") {
                    flush()
                } else {
                    pending!.text += "\n" + line
                    pending!.groups[pending!.groups.count - 1] = (pending!.groups.last! ?? "") + "\n" + line
                }
            }
        }
        flush()
        return records
    }

    private static func level(_ type: String?) -> LogLevel? {
        switch type?.lowercased() {
        case "default": return .default
        case "info": return .info
        case "debug": return .debug
        case "error": return .error
        case "fault": return .fault
        default: return nil
        }
    }

    private static func logShowRecord(_ g: [String?], _ text: String, _ line: Int) -> LogRecord? {
        guard let stamp = g[1], let time = Instant(iso8601: stamp), let rest = g[4] else { return nil }
        var record = LogRecord(time: time, message: rest, text: text, line: line)
        record.level = level(g[2])
        record.pid = g[3].flatMap { Int64($0) }
        let matcher = PatternMatcher()
        let bytes = Array(rest.utf8)
        if let match = try? matcher.firstMatch(of: logShowBody, in: rest) {
            let b = groups(match, bytes)
            record.process = b[1]
            record.sender = b[2]
            record.subsystem = b[3]
            record.category = b[4]
            record.message = b[5] ?? ""
        }
        return record
    }

    private static func xcodeRecord(_ g: [String?], _ text: String, _ line: Int) -> LogRecord? {
        guard let stamp = g[1], let time = Instant(iso8601: stamp) else { return nil }
        var record = LogRecord(time: time, message: g[6] ?? "", text: text, line: line)
        record.process = g[2]
        record.pid = g[3].flatMap { Int64($0) }
        record.category = g[5]
        return record
    }

    private static func ndjson(_ lines: [String]) -> [LogRecord] {
        var records: [LogRecord] = []
        for (i, line) in lines.enumerated() where line.hasPrefix("{") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let message = (object["eventMessage"] ?? object["message"]) as? String else { continue }
            let stamp = (object["timestamp"] as? String) ?? ""
            var record = LogRecord(time: Instant(iso8601: stamp) ?? Instant(nanoseconds: 0), message: message, text: line,
                                   line: i + 1)
            record.level = level((object["messageType"] ?? object["log_type"]) as? String)
            record.subsystem = object["subsystem"] as? String
            record.category = object["category"] as? String
            if let path = (object["processImagePath"] ?? object["process"]) as? String {
                record.process = path.split(separator: "/").last.map(String.init)
            }
            if let sender = object["senderImagePath"] as? String { record.sender = sender.split(separator: "/").last.map(String.init) }
            if let pid = (object["processID"] ?? object["pid"]) as? NSNumber { record.pid = pid.int64Value }
            records.append(record)
        }
        return records
    }

    private static func plain(_ lines: [String]) -> [LogRecord] {
        lines.enumerated().filter { !$0.element.isEmpty }.map {
            LogRecord(time: Instant(nanoseconds: 0), message: $0.element, text: $0.element, line: $0.offset + 1)
        }
    }
}
