import Foundation
import Testing

/// `--redact` end to end: an email, a bearer token, a user UUID path and a home folder in
/// matched lines (and the home folder in the evidence's own path) appear in no output —
/// text, Markdown, JSON, HTML, timeline, every export format — and nowhere in the bytes
/// of a database ingested with `--redact`, whatever command reads it afterwards.
@Suite struct PrivacyTests {
    static let secrets = ["jane.doe@example.com", "eyJhbGciOiJIUzI1NiJ9", "c2lnbmF0dXJl",
                          "4C1E6F0B-2D2A-4B7E-9A51-0B2C1D3E4F50", "janedoe"]

    /// The sample moved under `<tmp>/Users/janedoe/`, its store path in that home folder
    /// under a UUID, and the reset line carrying an email and a bearer token.
    static func personalEvidence() throws -> String {
        let home = TestPaths.temporaryDirectory("privacy").appendingPathComponent("Users/janedoe")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        var text = String(decoding: HostileLogs.withInsideResetLine(Array(
            "account=jane.doe@example.com Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJqYW5lIn0.c2lnbmF0dXJl ".utf8)),
            as: UTF8.self)
        text = text.replacingOccurrences(
            of: "/var/mobile/Containers/Data/Application/4C1E6F0B-2D2A-4B7E-9A51-0B2C1D3E4F50/Library",
            with: "/Users/janedoe/Library/Containers/4C1E6F0B-2D2A-4B7E-9A51-0B2C1D3E4F50/Data/Library")
        let path = home.appendingPathComponent("device.log")
        try text.write(to: path, atomically: true, encoding: .utf8)
        return path.path
    }

    static func leaks(_ text: String) -> [String] { secrets.filter { text.contains($0) } }

    @Test func theEvidenceReallyCarriesEverySecret() throws {
        // Without --redact every secret shows up: the test below would otherwise prove nothing.
        let log = try Self.personalEvidence()
        let run = try ChildRun.run(["analyze", "--format", "json", log])
        #expect(Self.leaks(run.stdout) == Self.secrets)
        #expect(try ReportDigest(json: run.stdout).hasTheSamplePurge)
    }

    @Test func analyzeRedactsEveryReportFormat() throws {
        let log = try Self.personalEvidence()
        for format in ["text", "markdown", "json", "html"] {
            let run = try ChildRun.run(["analyze", "--redact", "--format", format, log])
            #expect(run.status == 0)
            #expect(Self.leaks(run.stdout) == [], "\(format) report")
            #expect(run.stdout.contains("UUID-1"), "\(format): the pseudonym is shown")
        }
    }

    /// Warnings, errors and progress lines name paths (a home folder) and quote log text:
    /// with `--redact` stderr is redacted too, without it they show (so the check means something).
    @Test func redactCoversStandardError() throws {
        let log = try Self.personalEvidence()
        let home = URL(fileURLWithPath: log).deletingLastPathComponent()
        try Data([0x00, 0x01, 0xFF, 0xFE, 0x00, 0x02] + Array(repeating: 0, count: 4096)).write(to: home.appendingPathComponent("junk.bin"))
        let plain = try ChildRun.run(["analyze", "--same-device", "--format", "json", home.path])
        #expect(plain.stderr.contains("janedoe/junk.bin"), "the warning names the file: \(plain.stderr)")
        let redacted = try ChildRun.run(["analyze", "--redact", "--same-device", "--format", "json", home.path])
        #expect(redacted.status == 0)
        #expect(redacted.stderr.contains("<user>/junk.bin"), "\(redacted.stderr)")
        #expect(Self.leaks(redacted.stderr) == [], "\(redacted.stderr)")

        let missing = home.appendingPathComponent("gone.log").path
        let error = try ChildRun.run(["analyze", "--redact", missing])
        #expect(error.status == 2 && error.stderr.contains("<user>/gone.log"), "\(error.stderr)")
        #expect(Self.leaks(error.stderr) == [])

        let db = TestPaths.temporaryDirectory("privacy-stderr").appendingPathComponent("t.db").path
        let ingest = try ChildRun.run(["ingest", "--redact", "--db", db, home.path])
        #expect(ingest.status == 0 && !ingest.stderr.isEmpty, "\(ingest.stderr)")
        #expect(Self.leaks(ingest.stderr) == [], "\(ingest.stderr)")
    }

    @Test func aRedactedDatabaseHoldsNoSecretAnywhere() throws {
        let log = try Self.personalEvidence()
        let dir = TestPaths.temporaryDirectory("privacy-db")
        let db = dir.appendingPathComponent("timeline.db").path
        let ingest = try ChildRun.run(["ingest", "--quiet", "--redact", "--keep-records", "--db", db, log])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        // Every byte of the database files, and SQLite's own dump of every column.
        for file in [db, db + "-wal"] {
            guard let bytes = FileManager.default.contents(atPath: file) else { continue }
            for secret in Self.secrets {
                #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(secret) in \(file)")
            }
        }
        let dump = try SQLiteDump.dump(db)
        #expect(dump.count > 10_000, "the dump is empty: \(dump.prefix(200))")
        #expect(Self.leaks(dump) == [])
        // Whatever reads it afterwards, with or without --redact.
        let report = try ReportDigest(json: try ChildRun.run(["report", "--format", "json", "--db", db]).stdout)
        #expect(report.hasTheSamplePurge)
        let id = try #require(report.incidents.first?.id)
        var outputs: [(String, [String])] = []
        for format in ["text", "markdown", "json", "html"] { outputs.append(("report \(format)", ["report", "--format", format, "--db", db])) }
        for format in ["csv", "jsonl", "timesketch"] { outputs.append(("export \(format)", ["export", "--format", format, "--db", db])) }
        outputs.append(("timeline", ["timeline", "--records", "--db", db, "--incident", id]))
        for (what, arguments) in outputs {
            let run = try ChildRun.run(arguments)
            #expect(run.status == 0, "\(what): \(run.stderr)")
            #expect(Self.leaks(run.stdout) == [], "\(what)")
        }
    }

    @Test func redactOnReadingCommandsCoversAnUnredactedDatabase() throws {
        let log = try Self.personalEvidence()
        let db = TestPaths.temporaryDirectory("privacy-plain").appendingPathComponent("timeline.db").path
        #expect(try ChildRun.run(["ingest", "--quiet", "--keep-records", "--db", db, log]).status == 0)
        let id = try #require(try ReportDigest(json: try ChildRun.run(["report", "--format", "json", "--db", db]).stdout).incidents.first?.id)
        var outputs: [(String, [String])] = []
        for format in ["text", "markdown", "json", "html"] { outputs.append(("report \(format)", ["report", "--redact", "--format", format, "--db", db])) }
        for format in ["csv", "jsonl", "timesketch"] { outputs.append(("export \(format)", ["export", "--redact", "--format", format, "--db", db])) }
        outputs.append(("timeline", ["timeline", "--redact", "--records", "--db", db, "--incident", id]))
        for (what, arguments) in outputs {
            let run = try ChildRun.run(arguments)
            #expect(run.status == 0, "\(what): \(run.stderr)")
            #expect(Self.leaks(run.stdout) == [], "\(what)")
        }
    }
}
