/// The explanations every human-readable format shares, so text, Markdown and HTML say
/// the same thing in the same words (incident-model.md §4–§6).
enum ReportText {
    /// Signals of the shipped vocabulary that Core Data logs at Info or Debug level, which a
    /// sysdiagnose keeps only with a logging profile installed.
    static let quietSignals: Set<String> = ["rows_removed", "vacuum_burst", "wal_checkpoint", "incremental_vacuum",
                                            "import_succeeded", "history_truncated"]

    /// Why expected steps may be missing, worded for what is missing.
    static func missingNote(_ missing: [String]) -> String {
        let quiet = missing.filter { quietSignals.contains($0) }
        if !quiet.isEmpty && quiet.count == missing.count {
            return "expected by the rule but not in the evidence: Core Data logs these at Info/Debug level, "
                + "which is kept only with a logging profile installed"
        }
        if !quiet.isEmpty {
            return "expected by the rule but not in the evidence. " + quiet.joined(separator: ", ")
                + ": Info/Debug lines, kept only with a logging profile installed; the others: not logged in the chain's "
                + "order or window, cut from the export, or worded differently by this app"
        }
        return "expected by the rule but not in the evidence: not logged in the chain's order or window, "
            + "cut from the export, or worded differently by this app"
    }

    static func summaryLine(_ s: ReportSummary, inputs: Int, records: Int) -> String {
        var line = "\(HumanFormat.plural(s.incidents, "incident")) (\(s.probable) probable, \(s.possible) possible)"
        line += "; outcome: \(s.lost) lost, \(s.recovered) recovered, \(s.unknown) unknown"
        line += "; \(s.uncovered) without snapshot coverage"
        line += "; \(HumanFormat.plural(inputs, "input")), \(HumanFormat.plural(records, "record"))"
        return line
    }

    static func outcomeWindow(_ incident: Incident) -> TimeSpan { incident.outcomeWindow ?? .minutes(30) }

    static func outcome(_ incident: Incident) -> String? {
        guard let outcome = incident.outcome else { return nil }
        let window = HumanFormat.duration(outcomeWindow(incident))
        switch outcome {
        case .recovered: return "re-import or a non-zero item count within \(window) after the last step"
        case .lost: return "no recovery within \(window) after the last step while the log went on (or an import failed)"
        case .unknown: return "the evidence ends or has a gap before the \(window) window after the last step does"
        }
    }

    static func coverage(_ c: Coverage) -> String {
        switch c.verdict {
        case .covered: return "the last snapshot before the purge holds the data"
        case .partial: return "the last snapshot holds fewer items than the app counted before the purge"
        case .stale: return "the last snapshot before the purge is older than the rule's max age"
        case .overwritten: return "an empty snapshot was written after the purge and replaced the backup"
        case .none: return "no snapshot with items was written before the purge"
        case .unobserved: return "the app's own snapshot and count lines are not in the evidence; nothing can be said"
        }
    }

    /// `snapshot 2026-03-14 00:42:03.000Z: 844 items, 3,377,717 bytes (3.2 MiB), 20m before the purge point`
    static func snapshot(_ c: Coverage) -> String? {
        guard let s = c.snapshot else { return nil }
        var text = "snapshot \(HumanFormat.time(s.time)): \(HumanFormat.plural(Int(clamping: s.items), "item"))"
        if let bytes = s.bytes { text += ", \(HumanFormat.bytes(bytes))" }
        if let age = c.ageSeconds { text += ", \(HumanFormat.duration(seconds: age)) before the purge point" }
        return text
    }

    /// The baseline count and whether the snapshot was restored; nil when there is
    /// nothing to say (no snapshot, no count, not restored).
    static func coverageDetail(_ c: Coverage) -> String? {
        guard c.snapshot != nil || c.baselineItems != nil || c.restored else { return nil }
        var parts: [String] = []
        if let b = c.baselineItems { parts.append("last count before: \(HumanFormat.plural(Int(clamping: b), "item"))") }
        parts.append("restored from snapshot: \(c.restored ? "yes" : "no")")
        return parts.joined(separator: "; ")
    }

    static func group(_ g: IncidentGroup) -> String {
        var parts = ["device \(g.device)"]
        if let p = g.process { parts.append("process \(p)") }
        if let pid = g.pid { parts.append("pid \(pid)") }
        for (k, v) in g.fields.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) { parts.append("\(k) \(v)") }
        return parts.joined(separator: ", ")
    }

    static func window(_ i: Incident) -> String {
        "\(HumanFormat.time(i.start)) – \(HumanFormat.time(i.end)) (\(HumanFormat.duration(i.end - i.start)))"
    }

    static func inputLine(_ s: SourceFacts) -> String {
        var parts = ["format \(s.format?.rawValue ?? "unrecognized")", HumanFormat.plural(s.records, "record")]
        if s.undecodable > 0 { parts.append("\(HumanFormat.count(s.undecodable)) undecodable") }
        if let first = s.first, let last = s.last {
            parts.append("\(HumanFormat.time(first)) – \(HumanFormat.time(last))")
        } else {
            parts.append("no timestamps")
        }
        return parts.joined(separator: ", ")
    }

    static func gap(_ g: Gap) -> String {
        "gap \(HumanFormat.time(g.from)) – \(HumanFormat.time(g.to)) (\(HumanFormat.duration(seconds: g.seconds)))"
    }

    /// Longest evidence text shown in human formats (JSON keeps all of it).
    static let maxEvidenceCharacters = 2000

    /// The evidence text as a person reads it: a record exported as a JSON object (ndjson,
    /// json, unifiedlog-jsonl) is shown as `time process[pid] type: message` instead of
    /// the whole object; any other record as read. The JSON report keeps the raw text.
    static func evidence(_ text: String) -> String {
        guard text.utf8.first == UInt8(ascii: "{"), text.utf8.count < 1 << 20,
              let object = try? JSONValue(parsing: text) else { return text }
        guard let message = (object["eventMessage"] ?? object["message"])?.stringValue else { return text }
        var head: [String] = []
        if let time = object["timestamp"]?.stringValue { head.append(time) }
        let processPath = (object["processImagePath"] ?? object["process"])?.stringValue
        if var process = processPath.map({ $0.split(separator: "/").last.map(String.init) ?? $0 }) {
            if let pid = (object["processID"] ?? object["pid"])?.int64Value { process += "[\(pid)]" }
            head.append(process)
        }
        if let type = (object["messageType"] ?? object["log_type"])?.stringValue, !type.isEmpty { head.append(type + ":") }
        return (head + [message]).joined(separator: " ")
    }

    static func clipped(_ text: String) -> String {
        guard text.count > maxEvidenceCharacters else { return text }
        return String(text.prefix(maxEvidenceCharacters)) + " … (\(HumanFormat.count(text.count - maxEvidenceCharacters)) more characters)"
    }
}
