// Store: the timeline database (contract §3, docs/database.md).
//
// One SQLite file in WAL mode that the stock `sqlite3` shell can read. The unit of
// work is the *unit* (one case / device's evidence): `commit` writes a unit's row,
// sources, scopes, gaps and event signals, and replaces the device's correlation
// signals, incidents and warnings with ones recomputed from everything the device now
// has — all in one BEGIN IMMEDIATE transaction, so a killed run leaves whole units
// only and two processes ingesting at once queue on the write lock (busy_timeout)
// instead of failing or losing each other's incidents.
//
// `loadAnalysis()` rebuilds the `Analysis` a one-shot `analyze` of the same files
// produces, so every report is rendered from one model whichever way it came.
// Merging shard databases (issue 6) is `unitContents(id:)` from one store followed by
// `commit` into another: whole units, the same code path and guarantees.
import Foundation
import SQLiteKit

/// A timeline database connection. Not thread-safe: one per thread (each opens its own
/// connection; SQLite serializes their writes).
public final class TimelineStore {
    public enum Access: Sendable {
        /// Read only; works on a read-only file or directory.
        case readOnly
        /// Read and write; creates the file and its schema when missing.
        case readWrite
    }

    /// The database path as given.
    public let path: String
    public let access: Access
    /// How long a write waits for another process's lock before failing.
    public let busyTimeoutMilliseconds: Int32
    /// When set (`ingest --redact`), every text written is redacted first and UUID
    /// pseudonyms stay consistent across ingests into this database.
    public var redactor: Redactor?

    let db: Database

    /// Default wait for another writer: long enough for a large unit's commit.
    /// `PURGETRACE_BUSY_TIMEOUT_MS` overrides it (scripts that would rather fail fast; the
    /// locked-database tests).
    public static let defaultBusyTimeoutMilliseconds: Int32 = {
        if let text = ProcessInfo.processInfo.environment["PURGETRACE_BUSY_TIMEOUT_MS"], let ms = Int32(text), ms >= 0 {
            return ms
        }
        return 300_000
    }()

    /// Opens (and for `.readWrite` creates or upgrades) a timeline database.
    /// - Throws: `ToolError` naming `path` and SQLite's message.
    public init(path: String, access: Access = .readWrite,
                busyTimeoutMilliseconds: Int32 = TimelineStore.defaultBusyTimeoutMilliseconds) throws(ToolError) {
        self.path = path
        self.access = access
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        switch access {
        case .readOnly:
            db = try TimelineStore.openReadOnly(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        case .readWrite:
            do {
                db = try Database(path: path, mode: .readWriteCreate)
            } catch {
                throw TimelineStore.failure(error, path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            }
            db.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
        }
        try prepareConnection()
    }

    /// `file:` URIs need their reserved characters escaped.
    static func immutableURI(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        let escaped = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        return "file:\(escaped)?immutable=1"
    }

    private static func openReadOnly(path: String, busyTimeoutMilliseconds: Int32) throws(ToolError) -> Database {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ToolError("database not found: \(path)")
        }
        guard !isDirectory.boolValue else { throw ToolError("database \(path) is a directory") }
        do {
            let db = try Database(path: path, mode: .readOnly)
            db.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
            // A WAL database on read-only media cannot create its -shm file; the first read
            // tells. Such a file is not being written by anyone, so read it as immutable.
            do {
                _ = try db.query("SELECT count(*) FROM sqlite_master")
                return db
            } catch where error.code == SQLiteError.cantOpen || error.code == SQLiteError.readOnly {
                let immutable = try Database(path: immutableURI(path), mode: .readOnly)
                _ = try immutable.query("SELECT count(*) FROM sqlite_master")
                return immutable
            }
        } catch {
            throw failure(error, path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        }
    }

    /// Pragmas and the schema check (and for writers, creation and migration).
    private func prepareConnection() throws(ToolError) {
        try guarded {
            if access == .readWrite {
                // Before anything else: junk fails here with "file is not a database".
                let mode = try db.query("PRAGMA journal_mode = WAL")
                if mode.first?.first != .text("wal") {
                    throw ToolError("database \(path): cannot switch to WAL mode (journal mode is \(mode.first?.first.map(String.init(describing:)) ?? "unknown"))")
                }
                try db.execute("PRAGMA synchronous = NORMAL")
                try db.execute("PRAGMA foreign_keys = ON")
                try migrate()
            } else {
                try checkReadable()
            }
        }
    }

    /// The schema version of the open database.
    public var schemaVersion: Int {
        get throws(ToolError) {
            try guarded { try readVersion() }
        }
    }

    func readVersion() throws -> Int {
        guard case .integer(let v)? = try db.query("PRAGMA user_version").first?.first else { return 0 }
        return Int(v)
    }

    private func tableNames() throws -> Set<String> {
        let rows = try db.query("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")
        return Set(rows.compactMap { if case .text(let s) = $0.first { return s } else { return nil } })
    }

    private func checkReadable() throws {
        let version = try readVersion()
        if version == 0 {
            throw ToolError(try tableNames().isEmpty
                ? "database \(path) is empty: not a purgetrace timeline (run ingest first)"
                : "database \(path) is not a purgetrace timeline (no schema version)")
        }
        if version > TimelineSchema.version {
            throw ToolError("database \(path) has schema version \(version), newer than this purgetrace understands (\(TimelineSchema.version)); use a newer purgetrace")
        }
        if version < TimelineSchema.version {
            throw ToolError("database \(path) has schema version \(version); open it once for writing (ingest) to upgrade it to \(TimelineSchema.version)")
        }
    }

    /// Creates or upgrades the schema in one write transaction; a second process doing
    /// the same waits on the lock and then finds the work done.
    func migrate(migrations: [TimelineSchema.Migration] = TimelineSchema.migrations,
                 target: Int = TimelineSchema.version, create: String = TimelineSchema.create) throws {
        // Fast path without taking the write lock.
        if try readVersion() == target { return }
        try db.transaction {
            let version = try readVersion()
            if version == target { return }
            if version > target {
                throw ToolError("database \(path) has schema version \(version), newer than this purgetrace understands (\(target)); use a newer purgetrace")
            }
            if version == 0 {
                guard try tableNames().isEmpty else {
                    throw ToolError("database \(path) is not a purgetrace timeline (it has other tables and no schema version)")
                }
                try db.execute(create)
                try db.run("INSERT INTO meta (key, value) VALUES ('created_by', ?)", [.text("purgetrace \(PurgeTraceVersion.current)")])
            } else {
                for step in migrations where step.from >= version && step.from < target {
                    try db.execute(step.sql)
                }
            }
            try db.execute("PRAGMA user_version = \(target)")
        }
    }

    /// Runs `body`, turning SQLite errors into one-line `ToolError`s that name the database.
    func guarded<T>(_ body: () throws -> T) throws(ToolError) -> T {
        do {
            return try body()
        } catch let error as SQLiteError {
            throw TimelineStore.failure(error, path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        } catch let error as ToolError {
            throw error
        } catch {
            throw ToolError("database \(path): \(error)")
        }
    }

    /// The one place a SQLite failure becomes the message a user reads.
    static func failure(_ error: SQLiteError, path: String, busyTimeoutMilliseconds: Int32) -> ToolError {
        let message = error.message.replacingOccurrences(of: "\n", with: " ")
        switch error.code {
        case SQLiteError.busy, SQLiteError.locked:
            let seconds = Double(busyTimeoutMilliseconds) / 1000
            let waited = seconds == seconds.rounded() ? "\(Int(seconds))s" : "\(seconds)s"
            return ToolError("database \(path) is locked by another process (waited \(waited)): \(message)")
        case SQLiteError.readOnly:
            return ToolError("database \(path) is read-only: \(message)")
        case SQLiteError.corrupt, SQLiteError.notADatabase:
            return ToolError("database \(path) is corrupt or not a database: \(message)")
        case SQLiteError.full:
            return ToolError("database \(path): disk or database full: \(message)")
        case SQLiteError.cantOpen:
            return ToolError("database \(path) cannot be opened: \(message)")
        default:
            return ToolError("database \(path): \(message)")
        }
    }

    /// Like `guarded`, but errors other than SQLite's (a `recompute` closure's) pass through unchanged.
    func mappingSQLiteErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SQLiteError {
            throw TimelineStore.failure(error, path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        } catch let error as StoreCodec.DecodeError {
            throw ToolError("database \(path): \(error.message)")
        }
    }

    func requireWritable() throws(ToolError) {
        guard access == .readWrite else { throw ToolError("database \(path) is read-only: opened for reading") }
    }

    // MARK: - Questions the pipeline asks before reading

    /// The unit with this identity, if any (status `ok` or `error`).
    public func unit(sha256: String) throws(ToolError) -> StoredUnit? {
        try guarded { try units(where: "sha256 = ?", [.text(sha256)]).first }
    }

    /// True when a unit with this identity was committed successfully (scan skips it).
    public func isUnitDone(sha256: String) throws(ToolError) -> Bool {
        try unit(sha256: sha256)?.isDone ?? false
    }

    /// True when the device already has a source with this SHA-256 (re-ingest adds nothing).
    public func hasSource(device: String, sha256: String) throws(ToolError) -> Bool {
        try guarded {
            try !db.query("SELECT 1 FROM sources WHERE device = ? AND sha256 = ? LIMIT 1",
                          [.text(redactor?.redact(device) ?? device), .text(sha256)]).isEmpty
        }
    }

    /// All units, in commit order.
    public func allUnits() throws(ToolError) -> [StoredUnit] {
        try guarded { try units(where: "1", []) }
    }

    func units(where clause: String, _ values: [SQLiteValue]) throws -> [StoredUnit] {
        let statement = try db.prepare(
            "SELECT id, path, sha256, device, status, error, sources, records, signals FROM units WHERE \(clause) ORDER BY id")
        try statement.bind(values)
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

    /// A `meta` value.
    public func meta(_ key: String) throws(ToolError) -> String? {
        try guarded {
            guard case .text(let v)? = try db.query("SELECT value FROM meta WHERE key = ?", [.text(key)]).first?.first else { return nil }
            return v
        }
    }

    /// True when SQLite has the FTS5 module `--keep-records` needs.
    public static var supportsFullTextSearch: Bool {
        guard let db = try? Database(path: ":memory:") else { return false }
        return (try? db.execute("CREATE VIRTUAL TABLE t USING fts5 (x)")) != nil
    }

    /// `PRAGMA integrity_check` (crash-safety tests, `doctor`-style checks): "ok" when sound.
    public func integrityCheck() throws(ToolError) -> String {
        try guarded {
            let rows = try db.query("PRAGMA integrity_check")
            return rows.compactMap { if case .text(let s) = $0.first { return s } else { return nil } }.joined(separator: "; ")
        }
    }
}
