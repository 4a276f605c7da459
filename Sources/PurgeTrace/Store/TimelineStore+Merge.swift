import SQLiteKit

/// What `merge` reads from a shard database besides `unitContents(id:)`: the rules it
/// was made with, a device's stored correlation (copied when the device lives wholly in
/// that shard, which sharding by unit guarantees), and a unit's kept records.
extension TimelineStore {
    /// The rules the database's runs used (`meta` and the `rules` table); nil when no run
    /// recorded any.
    public func rulesInfo() throws(ToolError) -> RulesInfo? {
        try guarded {
            guard let loaded = try metaValue("rules_loaded").flatMap({ Int($0) }) else { return nil }
            let errors = try StoreCodec.decodeStrings(try metaValue("rule_errors_json"), column: "meta.rule_errors_json")
            let statement = try db.prepare("SELECT id, signal, title, level, file, line FROM rules ORDER BY rowid")
            var entries: [RulesInfo.Entry] = []
            while try statement.step() {
                entries.append(RulesInfo.Entry(
                    id: statement.text(0) ?? "", signal: statement.text(1) ?? "",
                    title: statement.isNull(2) ? nil : statement.text(2), level: statement.isNull(3) ? nil : statement.text(3),
                    file: statement.text(4) ?? "", line: Int(statement.int64(5))))
            }
            return RulesInfo(loaded: loaded, errors: errors, rules: entries)
        }
    }

    /// True when some run wrote the database with `--redact` (its pseudonyms are its own).
    public var isRedacted: Bool {
        get throws(ToolError) { try guarded { try metaValue("redacted") == "1" } }
    }

    /// The devices that have at least one `ok` unit.
    public func devicesWithUnits() throws(ToolError) -> Set<String> {
        try guarded {
            Set(try db.query("SELECT DISTINCT device FROM units WHERE status = 'ok'").compactMap {
                if case .text(let s) = $0[0] { return s } else { return nil }
            })
        }
    }

    /// A device's correlation as stored: its correlation signals, incidents and device
    /// warnings — what `commit`'s `recompute` would produce from the same evidence and rules.
    public func storedCorrelation(device: String) throws(ToolError) -> DeviceCorrelation {
        try guarded {
            let signals = try loadSignals(where: "s.device = ? AND s.origin = 'correlation'", [.text(device)]).map(\.signal)
            let incidents = try loadIncidents(where: "i.device = ?", [.text(device)])
            let warnings = try db.query("SELECT message FROM warnings WHERE device = ? AND scope = 'device' ORDER BY id",
                                        [.text(device)]).compactMap { row -> String? in
                if case .text(let s) = row[0] { return s } else { return nil }
            }
            return DeviceCorrelation(signals: signals, incidents: incidents, warnings: warnings)
        }
    }

    /// A unit's kept records (`--keep-records`) copied into a fresh stage, ready for
    /// `commit(_:records:recompute:)` into another database; nil when it kept none.
    /// Streams in batches, so a unit with millions of records stays out of memory.
    public func stageRecords(ofUnit id: Int64) throws(ToolError) -> RecordStage? {
        guard try hasRecords else { return nil }
        let count: Int64 = try guarded {
            let rows = try db.query("SELECT count(*) FROM records r JOIN sources src ON src.id = r.source_id WHERE src.unit_id = ?",
                                    [.integer(id)])
            if case .integer(let n)? = rows.first?.first { return n }
            return 0
        }
        guard count > 0 else { return nil }
        let stage = try RecordStage()
        var batch: [LogRecord] = []
        var batchSource = ""
        func flush() throws(ToolError) {
            guard !batch.isEmpty else { return }
            try stage.append(batch, source: batchSource)
            batch.removeAll(keepingCapacity: true)
        }
        let statement: Statement = try guarded {
            let s = try db.prepare("""
                SELECT src.path, r.line, r.byte_offset, r.time_ns, r.utc_offset, r.process, r.pid, r.thread, r.level,
                       r.subsystem, r.category, r.sender, r.message, r.text
                FROM records r JOIN sources src ON src.id = r.source_id WHERE src.unit_id = ? ORDER BY r.id
                """)
            try s.bind([.integer(id)])
            return s
        }
        while try guarded({ try statement.step() }) {
            func text(_ i: Int) -> String? { statement.isNull(i) ? nil : statement.text(i) }
            func int(_ i: Int) -> Int64? { statement.isNull(i) ? nil : statement.int64(i) }
            let source = text(0) ?? ""
            if source != batchSource || batch.count >= 10_000 {
                try flush()
                batchSource = source
            }
            batch.append(LogRecord(
                time: Instant(nanoseconds: statement.int64(3)), utcOffset: int(4).map { Int($0) }, process: text(5),
                pid: int(6), thread: int(7).map { UInt64(bitPattern: $0) }, level: text(8).flatMap(LogLevel.init(rawValue:)),
                subsystem: text(9), category: text(10), sender: text(11), message: text(12) ?? "", text: text(13) ?? "",
                line: Int(statement.int64(1)), byteOffset: statement.int64(2)))
        }
        try flush()
        return stage
    }
}
