import Foundation
import Testing
import SQLiteKit
@testable import PurgeTrace

@Suite struct StoreMigrationTests {
    /// A version-1 database as shipped (Fixtures/store/timeline-v1.sql: the v1 schema with
    /// a unit, a source, a signal and an incident) opens and reports with this code.
    @Test func aVersion1DatabaseOpensAndReportsWithThisCode() throws {
        let path = StoreTestSupport.temporaryDatabase("v1")
        let sql = try String(contentsOfFile: TestPaths.fixture("store/timeline-v1.sql"), encoding: .utf8)
        try Database(path: path).execute(sql)
        let store = try TimelineStore(path: path)
        #expect(try store.schemaVersion == TimelineSchema.version)
        let analysis = try store.loadAnalysis()
        #expect(analysis.inputs.map(\.path) == ["phone/system_log.txt"])
        #expect(analysis.incidents.map(\.id) == ["0123456789abcdef"])
        #expect(analysis.incidents.first?.steps.map(\.name) == ["reset_sync_will"])
        #expect(analysis.incidents.first?.coverage?.verdict == .unobserved)
        #expect(analysis.rulesLoaded == 40)
    }

    /// A later code version (the next schema, here a migration that adds a column) upgrades a
    /// current database in place, keeping every row, and bumps `user_version`.
    @Test func aLaterSchemaMigratesAVersion1DatabaseForward() throws {
        let path = StoreTestSupport.temporaryDatabase("migrate")
        do {
            let store = try TimelineStore(path: path)
            try StoreTestSupport.commitAll(SampleAnalyses.lostPurge, into: store)
        }
        let next = TimelineSchema.version + 1
        let v2 = TimelineSchema.Migration(from: TimelineSchema.version, sql: """
            ALTER TABLE incidents ADD COLUMN reviewed INTEGER NOT NULL DEFAULT 0;
            CREATE INDEX incidents_reviewed ON incidents (reviewed);
            """)
        let store = try TimelineStore(path: path)
        try store.migrate(migrations: [v2], target: next)
        #expect(try store.schemaVersion == next)
        #expect(try store.db.query("SELECT reviewed FROM incidents") == [[.integer(0)]])
        // Reading checks the version against this code's; the rows themselves are intact.
        #expect(try store.loadAnalysis().incidents == SampleAnalyses.lostPurge.incidents)
        // Running the same migration again is a no-op.
        try store.migrate(migrations: [v2], target: next)
        #expect(try store.schemaVersion == next)
    }

    @Test func aFailedMigrationLeavesTheOldVersion() throws {
        let path = StoreTestSupport.temporaryDatabase("badmigration")
        do {
            let store = try TimelineStore(path: path)
            try StoreTestSupport.commitAll(SampleAnalyses.possibleIncident, into: store)
        }
        let broken = TimelineSchema.Migration(from: TimelineSchema.version,
                                              sql: "ALTER TABLE incidents ADD COLUMN x INTEGER; ALTER TABLE nowhere ADD COLUMN y INTEGER;")
        let store = try TimelineStore(path: path)
        #expect(throws: SQLiteError.self) { try store.migrate(migrations: [broken], target: TimelineSchema.version + 1) }
        #expect(try store.schemaVersion == TimelineSchema.version)
        let columns = try store.db.query("SELECT name FROM pragma_table_info('incidents') WHERE name = 'x'")
        #expect(columns.isEmpty)
    }

    /// Keeps the v1 fixture honest: it must be exactly what version 1 creates.
    @Test func theVersion1FixtureMatchesTheVersion1Schema() throws {
        guard TimelineSchema.version == 1 else { return }  // later versions keep the old fixture as is
        let fixture = try Database(path: ":memory:")
        try fixture.execute(try String(contentsOfFile: TestPaths.fixture("store/timeline-v1.sql"), encoding: .utf8))
        let fresh = try Database(path: ":memory:")
        try fresh.execute(TimelineSchema.create)
        let query = "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name"
        #expect(try fixture.query(query) == fresh.query(query))
    }
}
