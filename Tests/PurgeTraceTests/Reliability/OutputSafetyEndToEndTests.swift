import Foundation
import Testing

/// Log text and rule text are hostile (issue 8): end to end through the CLI, HTML
/// escapes them, terminal output (reports, timeline, rules explain/list, warnings on
/// stderr) carries none of their escape sequences or control characters, Markdown keeps
/// them out of markup, and CSV cells cannot become formulas.
@Suite struct OutputSafetyEndToEndTests {
    /// What a hostile line carries: OSC (retitle), CSI (clear screen), markup, a bidi
    /// override, an 8-bit CSI and a BEL.
    static let payload = "\u{1b}]0;owned\u{07}\u{1b}[2J<script>alert(1)</script></pre><img src=x onerror=alert(2)>\u{202E}gnp.exe\u{9b}31m "

    /// A user rule file whose kind, title and constant field are hostile, and which fires
    /// on the sample's reset line.
    static let rules = """
        id: user.evil_event
        title: "<script>alert('event title')</script>\\e[5m"
        level: high
        signal: evil_signal
        match: ["with reason: '(?<reason>\\\\w+)'"]
        fields: {note: "<b>bold</b>\\e[31m"}
        ---
        id: user.evil_incident
        title: "<script>alert('incident title')</script>"
        correlation:
          type: sequence
          group-by: [device]
          timespan: 10m
          steps:
            - {rule: user.evil_event}
        incident:
          kind: "<script>alert('kind')</script>\\e[7m"
        """

    struct Setup {
        let dir: URL
        let log: String
        let rules: String
        let db: String
    }

    /// The hostile log, the rule file, and a database ingested from both.
    static func setup() throws -> Setup {
        let dir = TestPaths.temporaryDirectory("output-safety")
        let log = dir.appendingPathComponent("hostile.log")
        try HostileLogs.write(HostileLogs.withInsideResetLine(Array(payload.utf8)), to: log)
        let rules = dir.appendingPathComponent("evil.yml")
        try Self.rules.write(to: rules, atomically: true, encoding: .utf8)
        let db = dir.appendingPathComponent("timeline.db").path
        let run = try ChildRun.run(["ingest", "--quiet", "--rules", rules.path, "--db", db, log.path])
        #expect(run.status == 0, "\(run.stderr)")
        return Setup(dir: dir, log: log.path, rules: rules.path, db: db)
    }

    /// Control characters a terminal acts on: C0 except tab/newline, DEL, C1, bidi controls.
    static func terminalHazards(_ text: String) -> [String] {
        text.unicodeScalars.filter { c in
            (c.value < 0x20 && c != "\n" && c != "\t") || (0x7F...0x9F).contains(c.value)
                || (0x202A...0x202E).contains(c.value) || (0x2066...0x2069).contains(c.value)
        }.map { String(format: "U+%04X", $0.value) }
    }

    static func expectTerminalSafe(_ run: ChildRun, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.status == 0, "\(what): \(run.stderr)", sourceLocation: sourceLocation)
        #expect(terminalHazards(run.stdout) == [], "\(what) stdout", sourceLocation: sourceLocation)
        #expect(terminalHazards(run.stderr) == [], "\(what) stderr", sourceLocation: sourceLocation)
    }

    @Test func htmlEscapesLogTextAndRuleText() throws {
        let s = try Self.setup()
        for (what, arguments) in [("analyze", ["analyze", "--rules", s.rules, "--format", "html", s.log]),
                                  ("report", ["report", "--db", s.db, "--format", "html"])] {
            let run = try ChildRun.run(arguments)
            #expect(run.status == 0, "\(what): \(run.stderr)")
            let html = run.stdout
            #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "\(what): the log text is shown, escaped")
            #expect(html.contains("&lt;script&gt;alert(&#39;kind&#39;)&lt;/script&gt;"), "\(what): the rule's kind is shown, escaped")
            #expect(html.contains("note=&lt;b&gt;bold&lt;/b&gt;"), "\(what): the rule's field is shown, escaped")
            for raw in ["<script", "<img", "<b>bold", "</pre><img"] {
                #expect(!html.contains(raw), "\(what): raw '\(raw)' in the HTML")
            }
            #expect(Self.terminalHazards(html) == [], "\(what): control characters in the HTML")
        }
    }

    @Test func markdownKeepsLogAndRuleTextOutOfMarkup() throws {
        let s = try Self.setup()
        let run = try ChildRun.run(["analyze", "--rules", s.rules, "--format", "markdown", s.log])
        #expect(run.status == 0)
        let markup = OutputSafetyTests.outsideCodeBlocks(run.stdout)
        #expect(!markup.contains("<script") && !markup.contains("<img") && !markup.contains("<b>"))
        #expect(Self.terminalHazards(run.stdout) == [])
    }

    @Test func terminalOutputCarriesNoEscapeSequences() throws {
        let s = try Self.setup()
        let incident = try #require(try ReportDigest(json: try ChildRun.run(["report", "--format", "json", "--db", s.db]).stdout)
            .incidents.first { $0.kind.contains("alert('kind')") })
        let line = String(decoding: HostileLogs.withInsideResetLine(Array(Self.payload.utf8))
            .split(separator: 10)[HostileLogs.resetLineIndex], as: UTF8.self)
        let noColor = ["NO_COLOR": "1"]
        let runs: [(String, [String])] = [
            ("analyze text", ["analyze", "--rules", s.rules, s.log]),
            ("report text", ["report", "--db", s.db]),
            ("timeline --incident", ["timeline", "--db", s.db, "--incident", incident.id]),
            ("timeline --around", ["timeline", "--db", s.db, "--around", "2026-03-14T01:08:00Z"]),
            ("rules explain", ["rules", "explain", "--rules", s.rules, line]),
            ("rules list", ["rules", "list", "--rules", s.rules]),
            ("rules lint", ["rules", "lint", s.rules]),
        ]
        for (what, arguments) in runs {
            Self.expectTerminalSafe(try ChildRun.run(arguments, environment: noColor), what)
        }
        // The hostile text was there to be stripped: the words around it survive.
        let explain = try ChildRun.run(["rules", "explain", "--rules", s.rules, line])
        #expect(explain.stdout.contains("<script>alert(1)</script>") && explain.stdout.contains("user.evil_event"))
    }

    @Test func jsonOutputsEscapeControlCharactersAndStayValid() throws {
        let s = try Self.setup()
        let report = try ChildRun.run(["analyze", "--format", "json", "--rules", s.rules, s.log])
        #expect(Self.terminalHazards(report.stdout) == [])
        #expect(report.stdout.contains("\\u001b]0;owned\\u0007"), "the JSON keeps the text, escaped")
        #expect((try? JSONSerialization.jsonObject(with: Data(report.stdout.utf8))) != nil)
        for format in ["jsonl", "timesketch"] {
            let run = try ChildRun.run(["export", "--format", format, "--db", s.db])
            #expect(run.status == 0)
            #expect(Self.terminalHazards(run.stdout) == [], "\(format)")
            for line in run.stdout.split(separator: "\n") {
                #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(format): \(line.prefix(200))")
            }
        }
    }

    @Test func warningsOnStderrQuoteHostileFileNamesSafely() throws {
        let dir = try Hazard.folderWithGoodSample("hostile-names")
        let name = "evil\u{1b}]0;owned\u{07}\u{1b}[31m\u{202E}.bin"
        _ = FileManager.default.createFile(atPath: dir.appendingPathComponent(name).path, contents: Data((0..<4096).map { UInt8($0 % 7) }))
        let run = try ChildRun.run(["analyze", "--same-device", dir.path])
        Self.expectTerminalSafe(run, "analyze with a hostile file name")
        // The name is still there to find the file by, without its escape sequences.
        #expect(run.stderr.contains("purgetrace: warning: \(dir.path)/evil.bin: skipped"), "\(run.stderr)")
        // An error quoting a hostile missing path is one safe line too.
        let missing = try ChildRun.run(["analyze", dir.appendingPathComponent("gone\u{1b}[2J.log").path])
        #expect(missing.status == 2)
        #expect(Self.terminalHazards(missing.stderr) == [])
    }

    @Test func csvExportCellsCannotBecomeFormulas() throws {
        let dir = TestPaths.temporaryDirectory("csv")
        // A file named like a formula, read under a device named like another.
        let name = "+cmd|' -c calc'!A0.log"
        try FileManager.default.copyItem(atPath: Hazard.goodSample, toPath: dir.appendingPathComponent(name).path)
        let db = dir.appendingPathComponent("timeline.db").path
        let ingest = try ChildRun.run(["ingest", "--quiet", "--db", db, "--device", "=HYPERLINK(\"http://x\",\"y\")", name],
                                      currentDirectory: dir)
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let run = try ChildRun.run(["export", "--db", db, "--format", "csv"])
        #expect(run.status == 0)
        let rows = OutputSafetyTests.parseCSV(run.stdout)
        #expect(rows.count > 10)
        #expect(rows.allSatisfy { $0.count == 15 }, "a cell broke out of its row")
        for row in rows.dropFirst() {
            for cell in row {
                #expect(!["=", "+", "-", "@", "\t", "\r"].contains(cell.first.map(String.init) ?? ""), "formula-like cell: \(cell)")
            }
            #expect(row[5] == "'=HYPERLINK(\"http://x\",\"y\")")
            #expect(row[6] == "'" + name)
        }
        #expect(Self.terminalHazards(run.stdout.replacingOccurrences(of: "\r\n", with: "\n")) == [])
    }
}
