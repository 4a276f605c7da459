import Foundation
import Testing

/// `ingest` and `scan` killed with SIGKILL at random points (contract §3): after every
/// kill the database opens, passes `PRAGMA integrity_check` and holds whole units only,
/// never fewer than before; a final run completes the work, and the report equals a
/// clean run's byte for byte.
@Suite(.serialized) struct CrashSafetyTests {
    static let units = 24
    static let kills = 10
    /// Copies of a sample in one unit: enough work per unit that kills land between and
    /// during commits, not only before the first or after the last.
    static let copies = 6

    /// Distinct units: the samples, each repeated and with a line of its own appended, in
    /// one folder (every entry is a unit).
    static func corpus() throws -> URL {
        let inbox = TestPaths.temporaryDirectory("crash").appendingPathComponent("inbox")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        let samples = try FileManager.default.contentsOfDirectory(atPath: TestPaths.samples.path)
            .filter { $0.hasSuffix(".log") }.sorted()
        for i in 0..<units {
            let name = samples[i % samples.count]
            let one = try Data(contentsOf: URL(fileURLWithPath: TestPaths.sample(name)))
            var bytes = Data()
            for _ in 0..<copies { bytes.append(one) }
            bytes.append(Data("\nunit \(i) of the crash corpus\n".utf8))
            try bytes.write(to: inbox.appendingPathComponent("unit-\(i < 10 ? "0" : "")\(i)-\(name)"))
        }
        return inbox
    }

    func command(_ verb: String, db: String, inbox: URL) -> [String] {
        verb == "scan"
            ? ["scan", "--quiet", "--jobs", "2", "--db", db, inbox.path]
            : ["ingest", "--quiet", "--keep-records", "--jobs", "2", "--db", db, inbox.path]
    }

    @Test(arguments: ["ingest", "scan"])
    func killedAtRandomPointsTheDatabaseStaysWholeAndARerunCompletesIt(verb: String) throws {
        let inbox = try Self.corpus()
        let work = inbox.deletingLastPathComponent()

        // The reference: one uninterrupted run.
        let cleanDB = work.appendingPathComponent("clean.db").path
        let clean = try ChildRun.run(command(verb, db: cleanDB, inbox: inbox), timeout: 600)
        #expect(clean.status == 0, "\(clean.stderr)")
        let expected = try ChildRun.run(["report", "--format", "json", "--db", cleanDB]).stdout
        #expect(try ReportDigest(json: expected).incidents.count >= Self.units / 2)

        // A second database is built by runs killed again and again at seeded random points.
        let db = work.appendingPathComponent("killed.db").path
        var generator = SeededGenerator(seed: verb == "scan" ? 2 : 1)
        // A run over a complete database adds nothing (and shows how long reading and
        // skipping everything takes).
        let again = try ChildRun.run(command(verb, db: cleanDB, inbox: inbox), timeout: 600)
        #expect(again.status == 0)
        #expect(try ChildRun.run(["report", "--format", "json", "--db", cleanDB]).stdout == expected)

        // Each run first reads and skips the units already there, then commits a few
        // before it dies. The kill comes at a random point after `floor`, which moves up
        // whenever a run died before getting past the units already committed. A run that
        // finishes before its kill must give the clean report; the next one starts over.
        let perUnit = max(0.01, clean.seconds - again.seconds) / Double(Self.units)
        var floor = again.seconds * 0.5
        var previous = 0
        var killed = 0
        var killedMidway = 0
        for attempt in 0..<(Self.kills * 3) where killed < Self.kills {
            let delay = floor + Double.random(in: 0...(perUnit * 4), using: &generator)
            let run = try ChildRun.run(command(verb, db: db, inbox: inbox), timeout: 600, killAfter: delay)
            // Killed before it created the file, or between creating it and committing the
            // schema (one transaction): nothing to check yet, as before the run.
            guard FileManager.default.fileExists(atPath: db), StoreInvariants.hasSchema(db) else {
                floor = delay * 1.25  // too early to test anything: kill later next time
                continue
            }
            #expect(run.signal == 9 || run.status == 0, "attempt \(attempt): \(String(describing: run.status)) \(run.stderr)")
            let problems = StoreInvariants.problems(db)
            #expect(problems == [], "after attempt \(attempt), killed at \(delay) s: \(problems)")
            let units = try StoreInvariants.units(db)
            #expect(units.count >= previous, "attempt \(attempt) lost units: \(previous) → \(units.count)")
            #expect(units.allSatisfy { $0.status == "ok" })
            print("crash safety: \(verb) attempt \(attempt) after \(Int(delay * 1000)) ms: \(run.signal == 9 ? "killed" : "finished"), \(units.count) units")
            if run.signal == 9 {
                killed += 1
                if units.count > previous { killedMidway += 1 } else { floor = delay * 1.25 }
                previous = units.count
            } else {
                #expect(units.count == Self.units)
                #expect(try ChildRun.run(["report", "--format", "json", "--db", db]).stdout == expected)
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: db + suffix) }
                previous = 0
                floor = again.seconds * 0.5
            }
        }
        #expect(killed == Self.kills)
        #expect(killedMidway >= 3, "only \(killedMidway) kills landed between commits; the corpus is too small")

        // The rerun does the rest; the result is what the clean run gave.
        let final = try ChildRun.run(command(verb, db: db, inbox: inbox), timeout: 600)
        #expect(final.status == 0, "\(final.stderr)")
        #expect(try StoreInvariants.units(db).count == Self.units)
        #expect(StoreInvariants.problems(db) == [])
        let report = try ChildRun.run(["report", "--format", "json", "--db", db]).stdout
        #expect(report == expected)
    }
}
