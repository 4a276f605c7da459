import Foundation
import Testing

/// `ingest` and `scan` killed with SIGKILL at random points (contract §3): after every
/// kill the database opens, passes `PRAGMA integrity_check` and holds whole units only,
/// never fewer than before; a final run completes the work, and the report equals a
/// clean run's byte for byte.
@Suite(.serialized) struct CrashSafetyTests {
    static let units = 12
    static let kills = 10

    /// Twelve distinct units: the samples, each with a line of its own appended, in one
    /// folder (every entry is a unit).
    static func corpus() throws -> URL {
        let inbox = TestPaths.temporaryDirectory("crash").appendingPathComponent("inbox")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        let samples = try FileManager.default.contentsOfDirectory(atPath: TestPaths.samples.path)
            .filter { $0.hasSuffix(".log") }.sorted()
        for i in 0..<units {
            let name = samples[i % samples.count]
            var bytes = try Data(contentsOf: URL(fileURLWithPath: TestPaths.sample(name)))
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

        // Kill a second run again and again, at seeded random points of a clean run's duration.
        let db = work.appendingPathComponent("killed.db").path
        var generator = SeededGenerator(seed: verb == "scan" ? 2 : 1)
        var previous = 0
        var killedMidway = 0
        for k in 0..<Self.kills {
            let delay = Double.random(in: 0.02...max(0.05, clean.seconds * 0.9), using: &generator)
            let run = try ChildRun.run(command(verb, db: db, inbox: inbox), timeout: 600, killAfter: delay)
            guard FileManager.default.fileExists(atPath: db) else { continue }  // killed before it created the file
            #expect(run.signal == 9 || run.status == 0, "kill \(k): \(String(describing: run.status)) \(run.stderr)")
            let problems = StoreInvariants.problems(db)
            #expect(problems == [], "after kill \(k) at \(delay) s: \(problems)")
            let units = try StoreInvariants.units(db)
            #expect(units.count >= previous, "kill \(k) lost units: \(previous) → \(units.count)")
            #expect(units.allSatisfy { $0.status == "ok" })
            if run.signal == 9, units.count > previous { killedMidway += 1 }
            previous = units.count
        }
        #expect(killedMidway > 0, "no kill landed while units were being committed; the corpus is too small")

        // The rerun does the rest; the result is what the clean run gave.
        let final = try ChildRun.run(command(verb, db: db, inbox: inbox), timeout: 600)
        #expect(final.status == 0, "\(final.stderr)")
        #expect(try StoreInvariants.units(db).count == Self.units)
        #expect(StoreInvariants.problems(db) == [])
        let report = try ChildRun.run(["report", "--format", "json", "--db", db]).stdout
        #expect(report == expected)
    }
}
