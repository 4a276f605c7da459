/// `purgetrace export`: the timeline as events for other tools, one event per signal,
/// per incident (at its start) and, when asked, per kept record.
///
/// - `timesketch`: JSON Lines with Timesketch's required `message`, `datetime` (ISO 8601)
///   and `timestamp_desc`, plus `timestamp` in microseconds and flat attributes.
/// - `csv`: the same columns as CSV (RFC 4180 quoting); a cell that a spreadsheet would
///   run as a formula (starting with `= + - @`, tab or CR) is prefixed with `'`.
/// - `jsonl`: purgetrace's own objects (`type` signal | incident | record) with nested
///   fields and nanosecond times.
///
/// Lines are produced one at a time (`header`, `lines(for:)`, `line(for:)`), so records
/// can stream from the database. Events are ordered by time, then kind, then source and
/// line; the same database gives the same bytes.
public struct TimelineExporter {
    public enum Format: String, Sendable, CaseIterable { case timesketch, csv, jsonl }

    public let format: Format

    public init(format: Format) { self.format = format }

    /// CSV's header line (with newline); empty for the JSON formats.
    public var header: String {
        format == .csv ? TimelineExporter.columns.map(CSVField.escape).joined(separator: ",") + "\r\n" : ""
    }

    static let columns = ["message", "datetime", "timestamp_desc", "timestamp", "data_type", "device", "source", "line",
                          "signal", "rule", "process", "pid", "fields", "incidents", "text"]

    /// The analysis's signals and incidents, merged in time order, one line each.
    public func lines(for analysis: Analysis) -> [String] {
        var stepOf: [String: [String]] = [:]
        for incident in analysis.incidents {
            for step in incident.steps { stepOf[TimelineExporter.key(step), default: []].append(incident.id) }
        }
        var events: [(Instant, Int, String, Int, String)] = []
        for s in analysis.signals {
            events.append((s.time, 0, s.source, s.line, line(signal: s, incidents: stepOf[TimelineExporter.key(s)] ?? [])))
        }
        for i in analysis.incidents {
            events.append((i.start, 1, i.id, 0, line(incident: i)))
        }
        events.sort { a, b in
            if a.0 != b.0 { return a.0 < b.0 }
            if a.1 != b.1 { return a.1 < b.1 }
            if a.2 != b.2 { return a.2.utf8.lexicographicallyPrecedes(b.2.utf8) }
            if a.3 != b.3 { return a.3 < b.3 }
            return a.4.utf8.lexicographicallyPrecedes(b.4.utf8)
        }
        return events.map(\.4)
    }

    static func key(_ s: Signal) -> String { "\(s.device)\u{0}\(s.source)\u{0}\(s.line)\u{0}\(s.ruleID)\u{0}\(s.name)" }

    private func microseconds(_ t: Instant) -> Int64 {
        // Floor division, so times before 1970 stay ordered.
        t.nanoseconds >= 0 ? t.nanoseconds / 1000 : (t.nanoseconds - 999) / 1000
    }

    private func emit(message: String, time: Instant, desc: String, dataType: String, device: String, source: String?,
                      line: Int?, signal: String?, rule: String?, process: String?, pid: Int64?,
                      fields: [String: FieldValue], incidents: [String], text: String?, native: () -> JSONValue) -> String {
        switch format {
        case .jsonl:
            return native().compact + "\n"
        case .timesketch:
            var members: [JSONMember] = [
                JSONMember("message", .string(message)),
                JSONMember("datetime", .string(time.iso8601)),
                JSONMember("timestamp_desc", .string(desc)),
                JSONMember("timestamp", .int(microseconds(time))),
                JSONMember("data_type", .string(dataType)),
                JSONMember("device", .string(device)),
                JSONMember("source", .optional(source)),
                JSONMember("line", line.map { .int($0) } ?? .null),
                JSONMember("signal", .optional(signal)),
                JSONMember("rule", .optional(rule)),
                JSONMember("process", .optional(process)),
                JSONMember("pid", .optional(pid)),
            ]
            for (k, v) in fields.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                switch v {
                case .int(let i): members.append(JSONMember("field_\(k)", .int(i)))
                case .string(let s): members.append(JSONMember("field_\(k)", .string(s)))
                }
            }
            members.append(JSONMember("incidents", .string(incidents.joined(separator: ","))))
            members.append(JSONMember("text", .optional(text)))
            return JSONValue.object(members).compact + "\n"
        case .csv:
            let cells: [String] = [
                message, time.iso8601, desc, String(microseconds(time)), dataType, device, source ?? "", line.map(String.init) ?? "",
                signal ?? "", rule ?? "", process ?? "", pid.map(String.init) ?? "", HumanFormat.fields(fields),
                incidents.joined(separator: ","), text ?? "",
            ]
            return cells.map(CSVField.escape).joined(separator: ",") + "\r\n"
        }
    }

    private func firstLine(_ text: String, limit: Int = 1000) -> String {
        let first = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        return first.count > limit ? String(first.prefix(limit)) + "…" : first
    }

    func line(signal s: Signal, incidents: [String]) -> String {
        var message = s.name
        if !s.fields.isEmpty { message += " " + HumanFormat.fields(s.fields) }
        message += ": " + firstLine(s.text)
        let native = { JSONValue.object([
            JSONMember("type", .string("signal")),
            JSONMember("time", .string(s.time.iso8601)),
            JSONMember("time_ns", .int(s.time.nanoseconds)),
            JSONMember("signal", .string(s.name)),
            JSONMember("rule", .string(s.ruleID)),
            JSONMember("device", .string(s.device)),
            JSONMember("source", .string(s.source)),
            JSONMember("source_sha256", .string(s.sourceSHA256)),
            JSONMember("line", .int(s.line)),
            JSONMember("process", .optional(s.process)),
            JSONMember("pid", .optional(s.pid)),
            JSONMember("fields", JSONReportWriter.fields(s.fields)),
            JSONMember("incidents", .array(incidents.map(JSONValue.string))),
            JSONMember("text", .string(s.text)),
        ]) }
        return emit(message: message, time: s.time, desc: "Signal time", dataType: "purgetrace:signal", device: s.device,
                    source: s.source, line: s.line, signal: s.name, rule: s.ruleID, process: s.process, pid: s.pid,
                    fields: s.fields, incidents: incidents, text: s.text, native: native)
    }

    func line(incident i: Incident) -> String {
        var message = "\(i.kind) (\(i.verdict.rawValue), confidence \(HumanFormat.confidence(i.confidence)))"
        if let reason = i.reason { message += ": reason \(reason)" }
        if let outcome = i.outcome { message += "; outcome \(outcome.rawValue)" }
        if let coverage = i.coverage { message += "; coverage \(coverage.verdict.rawValue)" }
        if !i.missing.isEmpty { message += "; missing \(i.missing.joined(separator: ", "))" }
        let native = { () -> JSONValue in
            guard case .object(let members) = JSONReportWriter.incident(i) else { return .null }
            return .object([JSONMember("type", .string("incident"))] + members + [JSONMember("device", .string(i.group.device))])
        }
        return emit(message: message, time: i.start, desc: "Incident start", dataType: "purgetrace:incident",
                    device: i.group.device, source: i.steps.first?.source, line: i.steps.first?.line, signal: nil,
                    rule: i.ruleID, process: i.group.process, pid: i.group.pid, fields: [:], incidents: [i.id],
                    text: nil, native: native)
    }

    /// One kept record (`export --records`).
    public func line(for stored: StoredRecord) -> String {
        let r = stored.record
        let native = { JSONValue.object([
            JSONMember("type", .string("record")),
            JSONMember("time", .string(r.time.iso8601)),
            JSONMember("time_ns", .int(r.time.nanoseconds)),
            JSONMember("device", .string(stored.device)),
            JSONMember("source", .string(stored.source)),
            JSONMember("line", .int(r.line)),
            JSONMember("process", .optional(r.process)),
            JSONMember("pid", .optional(r.pid)),
            JSONMember("level", .optional(r.level?.rawValue)),
            JSONMember("subsystem", .optional(r.subsystem)),
            JSONMember("category", .optional(r.category)),
            JSONMember("message", .string(r.message)),
            JSONMember("text", .string(r.text)),
        ]) }
        return emit(message: firstLine(r.message), time: r.time, desc: "Record time", dataType: "purgetrace:record",
                    device: stored.device, source: stored.source, line: r.line, signal: nil, rule: nil, process: r.process,
                    pid: r.pid, fields: [:], incidents: [], text: r.text, native: native)
    }
}

/// One CSV cell: guarded against formula injection, then quoted when needed (RFC 4180).
public enum CSVField {
    /// Characters a spreadsheet treats as the start of a formula.
    static let formulaStarts: Set<Character> = ["=", "+", "-", "@", "\t", "\r", "\r\n"]

    public static func escape(_ value: String) -> String {
        var v = withoutControls(value)
        if let first = v.first, formulaStarts.contains(first) { v = "'" + v }
        let needsQuotes = v.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        return needsQuotes ? "\"" + v.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : v
    }

    /// Log text without escape sequences and control characters (a CSV export printed to a
    /// terminal must not drive it); tab, CR and LF stay, they are cell content. Stripped
    /// before the formula check, so `ESC=cmd` cannot slip a formula past it.
    static func withoutControls(_ value: String) -> String {
        var out = ""
        var segment = ""
        for scalar in value.unicodeScalars {
            if scalar == "\t" || scalar == "\r" || scalar == "\n" {
                out += SafeText.terminal(segment)
                out.unicodeScalars.append(scalar)
                segment = ""
            } else {
                segment.unicodeScalars.append(scalar)
            }
        }
        return out + SafeText.terminal(segment)
    }
}
