/// `--format markdown`: for pasting into a bug tracker. Tables for the summary, each
/// incident and the inputs; evidence lines in fenced code blocks whose fence is longer
/// than any backtick run in the log text; all other log text escaped so it cannot turn
/// into markup or HTML.
public struct MarkdownReportWriter: ReportWriter {
    public init() {}

    public func render(_ analysis: Analysis, options: ReportOptions) -> String {
        let a = options.prepare(analysis)
        let s = ReportSummary(a.incidents)
        let records = a.inputs.reduce(0) { $0 + $1.records }
        var out = "# purgetrace report\n\n"
        out += "purgetrace \(md(options.toolVersion)): \(ReportText.summaryLine(s, inputs: a.inputs.count, records: records)). All times UTC.\n\n"
        out += "| incidents | probable | possible | lost | recovered | unknown | uncovered |\n"
        out += "|---:|---:|---:|---:|---:|---:|---:|\n"
        out += "| \(s.incidents) | \(s.probable) | \(s.possible) | \(s.lost) | \(s.recovered) | \(s.unknown) | \(s.uncovered) |\n"

        for (n, incident) in a.incidents.enumerated() {
            out += "\n" + renderIncident(incident, number: n + 1)
        }
        if a.incidents.isEmpty { out += "\nNo incidents found.\n" }

        out += "\n## Inputs\n\n"
        if a.inputs.isEmpty {
            out += "No inputs.\n"
        } else {
            out += "| path | format | records | undecodable | first | last | gaps | warnings |\n"
            out += "|---|---|---:|---:|---|---|---|---|\n"
            for input in a.inputs {
                let gaps = input.gaps.map { "\(HumanFormat.time($0.from)) – \(HumanFormat.time($0.to)) (\(HumanFormat.duration(seconds: $0.seconds)))" }
                out += "| \(SafeText.markdownCode(input.path)) | \(input.format?.rawValue ?? "unrecognized") | \(HumanFormat.count(input.records)) | \(HumanFormat.count(input.undecodable)) | "
                out += "\(input.first.map(HumanFormat.time) ?? "–") | \(input.last.map(HumanFormat.time) ?? "–") | "
                out += "\(gaps.isEmpty ? "–" : gaps.joined(separator: "<br>")) | \(input.warnings.isEmpty ? "–" : input.warnings.map(md).joined(separator: "<br>")) |\n"
            }
        }
        out += "\n## Rules\n\n\(a.rulesLoaded) loaded, \(HumanFormat.plural(a.ruleErrors.count, "error")).\n"
        for error in a.ruleErrors { out += "\n- \(md(error))" }
        if !a.ruleErrors.isEmpty { out += "\n" }
        let warnings = a.reportWarnings
        if !warnings.isEmpty {
            out += "\n## Warnings\n\n"
            for warning in warnings { out += "- \(md(warning))\n" }
        }
        return out
    }

    private func md(_ s: String) -> String { SafeText.markdown(s) }

    private func renderIncident(_ i: Incident, number: Int) -> String {
        var out = "## Incident \(number): \(md(i.kind)) — \(i.verdict.rawValue) (confidence \(HumanFormat.confidence(i.confidence)))\n\n"
        out += "| | |\n|---|---|\n"
        func row(_ label: String, _ value: String) { out += "| \(label) | \(value) |\n" }
        row("id", SafeText.markdownCode(i.id))
        row("rule", SafeText.markdownCode(i.ruleID))
        row("reason", i.reason.map(md) ?? "(none given)")
        row("window", ReportText.window(i))
        row("where", md(ReportText.group(i.group)))
        if let outcome = i.outcome, let text = ReportText.outcome(i) {
            row("outcome", "**\(outcome.rawValue)**: \(text)")
        }
        if let c = i.coverage {
            var value = "**\(c.verdict.rawValue)**: \(ReportText.coverage(c))"
            if let snapshot = ReportText.snapshot(c), let s = c.snapshot {
                value += "<br>\(snapshot) (\(SafeText.markdownCode(HumanFormat.location(s.source, s.line))))"
            }
            if let detail = ReportText.coverageDetail(c) { value += "<br>\(detail)" }
            row("coverage", value)
        }
        if !i.missing.isEmpty {
            row("missing", i.missing.map(SafeText.markdownCode).joined(separator: ", ") + "<br>" + ReportText.missingNote(i.missing))
        }
        for warning in i.warnings { row("warning", md(warning)) }

        out += "\n### Evidence (\(HumanFormat.plural(i.steps.count, "step")))\n\n"
        for (k, step) in i.steps.enumerated() {
            out += "\(k + 1). **\(md(step.name))** at \(HumanFormat.time(step.time)), \(SafeText.markdownCode(HumanFormat.location(step.source, step.line)))"
            out += " (rule \(SafeText.markdownCode(step.ruleID)))"
            if !step.fields.isEmpty { out += ", fields \(SafeText.markdownCode(HumanFormat.fields(step.fields)))" }
            out += "\n\n"
            for line in SafeText.markdownBlock(ReportText.clipped(ReportText.evidence(step.text))).split(separator: "\n", omittingEmptySubsequences: false) {
                out += "   \(line)\n"
            }
            out += "\n"
        }
        return out
    }
}
