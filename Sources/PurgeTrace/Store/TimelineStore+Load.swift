import SQLiteKit

extension TimelineStore {
    /// Everything in the database as the `Analysis` a one-shot `analyze` of the same files
    /// produces: inputs sorted by path, incidents in report order with their steps,
    /// signals in evidence order, warnings (units that could not be read, then unit and
    /// device warnings). Rendering it gives the same report bytes.
    public func loadAnalysis() throws(ToolError) -> Analysis {
        try guarded {
            var analysis = Analysis()
            analysis.inputs = try loadSources(where: "1", [])
            analysis.signals = try loadSignals(where: "1", []).map(\.signal)
            analysis.incidents = try loadIncidents(where: "1", [])
            analysis.rulesLoaded = Int(try metaValue("rules_loaded") ?? "") ?? 0
            analysis.ruleErrors = try StoreCodec.decodeStrings(try metaValue("rule_errors_json"), column: "meta.rule_errors_json")
            var warnings: [String] = []
            for unit in try units(where: "status = 'error'", []) {
                warnings.append("\(unit.path): \(unit.error ?? "could not be read")")
            }
            let rows = try db.query("""
                SELECT w.message FROM warnings w LEFT JOIN units u ON u.id = w.unit_id
                ORDER BY w.scope DESC, coalesce(u.path, ''), w.device, w.id
                """)
            for row in rows { if case .text(let s) = row[0] { warnings.append(s) } }
            analysis.warnings = warnings
            return analysis
        }
    }

    /// One device's sources and event signals (what `commit` hands to `recompute`).
    public func deviceSnapshot(_ device: String) throws(ToolError) -> DeviceSnapshot {
        try guarded {
            DeviceSnapshot(device: device, sources: try loadSources(where: "src.device = ?", [.text(device)]),
                           signals: try loadSignals(where: "s.device = ? AND s.origin = 'event'", [.text(device)]).map(\.signal))
        }
    }

    /// A committed unit as a `UnitCommit` again: what `merge` commits into another
    /// database (whole units; the target recomputes the device's incidents).
    public func unitContents(id: Int64) throws(ToolError) -> UnitCommit? {
        try guarded {
            guard let unit = try units(where: "id = ?", [.integer(id)]).first else { return nil }
            var commit = UnitCommit(path: unit.path, sha256: unit.sha256, device: unit.device, error: unit.error)
            commit.sources = try loadSources(where: "src.unit_id = ?", [.integer(id)])
            commit.signals = try loadSignals(where: "src.unit_id = ? AND s.origin = 'event'", [.integer(id)]).map(\.signal)
            commit.warnings = try db.query("SELECT message FROM warnings WHERE unit_id = ? AND scope = 'unit' ORDER BY id",
                                           [.integer(id)]).compactMap { if case .text(let s) = $0[0] { return s } else { return nil } }
            return commit
        }
    }

    func metaValue(_ key: String) throws -> String? {
        guard case .text(let v)? = try db.query("SELECT value FROM meta WHERE key = ?", [.text(key)]).first?.first else { return nil }
        return v
    }

    /// Sources (with their scopes and gaps) matching a condition on `src`, sorted by path.
    func loadSources(where clause: String, _ values: [SQLiteValue]) throws -> [SourceFacts] {
        let statement = try db.prepare("""
            SELECT src.id, src.path, src.device, src.sha256, src.format, src.records, src.undecodable, src.first_ns,
                   src.last_ns, src.warnings_json, src.zone_origin, src.date_origin, src.bytes
            FROM sources src WHERE \(clause)
            """)
        try statement.bind(values)
        var byID: [(Int64, SourceFacts)] = []
        while try statement.step() {
            func text(_ i: Int) -> String? { statement.isNull(i) ? nil : statement.text(i) }
            func instant(_ i: Int) -> Instant? { statement.isNull(i) ? nil : Instant(nanoseconds: statement.int64(i)) }
            var format: LogFormat?
            if let name = text(4) {
                guard let f = LogFormat(rawValue: name) else {
                    throw ToolError("database \(path): source \(text(1) ?? "?") has unknown format '\(name)'")
                }
                format = f
            }
            let facts = SourceFacts(
                path: text(1) ?? "", device: text(2) ?? "", sha256: text(3) ?? "", format: format,
                records: Int(statement.int64(5)), undecodable: Int(statement.int64(6)), first: instant(7), last: instant(8),
                warnings: try StoreCodec.decodeStrings(text(9), column: "sources.warnings_json"), zoneOrigin: text(10),
                dateOrigin: text(11), bytes: statement.int64(12))
            byID.append((statement.int64(0), facts))
        }
        guard !byID.isEmpty else { return [] }
        var index: [Int64: Int] = [:]
        for (i, entry) in byID.enumerated() { index[entry.0] = i }
        let ids = byID.map { String($0.0) }.joined(separator: ",")
        let scopes = try db.prepare("SELECT source_id, process, first_ns, last_ns FROM scopes WHERE source_id IN (\(ids))")
        while try scopes.step() {
            guard let i = index[scopes.int64(0)] else { continue }
            byID[i].1.processes[scopes.text(1) ?? ""] = ScopeSpan(
                first: Instant(nanoseconds: scopes.int64(2)), last: Instant(nanoseconds: scopes.int64(3)))
        }
        let gaps = try db.prepare("SELECT source_id, from_ns, to_ns FROM gaps WHERE source_id IN (\(ids)) ORDER BY source_id, ordinal")
        while try gaps.step() {
            guard let i = index[gaps.int64(0)] else { continue }
            byID[i].1.gaps.append(Gap(from: Instant(nanoseconds: gaps.int64(1)), to: Instant(nanoseconds: gaps.int64(2))))
        }
        return byID.map(\.1).sorted(by: Analysis.inputOrder)
    }

    /// Signals matching a condition on `s` / `src`, in evidence order.
    func loadSignals(where clause: String, _ values: [SQLiteValue]) throws -> [(id: Int64, signal: Signal)] {
        let statement = try db.prepare("""
            SELECT s.id, s.signal, s.rule_id, s.time_ns, s.device, src.path, src.sha256, s.line, s.process, s.pid,
                   s.fields_json, s.text
            FROM signals s JOIN sources src ON src.id = s.source_id WHERE \(clause)
            """)
        try statement.bind(values)
        var out: [(id: Int64, signal: Signal)] = []
        while try statement.step() {
            out.append((statement.int64(0), try signal(from: statement, at: 1)))
        }
        out.sort { a, b in
            if Signal.evidenceOrder(a.signal, b.signal) { return true }
            if Signal.evidenceOrder(b.signal, a.signal) { return false }
            if a.signal.device != b.signal.device { return a.signal.device.utf8.lexicographicallyPrecedes(b.signal.device.utf8) }
            return a.id < b.id
        }
        return out
    }

    /// Reads a signal from 11 columns starting at `at`: signal, rule_id, time_ns, device,
    /// source path, source sha256, line, process, pid, fields_json, text.
    func signal(from statement: Statement, at c: Int) throws -> Signal {
        Signal(
            name: statement.text(c) ?? "", ruleID: statement.text(c + 1) ?? "",
            time: Instant(nanoseconds: statement.int64(c + 2)), device: statement.text(c + 3) ?? "",
            source: statement.text(c + 4) ?? "", sourceSHA256: statement.text(c + 5) ?? "", line: Int(statement.int64(c + 6)),
            process: statement.isNull(c + 7) ? nil : statement.text(c + 7),
            pid: statement.isNull(c + 8) ? nil : statement.int64(c + 8),
            fields: try StoreCodec.decodeFields(statement.text(c + 9), column: "signals.fields_json"),
            text: statement.text(c + 10) ?? "")
    }

    /// Incidents matching a condition on `i`, in report order, with their steps.
    func loadIncidents(where clause: String, _ values: [SQLiteValue]) throws -> [Incident] {
        let statement = try db.prepare("""
            SELECT i.key, i.id, i.kind, i.rule_id, i.verdict, i.confidence, i.reason, i.start_ns, i.end_ns, i.outcome,
                   i.outcome_window_ns, i.coverage_json, i.missing_json, i.warnings_json, i.group_json
            FROM incidents i WHERE \(clause)
            """)
        try statement.bind(values)
        var incidents: [(Int64, Incident)] = []
        while try statement.step() {
            func text(_ i: Int) -> String? { statement.isNull(i) ? nil : statement.text(i) }
            let id = text(1) ?? ""
            guard let verdict = Verdict(rawValue: text(4) ?? "") else {
                throw ToolError("database \(path): incident \(id) has an unknown verdict '\(text(4) ?? "")'")
            }
            var outcome: Outcome?
            if let name = text(9) {
                guard let o = Outcome(rawValue: name) else { throw ToolError("database \(path): incident \(id) has an unknown outcome '\(name)'") }
                outcome = o
            }
            let incident = Incident(
                id: id, kind: text(2) ?? "", ruleID: text(3) ?? "", verdict: verdict, confidence: statement.double(5),
                reason: text(6), start: Instant(nanoseconds: statement.int64(7)), end: Instant(nanoseconds: statement.int64(8)),
                group: try StoreCodec.decodeGroup(text(14) ?? "{}"), outcome: outcome,
                missing: try StoreCodec.decodeStrings(text(12), column: "incidents.missing_json"),
                warnings: try StoreCodec.decodeStrings(text(13), column: "incidents.warnings_json"), steps: [],
                coverage: try text(11).map(StoreCodec.decodeCoverage),
                outcomeWindow: statement.isNull(10) ? nil : TimeSpan(nanoseconds: statement.int64(10)))
            incidents.append((statement.int64(0), incident))
        }
        guard !incidents.isEmpty else { return [] }
        var index: [Int64: Int] = [:]
        for (i, entry) in incidents.enumerated() { index[entry.0] = i }
        let keys = incidents.map { String($0.0) }.joined(separator: ",")
        let steps = try db.prepare("""
            SELECT st.incident_key, s.signal, s.rule_id, s.time_ns, s.device, src.path, src.sha256, s.line, s.process, s.pid,
                   s.fields_json, s.text
            FROM incident_steps st JOIN signals s ON s.id = st.signal_id JOIN sources src ON src.id = s.source_id
            WHERE st.incident_key IN (\(keys)) ORDER BY st.incident_key, st.ordinal
            """)
        while try steps.step() {
            guard let i = index[steps.int64(0)] else { continue }
            incidents[i].1.steps.append(try signal(from: steps, at: 1))
        }
        return incidents.map(\.1).sorted { a, b in
            if Incident.reportOrder(a, b) { return true }
            if Incident.reportOrder(b, a) { return false }
            return a.group.device.utf8.lexicographicallyPrecedes(b.group.device.utf8)
        }
    }
}
