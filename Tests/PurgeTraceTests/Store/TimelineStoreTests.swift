import Foundation
import Testing
import SQLiteKit
@testable import PurgeTrace

@Suite struct TimelineStoreTests {
    @Test func createsTheContractTablesAtTheCurrentVersionInWALMode() throws {
        let path = StoreTestSupport.temporaryDatabase()
        let store = try TimelineStore(path: path)
        #expect(try store.schemaVersion == TimelineSchema.version)
        let db = try Database(path: path, mode: .readOnly)
        #expect(try db.query("PRAGMA journal_mode") == [[.text("wal")]])
        let tables = Set(try db.query("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')").compactMap {
            if case .text(let s) = $0[0] { return s } else { return nil }
        })
        for table in ["units", "sources", "scopes", "gaps", "signals", "incidents", "incident_steps", "warnings", "rules", "meta"] {
            #expect(tables.contains(table), "missing table \(table)")
        }
        // The contract's key columns (contract §3).
        let expected: [String: [String]] = [
            "units": ["id", "path", "sha256", "device", "status", "error"],
            "sources": ["id", "unit_id", "path", "sha256", "device", "format", "records", "undecodable", "first_utc", "last_utc", "warnings_json"],
            "scopes": ["device", "process", "first_utc", "last_utc"],
            "gaps": ["source_id", "from_utc", "to_utc"],
            "signals": ["id", "source_id", "line", "time_utc", "time_ns", "signal", "rule_id", "device", "process", "pid", "fields_json", "text"],
            "incidents": ["id", "kind", "rule_id", "verdict", "confidence", "reason", "start_utc", "end_utc", "device", "process", "pid",
                          "outcome", "coverage", "coverage_json", "missing_json", "group_json"],
            "incident_steps": ["incident_id", "ordinal", "signal_id"],
        ]
        for (table, columns) in expected {
            let have = Set(try db.query("SELECT name FROM pragma_table_info('\(table)')").compactMap {
                if case .text(let s) = $0[0] { return s } else { return nil }
            })
            for column in columns { #expect(have.contains(column), "\(table).\(column) missing") }
        }
    }

    @Test func roundTripsEachSampleAnalysisExactly() throws {
        for (name, analysis) in SampleAnalyses.all {
            let store = try TimelineStore(path: StoreTestSupport.temporaryDatabase(name))
            try StoreTestSupport.commitAll(analysis, into: store)
            let loaded = try store.loadAnalysis()
            let expected = analysis.inReportOrder
            #expect(loaded.inputs == expected.inputs, "inputs of \(name)")
            #expect(loaded.incidents == expected.incidents, "incidents of \(name)")
            #expect(loaded.signals == expected.signals, "signals of \(name)")
            #expect(loaded.rulesLoaded == expected.rulesLoaded)
            #expect(loaded.ruleErrors == expected.ruleErrors)
        }
    }

    @Test func reportFromTheDatabaseIsByteForByteTheReportOfTheAnalysis() throws {
        let analysis = StoreTestSupport.combined
        let store = try TimelineStore(path: StoreTestSupport.temporaryDatabase())
        try StoreTestSupport.commitAll(analysis, into: store)
        let loaded = try store.loadAnalysis()
        for format in ReportOptions.Format.allCases {
            let writer = ReportOptions.writer(for: format)
            #expect(writer.render(loaded, options: ReportOptions()) == writer.render(analysis, options: ReportOptions()),
                    "\(format) differs")
        }
    }

    @Test func recommittingTheSameUnitAddsNothing() throws {
        let analysis = SampleAnalyses.lostPurge
        let store = try TimelineStore(path: StoreTestSupport.temporaryDatabase())
        let unit = StoreTestSupport.unit(for: SampleAnalyses.lostDevice, of: analysis)
        let first = try store.commit(unit) { _ in StoreTestSupport.correlation(for: SampleAnalyses.lostDevice, of: analysis) }
        #expect(first.status == .committed)
        #expect(first.sourcesAdded == 2)
        #expect(first.signalsAdded == analysis.signals.count)
        #expect(first.incidents == 1)
        var called = false
        let second = try store.commit(unit) { _ in called = true; return DeviceCorrelation() }
        #expect(second.status == .alreadyPresent)
        #expect(!called)
        #expect(try store.isUnitDone(sha256: unit.sha256))
        #expect(try store.allUnits().count == 1)
        #expect(try store.loadAnalysis().signals.count == analysis.signals.count)
    }

    @Test func theSameFileInAnotherUnitOfTheDeviceIsSkipped() throws {
        let analysis = SampleAnalyses.lostPurge
        let device = SampleAnalyses.lostDevice
        let store = try TimelineStore(path: StoreTestSupport.temporaryDatabase())
        try store.commit(StoreTestSupport.unit(for: device, of: analysis)) { _ in StoreTestSupport.correlation(for: device, of: analysis) }
        #expect(try store.hasSource(device: device, sha256: SampleAnalyses.sha(SampleAnalyses.lostSystem)))
        #expect(try !store.hasSource(device: "another-device", sha256: SampleAnalyses.sha(SampleAnalyses.lostSystem)))
        // A second archive of the same device holds a renamed copy of the system log.
        var copy = analysis.inputs.first { $0.path == SampleAnalyses.lostSystem }!
        copy.path = "case-1042-again.zip!/system_logs.log"
        let copiedSignals = analysis.signals.filter { $0.source == SampleAnalyses.lostSystem }.map { s -> Signal in
            var c = s
            c.source = copy.path
            return c
        }
        let unit = UnitCommit(path: "case-1042-again.zip", sha256: UnitIdentity.sha256(of: [copy]), device: device,
                              sources: [copy], signals: copiedSignals)
        var snapshotSignals = -1
        let result = try store.commit(unit) { snapshot in
            snapshotSignals = snapshot.signals.count
            return StoreTestSupport.correlation(for: device, of: analysis)
        }
        #expect(result.status == .committed)
        #expect(result.sourcesAdded == 0)
        #expect(result.sourcesSkipped == 1)
        #expect(result.signalsAdded == 0)
        #expect(snapshotSignals == analysis.signals.count)
        #expect(try store.loadAnalysis().inputs.count == 2)
    }

    @Test func recomputeSeesEveryUnitOfTheDevice() throws {
        // Two units of one device (ingest --device phone, twice): the second recompute
        // gets the sources and signals of both.
        let analysis = SampleAnalyses.lostPurge
        let device = SampleAnalyses.lostDevice
        let store = try TimelineStore(path: StoreTestSupport.temporaryDatabase())
        let full = StoreTestSupport.unit(for: device, of: analysis)
        let sys = analysis.inputs.filter { $0.path == SampleAnalyses.lostSystem }
        let app = analysis.inputs.filter { $0.path == SampleAnalyses.lostApp }
        let first = UnitCommit(path: "part-1", sha256: UnitIdentity.sha256(of: sys), device: device, sources: sys,
                               signals: full.signals.filter { $0.source == SampleAnalyses.lostSystem })
        let second = UnitCommit(path: "part-2", sha256: UnitIdentity.sha256(of: app), device: device, sources: app,
                                signals: full.signals.filter { $0.source == SampleAnalyses.lostApp })
        try store.commit(first) { snapshot in
            #expect(snapshot.sources.map(\.path) == [SampleAnalyses.lostSystem])
            return DeviceCorrelation()
        }
        try store.commit(second) { snapshot in
            #expect(snapshot.sources.map(\.path) == [SampleAnalyses.lostApp, SampleAnalyses.lostSystem])
            #expect(snapshot.signals == full.signals.sorted(by: Signal.evidenceOrder))
            return StoreTestSupport.correlation(for: device, of: analysis)
        }
        #expect(try store.loadAnalysis().incidents == analysis.incidents)
    }

    @Test func aFailureInsideTheCommitLeavesNothingOfTheUnit() throws {
        struct Boom: Error {}
        let analysis = StoreTestSupport.combined
        let store = try TimelineStore(path: StoreTestSupport.temporaryDatabase())
        try store.commit(StoreTestSupport.unit(for: SampleAnalyses.lostDevice, of: analysis)) { _ in
            StoreTestSupport.correlation(for: SampleAnalyses.lostDevice, of: analysis)
        }
        let before = try store.loadAnalysis()
        let unit = StoreTestSupport.unit(for: SampleAnalyses.recoveredDevice, of: analysis)
        #expect(throws: Boom.self) {
            try store.commit(unit) { snapshot in
                // Sources and signals of the unit are written by now; the throw must undo them.
                #expect(!snapshot.sources.isEmpty)
                throw Boom()
            }
        }
        let after = try store.loadAnalysis()
        #expect(after.inputs == before.inputs)
        #expect(after.signals == before.signals)
        #expect(after.incidents == before.incidents)
        #expect(try store.unit(sha256: unit.sha256) == nil)
        #expect(try store.integrityCheck() == "ok")
    }

    @Test func aFullDiskMidCommitLeavesNothingAndNamesTheDatabase() throws {
        let path = StoreTestSupport.temporaryDatabase()
        let store = try TimelineStore(path: path)
        let pages = try store.db.query("PRAGMA page_count")
        guard case .integer(let count)? = pages.first?.first else { Issue.record("no page count"); return }
        // The database may grow by two pages only: the unit's rows do not fit.
        _ = try store.db.query("PRAGMA max_page_count = \(count + 2)")
        var big = SampleAnalyses.lostPurge
        big.signals = (0..<2000).map { k in
            var s = big.signals[0]
            s.line = 10_000 + k
            s.text = String(repeating: "x", count: 400)
            return s
        }
        let unit = StoreTestSupport.unit(for: SampleAnalyses.lostDevice, of: big)
        do {
            try store.commit(unit) { _ in DeviceCorrelation() }
            Issue.record("expected a full-database error")
        } catch let error as ToolError {
            #expect(error.message.hasPrefix("database \(path): disk or database full:"))
            #expect(!error.message.contains("\n"))
        }
        #expect(try store.allUnits().isEmpty)
        #expect(try store.loadAnalysis().signals.isEmpty)
    }

    @Test func aUnitThatCouldNotBeReadIsRecordedAndLaterReplaced() throws {
        let store = try TimelineStore(path: StoreTestSupport.temporaryDatabase())
        let failed = UnitCommit(path: "inbox/broken.zip", sha256: "unit-identity-of-broken-zip", device: "inbox/broken.zip",
                                error: "truncated zip archive")
        #expect(try store.commit(failed) { _ in Issue.record("no recompute for a failed unit"); return DeviceCorrelation() }.status == .committed)
        #expect(try store.unit(sha256: failed.sha256)?.status == "error")
        #expect(try !store.isUnitDone(sha256: failed.sha256))
        #expect(try store.loadAnalysis().warnings == ["inbox/broken.zip: truncated zip archive"])
        var fixed = failed
        fixed.error = nil
        #expect(try store.commit(fixed) { _ in DeviceCorrelation() }.status == .committed)
        #expect(try store.isUnitDone(sha256: failed.sha256))
        #expect(try store.allUnits().count == 1)
    }

    @Test func readOnlyOpenReportsAndRefusesToWrite() throws {
        let path = StoreTestSupport.temporaryDatabase()
        do {
            let store = try TimelineStore(path: path)
            try StoreTestSupport.commitAll(SampleAnalyses.lostPurge, into: store)
        }
        let reader = try TimelineStore(path: path, access: .readOnly)
        #expect(try reader.loadAnalysis().incidents == SampleAnalyses.lostPurge.incidents)
        do {
            try reader.commit(UnitCommit(path: "x", sha256: "x", device: "x")) { _ in DeviceCorrelation() }
            Issue.record("expected a read-only error")
        } catch let error as ToolError {
            #expect(error.message == "database \(path) is read-only: opened for reading")
        }
    }

    @Test func aReadOnlyFileOnReadOnlyMediaIsReadAsImmutable() throws {
        // Copy a WAL database without its -shm file into a folder, then open it with a
        // URI that makes SQLite treat it as immutable, as the fallback does.
        let path = StoreTestSupport.temporaryDatabase()
        do {
            let store = try TimelineStore(path: path)
            try StoreTestSupport.commitAll(SampleAnalyses.recoveredPurge, into: store)
        }
        let copy = TestPaths.temporaryDirectory("ro").appendingPathComponent("copy #1?.db").path
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        let db = try Database(path: TimelineStore.immutableURI(copy), mode: .readOnly)
        #expect(try db.query("SELECT count(*) FROM incidents") == [[.integer(1)]])
        #expect(try TimelineStore(path: copy, access: .readOnly).loadAnalysis().incidents.count == 1)
    }

    @Test func missingEmptyAndForeignFilesGetOneLineErrors() throws {
        let dir = TestPaths.temporaryDirectory("bad")
        let missing = dir.appendingPathComponent("missing.db").path
        #expect(throws: ToolError("database not found: \(missing)")) { try TimelineStore(path: missing, access: .readOnly) }

        let empty = dir.appendingPathComponent("empty.db").path
        _ = FileManager.default.createFile(atPath: empty, contents: Data())
        #expect(throws: ToolError("database \(empty) is empty: not a purgetrace timeline (run ingest first)")) {
            try TimelineStore(path: empty, access: .readOnly)
        }

        let foreign = dir.appendingPathComponent("foreign.db").path
        try Database(path: foreign).execute("CREATE TABLE people (name TEXT)")
        #expect(throws: ToolError("database \(foreign) is not a purgetrace timeline (it has other tables and no schema version)")) {
            try TimelineStore(path: foreign)
        }
    }

    @Test func aCorruptFileNamesThePathAndSQLitesMessage() throws {
        let path = TestPaths.temporaryDirectory("corrupt").appendingPathComponent("junk.db").path
        try Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }).write(to: URL(fileURLWithPath: path))
        for access in [TimelineStore.Access.readOnly, .readWrite] {
            do {
                _ = try TimelineStore(path: path, access: access)
                Issue.record("expected an error for \(access)")
            } catch {
                #expect(error.message == "database \(path) is corrupt or not a database: file is not a database")
            }
        }
    }

    @Test func aDatabaseFromANewerPurgetraceIsRefused() throws {
        let path = StoreTestSupport.temporaryDatabase()
        _ = try TimelineStore(path: path)
        try Database(path: path).execute("PRAGMA user_version = 99")
        #expect(throws: ToolError("database \(path) has schema version 99, newer than this purgetrace understands (\(TimelineSchema.version)); use a newer purgetrace")) {
            try TimelineStore(path: path, access: .readOnly)
        }
        #expect(throws: ToolError.self) { try TimelineStore(path: path) }
    }

    @Test func aLockedDatabaseFailsAfterTheTimeoutNamingThePath() throws {
        let path = StoreTestSupport.temporaryDatabase()
        _ = try TimelineStore(path: path)
        let holder = try Database(path: path)
        try holder.execute("BEGIN IMMEDIATE")
        defer { try? holder.execute("ROLLBACK") }
        let store = try TimelineStore(path: path, busyTimeoutMilliseconds: 200)
        let started = Date()
        do {
            try store.commit(StoreTestSupport.unit(for: SampleAnalyses.possibleDevice, of: SampleAnalyses.possibleIncident)) { _ in
                DeviceCorrelation()
            }
            Issue.record("expected a locked error")
        } catch let error as ToolError {
            #expect(error.message == "database \(path) is locked by another process (waited 0.2s): database is locked")
        }
        #expect(Date().timeIntervalSince(started) >= 0.18)
    }

    @Test func unitContentsCommitIntoAnotherDatabaseAsWholeUnits() throws {
        // What `merge` will do: copy units from shard databases, recomputing incidents.
        let analysis = StoreTestSupport.combined
        let shard = try TimelineStore(path: StoreTestSupport.temporaryDatabase("shard"))
        try StoreTestSupport.commitAll(analysis, into: shard)
        let merged = try TimelineStore(path: StoreTestSupport.temporaryDatabase("merged"))
        for unit in try shard.allUnits() {
            let contents = try #require(try shard.unitContents(id: unit.id))
            try merged.commit(contents) { snapshot in StoreTestSupport.correlation(for: snapshot.device, of: analysis) }
        }
        let a = try shard.loadAnalysis(), b = try merged.loadAnalysis()
        #expect(a.inputs == b.inputs)
        #expect(a.signals == b.signals)
        #expect(a.incidents == b.incidents)
    }

    @Test func unitIdentityIgnoresMemberOrder() {
        let a = UnitIdentity.sha256(members: [(path: "b.log", sha256: "2"), (path: "a.log", sha256: "1")])
        let b = UnitIdentity.sha256(members: [(path: "a.log", sha256: "1"), (path: "b.log", sha256: "2")])
        #expect(a == b)
        #expect(a != UnitIdentity.sha256(members: [(path: "a.log", sha256: "2"), (path: "b.log", sha256: "1")]))
        #expect(a.count == 64)
    }
}
