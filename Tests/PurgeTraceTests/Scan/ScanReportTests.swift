import Foundation
import Testing
@testable import PurgeTrace

@Suite struct ScanReportTests {
    /// The JSON is written one archive at a time; the text must be exactly the canonical
    /// rendering of the whole document.
    @Test func streamedJSONIsTheCanonicalRenderingOfTheWholeDocument() throws {
        let inbox = try ScanCorpus.make()
        let db = ScanTestSupport.database("stream")
        try ScanTestSupport.scan([inbox.path], db: db, jobs: 2)
        let store = try TimelineStore(path: db, access: .readOnly)
        let whole = ScanJSONWriter().document(archives: try ScanTestSupport.archives(db: db), rules: try store.rulesInfo()).rendered()
        #expect(try ScanTestSupport.json(db: db) == whole)
        let parsed = try JSONValue(parsing: whole)
        #expect(parsed["schema"]?.stringValue == "purgetrace.scan/1")
        let summary = try #require(parsed["summary"])
        #expect(summary["archives"]?.int64Value == Int64(ScanCorpus.expected.count))
        #expect(summary["error"]?.int64Value == 1)
        #expect(summary["incidents"]?.int64Value == 8)
        guard case .object(let members)? = Optional(parsed) else { return }
        #expect(members.map(\.key) == ["schema", "archives", "summary", "tool", "rules"])
    }

    @Test func anEmptyDatabaseIsAnEmptyListOfArchives() throws {
        let empty = TestPaths.temporaryDirectory("emptyscan")
        let db = ScanTestSupport.database("empty")
        try ScanTestSupport.scan([empty.path], db: db)
        let json = try ScanTestSupport.json(db: db)
        #expect(json == ScanJSONWriter().document(archives: [], rules: try TimelineStore(path: db, access: .readOnly).rulesInfo()).rendered())
        #expect(json.contains("\"archives\": [],"))
        #expect(try JSONValue(parsing: json)["rules"]?["loaded"]?.int64Value == Int64(ScanTestSupport.rules.count))
    }

    /// Archives carry the report's own input and incident objects (contract §2: "the same
    /// incident objects").
    @Test func archivesCarryTheReportsInputAndIncidentObjects() throws {
        let inbox = try ScanCorpus.make()
        let db = ScanTestSupport.database("objects")
        try ScanTestSupport.scan([inbox.path], db: db, jobs: 2)
        let scan = try JSONValue(parsing: try ScanTestSupport.json(db: db))
        let report = try JSONValue(parsing: JSONReportWriter().render(try TimelineStore(path: db, access: .readOnly).loadAnalysis(),
                                                                      options: ReportOptions()))
        let archives = try #require(scan["archives"]?.arrayValue)
        let scanIncidents = archives.flatMap { $0["incidents"]?.arrayValue ?? [] }
        let scanInputs = archives.flatMap { $0["inputs"]?.arrayValue ?? [] }
        let reportIncidents = try #require(report["incidents"]?.arrayValue)
        #expect(scanIncidents.count == reportIncidents.count)
        for incident in reportIncidents { #expect(scanIncidents.contains(incident)) }
        #expect(scanInputs == report["inputs"]?.arrayValue)
        for archive in archives {
            let keys = archive.objectMembers?.map(\.key)
            #expect(keys == ["path", "status", "error", "inputs", "incidents", "device", "sha256", "warnings"])
        }
    }

    @Test func theTextTableHasOneRowPerUnitWithItsWorstOutcome() throws {
        let inbox = try ScanCorpus.make()
        let db = ScanTestSupport.database("table")
        try ScanTestSupport.scan([inbox.path], db: db, jobs: 2)
        var text = ""
        try ScanTextWriter().write(ScanReport(store: try TimelineStore(path: db, access: .readOnly))) { text += $0 }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "8 units: 7 ok, 1 failed. 8 incidents: 8 probable, 0 possible; 2 lost, 1 recovered, 0 unknown; 1 uncovered.")
        #expect(lines[2].hasPrefix("UNIT "))
        #expect(lines[2].hasSuffix("DEVICES  FILES  PROBABLE  POSSIBLE  WORST OUTCOME  COVERAGE  ERRORS"))
        let rows = Array(lines[3...].filter { !$0.isEmpty })
        #expect(rows.count == ScanCorpus.expected.count)
        let caseA = try #require(rows.first { $0.hasPrefix(inbox.path + "/case-a.log ") })
        #expect(caseA.split(separator: " ").dropFirst().joined(separator: " ") == "1 1 1 0 lost covered -")
        let caseB = try #require(rows.first { $0.hasPrefix(inbox.path + "/case-b.log.gz ") })
        #expect(caseB.split(separator: " ").dropFirst().joined(separator: " ") == "1 1 1 0 recovered stale -")
        let corrupt = try #require(rows.first { $0.hasPrefix(inbox.path + "/corrupt.zip ") })
        #expect(corrupt.contains("  0      0         0         0  -              -         error: nothing readable: "))
        // Columns line up.
        let coverage = lines[2].range(of: "COVERAGE")!.lowerBound.utf16Offset(in: lines[2])
        for row in rows { #expect(row.utf16.count > coverage) }
    }

    @Test func markdownEscapesWhatWouldBreakTheTable() throws {
        #expect(ScanMarkdownWriter.cell("a|b\\c`d<e") == "a\\|b\\\\c\\`d&lt;e")
        let inbox = try ScanCorpus.make()
        let odd = inbox.appendingPathComponent("pipe|name.log")
        try FileManager.default.copyItem(atPath: TestPaths.sample("kind-orphaned-blob.log"), toPath: odd.path)
        let db = ScanTestSupport.database("markdown")
        try ScanTestSupport.scan([inbox.path], db: db)
        var text = ""
        try ScanMarkdownWriter().write(ScanReport(store: try TimelineStore(path: db, access: .readOnly))) { text += $0 }
        #expect(text.hasPrefix("# purgetrace scan\n\n| unit | devices | files | probable | possible | worst outcome | coverage | errors |\n|---|"))
        #expect(text.contains("| \(inbox.path)/pipe\\|name.log | 1 | 1 | 1 | 0 | - | - | - |\n"))
        #expect(text.hasSuffix("\n9 units: 8 ok, 1 failed. 9 incidents: 9 probable, 0 possible; 2 lost, 1 recovered, 0 unknown; 1 uncovered.\n"))
        let tableRows = text.split(separator: "\n").filter { $0.hasPrefix("| ") }
        #expect(tableRows.count == 10)
        #expect(tableRows.allSatisfy { $0.replacingOccurrences(of: "\\|", with: "").filter { $0 == "|" }.count == 9 })
    }

    @Test func worstOutcomeAndCoverageRankAsATriageWould() {
        #expect([Outcome.recovered, .lost, .unknown].max { ScanTableRow.rank($0) < ScanTableRow.rank($1) } == .lost)
        let ranked = CoverageVerdict.allCases.sorted { ScanTableRow.rank($0) < ScanTableRow.rank($1) }
        #expect(ranked == [.covered, .unobserved, .partial, .stale, .none, .overwritten])
    }
}
