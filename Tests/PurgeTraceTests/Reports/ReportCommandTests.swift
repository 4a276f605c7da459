import Foundation
import Testing
import PurgeTrace

/// The `report`, `timeline` and `export` commands, run as the built binary against a
/// database written through the store API.
@Suite struct ReportCommandTests {
    static func database(_ analysis: Analysis = StoreTestSupport.combined, label: String = "cli") throws -> String {
        let path = StoreTestSupport.temporaryDatabase(label)
        let store = try TimelineStore(path: path)
        try StoreTestSupport.commitAll(analysis, into: store)
        return path
    }

    @Test func reportPrintsExactlyWhatTheWritersPrintForTheAnalysis() throws {
        let analysis = StoreTestSupport.combined
        let db = try ReportCommandTests.database(analysis)
        for format in ReportOptions.Format.allCases {
            let run = try BinaryRun.run(["report", "--db", db, "--format", format.rawValue])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.isEmpty)
            #expect(run.stdout == ReportOptions.writer(for: format).render(analysis, options: ReportOptions()), "\(format)")
        }
    }

    @Test func reportBytesDoNotDependOnTimeZoneOrLocale() throws {
        let db = try ReportCommandTests.database()
        for format in ["text", "json", "html", "markdown"] {
            let utc = try BinaryRun.run(["report", "--db", db, "--format", format], environment: ["TZ": "UTC", "LANG": "C"])
            for (tz, lang) in [("Asia/Seoul", "ko_KR.UTF-8"), ("America/Los_Angeles", "de_DE.UTF-8"), ("Pacific/Chatham", "ar_EG.UTF-8")] {
                let other = try BinaryRun.run(["report", "--db", db, "--format", format], environment: ["TZ": tz, "LANG": lang, "LC_ALL": lang])
                #expect(other.stdout == utc.stdout, "\(format) differs under TZ=\(tz)")
            }
        }
    }

    @Test func failOnSetsTheExitStatus() throws {
        let possibleOnly = try ReportCommandTests.database(SampleAnalyses.possibleIncident, label: "possible")
        #expect(try BinaryRun.run(["report", "--db", possibleOnly, "--fail-on", "probable"]).status == 0)
        #expect(try BinaryRun.run(["report", "--db", possibleOnly, "--fail-on", "possible"]).status == 1)
        let none = try ReportCommandTests.database(SampleAnalyses.noIncidents, label: "none")
        #expect(try BinaryRun.run(["report", "--db", none, "--fail-on", "possible"]).status == 0)
    }

    @Test func reportWritesTheOutputFileOnly() throws {
        let db = try ReportCommandTests.database()
        let out = TestPaths.temporaryDirectory("out").appendingPathComponent("report.html").path
        let run = try BinaryRun.run(["report", "--db", db, "--format", "html", "--output", out])
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty)
        let html = try String(contentsOfFile: out, encoding: .utf8)
        #expect(html == HTMLReportWriter().render(StoreTestSupport.combined, options: ReportOptions()))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: (out as NSString).deletingLastPathComponent)
        #expect(leftovers == ["report.html"])
    }

    @Test func colorIsUsedOnlyWhenAsked() throws {
        let db = try ReportCommandTests.database()
        #expect(try !BinaryRun.run(["report", "--db", db]).stdout.contains("\u{1B}"))
        #expect(try BinaryRun.run(["report", "--db", db, "--color", "always"]).stdout.contains("\u{1B}[1m"))
        #expect(try !BinaryRun.run(["report", "--db", db, "--color", "always", "--format", "json"]).stdout.contains("\u{1B}"))
    }

    @Test func databaseErrorsExitTwoWithOneLineNamingTheFile() throws {
        let dir = TestPaths.temporaryDirectory("clierr")
        let missing = dir.appendingPathComponent("none.db").path
        var run = try BinaryRun.run(["report", "--db", missing])
        #expect(run.status == 2)
        #expect(run.stderr == "purgetrace: error: database not found: \(missing)\n")
        #expect(run.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: missing), "report must not create a database")

        let junk = dir.appendingPathComponent("junk.db").path
        try Data(repeating: 0x5A, count: 4096).write(to: URL(fileURLWithPath: junk))
        for command in [["report"], ["timeline", "--around", "2026-03-14T00:00:00Z"], ["export", "--format", "csv"]] {
            run = try BinaryRun.run(command + ["--db", junk])
            #expect(run.status == 2)
            #expect(run.stderr == "purgetrace: error: database \(junk) is corrupt or not a database: file is not a database\n")
            #expect(run.stdout.isEmpty)
        }
        run = try BinaryRun.run(["report"])
        #expect(run.status == 2)
        #expect(run.stderr == "purgetrace: error: report needs --db FILE (see purgetrace report --help)\n")
    }

    @Test func timelineOfAnIncidentShowsItsStepsInOrderWithRawLines() throws {
        let db = try ReportCommandTests.database()
        let incident = SampleAnalyses.lostPurge.incidents[0]
        let run = try BinaryRun.run(["timeline", "--db", db, "--incident", String(incident.id.prefix(6))])
        #expect(run.status == 0, "\(run.stderr)")
        let out = run.stdout
        #expect(out.hasPrefix("Incident \(incident.id): store-purge, probable, device case-1042.tar.gz, process MyApp\n"))
        var position = out.startIndex
        for (k, step) in incident.steps.enumerated() {
            let marker = "*\(k + 1)  \(HumanFormatProbe.time(step.time))  \(step.name)"
            let range = try #require(out.range(of: marker, range: position..<out.endIndex), "step \(k + 1) missing or out of order")
            position = range.upperBound
        }
        #expect(out.contains("case-1042.tar.gz!/case-1042/system_logs.log:1234"))
        #expect(out.contains("│ Error Domain=NSCocoaErrorDomain Code=134301"))
        // Context: the snapshot before and the later zero count are there, not starred.
        #expect(out.contains("snapshot_written"))
        #expect(out.contains("recovery_attempted"))
        #expect(!out.contains("reset_sync_will  MyApp[977]"), "another device's signals stay out")
    }

    @Test func timelineAroundATimeMergesDevices() throws {
        let db = try ReportCommandTests.database()
        var run = try BinaryRun.run(["timeline", "--db", db, "--around", "2026-03-14T02:40:01Z", "--window", "2m"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("2026-03-14 02:38:01.000Z – 2026-03-14 02:42:01.000Z: 5 signals"))
        run = try BinaryRun.run(["timeline", "--db", db, "--around", "2026-03-14T01:02:04Z", "--window", "1s", "--device", "case-1042.tar.gz"])
        #expect(run.stdout.contains("2026-03-14 01:02:03.000Z – 2026-03-14 01:02:05.000Z: 4 signals\n"))
        run = try BinaryRun.run(["timeline", "--db", db, "--incident", "ffffffff"])
        #expect(run.status == 2)
        #expect(run.stderr == "purgetrace: error: no incident with id ffffffff in the database\n")
        run = try BinaryRun.run(["timeline", "--db", db])
        #expect(run.status == 2)
        run = try BinaryRun.run(["timeline", "--db", db, "--around", "yesterday"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("invalid value 'yesterday' for --around"))
    }

    @Test func exportWritesEachFormat() throws {
        let db = try ReportCommandTests.database()
        let analysis = StoreTestSupport.combined
        for format in TimelineExporter.Format.allCases {
            let run = try BinaryRun.run(["export", "--db", db, "--format", format.rawValue])
            #expect(run.status == 0, "\(run.stderr)")
            let exporter = TimelineExporter(format: format)
            #expect(run.stdout == exporter.header + exporter.lines(for: try TimelineStore(path: db, access: .readOnly).loadAnalysis()).joined())
            let lines = run.stdout.utf8.filter { $0 == 10 }.count
            #expect(lines >= analysis.signals.count + analysis.incidents.count)
        }
        let run = try BinaryRun.run(["export", "--db", db])
        #expect(run.status == 2)
        #expect(run.stderr.contains("export needs --format"))
    }

    @Test func redactCoversReportTimelineAndExport() throws {
        var analysis = SampleAnalyses.lostPurge
        analysis.inputs = analysis.inputs.map { var s = $0; s.warnings = ["owner alice@example.com"]; return s }
        let db = try ReportCommandTests.database(analysis, label: "redact")
        let uuid = "4F1C2B9E-8D3A-4E5F-9A1B-2C3D4E5F6A7B"
        let runs = [
            try BinaryRun.run(["report", "--db", db, "--redact", "--format", "html"]),
            try BinaryRun.run(["report", "--db", db, "--redact"]),
            try BinaryRun.run(["timeline", "--db", db, "--redact", "--incident", analysis.incidents[0].id]),
            try BinaryRun.run(["export", "--db", db, "--redact", "--format", "csv"]),
        ]
        for run in runs {
            #expect(run.status == 0, "\(run.stderr)")
            #expect(!run.stdout.contains(uuid))
            #expect(!run.stdout.contains("alice@example.com"))
        }
        #expect(runs[1].stdout.contains("UUID-1"))
        // Without --redact the evidence is shown as it is.
        #expect(try BinaryRun.run(["report", "--db", db]).stdout.contains(uuid))
    }

    @Test func aReadOnlyDatabaseFileCanBeReportedFrom() throws {
        let db = try ReportCommandTests.database(SampleAnalyses.recoveredPurge, label: "ro")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: db)
        let run = try BinaryRun.run(["report", "--db", db, "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == JSONReportWriter().render(SampleAnalyses.recoveredPurge, options: ReportOptions()))
    }
}

extension ReportCommandTests {
    @Test func keptRecordsJoinTheTimelineAndTheExport() throws {
        let path = StoreTestSupport.temporaryDatabase("records-cli")
        let store = try TimelineStore(path: path)
        let stage = try RecordStage()
        try stage.append(StoreRecordsTests.records(), source: StoreRecordsTests.source)
        try store.commit(StoreRecordsTests.unit(), records: stage) { _ in DeviceCorrelation() }
        var run = try BinaryRun.run(["timeline", "--db", path, "--around", "2026-03-14T01:30:00Z", "--window", "1h", "--records"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("0 signals, 3 records"))
        #expect(run.stdout.contains("phone/system_log.txt:10"))
        #expect(run.stdout.contains("│ raw 13 alice@example.com"))
        run = try BinaryRun.run(["timeline", "--db", path, "--around", "2026-03-14T01:30:00Z", "--window", "1h", "--records", "--redact"])
        #expect(run.stdout.contains("│ raw 13 <email>"))
        run = try BinaryRun.run(["export", "--db", path, "--format", "jsonl", "--records"])
        #expect(run.status == 0, "\(run.stderr)")
        let records = run.stdout.split(separator: "\n").filter { $0.contains("\"type\":\"record\"") }
        #expect(records.count == 4)
        run = try BinaryRun.run(["export", "--db", path, "--format", "timesketch", "--records", "--redact"])
        #expect(run.stdout.contains("\"timestamp_desc\":\"Record time\""))
        #expect(!run.stdout.contains("alice@example.com"))
    }
}

/// The report's time format, for building expected lines.
enum HumanFormatProbe {
    static func time(_ t: Instant) -> String {
        let c = CivilTime(instant: t, offsetSeconds: 0)
        func p(_ v: Int, _ w: Int) -> String { String(repeating: "0", count: max(0, w - String(v).count)) + String(v) }
        return "\(p(c.year, 4))-\(p(c.month, 2))-\(p(c.day, 2)) \(p(c.hour, 2)):\(p(c.minute, 2)):\(p(c.second, 2)).\(p(c.nanosecond / 1_000_000, 3))Z"
    }
}
