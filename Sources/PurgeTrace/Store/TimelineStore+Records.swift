import SQLiteKit

extension TimelineStore {
    /// True when the database keeps records (some unit was ingested with --keep-records).
    public var hasRecords: Bool {
        get throws(ToolError) {
            try guarded { try !db.query("SELECT 1 FROM sqlite_master WHERE name = 'records'").isEmpty }
        }
    }

    func ensureRecordTables() throws(ToolError) {
        do {
            try db.execute(TimelineSchema.records)
        } catch where error.message.contains("fts5") {
            throw ToolError("database \(path): --keep-records needs SQLite with the FTS5 module, and SQLite \(Database.libraryVersion) here has none (\(error.message))")
        } catch {
            throw TimelineStore.failure(error, path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        }
    }

    func attach(_ stage: RecordStage) throws(ToolError) {
        try guarded { try db.run("ATTACH DATABASE ? AS stage", [.text(stage.path)]) }
    }

    /// Copies the attached stage's records of the unit's (newly added) sources, and
    /// indexes their messages. Inside the commit's transaction.
    func copyStagedRecords(unitID: Int64) throws -> Int {
        let before = try maxRecordID()
        if let redactor {
            // Row by row: every text passes through the redactor.
            let read = try db.prepare("""
                SELECT src.id, r.line, r.byte_offset, r.time_ns, r.utc_offset, r.process, r.pid, r.thread, r.level,
                       r.subsystem, r.category, r.sender, r.message, r.text, r.source
                FROM stage.records r JOIN sources src ON src.unit_id = ?1 AND src.path = ?2
                WHERE r.source = ?3 ORDER BY r.rowid
                """)
            let write = try db.prepare("""
                INSERT INTO records (source_id, line, byte_offset, time_utc, time_ns, utc_offset, process, pid, thread,
                                     level, subsystem, category, sender, message, text)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            let stagedSources = try db.query("SELECT DISTINCT source FROM stage.records ORDER BY source")
            for row in stagedSources {
                guard case .text(let raw) = row[0] else { continue }
                try read.bind([.integer(unitID), .text(redactor.redact(raw)), .text(raw)])
                while try read.step() {
                    let time = Instant(nanoseconds: read.int64(3))
                    func text(_ i: Int) -> SQLiteValue { read.isNull(i) ? .null : .text(redactor.redact(read.text(i) ?? "")) }
                    try write.run([
                        read.value(0), read.value(1), read.value(2), .text(time.iso8601), read.value(3), read.value(4),
                        read.value(5), read.value(6), read.value(7), read.value(8), read.value(9), read.value(10),
                        text(11), text(12), text(13),
                    ])
                }
            }
        } else {
            try db.run("""
                INSERT INTO records (source_id, line, byte_offset, time_utc, time_ns, utc_offset, process, pid, thread,
                                     level, subsystem, category, sender, message, text)
                SELECT src.id, r.line, r.byte_offset,
                       strftime('%Y-%m-%dT%H:%M:%S', r.time_ns / 1000000000 - (r.time_ns % 1000000000 < 0), 'unixepoch')
                           || printf('.%06dZ', ((r.time_ns % 1000000000 + 1000000000) % 1000000000) / 1000),
                       r.time_ns, r.utc_offset, r.process, r.pid, r.thread, r.level, r.subsystem, r.category, r.sender,
                       r.message, r.text
                FROM stage.records r JOIN sources src ON src.unit_id = ? AND src.path = r.source
                ORDER BY r.rowid
                """, [.integer(unitID)])
        }
        try db.run("INSERT INTO records_fts (rowid, message) SELECT id, message FROM records WHERE id > ?", [.integer(before)])
        return Int(try maxRecordID() - before)
    }

    private func maxRecordID() throws -> Int64 {
        guard case .integer(let v)? = try db.query("SELECT max(id) FROM records").first?.first else { return 0 }
        return v
    }

    /// A unit's kept records in a new stage (for `merge`: `commit(unitContents(id:), records:)`
    /// copies them into another database with the unit); nil when the unit kept none.
    public func recordStage(forUnit id: Int64, batchSize: Int = 10_000) throws -> RecordStage? {
        guard try hasRecords else { return nil }
        let stage = try RecordStage()
        try guarded {
            let statement = try db.prepare("""
                SELECT src.path, r.line, r.byte_offset, r.time_ns, r.utc_offset, r.process, r.pid, r.thread, r.level,
                       r.subsystem, r.category, r.sender, r.message, r.text
                FROM records r JOIN sources src ON src.id = r.source_id WHERE src.unit_id = ? ORDER BY r.id
                """)
            try statement.bind([.integer(id)])
            var batch: [LogRecord] = []
            var batchSource = ""
            while try statement.step() {
                func text(_ i: Int) -> String? { statement.isNull(i) ? nil : statement.text(i) }
                func int(_ i: Int) -> Int64? { statement.isNull(i) ? nil : statement.int64(i) }
                let source = text(0) ?? ""
                if source != batchSource || batch.count >= batchSize {
                    if !batch.isEmpty { try stage.append(batch, source: batchSource) }
                    batch.removeAll(keepingCapacity: true)
                    batchSource = source
                }
                batch.append(LogRecord(
                    time: Instant(nanoseconds: statement.int64(3)), utcOffset: int(4).map { Int($0) }, process: text(5), pid: int(6),
                    thread: int(7).map { UInt64(bitPattern: $0) }, level: text(8).flatMap(LogLevel.init(rawValue:)),
                    subsystem: text(9), category: text(10), sender: text(11), message: text(12) ?? "", text: text(13) ?? "",
                    line: Int(statement.int64(1)), byteOffset: statement.int64(2)))
            }
            if !batch.isEmpty { try stage.append(batch, source: batchSource) }
        }
        return stage.count > 0 ? stage : nil
    }

    /// Kept records in time order, optionally within `[from, to)` and one device; each
    /// with its source path. Streams to `body` (millions of rows stay out of memory).
    public func forEachRecord(device: String? = nil, from: Instant? = nil, to: Instant? = nil,
                              matching query: String? = nil,
                              _ body: (StoredRecord) throws -> Void) throws {
        guard try hasRecords else { return }
        try guarded {
            var clauses: [String] = []
            var values: [SQLiteValue] = []
            if let device { clauses.append("src.device = ?"); values.append(.text(device)) }
            if let from { clauses.append("r.time_ns >= ?"); values.append(.integer(from.nanoseconds)) }
            if let to { clauses.append("r.time_ns < ?"); values.append(.integer(to.nanoseconds)) }
            if let query {
                clauses.append("r.id IN (SELECT rowid FROM records_fts WHERE records_fts MATCH ?)")
                values.append(.text(query))
            }
            let statement = try db.prepare("""
                SELECT src.path, src.device, r.line, r.time_ns, r.utc_offset, r.process, r.pid, r.thread, r.level,
                       r.subsystem, r.category, r.sender, r.message, r.text, r.byte_offset
                FROM records r JOIN sources src ON src.id = r.source_id
                \(clauses.isEmpty ? "" : "WHERE " + clauses.joined(separator: " AND "))
                ORDER BY r.time_ns, src.path, r.line
                """)
            try statement.bind(values)
            while try statement.step() {
                func text(_ i: Int) -> String? { statement.isNull(i) ? nil : statement.text(i) }
                func int(_ i: Int) -> Int64? { statement.isNull(i) ? nil : statement.int64(i) }
                let record = LogRecord(
                    time: Instant(nanoseconds: statement.int64(3)), utcOffset: int(4).map { Int($0) }, process: text(5),
                    pid: int(6), thread: int(7).map { UInt64(bitPattern: $0) }, level: text(8).flatMap(LogLevel.init(rawValue:)),
                    subsystem: text(9), category: text(10), sender: text(11), message: text(12) ?? "", text: text(13) ?? "",
                    line: Int(statement.int64(2)), byteOffset: statement.int64(14))
                try body(StoredRecord(source: text(0) ?? "", device: text(1) ?? "", record: record))
            }
        }
    }
}

/// A kept record with where it came from.
public struct StoredRecord: Sendable, Equatable {
    public var source: String
    public var device: String
    public var record: LogRecord
}
