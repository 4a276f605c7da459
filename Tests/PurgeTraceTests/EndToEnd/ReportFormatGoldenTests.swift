import Foundation
import Testing

/// The other report formats end to end through the binary (stdout is not a TTY: no color),
/// `--redact`, and `report --db` after `ingest` giving exactly what `analyze` gives.
@Suite struct ReportFormatGoldenTests {
    static let formats = [("text", "txt"), ("markdown", "md"), ("html", "html")]
    static let cases = ["full-chain", "two-devices", "sysdiagnose-archive", "hostile-text"].flatMap { name in
        formats.map { (name, $0.0, $0.1) }
    }

    @Test(arguments: cases)
    func reportMatchesItsGolden(name: String, format: String, suffix: String) throws {
        let chain = ChainCase.named(name)
        let report = try ChainRun.analyze(chain.arguments, format: format)
        let golden = "\(name).\(suffix)"
        #expect(try GoldenFile.matches(report, golden), GoldenFile.hint(golden))
        #expect(!report.contains("\u{1b}["), "no color escapes when stdout is not a terminal")

        // Every incident of the JSON report appears in this format too.
        let incidents = try JSONField.objects(try ChainRun.decode(ChainRun.analyze(chain.arguments))["incidents"], "incidents")
        #expect(incidents.count == chain.incidents.count)
        for incident in incidents {
            let id = try JSONField.string(incident["id"], "id")
            #expect(report.contains(id), "\(golden) lacks incident \(id)")
        }
        if format == "html" {
            // One self-contained page: nothing fetched from elsewhere.
            for fetch in ["<script src", "<link ", "@import", "url(http", "src=\"http"] {
                #expect(!report.contains(fetch), "\(golden) fetches: \(fetch)")
            }
        }
    }

    /// Markup and terminal escapes inside evidence lines are shown as text.
    @Test func hostileLogTextStaysText() throws {
        let arguments = ChainCase.named("hostile-text").arguments
        let html = try ChainRun.analyze(arguments, format: "html").lowercased()
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img src=x"))
        #expect(!html.contains("</svg><script"))
        #expect(html.contains("&lt;script&gt;alert("))
        #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;"))
        let text = try ChainRun.analyze(arguments, format: "text")
        #expect(!text.contains("\u{1b}"))
        #expect(!text.contains("\u{07}"))
        #expect(text.contains("UC=0, Items=0"))
        // Markdown renders raw HTML outside code blocks: log text stays inside its fence.
        let markdown = try ChainRun.analyze(arguments, format: "markdown")
        #expect(!markdown.contains("\u{1b}"))
        var fenced = false, seen = 0
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { fenced.toggle() }
            if line.contains("<script") {
                seen += 1
                #expect(fenced, "outside a code block: \(line)")
            }
        }
        #expect(seen > 0)
    }

    @Test func redactedReportsHideTheUserAndKeepTheAnswer() throws {
        let chain = ChainCase.named("xcode-mirror")
        let text = try ChainRun.analyze(["--redact"] + chain.arguments, format: "text")
        let json = try ChainRun.analyze(["--redact"] + chain.arguments, format: "json")
        #expect(try GoldenFile.matches(text, "xcode-mirror.redacted.txt"), GoldenFile.hint("xcode-mirror.redacted.txt"))
        #expect(try GoldenFile.matches(json, "xcode-mirror.redacted.json"), GoldenFile.hint("xcode-mirror.redacted.json"))
        for report in [text, json] {
            for secret in ["annmeyer", "4D2C9A7E-1B3F-4E58-A6D0-7C9E2B4F1A38", "F03B6D18-92C4-4A7E-8E15-3D6A0C9B2F71"] {
                #expect(!report.contains(secret), "redacted report still shows \(secret)")
            }
            #expect(report.contains("/Users/<user>/"))
            #expect(report.contains("UUID-1"))
        }
        // The plain report does show them (the test above could fail).
        #expect(try ChainRun.analyze(chain.arguments, format: "text").contains("/Users/annmeyer/"))
        let incidents = try JSONField.objects(try ChainRun.decode(json)["incidents"], "incidents").map(IncidentEssentials.init(json:))
        #expect(incidents == chain.incidents)
    }

    /// Every fixture ingested into one database: `report` prints the bytes `analyze` prints.
    @Test func reportFromTheDatabaseEqualsAnalyze() throws {
        let entries = try FileManager.default.contentsOfDirectory(atPath: ChainRun.directory.path)
            .filter { !$0.hasPrefix(".") && !["README.md", "make-chains.py", "user-rules"].contains($0) }
            .sorted()
        #expect(entries.count >= 20)
        let arguments = ["--rules", "user-rules/quillnote.yml"] + entries
        let directory = TestPaths.temporaryDirectory("golden-db")
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = directory.appendingPathComponent("timeline.db").path
        try ChainRun.run(["ingest", "--quiet", "--db", db] + arguments)
        for format in ["json", "text"] {
            let stored = try ChainRun.run(["report", "--db", db, "--format", format]).stdout
            #expect(stored == (try ChainRun.analyze(arguments, format: format)), "report --db --format \(format) differs from analyze")
        }
    }

    /// One device ingested in two runs (`--device`): its incidents are recomputed with both
    /// sources, as one `analyze` of both files finds them.
    @Test func aDeviceIngestedInTwoRunsReportsLikeOneAnalyze() throws {
        let members = ["sysdiagnose-members/system_log.txt", "sysdiagnose-members/\(ChainCase.lumberjackFile)"]
        let directory = TestPaths.temporaryDirectory("golden-db")
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = directory.appendingPathComponent("timeline.db").path
        for member in members.reversed() {
            try ChainRun.run(["ingest", "--quiet", "--device", "case-7", "--db", db, member])
        }
        let stored = try ChainRun.run(["report", "--db", db, "--format", "json"]).stdout
        #expect(stored == (try ChainRun.analyze(["--device", "case-7"] + members)))
        let incidents = try JSONField.objects(try ChainRun.decode(stored)["incidents"], "incidents").map(IncidentEssentials.init(json:))
        #expect(incidents == [ChainCase.sysdiagnoseIncident(device: "case-7")])
    }
}
