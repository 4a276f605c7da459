import Foundation
import Testing
import SQLiteKit
@testable import PurgeTrace

@Suite struct ScanMergeTests {
    static func merger(_ out: String, _ inputs: [String]) -> ScanMerger {
        ScanMerger(outputPath: out, inputPaths: inputs) { () throws(ToolError) in ScanTestSupport.analyzer(jobs: 1) }
    }

    /// `report --db` of the merged shards, byte for byte, is the report of one scan.
    @Test func threeShardsMergedEqualOneScan() throws {
        let inbox = try ScanCorpus.make()
        let single = ScanTestSupport.database("single")
        try ScanTestSupport.scan([inbox.path], db: single, jobs: 2)
        var shards: [String] = []
        var units: [String] = []
        for k in 1...3 {
            let db = ScanTestSupport.database("shard\(k)")
            let tally = try ScanTestSupport.scan([inbox.path], db: db, jobs: 2, shard: ScanShard(index: k, count: 3))
            units += try ScanTestSupport.archives(db: db).map(\.path)
            #expect(tally.units > 0)
            shards.append(db)
        }
        #expect(units.sorted() == ScanCorpus.expected.keys.sorted().map { inbox.path + "/" + $0 })
        let merged = ScanTestSupport.database("merged")
        let outcome = try Self.merger(merged, shards.reversed()).run()
        #expect(outcome.merged == ScanCorpus.expected.count)
        #expect(outcome.failedUnits == 1)
        #expect(outcome.recomputedDevices == 0)
        #expect(outcome.warnings.isEmpty)

        for format in ["json", "text", "markdown"] {
            let one = try BinaryRun.run(["report", "--db", single, "--format", format])
            let all = try BinaryRun.run(["report", "--db", merged, "--format", format])
            #expect(one.status == 0 && all.status == 0, "\(one.stderr) \(all.stderr)")
            #expect(!one.stdout.isEmpty)
            #expect(all.stdout == one.stdout, "report --format \(format)")
        }
        #expect(try ScanTestSupport.json(db: merged) == ScanTestSupport.json(db: single))
        // Everything but the identity cache (machine-local) is the same, row for row.
        let withoutCache = { (db: String) throws -> String in
            let dump = try ScanTestSupport.dump(db: db)
            let start = try #require(dump.range(of: "## unit_cache\n"))
            let end = try #require(dump.range(of: "## units\n"))
            return String(dump[..<start.lowerBound] + dump[end.lowerBound...])
        }
        #expect(try withoutCache(merged) == withoutCache(single))
    }

    @Test func mergingAgainAddsNothing() throws {
        let inbox = try ScanCorpus.make()
        let a = ScanTestSupport.database("a"), b = ScanTestSupport.database("b")
        try ScanTestSupport.scan([inbox.path], db: a, shard: ScanShard(index: 1, count: 2))
        try ScanTestSupport.scan([inbox.path], db: b, shard: ScanShard(index: 2, count: 2))
        let out = ScanTestSupport.database("out")
        try Self.merger(out, [a, b]).run()
        let before = try ScanTestSupport.dump(db: out)
        let again = try Self.merger(out, [a, b]).run()
        #expect(again.merged == 1)  // the failed unit is recorded again (its row replaced, same content)
        #expect(again.skipped == ScanCorpus.expected.count - 1)
        // Only the failed unit's row id moved.
        let stripIDs = { (dump: String) in dump.split(separator: "\n").filter { !$0.contains("corrupt.zip") } }
        #expect(stripIDs(try ScanTestSupport.dump(db: out)) == stripIDs(before))
    }

    /// A device found in two inputs (the same case scanned on two machines, with other
    /// content) is recomputed from all its evidence, as one database ingesting both would.
    @Test func aDeviceInTwoInputsIsRecomputedFromAllItsEvidence() throws {
        let inbox = try ScanCorpus.make()
        let log = inbox.appendingPathComponent("case-a.log")
        let first = ScanTestSupport.database("v1"), second = ScanTestSupport.database("v2"), both = ScanTestSupport.database("both")
        let analyzer = ScanTestSupport.analyzer(jobs: 1)
        let ingest = Ingestion(analyzer: analyzer, rules: ScanTestSupport.rules, databasePath: both, keepRecords: false, redact: false)
        try ScanTestSupport.scan([log.path], db: first)
        _ = try ingest.run(units: try analyzer.units(paths: [log.path]))
        // The same device sends its log again, with more lines.
        let more = try String(contentsOfFile: TestPaths.sample("kind-app-deletion.log"), encoding: .utf8)
        let handle = try FileHandle(forWritingTo: log)
        handle.seekToEndOfFile()
        handle.write(Data(more.utf8))
        try handle.close()
        try ScanTestSupport.scan([log.path], db: second)
        _ = try ingest.run(units: try analyzer.units(paths: [log.path]))
        #expect(try ScanTestSupport.count("units", db: both) == 2)

        let merged = ScanTestSupport.database("mergedboth")
        let outcome = try Self.merger(merged, [first, second]).run()
        #expect(outcome.recomputedDevices == 1)
        #expect(try ScanTestSupport.count("units", db: merged) == 2)
        let report = { (db: String) throws -> String in
            JSONReportWriter().render(try TimelineStore(path: db, access: .readOnly).loadAnalysis(), options: ReportOptions())
        }
        #expect(try report(merged) == report(both))
        #expect(try ScanTestSupport.json(db: merged) == ScanTestSupport.json(db: both))
    }

    @Test func inputsAreOpenedReadOnly() throws {
        let inbox = try ScanCorpus.make()
        let input = ScanTestSupport.database("readonly")
        try ScanTestSupport.scan([inbox.path], db: input)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: input))
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: input)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: input) }
        let out = ScanTestSupport.database("fromreadonly")
        let outcome = try Self.merger(out, [input]).run()
        #expect(outcome.merged == ScanCorpus.expected.count)
        #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == bytes)
    }

    @Test func keptRecordsComeAlong() throws {
        let input = ScanTestSupport.database("records")
        let analysis = ScanTestSupport.analyzer(jobs: 1)
        _ = try Ingestion(analyzer: analysis, rules: ScanTestSupport.rules, databasePath: input, keepRecords: true, redact: false)
            .run(units: try analysis.units(paths: [TestPaths.sample("lost-purge-log-show.log")]))
        let out = ScanTestSupport.database("recordsout")
        try Self.merger(out, [input]).run()
        let records = { (db: String) throws -> [StoredRecord] in
            var all: [StoredRecord] = []
            try TimelineStore(path: db, access: .readOnly).forEachRecord { all.append($0) }
            return all
        }
        #expect(try records(input).count == 268)
        #expect(try records(out) == records(input))
        #expect(try ScanTestSupport.count("records_fts", db: out, where: "records_fts MATCH 'HistoryExpired'") > 0)
    }

    @Test func mistakesNameTheDatabase() throws {
        let out = ScanTestSupport.database("mistakes")
        let missing = out + ".missing"
        #expect(throws: ToolError("database not found: \(missing)")) { try Self.merger(out, [missing]).run() }
        #expect(throws: ToolError("database \(out) is the output of the merge; name it only once, as OUT.db")) {
            try Self.merger(out, [out]).run()
        }
        let junk = TestPaths.temporaryDirectory("junk").appendingPathComponent("junk.db").path
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: junk))
        let error = try #require(throws: ToolError.self) { try Self.merger(out, [junk]).run() }
        #expect(error.message.hasPrefix("database \(junk) "))

        let redacted = ScanTestSupport.database("redacted")
        let analyzer = ScanTestSupport.analyzer(jobs: 1)
        _ = try Ingestion(analyzer: analyzer, rules: ScanTestSupport.rules, databasePath: redacted, keepRecords: false, redact: true)
            .run(units: try analyzer.units(paths: [TestPaths.sample("lost-purge-log-show.log")]))
        let refused = try #require(throws: ToolError.self) { try Self.merger(out, [redacted]).run() }
        #expect(refused.message.hasPrefix("database \(redacted) was written with --redact"))
    }
}
