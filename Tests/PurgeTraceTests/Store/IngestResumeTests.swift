import Foundation
import Testing

/// `ingest` finds units it already committed by size and modification time (`unit_cache`)
/// and does not read them again, so resuming a killed ingest costs only what is left.
@Suite struct IngestResumeTests {
    static func shell(_ command: String) throws {
        let run = try ChildRun.run(["-c", command], executable: "/bin/sh")
        #expect(run.status == 0, "\(command): \(run.stderr)")
    }

    @Test func anUnchangedUnitIsNotReadAgainAndAChangedOneIs() throws {
        let dir = TestPaths.temporaryDirectory("ingest-resume")
        let inbox = dir.appendingPathComponent("inbox")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        let a = inbox.appendingPathComponent("a.log").path, b = inbox.appendingPathComponent("b.log").path
        try FileManager.default.copyItem(atPath: TestPaths.sample("lost-purge-log-show.log"), toPath: a)
        try FileManager.default.copyItem(atPath: TestPaths.sample("recovered-purge-ndjson.log"), toPath: b)
        let db = dir.appendingPathComponent("t.db").path

        let first = try ChildRun.run(["ingest", "--db", db, inbox.path])
        #expect(first.status == 0 && first.stdout.hasPrefix("ingested 2 units"), "\(first.stdout) \(first.stderr)")
        let report = try ChildRun.run(["report", "--format", "json", "--db", db]).stdout

        // The same size and time with other bytes: only a read would notice, and none happens.
        try Self.shell("cp -p '\(a)' '\(dir.path)/ref' && sed -i 's/HistoryExpired/HistoryExpirex/' '\(a)' && touch -r '\(dir.path)/ref' '\(a)'")
        let second = try ChildRun.run(["ingest", "--db", db, inbox.path])
        #expect(second.status == 0)
        #expect(second.stdout == "ingested 0 units into \(db); 2 already present\n", "\(second.stdout)")
        #expect(second.stderr.contains("a.log: already in the database"))
        #expect(try ChildRun.run(["report", "--format", "json", "--db", db]).stdout == report)

        // A new modification time: read, found different, committed.
        try Self.shell("touch -d '2030-01-01 00:00:00' '\(a)'")
        let third = try ChildRun.run(["ingest", "--db", db, inbox.path])
        #expect(third.stdout == "ingested 1 unit into \(db); 1 already present\n", "\(third.stdout)")
    }
}
