/// `purgetrace timeline`: the merged, time-ordered signals (and kept records) of an
/// incident or around a time, with `source:line` and the raw lines, for the terminal.
/// Steps of the selected incident are starred and numbered as in the report. All log
/// text passes through `SafeText.terminal`.
public struct TimelineView {
    public enum Selection: Sendable {
        /// An incident (by id or unique id prefix), with `margin` of context before its start
        /// and after the later of its end + outcome window and its end + `margin`.
        case incident(String, margin: TimeSpan)
        /// `[time − window, time + window]`, optionally one device.
        case around(Instant, window: TimeSpan, device: String?)
    }

    /// A line of the timeline.
    public enum Entry: Sendable {
        case signal(Signal, step: Int?)
        case record(StoredRecord)

        var time: Instant {
            switch self {
            case .signal(let s, _): return s.time
            case .record(let r): return r.record.time
            }
        }
        var order: (String, Int, Int) {
            switch self {
            case .signal(let s, _): return (s.source, s.line, 1)
            case .record(let r): return (r.source, r.record.line, 0)
            }
        }
    }

    /// What a selection resolved to: the time range, the device filter, and the incident.
    public struct Resolved: Sendable {
        public var from: Instant
        public var to: Instant
        public var device: String?
        public var incident: Incident?
        public init(from: Instant, to: Instant, device: String? = nil, incident: Incident? = nil) {
            self.from = from
            self.to = to
            self.device = device
            self.incident = incident
        }
    }

    /// Resolves a selection against an analysis.
    /// - Throws: `ToolError` when no incident (or more than one) has the given id prefix.
    public static func resolve(_ selection: Selection, in analysis: Analysis) throws(ToolError) -> Resolved {
        switch selection {
        case .around(let time, let window, let device):
            return Resolved(from: time - window, to: time + window, device: device, incident: nil)
        case .incident(let id, let margin):
            let matches = analysis.incidents.filter { $0.id == id }
            let candidates = matches.isEmpty ? analysis.incidents.filter { $0.id.hasPrefix(id) } : matches
            guard !id.isEmpty, let incident = candidates.first else {
                throw ToolError("no incident with id \(id) in the database")
            }
            guard candidates.count == 1 else {
                throw ToolError("incident id \(id) is ambiguous: \(candidates.map { "\($0.id) (\($0.group.device))" }.joined(separator: ", ")); give more digits")
            }
            let after = max(incident.end + ReportText.outcomeWindow(incident), incident.end + margin)
            var from = incident.start - margin
            if let snapshot = incident.coverage?.snapshot, snapshot.time < from, incident.start - snapshot.time <= .hours(48) {
                from = snapshot.time
            }
            return Resolved(from: from, to: after, device: incident.group.device, incident: incident)
        }
    }

    /// The signals of `analysis` inside a resolved selection, as entries.
    public static func entries(_ resolved: Resolved, in analysis: Analysis) -> [Entry] {
        var stepNumbers: [String: Int] = [:]
        for (k, step) in (resolved.incident?.steps ?? []).enumerated() { stepNumbers[TimelineExporter.key(step)] = k + 1 }
        return analysis.signals.filter { s in
            s.time >= resolved.from && s.time <= resolved.to && (resolved.device == nil || s.device == resolved.device)
        }.map { .signal($0, step: stepNumbers[TimelineExporter.key($0)]) }
    }

    public let color: Bool
    public init(color: Bool = false) { self.color = color }

    public func render(_ resolved: Resolved, entries: [Entry]) -> String {
        let style = TerminalStyle(enabled: color)
        let sorted = entries.sorted { a, b in
            if a.time != b.time { return a.time < b.time }
            let x = a.order, y = b.order
            if x.0 != y.0 { return x.0.utf8.lexicographicallyPrecedes(y.0.utf8) }
            if x.1 != y.1 { return x.1 < y.1 }
            return x.2 < y.2
        }
        var out = ""
        if let i = resolved.incident {
            out += style.bold("Incident \(SafeText.terminal(i.id))") + ": \(SafeText.terminal(i.kind)), \(i.verdict.rawValue)"
            out += ", \(SafeText.terminal(ReportText.group(i.group)))\n"
        } else if let device = resolved.device {
            out += style.bold("Device \(SafeText.terminal(device))") + "\n"
        }
        let signals = sorted.filter { if case .signal = $0 { return true } else { return false } }.count
        out += "\(HumanFormat.time(resolved.from)) – \(HumanFormat.time(resolved.to)): \(HumanFormat.plural(signals, "signal"))"
        if sorted.count > signals { out += ", \(HumanFormat.plural(sorted.count - signals, "record"))" }
        if resolved.incident != nil { out += " (* = step of the incident)" }
        out += "\n"
        if sorted.isEmpty { out += "\n(nothing in this range)\n" }
        for entry in sorted {
            out += "\n"
            switch entry {
            case .signal(let s, let step):
                let marker = step.map { style.bold("*\($0)") } ?? "  "
                out += "\(marker)\(step.map { String(repeating: " ", count: max(1, 4 - "*\($0)".count)) } ?? "  ")"
                out += "\(HumanFormat.time(s.time))  " + (step != nil ? style.bold(SafeText.terminal(s.name)) : style.cyan(SafeText.terminal(s.name)))
                var who = s.process.map(SafeText.terminal) ?? ""
                if let pid = s.pid { who += "[\(pid)]" }
                if !who.isEmpty { out += "  \(who)" }
                if !s.fields.isEmpty { out += "  " + SafeText.terminal(HumanFormat.fields(s.fields)) }
                out += "\n      " + style.dim(SafeText.terminal(HumanFormat.location(s.source, s.line))) + "\n"
                for line in SafeText.terminalLines(ReportText.clipped(ReportText.evidence(s.text))) { out += "      " + style.dim("│ ") + line + "\n" }
            case .record(let r):
                out += "    \(HumanFormat.time(r.record.time))  " + style.dim(SafeText.terminal(HumanFormat.location(r.source, r.record.line))) + "\n"
                for line in SafeText.terminalLines(ReportText.clipped(ReportText.evidence(r.record.text))) { out += "      " + style.dim("│ ") + line + "\n" }
            }
        }
        return out
    }
}
