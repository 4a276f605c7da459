import SQLiteKit

extension TimelineStore {
    /// Commits one unit atomically.
    ///
    /// In one BEGIN IMMEDIATE transaction: the unit row; each source the device does not
    /// already have (same SHA-256) with its scopes and gaps; the unit's event signals
    /// (those of skipped sources dropped); the staged records (`--keep-records`); then
    /// `recompute` is called with everything the device now holds, and its correlation
    /// signals, incidents and warnings replace the device's previous ones. Any error —
    /// from SQLite, a full disk, or `recompute` itself — rolls the whole unit back.
    ///
    /// A unit already committed with status `ok` adds nothing (`.alreadyPresent`); one
    /// recorded as `error` is replaced. A unit with `error` set records only its row.
    /// A read unit's `cacheEntry` is remembered in `unit_cache` in the same transaction.
    ///
    /// - Throws: `ToolError` naming the database for SQLite failures; errors thrown by
    ///   `recompute` are passed through unchanged.
    @discardableResult
    public func commit(_ unit: UnitCommit, records: RecordStage? = nil,
                       recompute: (DeviceSnapshot) throws -> DeviceCorrelation) throws -> CommitResult {
        try requireWritable()
        if let records { try ensureRecordTables(); try attach(records) }
        defer { if records != nil { try? db.execute("DETACH DATABASE stage") } }
        return try mappingSQLiteErrors {
            try db.transaction { () throws -> CommitResult in
                try seedRedactor()
                let unit = redactor.map { redacted(unit, with: $0) } ?? unit
                if unit.error == nil, let entry = unit.cacheEntry {
                    try db.run("INSERT OR REPLACE INTO unit_cache (path, size, mtime_ns, sha256) VALUES (?, ?, ?, ?)",
                               [.text(entry.key), .integer(entry.size), .integer(entry.modified), .text(unit.sha256)])
                }
                if let existing = try units(where: "sha256 = ?", [.text(unit.sha256)]).first {
                    if existing.isDone { return CommitResult(status: .alreadyPresent, unitID: existing.id) }
                    try db.run("DELETE FROM units WHERE id = ?", [.integer(existing.id)])
                }
                var result = try insertUnit(unit, records: records)
                if unit.error == nil {
                    let snapshot = try deviceSnapshot(unit.device)
                    var correlation = try recompute(snapshot)
                    if let redactor {
                        correlation.signals = correlation.signals.map { redactor.redact($0) }
                        correlation.warnings = correlation.warnings.map { redactor.redact($0) }
                        correlation.incidents = correlation.incidents.map { redactor.redact($0) }
                    }
                    result.incidents = try replaceDeviceCorrelation(device: unit.device, with: correlation)
                }
                if let rules = unit.rules { try storeRules(rules) }
                try persistRedactions()
                return result
            }
        }
    }

    /// Replaces a device's correlation results without adding evidence (e.g. after the
    /// rules changed). Same transaction guarantees as `commit`.
    public func recorrelate(device: String, recompute: (DeviceSnapshot) throws -> DeviceCorrelation) throws -> Int {
        try requireWritable()
        return try mappingSQLiteErrors {
            try db.transaction { () throws -> Int in
                var correlation = try recompute(try deviceSnapshot(device))
                if let redactor {
                    correlation.signals = correlation.signals.map { redactor.redact($0) }
                    correlation.incidents = correlation.incidents.map { redactor.redact($0) }
                    correlation.warnings = correlation.warnings.map { redactor.redact($0) }
                }
                let n = try replaceDeviceCorrelation(device: device, with: correlation)
                try persistRedactions()
                return n
            }
        }
    }

    /// The devices the database holds, sorted.
    public func devices() throws(ToolError) -> [String] {
        try guarded {
            try db.query("SELECT DISTINCT device FROM sources ORDER BY device").compactMap {
                if case .text(let s) = $0.first { return s } else { return nil }
            }
        }
    }

    // MARK: - Pieces of a commit (inside the transaction)

    private func insertUnit(_ unit: UnitCommit, records: RecordStage?) throws -> CommitResult {
        try db.run("INSERT INTO units (path, sha256, device, status, error) VALUES (?, ?, ?, ?, ?)", [
            .text(unit.path), .text(unit.sha256), .text(unit.device), .text(unit.error == nil ? "ok" : "error"),
            unit.error.map(SQLiteValue.text) ?? .null,
        ])
        let unitID = db.lastInsertRowID
        var result = CommitResult(status: .committed, unitID: unitID)
        let warning = try db.prepare("INSERT INTO warnings (scope, unit_id, device, message) VALUES ('unit', ?, ?, ?)")
        for message in unit.warnings { try warning.run([.integer(unitID), .text(unit.device), .text(message)]) }
        if unit.error != nil { return result }

        let exists = try db.prepare("SELECT 1 FROM sources WHERE device = ? AND sha256 = ?")
        let insertSource = try db.prepare("""
            INSERT INTO sources (unit_id, path, sha256, device, format, records, undecodable, first_utc, last_utc,
                                 first_ns, last_ns, warnings_json, zone_origin, date_origin, bytes)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let insertScope = try db.prepare("""
            INSERT INTO scopes (source_id, device, process, first_utc, last_utc, first_ns, last_ns) VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        let insertGap = try db.prepare("""
            INSERT INTO gaps (source_id, ordinal, from_utc, to_utc, from_ns, to_ns, seconds) VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        var sourceIDs: [String: Int64] = [:]
        var skipped: Set<String> = []
        var recordCount = 0
        let sources = unit.sources.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        for source in sources {
            try exists.bind([.text(unit.device), .text(source.sha256)])
            let duplicate = try exists.step()
            exists.reset()
            if duplicate || sourceIDs[source.path] != nil {
                skipped.insert(source.path)
                result.sourcesSkipped += 1
                continue
            }
            try insertSource.run([
                .integer(unitID), .text(source.path), .text(source.sha256), .text(unit.device),
                source.format.map { .text($0.rawValue) } ?? .null, .integer(Int64(source.records)),
                .integer(Int64(source.undecodable)), utc(source.first), utc(source.last), ns(source.first), ns(source.last),
                .text(StoreCodec.encode(strings: source.warnings)), source.zoneOrigin.map(SQLiteValue.text) ?? .null,
                source.dateOrigin.map(SQLiteValue.text) ?? .null, .integer(source.bytes),
            ])
            let sourceID = db.lastInsertRowID
            sourceIDs[source.path] = sourceID
            recordCount += source.records
            result.sourcesAdded += 1
            for (process, span) in source.processes.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                try insertScope.run([
                    .integer(sourceID), .text(unit.device), .text(process), .text(span.first.iso8601), .text(span.last.iso8601),
                    .integer(span.first.nanoseconds), .integer(span.last.nanoseconds),
                ])
            }
            for (ordinal, gap) in source.gaps.enumerated() {
                try insertGap.run([
                    .integer(sourceID), .integer(Int64(ordinal)), .text(gap.from.iso8601), .text(gap.to.iso8601),
                    .integer(gap.from.nanoseconds), .integer(gap.to.nanoseconds), .real(gap.seconds),
                ])
            }
        }

        let insertSignal = try signalInserter()
        for signal in unit.signals where !skipped.contains(signal.source) {
            guard let sourceID = sourceIDs[signal.source] else {
                throw ToolError("database \(path): unit \(unit.path): signal \(signal.name) at \(signal.source):\(signal.line) names a source that is not among the unit's sources")
            }
            _ = try insertSignal(signal, sourceID, unit.device, "event")
            result.signalsAdded += 1
        }
        if records != nil { result.recordsAdded = try copyStagedRecords(unitID: unitID) }
        try db.run("UPDATE units SET sources = ?, records = ?, signals = ?, kept_records = ? WHERE id = ?", [
            .integer(Int64(result.sourcesAdded)), .integer(Int64(recordCount)), .integer(Int64(result.signalsAdded)),
            .integer(Int64(result.recordsAdded)), .integer(unitID),
        ])
        return result
    }

    typealias SignalInserter = (Signal, Int64, String, String) throws -> Int64

    func signalInserter() throws -> SignalInserter {
        let statement = try db.prepare("""
            INSERT INTO signals (source_id, line, time_utc, time_ns, signal, rule_id, device, process, pid, fields_json, text, origin)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let db = self.db
        return { signal, sourceID, device, origin in
            try statement.run([
                .integer(sourceID), .integer(Int64(signal.line)), .text(signal.time.iso8601), .integer(signal.time.nanoseconds),
                .text(signal.name), .text(signal.ruleID), .text(device), signal.process.map(SQLiteValue.text) ?? .null,
                signal.pid.map(SQLiteValue.integer) ?? .null, .text(StoreCodec.encode(fields: signal.fields)),
                .text(signal.text), .text(origin),
            ])
            return db.lastInsertRowID
        }
    }

    /// Identifies a signal within one device: a step of an incident is found by it.
    struct SignalKey: Hashable {
        var source: String
        var line: Int
        var ruleID: String
        var name: String
        var time: Int64
        init(_ s: Signal) {
            source = s.source
            line = s.line
            ruleID = s.ruleID
            name = s.name
            time = s.time.nanoseconds
        }
    }

    /// Deletes the device's correlation signals, incidents and device warnings and
    /// writes `correlation` in their place. Returns the incident count.
    private func replaceDeviceCorrelation(device: String, with correlation: DeviceCorrelation) throws -> Int {
        let deviceValue = SQLiteValue.text(device)
        try db.run("DELETE FROM incident_steps WHERE incident_key IN (SELECT key FROM incidents WHERE device = ?)", [deviceValue])
        try db.run("DELETE FROM incidents WHERE device = ?", [deviceValue])
        try db.run("DELETE FROM signals WHERE device = ? AND origin = 'correlation'", [deviceValue])
        try db.run("DELETE FROM warnings WHERE device = ? AND scope = 'device'", [deviceValue])

        var sourceIDs: [String: Int64] = [:]
        for row in try db.query("SELECT path, id FROM sources WHERE device = ?", [deviceValue]) {
            if case .text(let p) = row[0], case .integer(let id) = row[1] { sourceIDs[p] = id }
        }
        var signalIDs: [SignalKey: Int64] = [:]
        let existing = try db.prepare("""
            SELECT s.id, src.path, s.line, s.rule_id, s.signal, s.time_ns FROM signals s JOIN sources src ON src.id = s.source_id
            WHERE s.device = ?
            """)
        try existing.bind([deviceValue])
        while try existing.step() {
            let key = SignalKey(Signal(name: existing.text(4) ?? "", ruleID: existing.text(3) ?? "",
                                       time: Instant(nanoseconds: existing.int64(5)), device: device,
                                       source: existing.text(1) ?? "", line: Int(existing.int64(2))))
            if signalIDs[key] == nil { signalIDs[key] = existing.int64(0) }
        }
        let insertSignal = try signalInserter()
        func store(_ signal: Signal) throws -> Int64 {
            if let id = signalIDs[SignalKey(signal)] { return id }
            guard let sourceID = sourceIDs[signal.source] else {
                throw ToolError("database \(path): correlation signal \(signal.name) at \(signal.source):\(signal.line) names a source device \(device) does not have")
            }
            let id = try insertSignal(signal, sourceID, device, "correlation")
            signalIDs[SignalKey(signal)] = id
            return id
        }
        for signal in correlation.signals { _ = try store(signal) }

        let insertIncident = try db.prepare("""
            INSERT INTO incidents (id, kind, rule_id, verdict, confidence, reason, start_utc, end_utc, start_ns, end_ns,
                                   device, process, pid, outcome, outcome_window_ns, coverage, coverage_json,
                                   missing_json, warnings_json, group_json)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let insertStep = try db.prepare(
            "INSERT INTO incident_steps (incident_key, incident_id, ordinal, signal_id) VALUES (?, ?, ?, ?)")
        var seen: Set<String> = []
        for incident in correlation.incidents.sorted(by: Incident.reportOrder) {
            // Two matches with the same evidence are one incident.
            guard seen.insert(incident.id).inserted else { continue }
            try insertIncident.run([
                .text(incident.id), .text(incident.kind), .text(incident.ruleID), .text(incident.verdict.rawValue),
                .real(incident.confidence), incident.reason.map(SQLiteValue.text) ?? .null,
                .text(incident.start.iso8601), .text(incident.end.iso8601), .integer(incident.start.nanoseconds),
                .integer(incident.end.nanoseconds), .text(device), incident.group.process.map(SQLiteValue.text) ?? .null,
                incident.group.pid.map(SQLiteValue.integer) ?? .null, incident.outcome.map { .text($0.rawValue) } ?? .null,
                incident.outcomeWindow.map { .integer($0.nanoseconds) } ?? .null,
                incident.coverage.map { .text($0.verdict.rawValue) } ?? .null,
                incident.coverage.map { .text(StoreCodec.encode(coverage: $0)) } ?? .null,
                .text(StoreCodec.encode(strings: incident.missing)), .text(StoreCodec.encode(strings: incident.warnings)),
                .text(StoreCodec.encode(group: incident.group)),
            ])
            let key = db.lastInsertRowID
            for (ordinal, step) in incident.steps.enumerated() {
                try insertStep.run([.integer(key), .text(incident.id), .integer(Int64(ordinal)), .integer(try store(step))])
            }
        }
        let warning = try db.prepare("INSERT INTO warnings (scope, unit_id, device, message) VALUES ('device', NULL, ?, ?)")
        for message in correlation.warnings { try warning.run([deviceValue, .text(message)]) }
        return seen.count
    }

    func storeRules(_ rules: RulesInfo) throws {
        try db.run("INSERT OR REPLACE INTO meta (key, value) VALUES ('rules_loaded', ?)", [.text(String(rules.loaded))])
        try db.run("INSERT OR REPLACE INTO meta (key, value) VALUES ('rule_errors_json', ?)",
                   [.text(StoreCodec.encode(strings: rules.errors))])
        guard !rules.rules.isEmpty else { return }
        try db.run("DELETE FROM rules")
        let insert = try db.prepare("INSERT OR REPLACE INTO rules (id, signal, title, level, file, line) VALUES (?, ?, ?, ?, ?, ?)")
        for rule in rules.rules {
            try insert.run([
                .text(rule.id), .text(rule.signal), rule.title.map(SQLiteValue.text) ?? .null,
                rule.level.map(SQLiteValue.text) ?? .null, .text(redactor?.redact(rule.file) ?? rule.file),
                .integer(Int64(rule.line)),
            ])
        }
    }

    // MARK: - Redaction at ingest

    private func seedRedactor() throws {
        guard let redactor else { return }
        let known = try db.query("SELECT digest, pseudonym FROM redactions").compactMap { row -> (digest: String, pseudonym: String)? in
            guard case .text(let d) = row[0], case .text(let p) = row[1] else { return nil }
            return (digest: d, pseudonym: p)
        }
        redactor.seed(known)
        redactor.clearAssignments()
        try db.run("INSERT OR REPLACE INTO meta (key, value) VALUES ('redacted', '1')")
    }

    private func persistRedactions() throws {
        guard let redactor else { return }
        let insert = try db.prepare("INSERT OR IGNORE INTO redactions (digest, pseudonym) VALUES (?, ?)")
        for entry in redactor.assignments { try insert.run([.text(entry.digest), .text(entry.pseudonym)]) }
        redactor.clearAssignments()
    }

    private func redacted(_ unit: UnitCommit, with r: Redactor) -> UnitCommit {
        var u = unit
        u.path = r.redact(u.path)
        u.device = r.redact(u.device)
        u.error = r.redact(u.error)
        u.warnings = u.warnings.map { r.redact($0) }
        u.sources = u.sources.map { source in
            var s = source
            s.path = r.redact(s.path)
            s.device = r.redact(s.device)
            s.warnings = s.warnings.map { r.redact($0) }
            return s
        }
        u.signals = u.signals.map { r.redact($0) }
        if var rules = u.rules {
            rules.errors = rules.errors.map { r.redact($0) }
            u.rules = rules
        }
        return u
    }

    // MARK: - Helpers

    func utc(_ instant: Instant?) -> SQLiteValue { instant.map { .text($0.iso8601) } ?? .null }
    func ns(_ instant: Instant?) -> SQLiteValue { instant.map { .integer($0.nanoseconds) } ?? .null }
}
