/// `--format text`: the terminal report. A summary line, then each incident — kind,
/// verdict, confidence, reason, window, where, outcome, coverage, the evidence steps with
/// `source:line` and their raw lines, the missing steps — then input coverage. Every log
/// text passes through `SafeText.terminal`; ANSI color only when `options.color`.
public struct TextReportWriter: ReportWriter {
    public init() {}

    public func render(_ analysis: Analysis, options: ReportOptions) -> String {
        let a = options.prepare(analysis)
        let style = TerminalStyle(enabled: options.color)
        let summary = ReportSummary(a.incidents)
        let records = a.inputs.reduce(0) { $0 + $1.records }
        var out = style.bold("purgetrace \(SafeText.terminal(options.toolVersion))") + ": "
            + ReportText.summaryLine(summary, inputs: a.inputs.count, records: records) + "\n"

        for (n, incident) in a.incidents.enumerated() {
            out += "\n"
            out += renderIncident(incident, number: n + 1, of: a.incidents.count, style: style)
        }
        if a.incidents.isEmpty { out += "\nNo incidents found.\n" }

        out += "\n" + style.bold("Inputs (\(a.inputs.count))") + "\n"
        if a.inputs.isEmpty { out += "  (none)\n" }
        for input in a.inputs {
            out += "  \(safe(input.path))\n"
            out += "      \(ReportText.inputLine(input))\n"
            if input.device != input.path { out += "      device \(safe(input.device))\n" }
            for gap in input.gaps { out += "      " + style.yellow(ReportText.gap(gap)) + "\n" }
            for warning in input.warnings { out += "      " + style.yellow("warning: ") + safe(warning) + "\n" }
        }
        out += "\nRules: \(a.rulesLoaded) loaded, \(HumanFormat.plural(a.ruleErrors.count, "error"))\n"
        for error in a.ruleErrors { out += "  " + style.red("error: ") + safe(error) + "\n" }
        let warnings = a.reportWarnings
        if !warnings.isEmpty {
            out += "\n" + style.bold("Warnings (\(warnings.count))") + "\n"
            for warning in warnings { out += "  " + safe(warning) + "\n" }
        }
        return out
    }

    private func safe(_ s: String) -> String { SafeText.terminal(s) }

    private func renderIncident(_ i: Incident, number: Int, of total: Int, style: TerminalStyle) -> String {
        let verdict = i.verdict == .probable ? style.red(style.bold("PROBABLE")) : style.yellow(style.bold("possible"))
        var out = style.bold("Incident \(number)/\(total): \(safe(i.kind))") + "  \(verdict)  confidence \(HumanFormat.confidence(i.confidence))\n"
        func row(_ label: String, _ value: String) {
            out += "  \(label)\(String(repeating: " ", count: max(1, 10 - label.count)))\(value)\n"
        }
        row("id", "\(safe(i.id))  (rule \(safe(i.ruleID)))")
        row("reason", i.reason.map(safe) ?? "(none given)")
        row("window", ReportText.window(i))
        row("where", safe(ReportText.group(i.group)))
        if let outcome = i.outcome, let text = ReportText.outcome(i) {
            let word: String
            switch outcome {
            case .lost: word = style.red(style.bold("LOST"))
            case .recovered: word = style.green(style.bold("RECOVERED"))
            case .unknown: word = style.yellow(style.bold("UNKNOWN"))
            }
            row("outcome", "\(word): \(text)")
        }
        if let c = i.coverage {
            let word = c.verdict == .covered ? style.green(style.bold("covered")) : style.yellow(style.bold(c.verdict.rawValue))
            row("coverage", "\(word): \(ReportText.coverage(c))")
            if let snapshot = ReportText.snapshot(c) {
                row("", snapshot)
                if let s = c.snapshot { row("", "snapshot line: \(safe(HumanFormat.location(s.source, s.line)))") }
            }
            if let detail = ReportText.coverageDetail(c) { row("", detail) }
        }
        row("evidence", HumanFormat.plural(i.steps.count, "step"))
        for (k, step) in i.steps.enumerated() {
            out += "    \(k + 1). \(HumanFormat.time(step.time))  " + style.bold(safe(step.name))
                + style.dim("  (\(safe(step.ruleID)))") + "\n"
            out += "       \(safe(HumanFormat.location(step.source, step.line)))\n"
            if !step.fields.isEmpty { out += "       fields: \(safe(HumanFormat.fields(step.fields)))\n" }
            for line in SafeText.terminalLines(ReportText.clipped(ReportText.evidence(step.text))) {
                out += "       " + style.dim("│ ") + line + "\n"
            }
        }
        if !i.missing.isEmpty {
            row("missing", style.yellow(i.missing.map(safe).joined(separator: ", ")))
            row("", ReportText.missingNote(i.missing))
        }
        for warning in i.warnings { row("warning", style.yellow(safe(warning))) }
        return out
    }
}

/// ANSI styling that disappears when color is off.
struct TerminalStyle {
    let enabled: Bool
    private func wrap(_ code: String, _ s: String) -> String { enabled ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
    func bold(_ s: String) -> String { wrap("1", s) }
    func dim(_ s: String) -> String { wrap("2", s) }
    func red(_ s: String) -> String { wrap("31", s) }
    func green(_ s: String) -> String { wrap("32", s) }
    func yellow(_ s: String) -> String { wrap("33", s) }
    func cyan(_ s: String) -> String { wrap("36", s) }
}
