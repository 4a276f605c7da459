/// The timeline database's schema (contract §3, documented in docs/database.md) and its
/// forward migrations.
///
/// `PRAGMA user_version` holds the version. A new database gets `create` at the current
/// version; an older one runs the migrations after its version in order, each in the
/// same transaction as the version bump, so a migration either happens whole or not at
/// all. A database newer than this code is refused (an old purgetrace must not write
/// into a layout it does not know).
///
/// Times are stored twice: `*_utc` as ISO 8601 text for people reading with `sqlite3`,
/// `*_ns` as integer nanoseconds for exact round trips and range queries.
enum TimelineSchema {
    /// The schema version this code writes.
    static let version = 2

    /// A step from version `from` to `from + 1`.
    struct Migration: Sendable {
        let from: Int
        let sql: String
    }

    /// Migrations in order; `migrations[k]` upgrades version `k + 1` to `k + 2`.
    /// When the schema changes, bump `version`, change `create` and append the step here
    /// (and keep the v1 fixture test passing).
    static let migrations: [Migration] = [
        // 1 → 2: `scan` remembers each unit's identity by (path, size, mtime) and finds
        // units by path.
        Migration(from: 1, sql: scanTables),
    ]

    /// `scan`'s cache (docs/database.md): the identity of the unit last read at `path`
    /// while it had this size and modification time, so a re-scan can skip a unit that is
    /// already done without reading it again. Only ever a hint: a miss reads the unit.
    /// The index serves the scan report (units by path) and replacing a unit's error row.
    static let scanTables = """
        CREATE TABLE unit_cache (
            path     TEXT PRIMARY KEY,
            size     INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL,
            sha256   TEXT NOT NULL
        );
        CREATE INDEX units_path ON units (path);
        """

    static let create = """
        CREATE TABLE meta (
            key   TEXT PRIMARY KEY,
            value TEXT NOT NULL
        );
        CREATE TABLE units (
            id      INTEGER PRIMARY KEY,
            path    TEXT NOT NULL,
            sha256  TEXT NOT NULL UNIQUE,
            device  TEXT NOT NULL,
            status  TEXT NOT NULL CHECK (status IN ('ok', 'error')),
            error   TEXT,
            sources INTEGER NOT NULL DEFAULT 0,
            records INTEGER NOT NULL DEFAULT 0,
            signals INTEGER NOT NULL DEFAULT 0,
            kept_records INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX units_device ON units (device);
        CREATE TABLE sources (
            id            INTEGER PRIMARY KEY,
            unit_id       INTEGER NOT NULL REFERENCES units (id) ON DELETE CASCADE,
            path          TEXT NOT NULL,
            sha256        TEXT NOT NULL,
            device        TEXT NOT NULL,
            format        TEXT,
            records       INTEGER NOT NULL,
            undecodable   INTEGER NOT NULL,
            first_utc     TEXT,
            last_utc      TEXT,
            first_ns      INTEGER,
            last_ns       INTEGER,
            warnings_json TEXT NOT NULL DEFAULT '[]',
            zone_origin   TEXT,
            date_origin   TEXT,
            bytes         INTEGER NOT NULL DEFAULT 0,
            UNIQUE (device, sha256)
        );
        CREATE INDEX sources_unit ON sources (unit_id);
        CREATE INDEX sources_path ON sources (device, path);
        CREATE TABLE scopes (
            source_id INTEGER NOT NULL REFERENCES sources (id) ON DELETE CASCADE,
            device    TEXT NOT NULL,
            process   TEXT NOT NULL,
            first_utc TEXT NOT NULL,
            last_utc  TEXT NOT NULL,
            first_ns  INTEGER NOT NULL,
            last_ns   INTEGER NOT NULL,
            PRIMARY KEY (source_id, process)
        );
        CREATE INDEX scopes_device ON scopes (device, process);
        CREATE VIEW device_scopes AS
            SELECT device, process, min(first_utc) AS first_utc, max(last_utc) AS last_utc,
                   min(first_ns) AS first_ns, max(last_ns) AS last_ns
            FROM scopes GROUP BY device, process;
        CREATE TABLE gaps (
            source_id INTEGER NOT NULL REFERENCES sources (id) ON DELETE CASCADE,
            ordinal   INTEGER NOT NULL,
            from_utc  TEXT NOT NULL,
            to_utc    TEXT NOT NULL,
            from_ns   INTEGER NOT NULL,
            to_ns     INTEGER NOT NULL,
            seconds   REAL NOT NULL,
            PRIMARY KEY (source_id, ordinal)
        );
        CREATE TABLE signals (
            id          INTEGER PRIMARY KEY,
            source_id   INTEGER NOT NULL REFERENCES sources (id) ON DELETE CASCADE,
            line        INTEGER NOT NULL,
            time_utc    TEXT NOT NULL,
            time_ns     INTEGER NOT NULL,
            signal      TEXT NOT NULL,
            rule_id     TEXT NOT NULL,
            device      TEXT NOT NULL,
            process     TEXT,
            pid         INTEGER,
            fields_json TEXT NOT NULL DEFAULT '{}',
            text        TEXT NOT NULL,
            origin      TEXT NOT NULL CHECK (origin IN ('event', 'correlation'))
        );
        CREATE INDEX signals_device_time ON signals (device, time_ns);
        CREATE INDEX signals_source ON signals (source_id, line);
        CREATE INDEX signals_signal ON signals (signal);
        CREATE TABLE incidents (
            key           INTEGER PRIMARY KEY,
            id            TEXT NOT NULL,
            kind          TEXT NOT NULL,
            rule_id       TEXT NOT NULL,
            verdict       TEXT NOT NULL CHECK (verdict IN ('probable', 'possible')),
            confidence    REAL NOT NULL,
            reason        TEXT,
            start_utc     TEXT NOT NULL,
            end_utc       TEXT NOT NULL,
            start_ns      INTEGER NOT NULL,
            end_ns        INTEGER NOT NULL,
            device        TEXT NOT NULL,
            process       TEXT,
            pid           INTEGER,
            outcome       TEXT CHECK (outcome IN ('recovered', 'lost', 'unknown')),
            outcome_window_ns INTEGER,
            coverage      TEXT,
            coverage_json TEXT,
            missing_json  TEXT NOT NULL DEFAULT '[]',
            warnings_json TEXT NOT NULL DEFAULT '[]',
            group_json    TEXT NOT NULL,
            UNIQUE (device, id)
        );
        CREATE INDEX incidents_start ON incidents (start_ns, id);
        CREATE TABLE incident_steps (
            incident_key INTEGER NOT NULL REFERENCES incidents (key) ON DELETE CASCADE,
            incident_id  TEXT NOT NULL,
            ordinal      INTEGER NOT NULL,
            signal_id    INTEGER NOT NULL REFERENCES signals (id),
            PRIMARY KEY (incident_key, ordinal)
        );
        CREATE INDEX incident_steps_id ON incident_steps (incident_id);
        CREATE INDEX incident_steps_signal ON incident_steps (signal_id);
        CREATE TABLE warnings (
            id      INTEGER PRIMARY KEY,
            scope   TEXT NOT NULL CHECK (scope IN ('unit', 'device')),
            unit_id INTEGER REFERENCES units (id) ON DELETE CASCADE,
            device  TEXT NOT NULL,
            message TEXT NOT NULL
        );
        CREATE INDEX warnings_device ON warnings (device, scope);
        CREATE TABLE rules (
            id     TEXT PRIMARY KEY,
            signal TEXT NOT NULL,
            title  TEXT,
            level  TEXT,
            file   TEXT NOT NULL,
            line   INTEGER NOT NULL
        );
        CREATE TABLE redactions (
            digest    TEXT PRIMARY KEY,
            pseudonym TEXT NOT NULL UNIQUE
        );
        """ + "\n" + scanTables

    /// `--keep-records`: every record, with a full-text index on messages. Created the
    /// first time a unit is committed with records, because FTS5 may be missing from
    /// the SQLite in use and a database that never keeps records must not need it.
    static let records = """
        CREATE TABLE IF NOT EXISTS records (
            id         INTEGER PRIMARY KEY,
            source_id  INTEGER NOT NULL REFERENCES sources (id) ON DELETE CASCADE,
            line       INTEGER NOT NULL,
            byte_offset INTEGER NOT NULL,
            time_utc   TEXT NOT NULL,
            time_ns    INTEGER NOT NULL,
            utc_offset INTEGER,
            process    TEXT,
            pid        INTEGER,
            thread     INTEGER,
            level      TEXT,
            subsystem  TEXT,
            category   TEXT,
            sender     TEXT,
            message    TEXT NOT NULL,
            text       TEXT NOT NULL
        );
        CREATE INDEX IF NOT EXISTS records_time ON records (time_ns);
        CREATE INDEX IF NOT EXISTS records_source ON records (source_id, line);
        CREATE VIRTUAL TABLE IF NOT EXISTS records_fts USING fts5 (message, content = 'records', content_rowid = 'id');
        """
}
