import SQLiteKit

/// What `scan` asks of the timeline database beyond `commit`: the identity cache that
/// lets a re-scan skip a unit without reading it, the bookkeeping of units that failed,
/// and the per-unit reads the scan report is streamed from (one unit in memory at a time).
extension TimelineStore {
    // MARK: - Identity cache (`unit_cache`)

    /// The identity recorded for the unit at `path` when it had exactly this size and
    /// modification time; nil when the path is unknown or changed since.
    public func cachedIdentity(path: String, size: Int64, modified: Int64) throws(ToolError) -> String? {
        try guarded {
            let rows = try db.query("SELECT sha256 FROM unit_cache WHERE path = ? AND size = ? AND mtime_ns = ?",
                                    [.text(path), .integer(size), .integer(modified)])
            guard case .text(let sha)? = rows.first?.first else { return nil }
            return sha
        }
    }

    /// Whether the unit `entry` describes was committed `ok` when it had that size and
    /// time: a run can skip it without reading it.
    public func isDone(_ entry: UnitCacheEntry) throws(ToolError) -> Bool {
        guard let identity = try cachedIdentity(path: entry.key, size: entry.size, modified: entry.modified) else {
            return false
        }
        return try isUnitDone(sha256: identity)
    }

    /// Remembers that the unit at `path`, with this size and modification time, has this
    /// identity (replacing what was known of the path).
    public func rememberIdentity(_ sha256: String, path: String, size: Int64, modified: Int64) throws(ToolError) {
        try requireWritable()
        try guarded {
            try db.run("INSERT OR REPLACE INTO unit_cache (path, size, mtime_ns, sha256) VALUES (?, ?, ?, ?)",
                       [.text(path), .integer(size), .integer(modified), .text(sha256)])
        }
    }

    // MARK: - Units that failed

    /// Drops the `error` rows of `path`: the unit at that path has just been read (or found
    /// already present), so an earlier failure no longer describes it.
    public func dropErrors(path: String) throws(ToolError) {
        try requireWritable()
        try guarded { try db.run("DELETE FROM units WHERE path = ? AND status = 'error'", [.text(path)]) }
    }

    /// Drops every `error` row that a later `ok` unit of the same path superseded — what a
    /// run killed between a commit and `dropErrors(path:)` leaves behind.
    @discardableResult
    public func dropSupersededErrors() throws(ToolError) -> Int {
        try requireWritable()
        return try guarded {
            try db.run("""
                DELETE FROM units WHERE status = 'error' AND EXISTS (
                    SELECT 1 FROM units later WHERE later.path = units.path AND later.status = 'ok' AND later.id > units.id)
                """)
            return db.changes
        }
    }

    /// True when the database has an `ok` unit at `path`.
    public func hasDoneUnit(path: String) throws(ToolError) -> Bool {
        try guarded { try !db.query("SELECT 1 FROM units WHERE path = ? AND status = 'ok' LIMIT 1", [.text(path)]).isEmpty }
    }

    /// Records the rule set of a run even when it commits no unit, so that a report of the
    /// database names the rules the way a run that committed one would.
    public func recordRules(_ rules: RulesInfo) throws(ToolError) {
        try requireWritable()
        try guarded { try db.transaction { try storeRules(rules) } }
    }

    // MARK: - Reading back, unit by unit

    /// All units sorted by path (UTF-8 byte order), then commit order: the scan report's order.
    public func unitsByPath() throws(ToolError) -> [StoredUnit] {
        try guarded {
            let statement = try db.prepare(
                "SELECT id, path, sha256, device, status, error, sources, records, signals FROM units ORDER BY path, id")
            var out: [StoredUnit] = []
            while try statement.step() {
                out.append(StoredUnit(
                    id: statement.int64(0), path: statement.text(1) ?? "", sha256: statement.text(2) ?? "",
                    device: statement.text(3) ?? "", status: statement.text(4) ?? "",
                    error: statement.isNull(5) ? nil : statement.text(5), sources: Int(statement.int64(6)),
                    records: Int(statement.int64(7)), signals: Int(statement.int64(8))))
            }
            return out
        }
    }

    /// How many `ok` units each device has (a device normally is one unit).
    public func unitCountsByDevice() throws(ToolError) -> [String: Int] {
        try guarded {
            var out: [String: Int] = [:]
            for row in try db.query("SELECT device, count(*) FROM units WHERE status = 'ok' GROUP BY device") {
                if case .text(let device) = row[0], case .integer(let n) = row[1] { out[device] = Int(n) }
            }
            return out
        }
    }

    /// The sources a unit added, sorted by path.
    public func sources(ofUnit id: Int64) throws(ToolError) -> [SourceFacts] {
        try guarded { try loadSources(where: "src.unit_id = ?", [.integer(id)]) }
    }

    /// A device's incidents in report order, with their steps.
    public func incidents(ofDevice device: String) throws(ToolError) -> [Incident] {
        try guarded { try loadIncidents(where: "i.device = ?", [.text(device)]) }
    }

    /// The warnings about a unit as a whole, in the order they were written.
    public func warnings(ofUnit id: Int64) throws(ToolError) -> [String] {
        try guarded {
            try db.query("SELECT message FROM warnings WHERE unit_id = ? AND scope = 'unit' ORDER BY id", [.integer(id)])
                .compactMap { if case .text(let s) = $0[0] { return s } else { return nil } }
        }
    }
}

extension TimelineStore {
    /// The paths of a device's sources (to tell which of a device's units an incident's
    /// first step came from).
    public func sourcePaths(ofDevice device: String) throws(ToolError) -> Set<String> {
        try guarded {
            Set(try db.query("SELECT path FROM sources WHERE device = ?", [.text(device)]).compactMap {
                if case .text(let s) = $0[0] { return s } else { return nil }
            })
        }
    }
}

extension TimelineStore {
    /// Removes the `ok` units at `path` whose identity is not `identity` — the case at that
    /// path changed since it was scanned — with everything they added (sources, signals,
    /// kept records, warnings) and their devices' stored correlation, in one transaction.
    /// - Returns: the devices that lost evidence; each still holding sources needs
    ///   `recorrelate(device:recompute:)`.
    public func removeUnits(path: String, except identity: String) throws(ToolError) -> [String] {
        try requireWritable()
        return try guarded {
            try db.transaction { () throws -> [String] in
                let rows = try db.query("SELECT id, device FROM units WHERE path = ? AND status = 'ok' AND sha256 <> ?",
                                        [.text(path), .text(identity)])
                let ids = rows.compactMap { row -> Int64? in if case .integer(let id) = row[0] { return id } else { return nil } }
                guard !ids.isEmpty else { return [] }
                var devices: [String] = []
                for row in rows { if case .text(let d) = row[1], !devices.contains(d) { devices.append(d) } }
                for device in devices {
                    let value = SQLiteValue.text(device)
                    try db.run("DELETE FROM incidents WHERE device = ?", [value])  // steps cascade
                    try db.run("DELETE FROM signals WHERE device = ? AND origin = 'correlation'", [value])
                    try db.run("DELETE FROM warnings WHERE device = ? AND scope = 'device'", [value])
                }
                let list = ids.map(String.init).joined(separator: ",")
                if try hasRecords {
                    // The full-text index has external content: it forgets rows only when told.
                    try db.run("""
                        INSERT INTO records_fts (records_fts, rowid, message)
                        SELECT 'delete', r.id, r.message FROM records r JOIN sources src ON src.id = r.source_id
                        WHERE src.unit_id IN (\(list))
                        """)
                }
                try db.run("DELETE FROM units WHERE id IN (\(list))")  // sources, signals, scopes, gaps, records cascade
                try db.run("DELETE FROM unit_cache WHERE path = ?", [.text(path)])
                return devices.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            }
        }
    }

    /// True when the device has at least one source.
    public func hasSources(device: String) throws(ToolError) -> Bool {
        try guarded { try !db.query("SELECT 1 FROM sources WHERE device = ? LIMIT 1", [.text(device)]).isEmpty }
    }
}
