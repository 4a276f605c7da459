import Foundation
import Testing
import SQLiteKit
@testable import PurgeTrace

@Suite struct ScanRunnerTests {
    @Test func everyContainerTypeIsOneUnitWithItsKnownIncidents() throws {
        let inbox = try ScanCorpus.make()
        let db = ScanTestSupport.database("kinds")
        let tally = try ScanTestSupport.scan([inbox.path], db: db, jobs: 2)
        #expect(tally.units == ScanCorpus.expected.count)
        #expect(tally.failed == 1)
        #expect(tally.committed == ScanCorpus.expected.count - 1)
        let archives = try ScanTestSupport.archives(db: db)
        #expect(archives.map(\.path) == ScanCorpus.expected.keys.sorted().map { inbox.path + "/" + $0 })
        for archive in archives {
            let name = String(archive.path.dropFirst(inbox.path.count + 1))
            let expected = try #require(ScanCorpus.expected[name])
            if let kinds = expected {
                #expect(archive.isOK, "\(name): \(archive.error ?? "")")
                #expect(archive.incidents.map(\.kind).sorted() == kinds, "\(name)")
                #expect(archive.incidents.allSatisfy { $0.group.device == archive.path })
            } else {
                #expect(!archive.isOK, "\(name) must fail")
                #expect(archive.error?.contains("zip") == true, "\(archive.error ?? "")")
                #expect(archive.inputs.isEmpty && archive.incidents.isEmpty)
            }
        }
        // The tar.gz's members are named inside the unit.
        let bundle = try #require(archives.first { $0.path.hasSuffix("case-c.tar.gz") })
        #expect(bundle.inputs.map(\.path) == ["case-c.tar.gz!/case-c/logs/system.log", "case-c.tar.gz!/case-c/logs/xcode.log"]
            .map { inbox.path + "/" + $0 })
        let nested = try #require(archives.first { $0.path.hasSuffix("case-f.zip") })
        #expect(nested.inputs.map(\.path) == [inbox.path + "/case-f.zip!/case-f.tar.gz!/case-f/logout.log"])
    }

    @Test func theDatabaseAndTheReportDoNotDependOnTheWorkerCount() throws {
        let inbox = try ScanCorpus.make()
        let one = ScanTestSupport.database("jobs1")
        let three = ScanTestSupport.database("jobs3")
        try ScanTestSupport.scan([inbox.path], db: one, jobs: 1)
        try ScanTestSupport.scan([inbox.path], db: three, jobs: 3)
        #expect(try ScanTestSupport.dump(db: one) == ScanTestSupport.dump(db: three))
        #expect(try ScanTestSupport.json(db: one) == ScanTestSupport.json(db: three))
    }

    @Test func badUnitsAreRecordedWithTheirReasonAndTheOthersSucceed() throws {
        let inbox = try ScanCorpus.make()
        // Needs --year: idevicesyslog lines without one.
        try FileManager.default.copyItem(atPath: TestPaths.fixture("formats/idevicesyslog-legacy.log"),
                                         toPath: inbox.appendingPathComponent("needs-year.log").path)
        // Over the decompression limit given below.
        try FileManager.default.copyItem(atPath: TestPaths.fixture("input/bomb.log.gz"),
                                         toPath: inbox.appendingPathComponent("zz-bomb.log.gz").path)
        // An empty folder: nothing to analyse.
        try FileManager.default.createDirectory(at: inbox.appendingPathComponent("empty-case"), withIntermediateDirectories: true)
        var limits = ContainerLimits()
        limits.maxTotalBytes = 1 << 20
        let db = ScanTestSupport.database("bad")
        let tally = try ScanTestSupport.scan([inbox.path], db: db, jobs: 2, limits: limits)
        #expect(tally.failed == 4)
        let failed = try ScanTestSupport.archives(db: db).filter { !$0.isOK }
        let reasons = Dictionary(uniqueKeysWithValues: failed.map { (String($0.path.dropFirst(inbox.path.count + 1)), $0.error ?? "") })
        #expect(reasons.keys.sorted() == ["corrupt.zip", "empty-case", "needs-year.log", "zz-bomb.log.gz"])
        #expect(reasons["needs-year.log"] == "the log has no year; pass --year YYYY")
        #expect(reasons["zz-bomb.log.gz"]?.hasPrefix("decompression limit: stopped after") == true, "\(reasons["zz-bomb.log.gz"] ?? "")")
        #expect(reasons["empty-case"] == "nothing readable: no log records in it")
        #expect(reasons["corrupt.zip"]?.hasPrefix("nothing readable: ") == true)
        #expect(try ScanTestSupport.count("units", db: db, where: "status = 'ok'") == ScanCorpus.expected.count - 1)
        // The report of the database names the failed units as warnings.
        let analysis = try TimelineStore(path: db, access: .readOnly).loadAnalysis()
        #expect(analysis.warnings.contains(inbox.path + "/needs-year.log: the log has no year; pass --year YYYY"))

        // Fixed on the next run (--year given, a larger limit): the error rows are replaced.
        let again = try ScanTestSupport.scan([inbox.path], db: db, jobs: 2, year: 2016)
        #expect(again.skipped == ScanCorpus.expected.count - 1)
        #expect(again.read == 4)
        #expect(again.committed == 2)
        let still = try ScanTestSupport.archives(db: db).filter { !$0.isOK }.map { String($0.path.dropFirst(inbox.path.count + 1)) }
        #expect(still == ["corrupt.zip", "empty-case"])
    }

    @Test func aRescanSkipsDoneUnitsByTheirCachedIdentityWithoutReadingThem() throws {
        let inbox = try ScanCorpus.make()
        let db = ScanTestSupport.database("cache")
        try ScanTestSupport.scan([inbox.path], db: db, jobs: 2)
        let before = try ScanTestSupport.json(db: db)
        // Same size and mtime, other bytes: a skipped unit is never opened, so nothing changes.
        let log = inbox.appendingPathComponent("case-a.log").path
        let fingerprint = try #require(ScanFingerprint.of(path: log))
        try Data(repeating: 0x00, count: Int(fingerprint.size)).write(to: URL(fileURLWithPath: log))
        try ScanTestSupport.setModified(log, nanoseconds: fingerprint.modified)
        #expect(ScanFingerprint.of(path: log) == fingerprint)
        let again = try ScanTestSupport.scan([inbox.path], db: db, jobs: 2)
        #expect(again.skipped == ScanCorpus.expected.count - 1)
        #expect(again.read == 1)  // the corrupt unit is tried again
        #expect(try ScanTestSupport.json(db: db) == before)
    }

    @Test func aTouchedUnitIsReadAgainAndFoundPresentByItsIdentity() throws {
        let inbox = try ScanCorpus.make()
        let db = ScanTestSupport.database("touched")
        try ScanTestSupport.scan([inbox.path], db: db)
        let before = try ScanTestSupport.dump(db: db)
        let folder = inbox.appendingPathComponent("case-e")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_900_000_000)],
                                              ofItemAtPath: folder.appendingPathComponent("orphaned.log").path)
        let again = try ScanTestSupport.scan([inbox.path], db: db)
        #expect(again.read == 2)
        #expect(again.alreadyPresent == 1)
        #expect(again.committed == 0)
        // Only the cache learned the new mtime.
        #expect(try ScanTestSupport.dump(db: db).split(separator: "\n").filter { !$0.contains("case-e") }
            == before.split(separator: "\n").filter { !$0.contains("case-e") })
        let third = try ScanTestSupport.scan([inbox.path], db: db)
        #expect(third.read == 1)
    }

    /// A bundle that changed (an upload that was still running at the last scan, a case
    /// sent again) replaces what the database held for its path: the database then reports
    /// what a fresh scan of the corpus as it is now reports.
    @Test func aChangedUnitReplacesItsEarlierContent() throws {
        let inbox = try ScanCorpus.make()
        let db = ScanTestSupport.database("changed")
        // The first scan sees half of the app log of case-d: an upload in progress.
        let zip = inbox.appendingPathComponent("case-d.zip")
        let complete = try Data(contentsOf: zip)
        try complete.prefix(complete.count / 2).write(to: zip)
        try ScanTestSupport.scan([inbox.path], db: db, jobs: 2)
        try complete.write(to: zip)
        let again = try ScanTestSupport.scan([inbox.path], db: db, jobs: 2)
        #expect(again.read == 2)
        #expect(again.committed == 1)
        #expect(try ScanTestSupport.count("units", db: db, where: "path LIKE '%case-d.zip'") == 1)

        let fresh = ScanTestSupport.database("fresh")
        try ScanTestSupport.scan([inbox.path], db: fresh, jobs: 2)
        #expect(try ScanTestSupport.json(db: db) == ScanTestSupport.json(db: fresh))
        let report = { (db: String) throws -> String in
            JSONReportWriter().render(try TimelineStore(path: db, access: .readOnly).loadAnalysis(), options: ReportOptions())
        }
        #expect(try report(db) == report(fresh))
    }

    /// Replacing a unit that kept its records (ingested with --keep-records) removes them
    /// from the full-text index too.
    @Test func replacingAUnitForgetsItsKeptRecords() throws {
        let folder = TestPaths.temporaryDirectory("kept")
        let log = folder.appendingPathComponent("case.log")
        try FileManager.default.copyItem(atPath: TestPaths.sample("lost-purge-log-show.log"), toPath: log.path)
        let db = ScanTestSupport.database("kept")
        let analyzer = ScanTestSupport.analyzer(jobs: 1)
        _ = try Ingestion(analyzer: analyzer, rules: ScanTestSupport.rules, databasePath: db, keepRecords: true, redact: false)
            .run(units: try analyzer.units(paths: [log.path]))
        #expect(try ScanTestSupport.count("records", db: db) == 268)
        try Data("2026-03-14 09:30:08.119439+0900 0x1a2b3    Info        0x0                  88     0    locationd: replaced\n".utf8)
            .write(to: log)
        try ScanTestSupport.scan([log.path], db: db)
        #expect(try ScanTestSupport.count("records", db: db) == 0)
        #expect(try ScanTestSupport.count("units", db: db) == 1)
        let database = try SQLiteKit.Database(path: db)
        try database.execute("INSERT INTO records_fts (records_fts, rank) VALUES ('integrity-check', 1)")
        #expect(try database.query("SELECT count(*) FROM records_fts WHERE records_fts MATCH 'HistoryExpired'") == [[.integer(0)]])
    }

    @Test func aResumedScanReportsWhatAnUninterruptedOneReports() throws {
        let inbox = try ScanCorpus.make()
        let whole = ScanTestSupport.database("whole")
        try ScanTestSupport.scan([inbox.path], db: whole, jobs: 2)

        // The first run got every other unit (in another order than one run commits them).
        let resumed = ScanTestSupport.database("resumed")
        let units = try ScanPlanner.units(paths: [inbox.path])
        let subset = units.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        let first = try ScanRunner(analyzer: ScanTestSupport.analyzer(jobs: 2), rules: ScanTestSupport.rules, databasePath: resumed)
            .run(units: subset)
        #expect(first.read == subset.count)
        let second = try ScanTestSupport.scan([inbox.path], db: resumed, jobs: 2)
        #expect(second.skipped == subset.filter { !$0.path.hasSuffix("corrupt.zip") }.count)
        #expect(second.read == units.count - second.skipped)

        #expect(try ScanTestSupport.json(db: resumed) == ScanTestSupport.json(db: whole))
        let report = { (db: String) throws -> String in
            JSONReportWriter().render(try TimelineStore(path: db, access: .readOnly).loadAnalysis(), options: ReportOptions())
        }
        #expect(try report(resumed) == report(whole))
    }

    @Test func progressIsReportedAfterPlanningAfterEachUnitAndAtTheEnd() throws {
        let inbox = try ScanCorpus.make()
        let db = ScanTestSupport.database("progress")
        var stages: [ScanProgress] = []
        let tally = try ScanTestSupport.scan([inbox.path], db: db, jobs: 3) { stages.append($0) }
        #expect(stages.first?.stage == .planned)
        #expect(stages.last?.stage == .finished)
        #expect(stages.count == ScanCorpus.expected.count + 2)
        let units = stages.compactMap { if case .unit(let r) = $0.stage { return r } else { return nil } }
        #expect(units.map(\.path) == units.map(\.path).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(stages.map(\.tally.read) == [0] + Array(1...ScanCorpus.expected.count) + [ScanCorpus.expected.count])
        #expect(tally.bytesRead == tally.bytesToRead)
        #expect(tally.bytesRead > 0)
        #expect(tally.incidents == ScanCorpus.expected.values.compactMap { $0 }.reduce(0) { $0 + $1.count })
    }
}
