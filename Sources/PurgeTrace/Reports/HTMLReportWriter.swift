/// `--format html`: one self-contained page to attach to a ticket. Inline CSS, inline
/// SVG, no script, no font, image or any other fetch — and a Content-Security-Policy
/// that forbids them, so even a mistake in escaping could not load anything. Every text
/// that comes from a log, a path or a rule goes through `SafeText.html`. Deterministic:
/// no generation time, the same bytes for the same analysis.
public struct HTMLReportWriter: ReportWriter {
    public init() {}

    public func render(_ analysis: Analysis, options: ReportOptions) -> String {
        let a = options.prepare(analysis)
        let s = ReportSummary(a.incidents)
        let records = a.inputs.reduce(0) { $0 + $1.records }
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="purgetrace \(h(options.toolVersion))">
            <title>purgetrace report: \(h(ReportText.summaryLine(s, inputs: a.inputs.count, records: records)))</title>
            <style>\(HTMLReportWriter.css)</style>
            </head>
            <body>
            <header>
            <h1>purgetrace report</h1>
            <p class="lead">\(h(ReportText.summaryLine(s, inputs: a.inputs.count, records: records))). All times UTC.</p>
            </header>

            """
        out += "<section class=\"summary\" aria-label=\"summary\">\n"
        let cards: [(String, Int, String)] = [
            ("incidents", s.incidents, ""), ("probable", s.probable, s.probable > 0 ? "bad" : ""),
            ("possible", s.possible, s.possible > 0 ? "warn" : ""), ("lost", s.lost, s.lost > 0 ? "bad" : ""),
            ("recovered", s.recovered, s.recovered > 0 ? "good" : ""), ("unknown", s.unknown, ""),
            ("uncovered", s.uncovered, s.uncovered > 0 ? "warn" : ""),
        ]
        for (label, value, tone) in cards {
            out += "<div class=\"card \(tone)\"><span class=\"value\">\(value)</span><span class=\"label\">\(label)</span></div>\n"
        }
        out += "</section>\n"

        if a.incidents.isEmpty {
            out += "<section class=\"incident none\"><h2>No incidents found</h2><p>None of the loaded rules found an incident in these inputs.</p></section>\n"
        }
        let context = TimelineSVG.context(of: a)
        for (k, incident) in a.incidents.enumerated() {
            out += renderIncident(incident, number: k + 1, signals: context)
        }

        out += "<section class=\"inputs\">\n<h2>Inputs (\(a.inputs.count))</h2>\n"
        if let chart = CoverageSVG(inputs: a.inputs).render() { out += "<figure>\(chart)<figcaption>Time covered by each input; gaps over 30 minutes in red.</figcaption></figure>\n" }
        if !a.inputs.isEmpty {
            out += "<div class=\"table-wrap\"><table class=\"inputs\"><thead><tr><th>path</th><th>format</th><th class=\"num\">records</th><th class=\"num\">undecodable</th><th>first</th><th>last</th><th>gaps</th><th>warnings</th></tr></thead><tbody>\n"
            for input in a.inputs {
                out += "<tr><td class=\"path\"><code>\(h(input.path))</code>"
                if input.device != input.path { out += "<br><span class=\"muted\">device \(h(input.device))</span>" }
                out += "</td><td class=\"format\">\(h(input.format?.rawValue ?? "unrecognized"))</td><td class=\"num\">\(HumanFormat.count(input.records))</td>"
                out += "<td class=\"num\">\(HumanFormat.count(input.undecodable))</td><td class=\"when\">\(input.first.map(HumanFormat.time) ?? "–")</td>"
                out += "<td class=\"when\">\(input.last.map(HumanFormat.time) ?? "–")</td><td class=\"gaps\">"
                out += input.gaps.isEmpty ? "–" : input.gaps.map { h(ReportText.gap($0)) }.joined(separator: "<br>")
                out += "</td><td>"
                out += input.warnings.isEmpty ? "–" : input.warnings.map(h).joined(separator: "<br>")
                out += "</td></tr>\n"
            }
            out += "</tbody></table></div>\n"
        }
        out += "</section>\n"

        out += "<section class=\"rules\"><h2>Rules</h2><p>\(a.rulesLoaded) loaded, \(HumanFormat.plural(a.ruleErrors.count, "error")).</p>\n"
        if !a.ruleErrors.isEmpty {
            out += "<ul class=\"errors\">\n" + a.ruleErrors.map { "<li>\(h($0))</li>\n" }.joined() + "</ul>\n"
        }
        out += "</section>\n"
        let warnings = a.reportWarnings
        if !warnings.isEmpty {
            out += "<section class=\"warnings\"><h2>Warnings (\(warnings.count))</h2><ul>\n"
            out += warnings.map { "<li>\(h($0))</li>\n" }.joined()
            out += "</ul></section>\n"
        }
        out += "<footer>purgetrace \(h(options.toolVersion)) · report schema \(JSONReportWriter.schema)</footer>\n</body>\n</html>\n"
        return out
    }

    private func h(_ s: String) -> String { SafeText.html(s) }

    private func renderIncident(_ i: Incident, number: Int, signals: [String: [Signal]]) -> String {
        var out = "<section class=\"incident\" id=\"incident-\(h(i.id))\">\n"
        out += "<h2><span class=\"number\">\(number)</span> \(h(i.kind)) <span class=\"badge \(i.verdict.rawValue)\">\(i.verdict.rawValue)</span>"
        out += " <span class=\"confidence\">confidence \(HumanFormat.confidence(i.confidence))</span></h2>\n"
        out += "<dl>\n"
        func row(_ label: String, _ html: String) { out += "<dt>\(label)</dt><dd>\(html)</dd>\n" }
        row("id", "<code>\(h(i.id))</code> (rule <code>\(h(i.ruleID))</code>)")
        row("reason", i.reason.map { "<strong>\(h($0))</strong>" } ?? "<span class=\"muted\">none given</span>")
        row("window", h(ReportText.window(i)))
        row("where", h(ReportText.group(i.group)))
        if let outcome = i.outcome, let text = ReportText.outcome(i) {
            row("outcome", "<span class=\"badge \(outcome.rawValue)\">\(outcome.rawValue)</span> \(h(text))")
        }
        if let c = i.coverage {
            var html = "<span class=\"badge cov-\(c.verdict.rawValue)\">\(c.verdict.rawValue)</span> \(h(ReportText.coverage(c)))"
            if let snapshot = ReportText.snapshot(c), let s = c.snapshot {
                html += "<br>\(h(snapshot)) <code>\(h(HumanFormat.location(s.source, s.line)))</code>"
            }
            if let detail = ReportText.coverageDetail(c) { html += "<br>\(h(detail))" }
            row("coverage", html)
        }
        if !i.missing.isEmpty {
            row("missing", i.missing.map { "<code>\(h($0))</code>" }.joined(separator: ", ") + "<br><span class=\"muted\">\(h(ReportText.missingNote(i.missing)))</span>")
        }
        for warning in i.warnings { row("warning", "<span class=\"warn-text\">\(h(warning))</span>") }
        out += "</dl>\n"
        out += "<figure>\(TimelineSVG(incident: i, context: signals).render())<figcaption>Steps, snapshot writes and item counts on one time axis; the shaded band is the outcome window.</figcaption></figure>\n"
        out += "<h3>Evidence (\(HumanFormat.plural(i.steps.count, "step")))</h3>\n<ol class=\"evidence\">\n"
        for step in i.steps {
            out += "<li><div class=\"step-head\"><span class=\"time\">\(HumanFormat.time(step.time))</span> <strong>\(h(step.name))</strong>"
            out += " <span class=\"muted\">rule \(h(step.ruleID))</span> <code class=\"loc\">\(h(HumanFormat.location(step.source, step.line)))</code>"
            if !step.fields.isEmpty { out += " <span class=\"fields\">\(h(HumanFormat.fields(step.fields)))</span>" }
            out += "</div><pre>\(h(ReportText.clipped(ReportText.evidence(step.text))))</pre></li>\n"
        }
        out += "</ol>\n</section>\n"
        return out
    }

    static let css = """

        :root { color-scheme: light; --ink: #1d2330; --muted: #667085; --line: #d8dde6; --bg: #f6f7f9;
          --bad: #c0362c; --warn: #b7791f; --good: #2f855a; --accent: #2b6cb0; }
        * { box-sizing: border-box; }
        body { margin: 0 auto; max-width: 1120px; padding: 24px; font: 14px/1.5 -apple-system, "Segoe UI", Roboto,
          "Helvetica Neue", "DejaVu Sans", Arial, sans-serif; color: var(--ink); background: #fff; }
        h1 { font-size: 24px; margin: 0 0 4px; }
        h2 { font-size: 18px; margin: 0 0 12px; }
        h3 { font-size: 15px; margin: 16px 0 8px; }
        .lead { margin: 0 0 16px; color: var(--muted); }
        code, pre, .time { font-family: "SF Mono", Menlo, Consolas, "DejaVu Sans Mono", monospace; font-size: 12.5px; }
        .muted { color: var(--muted); }
        .summary { display: flex; flex-wrap: wrap; gap: 10px; margin-bottom: 20px; }
        .card { border: 1px solid var(--line); border-radius: 8px; padding: 8px 14px; min-width: 96px; background: var(--bg); }
        .card .value { display: block; font-size: 22px; font-weight: 600; }
        .card .label { color: var(--muted); font-size: 12px; text-transform: uppercase; letter-spacing: .04em; }
        .card.bad .value { color: var(--bad); } .card.warn .value { color: var(--warn); } .card.good .value { color: var(--good); }
        section { border: 1px solid var(--line); border-radius: 10px; padding: 16px 18px; margin-bottom: 18px; }
        .incident h2 .number { display: inline-block; min-width: 26px; height: 26px; border-radius: 13px; background: var(--ink);
          color: #fff; text-align: center; font-size: 14px; line-height: 26px; margin-right: 6px; }
        .badge { display: inline-block; border-radius: 4px; padding: 0 7px; font-size: 12px; font-weight: 600;
          text-transform: uppercase; letter-spacing: .03em; color: #fff; background: var(--muted); vertical-align: 2px; }
        .badge.probable, .badge.lost, .badge.cov-overwritten, .badge.cov-none { background: var(--bad); }
        .badge.possible, .badge.unknown, .badge.cov-stale, .badge.cov-partial { background: var(--warn); }
        .badge.recovered, .badge.cov-covered { background: var(--good); }
        .badge.cov-unobserved { background: var(--muted); }
        .confidence { font-size: 13px; color: var(--muted); font-weight: normal; }
        dl { display: grid; grid-template-columns: 110px 1fr; gap: 4px 12px; margin: 0 0 12px; }
        dt { color: var(--muted); } dd { margin: 0; overflow-wrap: anywhere; }
        .warn-text { color: var(--warn); }
        figure { margin: 8px 0; } figcaption { color: var(--muted); font-size: 12px; }
        svg { width: 100%; height: auto; display: block; background: #fcfcfd; border: 1px solid var(--line); border-radius: 6px; }
        svg text { font-size: 11px; fill: var(--ink); font-family: -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; }
        svg .lane { stroke: var(--line); stroke-dasharray: 3 3; }
        svg .lane-label, svg .tick-label, svg .axis-note { fill: var(--muted); }
        svg .axis, svg .tick { stroke: var(--muted); }
        svg .window { opacity: .16; } svg .window.lost { fill: var(--bad); } svg .window.recovered { fill: var(--good); }
        svg .window.unknown { fill: var(--muted); }
        svg .window-label { fill: var(--muted); }
        svg .span { fill: var(--accent); opacity: .15; }
        svg .step circle { fill: var(--accent); stroke: #fff; stroke-width: 1.5; }
        svg .step .leader { stroke: var(--accent); stroke-width: 1; opacity: .45; }
        svg .purge { stroke: var(--bad); stroke-dasharray: 4 3; } svg .purge-label { fill: var(--bad); }
        svg .snap rect, svg .snap path { fill: var(--good); } svg .snap.empty rect { fill: var(--bad); }
        svg .snap.restored rect { fill: var(--accent); }
        svg .snap.chosen rect, svg .snap.chosen path { stroke: var(--ink); stroke-width: 2; }
        svg .count path { fill: var(--warn); } svg .count.zero path { fill: var(--bad); }
        svg .covered { fill: var(--accent); opacity: .55; } svg .gap { fill: var(--bad); }
        svg .source-label { font-family: "DejaVu Sans Mono", Menlo, monospace; font-size: 11px; }
        ol.evidence { padding-left: 22px; } ol.evidence li { margin-bottom: 10px; }
        .step-head { overflow-wrap: anywhere; } .fields { color: var(--accent); }
        pre { margin: 4px 0 0; padding: 8px 10px; background: var(--bg); border: 1px solid var(--line); border-radius: 6px;
          white-space: pre-wrap; overflow-wrap: anywhere; }
        table { border-collapse: collapse; width: 100%; font-size: 13px; }
        th, td { border-bottom: 1px solid var(--line); padding: 5px 8px; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
        th { color: var(--muted); font-weight: 600; white-space: nowrap; } .num { text-align: right; white-space: nowrap; }
        .table-wrap { overflow-x: auto; }
        td.when { min-width: 6.5em; } td.path { word-break: break-all; min-width: 280px; } td.gaps { min-width: 120px; }
        td.format { white-space: nowrap; }
        ul.errors li, .warnings li { color: var(--warn); }
        footer { color: var(--muted); font-size: 12px; text-align: center; }

        """
}
