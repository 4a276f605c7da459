-- A timeline database at schema version 1, exactly as purgetrace 0.1.0 creates it
-- (TimelineSchema.create), with one unit's rows. Migration tests open it with later code:
-- keep this file unchanged when the schema moves on.
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

-- Rows of one unit, as version 1 writes them.
INSERT INTO meta (key, value) VALUES ('created_by', 'purgetrace 0.1.0'), ('rules_loaded', '40'), ('rule_errors_json', '[]');
INSERT INTO units (id, path, sha256, device, status, error, sources, records, signals)
    VALUES (1, 'phone', 'aaaa000000000000000000000000000000000000000000000000000000000001', 'phone', 'ok', NULL, 1, 500, 1);
INSERT INTO sources (id, unit_id, path, sha256, device, format, records, undecodable, first_utc, last_utc, first_ns, last_ns,
                     warnings_json, zone_origin, date_origin, bytes)
    VALUES (1, 1, 'phone/system_log.txt', 'bbbb000000000000000000000000000000000000000000000000000000000002', 'phone', 'log-show',
            500, 0, '2026-03-01T10:00:00.000000Z', '2026-03-01T11:00:00.000000Z', 1772359200000000000, 1772362800000000000,
            '[]', 'offset in each timestamp', NULL, 64000);
INSERT INTO scopes (source_id, device, process, first_utc, last_utc, first_ns, last_ns)
    VALUES (1, 'phone', 'MyApp', '2026-03-01T10:00:00.000000Z', '2026-03-01T11:00:00.000000Z', 1772359200000000000, 1772362800000000000);
INSERT INTO signals (id, source_id, line, time_utc, time_ns, signal, rule_id, device, process, pid, fields_json, text, origin)
    VALUES (1, 1, 42, '2026-03-01T10:30:00.000000Z', 1772361000000000000, 'reset_sync_will', 'coredata.reset_sync_will', 'phone',
            'MyApp', 77, '{"reason":"ZoneDeleted"}',
            'Sending ''NSCloudKitMirroringDelegateWillResetSyncNotificationName'' with reason: ''ZoneDeleted''', 'event');
INSERT INTO incidents (key, id, kind, rule_id, verdict, confidence, reason, start_utc, end_utc, start_ns, end_ns, device, process, pid,
                       outcome, outcome_window_ns, coverage, coverage_json, missing_json, warnings_json, group_json)
    VALUES (1, '0123456789abcdef', 'store-purge', 'coredata.store_purge', 'possible', 0.2, 'ZoneDeleted',
            '2026-03-01T10:30:00.000000Z', '2026-03-01T10:30:00.000000Z', 1772361000000000000, 1772361000000000000, 'phone', 'MyApp', NULL,
            'lost', 1800000000000, 'unobserved',
            '{"verdict":"unobserved","snapshot":null,"age_seconds":null,"baseline_items":null,"restored":false}',
            '["rows_removed"]', '[]', '{"device":"phone","process":"MyApp","pid":null,"fields":{}}');
INSERT INTO incident_steps (incident_key, incident_id, ordinal, signal_id) VALUES (1, '0123456789abcdef', 0, 1);
PRAGMA user_version = 1;
