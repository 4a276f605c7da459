import Foundation
import Testing
import PurgeTrace

/// Log text is hostile input (issue 8): it must not become markup in HTML or Markdown,
/// move the cursor or recolor a terminal, or run as a formula in a spreadsheet.
@Suite struct OutputSafetyTests {
    static let hostileTexts = [
        "<script>alert(1)</script>",
        "\"><img src=x onerror=alert(1)>",
        "</svg><script>alert('svg')</script><svg>",
        "'; background:url(https://evil.example/x) '",
        "</pre></li></ol></section><iframe src=\"https://evil.example\"></iframe>",
        "\u{1B}[2J\u{1B}[H\u{1B}]0;pwned\u{07}\u{1B}[31mred\u{1B}[0m \u{9B}31m eight-bit \u{202E}reversed\u{202C} bell\u{07} cr\rback",
        "``` \n```\nnot code any more | table | breaker",
    ]

    /// An analysis whose every text field (paths, device, process, fields, rule ids, rule
    /// errors, warnings, reason, kind) carries hostile text.
    static var hostile: Analysis {
        var a = SampleAnalyses.lostPurge
        let evil = hostileTexts.joined(separator: " ")
        a.inputs[0].path = "case<b>\"x\"'.log"
        a.inputs[0].warnings = [evil]
        a.inputs[0].device = "dev<script>"
        a.ruleErrors = ["rules/<evil>.yml:3: rule 'x\"><script>' invalid"]
        a.warnings = [evil]
        a.incidents[0].kind = "store-purge<script>"
        a.incidents[0].reason = evil
        a.incidents[0].warnings = [evil]
        a.incidents[0].missing = ["<img src=x>"]
        a.incidents[0].group.process = "My<App>"
        a.incidents[0].group.fields = ["user": .string(evil)]
        a.incidents[0].steps = a.incidents[0].steps.enumerated().map { k, s in
            var step = s
            step.text = hostileTexts[k % hostileTexts.count] + "\n" + evil
            step.fields["note"] = .string(hostileTexts[(k + 1) % hostileTexts.count])
            step.ruleID = "rule<\(k)>\"'"
            step.name = "sig<\(k)>"
            return step
        }
        a.signals = a.incidents[0].steps + a.signals
        return a
    }

    @Test func htmlEscapesEveryLogAndRuleText() {
        let html = HTMLReportWriter().render(OutputSafetyTests.hostile, options: ReportOptions())
        let lower = html.lowercased()
        #expect(!lower.contains("<script"))
        #expect(!lower.contains("<img"))
        #expect(!lower.contains("<iframe"))
        #expect(!lower.contains("</svg><script"))
        #expect(!html.contains("\"><img"))
        #expect(OutputSafetyTests.tagsAndAttributes(html).allSatisfy { OutputSafetyTests.allowedTags.contains($0.tag) })
        #expect(!html.contains("<b>"))
        #expect(!html.contains("My<App>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"))
        #expect(html.contains("rule&lt;0&gt;&quot;&#39;"))
        #expect(html.contains("rules/&lt;evil&gt;.yml"))
        // Exactly our own markup: as many <svg as incidents + the coverage chart, all closed.
        #expect(html.components(separatedBy: "<svg").count - 1 == 2)
        #expect(html.components(separatedBy: "</svg>").count - 1 == 2)
        #expect(html.components(separatedBy: "<pre>").count == html.components(separatedBy: "</pre>").count)
        // No control characters survive, even escaped.
        #expect(!html.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) })
        #expect(!html.unicodeScalars.contains { $0.value == 0x202E })
    }

    static let allowedTags: Set<String> = [
        "!doctype", "html", "head", "meta", "title", "style", "body", "header", "footer", "h1", "h2", "h3", "p", "section", "div",
        "span", "dl", "dt", "dd", "code", "strong", "figure", "figcaption", "svg", "line", "text", "rect", "g", "circle", "path",
        "ol", "ul", "li", "pre", "table", "thead", "tbody", "tr", "th", "td", "br",
    ]

    /// Every tag in the page with its attribute names. Log text is escaped, so every `<`
    /// in the output opens one of our own tags.
    static func tagsAndAttributes(_ html: String) -> [(tag: String, attributes: [String])] {
        let tag = try! NSRegularExpression(pattern: "<(/?)([!a-zA-Z][a-zA-Z0-9-]*)([^>]*)>")
        let attribute = try! NSRegularExpression(pattern: "\\s([a-zA-Z:-]+)=")
        return tag.matches(in: html, range: NSRange(html.startIndex..., in: html)).map { m in
            let name = String(html[Range(m.range(at: 2), in: html)!]).lowercased()
            let rest = String(html[Range(m.range(at: 3), in: html)!])
            let names = attribute.matches(in: rest, range: NSRange(rest.startIndex..., in: rest)).map {
                String(rest[Range($0.range(at: 1), in: rest)!]).lowercased()
            }
            return (name, names)
        }
    }

    @Test func htmlIsSelfContainedAndFetchesNothing() {
        for (name, analysis) in SampleAnalyses.all + [("hostile", OutputSafetyTests.hostile)] {
            let html = HTMLReportWriter().render(analysis, options: ReportOptions())
            let tags = OutputSafetyTests.tagsAndAttributes(html)
            #expect(!tags.isEmpty)
            for (tag, attributes) in tags {
                #expect(OutputSafetyTests.allowedTags.contains(tag), "<\(tag)> in \(name)")
                for a in attributes {
                    #expect(!["src", "href", "xlink:href", "action", "formaction", "srcset", "style"].contains(a) && !a.hasPrefix("on"),
                            "attribute \(a) on <\(tag)> in \(name)")
                }
            }
            // The stylesheet is ours and loads nothing.
            let css = html.components(separatedBy: "<style>").dropFirst().first?.components(separatedBy: "</style>").first ?? ""
            for banned in ["url(", "@import", "@font-face", "http"] { #expect(!css.contains(banned)) }
            // The only URL outside log text is the SVG namespace (a name, not a fetch).
            let urls = html.components(separatedBy: "http://").count + html.components(separatedBy: "https://").count - 2
            let namespaces = html.components(separatedBy: "xmlns=\"http://www.w3.org/2000/svg\"").count - 1
            let hostileURLs = html.components(separatedBy: "https://evil.example").count - 1
            #expect(urls == namespaces + hostileURLs, "\(name)")
            #expect(html.contains("Content-Security-Policy\" content=\"default-src 'none'"))
            #expect(html.hasPrefix("<!DOCTYPE html>"))
            #expect(html.hasSuffix("</html>\n"))
        }
    }

    @Test func terminalOutputCarriesNoEscapeSequencesFromLogs() {
        for color in [false, true] {
            let text = TextReportWriter().render(OutputSafetyTests.hostile, options: ReportOptions(color: color))
            #expect(!text.contains("\u{1B}[2J"))
            #expect(!text.contains("\u{1B}]"))
            #expect(!text.contains("\u{07}"))
            #expect(!text.contains("\r"))
            #expect(!text.unicodeScalars.contains { $0.value == 0x9B || $0.value == 0x202E })
            if color {
                // Only our own SGR sequences remain: ESC [ digits m.
                let escapes = text.components(separatedBy: "\u{1B}").dropFirst()
                #expect(escapes.allSatisfy { $0.range(of: "^\\[[0-9;]*m", options: .regularExpression) != nil })
                #expect(text.contains("\u{1B}[1m"))
            } else {
                #expect(!text.contains("\u{1B}"))
            }
            #expect(text.contains("pwned") == false)  // the OSC title payload is dropped with its sequence
            #expect(text.contains("red"))
        }
    }

    @Test func safeTextTerminalStripsEachKindOfSequence() {
        #expect(SafeText.terminal("a\u{1B}[1;31mb\u{1B}[0mc") == "abc")
        #expect(SafeText.terminal("a\u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\b") == "alinkb")
        #expect(SafeText.terminal("a\u{1B}]0;title\u{07}b") == "ab")
        #expect(SafeText.terminal("a\u{1B}Pq#0;2;0;0;0\u{1B}\\b") == "ab")
        #expect(SafeText.terminal("a\u{1B}cb\u{1B}(Bc") == "abc")
        #expect(SafeText.terminal("a\u{9B}2Jb") == "ab")
        #expect(SafeText.terminal("tab\there\u{0}nul\u{8}bs\u{7F}") == "tab herenulbs")
        #expect(SafeText.terminal("\u{202E}evil\u{2066}") == "evil")
        #expect(SafeText.terminal("unterminated \u{1B}]0;title") == "unterminated ")
        #expect(SafeText.terminal("trailing escape \u{1B}") == "trailing escape ")
        #expect(SafeText.terminal("héllo 🛟 ✓") == "héllo 🛟 ✓")
    }

    @Test func markdownCodeBlocksCannotBeClosedByLogText() {
        let md = MarkdownReportWriter().render(OutputSafetyTests.hostile, options: ReportOptions())
        // A step whose text contains ``` is fenced with four backticks.
        #expect(md.contains("   ````text\n"))
        #expect(SafeText.markdownBlock("a\n```\nb") == "````text\na\n```\nb\n````")
        #expect(SafeText.markdownBlock("plain") == "```text\nplain\n```")
        #expect(SafeText.markdownCode("a`b") == "``a`b``")
        #expect(SafeText.markdownCode("`x") == "`` `x ``")
        // Outside code blocks no log text is markup.
        let prose = OutputSafetyTests.outsideCodeBlocks(md)
        #expect(prose.contains("reason"))
        #expect(!prose.contains("<script"))
        #expect(!prose.contains("<img"))
        #expect(!prose.lowercased().contains("<iframe"))
        #expect(!md.contains("\u{1B}"))
        // Table cells: pipes escaped so a log line cannot add columns.
        for line in md.split(separator: "\n") where line.hasPrefix("| reason |") {
            #expect(!line.dropFirst(11).dropLast(2).contains(" | "))
        }
        #expect(SafeText.markdown("a|b*c*<d>&") == "a\\|b\\*c\\*&lt;d&gt;&amp;")
    }

    @Test func csvGuardsAgainstFormulasAndQuotesProperly() {
        #expect(CSVField.escape("=HYPERLINK(\"http://x\",\"click\")") == "\"'=HYPERLINK(\"\"http://x\"\",\"\"click\"\")\"")
        #expect(CSVField.escape("+1") == "'+1")
        #expect(CSVField.escape("-2+3") == "'-2+3")
        #expect(CSVField.escape("@SUM(A1)") == "'@SUM(A1)")
        #expect(CSVField.escape("\tx") == "'\tx")
        #expect(CSVField.escape("\rx") == "\"'\rx\"")
        #expect(CSVField.escape("\r\nx") == "\"'\r\nx\"")
        #expect(CSVField.escape("a,b") == "\"a,b\"")
        #expect(CSVField.escape("line1\nline2") == "\"line1\nline2\"")
        #expect(CSVField.escape("plain text") == "plain text")
        #expect(CSVField.escape("") == "")
    }

    @Test func csvExportOfHostileTextStaysInItsCells() throws {
        var a = SampleAnalyses.possibleIncident
        a.signals[0].text = "=cmd|' /C calc'!A0\nsecond, \"quoted\" line"
        a.signals[0].fields = ["reason": .string("@evil")]
        let exporter = TimelineExporter(format: .csv)
        let csv = exporter.header + exporter.lines(for: a).joined()
        let rows = OutputSafetyTests.parseCSV(csv)
        #expect(rows.first == ["message", "datetime", "timestamp_desc", "timestamp", "data_type", "device", "source", "line",
                               "signal", "rule", "process", "pid", "fields", "incidents", "text"])
        #expect(rows.dropFirst().allSatisfy { $0.count == 15 })
        let signal = try #require(rows.first { $0.count == 15 && $0[14].contains("calc") })
        #expect(signal[14] == "'=cmd|' /C calc'!A0\nsecond, \"quoted\" line")
        for row in rows.dropFirst() {
            for cell in row { #expect(!["=", "+", "-", "@"].contains(cell.first.map(String.init) ?? "")) }
        }
    }

    /// Markdown with fenced code blocks (any fence length) and inline code spans removed:
    /// what is left is what a Markdown renderer interprets.
    static func outsideCodeBlocks(_ md: String) -> String {
        var out: [Substring] = []
        var fence: String?
        for line in md.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            let run = String(trimmed.prefix { $0 == "`" })
            if let open = fence {
                if run.count >= open.count, trimmed.allSatisfy({ $0 == "`" }) { fence = nil }
            } else if run.count >= 3 {
                fence = run
            } else {
                out.append(line)
            }
        }
        let spans = try! NSRegularExpression(pattern: "(`+)(.+?)(?<!`)\\1(?!`)")
        let text = out.joined(separator: "\n")
        return spans.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "CODE")
    }

    /// A small RFC 4180 reader for the checks above.
    static func parseCSV(_ text: String) -> [[String]] {
        var rows: [[String]] = [], row: [String] = [], cell = "", quoted = false
        var chars = Array(text.unicodeScalars)[...]
        while let c = chars.popFirst() {
            if quoted {
                if c == "\"" {
                    if chars.first == "\"" { cell.unicodeScalars.append("\""); chars.removeFirst() } else { quoted = false }
                } else {
                    cell.unicodeScalars.append(c)
                }
            } else if c == "\"" {
                quoted = true
            } else if c == "," {
                row.append(cell); cell = ""
            } else if c == "\r", chars.first == "\n" {
                chars.removeFirst()
                row.append(cell); rows.append(row); row = []; cell = ""
            } else {
                cell.unicodeScalars.append(c)
            }
        }
        if !cell.isEmpty || !row.isEmpty { row.append(cell); rows.append(row) }
        return rows
    }
}
