import Foundation
import SQLiteKit
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A timeline database that is locked, read-only, corrupt or on a full disk: a database
/// error is exit 2 with one line naming the file (contract §1), a lock is waited for, a
/// read-only database can still be reported from, and whatever happens the database
/// stays sound with whole units only.
@Suite(.serialized) struct DatabaseHazardTests {
    static let second = TestPaths.sample("recovered-purge-ndjson.log")

    func databaseWithTheSample(_ label: String) throws -> String {
        let db = TestPaths.temporaryDirectory(label).appendingPathComponent("timeline.db").path
        let run = try ChildRun.run(["ingest", "--quiet", "--db", db, Hazard.goodSample])
        #expect(run.status == 0, "\(run.stderr)")
        return db
    }

    /// Holds a write transaction on `db` (as another process's ingest would) while `body` runs.
    func holdingTheWriteLock<T>(_ db: String, _ body: () throws -> T) throws -> T {
        let holder = try Database(path: db, mode: .readWrite)
        try holder.execute("BEGIN IMMEDIATE")
        try holder.execute("INSERT INTO meta (key, value) VALUES ('lock-holder', 'test')")
        defer { try? holder.execute("ROLLBACK") }
        return try body()
    }

    @Test func ingestWaitsForAnotherWriterThenCommits() throws {
        let db = try databaseWithTheSample("lock-wait")
        let holder = try Database(path: db, mode: .readWrite)
        try holder.execute("BEGIN IMMEDIATE")
        nonisolated(unsafe) var result: ChildRun?
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            result = try? ChildRun.run(["ingest", "--quiet", "--db", db, Self.second], timeout: 120)
            done.signal()
        }
        Thread.sleep(forTimeInterval: 2)
        try holder.execute("ROLLBACK")
        done.wait()
        let run = try #require(result)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.seconds >= 1.5, "ingest did not wait for the lock (\(run.seconds) s)")
        #expect(StoreInvariants.problems(db) == [])
        #expect(try StoreInvariants.units(db).count == 2)
    }

    @Test func aLockHeldPastTheBusyTimeoutIsAClearError() throws {
        let db = try databaseWithTheSample("lock-timeout")
        let run = try holdingTheWriteLock(db) {
            try ChildRun.run(["ingest", "--quiet", "--db", db, Self.second],
                             environment: ["PURGETRACE_BUSY_TIMEOUT_MS": "1000"], timeout: 60)
        }
        Hazard.expectOneErrorLine(run, naming: ["database \(db) is locked by another process (waited 1s)"])
        #expect(run.seconds >= 0.9)
        #expect(StoreInvariants.problems(db) == [])
        #expect(try StoreInvariants.units(db).map(\.path) == [Hazard.goodSample], "the waiting run added nothing")
    }

    @Test func reportReadsWhileAWriterHoldsTheLock() throws {
        let db = try databaseWithTheSample("lock-read")
        let run = try holdingTheWriteLock(db) {
            try ChildRun.run(["report", "--format", "json", "--db", db], environment: ["PURGETRACE_BUSY_TIMEOUT_MS": "1000"])
        }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try ReportDigest(json: run.stdout).hasTheSamplePurge)
    }

    @Test(.enabled(if: Unprivileged.isAvailable, "needs a non-root user (setpriv as root)"))
    func aReadOnlyDatabaseRefusesIngestAndStillReports() throws {
        let db = try databaseWithTheSample("read-only")
        let expected = try ChildRun.run(["report", "--format", "json", "--db", db]).stdout
        chmod(db, 0o444)
        chmod(URL(fileURLWithPath: db).deletingLastPathComponent().path, 0o555)
        defer { chmod(URL(fileURLWithPath: db).deletingLastPathComponent().path, 0o755) }
        let ingest = try Unprivileged.run(["ingest", "--quiet", "--db", db, Self.second])
        Hazard.expectOneErrorLine(ingest, naming: ["database \(db) is read-only"])
        let report = try Unprivileged.run(["report", "--format", "json", "--db", db])
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stdout == expected)
        #expect(StoreInvariants.problems(db) == [])
    }

    @Test(arguments: ["report", "ingest", "timeline", "export"])
    func aFileThatIsNotADatabaseExitsTwoNamingIt(command: String) throws {
        let db = TestPaths.temporaryDirectory("junk-db").appendingPathComponent("junk.db").path
        try String(repeating: "not a database\n", count: 500).write(toFile: db, atomically: true, encoding: .utf8)
        let arguments: [String]
        switch command {
        case "ingest": arguments = ["ingest", "--db", db, Hazard.goodSample]
        case "timeline": arguments = ["timeline", "--db", db, "--around", "2026-03-14T01:08:00Z"]
        case "export": arguments = ["export", "--db", db, "--format", "csv"]
        default: arguments = ["report", "--db", db]
        }
        let run = try ChildRun.run(arguments)
        Hazard.expectOneErrorLine(run, naming: ["database \(db) is corrupt or not a database"])
        #expect(try String(contentsOfFile: db, encoding: .utf8).hasPrefix("not a database"), "the file was changed")
    }

    @Test func aDatabaseWithADamagedPageExitsTwoAndIsNotMadeWorse() throws {
        let db = try databaseWithTheSample("damaged")
        // Fold the WAL in, then overwrite the third page with junk.
        _ = try Database(path: db, mode: .readWrite).query("PRAGMA wal_checkpoint(TRUNCATE)")
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: db))
        try handle.seek(toOffset: 2 * 4096)
        handle.write(Data(repeating: 0xDE, count: 4096))
        try handle.close()
        let report = try ChildRun.run(["report", "--db", db])
        Hazard.expectOneErrorLine(report, naming: ["database \(db) is corrupt or not a database", "malformed"])
        let ingest = try ChildRun.run(["ingest", "--quiet", "--db", db, Self.second])
        Hazard.expectOneErrorLine(ingest, naming: ["database \(db) is corrupt or not a database"])
    }

    @Test(.enabled(if: FullDisk.isAvailable, "needs to mount a small tmpfs (root on Linux)"))
    func aFullDiskStopsIngestWithAClearErrorAndWholeUnitsOnly() throws {
        try FullDisk.withMount(size: "640k") { mount in
            let db = mount.appendingPathComponent("timeline.db").path
            let samples = try FileManager.default.contentsOfDirectory(atPath: TestPaths.samples.path)
                .filter { $0.hasSuffix(".log") }.sorted().map { TestPaths.sample($0) }
            let run = try ChildRun.run(["ingest", "--quiet", "--keep-records", "--db", db] + samples)
            Hazard.expectOneErrorLine(run, naming: ["database \(db): disk or database full"])
            #expect(StoreInvariants.problems(db) == [])
            let units = try StoreInvariants.units(db)
            #expect(units.count < samples.count, "the disk did not fill up; make the mount smaller")
            #expect(units.allSatisfy { $0.status == "ok" })
            // What is there can be reported from.
            let report = try ChildRun.run(["report", "--format", "json", "--db", db])
            #expect(report.status == 0, "\(report.stderr)")
        }
    }
}
