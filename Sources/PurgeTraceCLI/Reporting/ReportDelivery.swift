import PurgeTrace

/// Renders an analysis as the report options of a command ask (`--format`, `--output`,
/// `--redact`, `--fail-on`, `--color`) and writes it. `analyze` and `report` both end
/// here, so the same evidence gives the same bytes whichever way it came.
enum ReportDelivery {
    /// - Returns: the exit status: 1 when `--fail-on` found an incident of at least that
    ///   verdict, else 0.
    static func deliver(_ analysis: Analysis, invocation: Invocation) throws(ToolError) -> Int32 {
        let format = ReportOptions.Format(rawValue: invocation.value("--format") ?? "text") ?? .text
        let output = try OutputTarget(path: invocation.value("--output"), terminal: invocation.terminal)
        let options = ReportOptions(redact: invocation.has("--redact"),
                                    color: format == .text && output.path == nil && invocation.terminal.colorOnStdout)
        let text = ReportOptions.writer(for: format).render(analysis, options: options)
        try output.write(text)
        try output.close()
        return failOnStatus(analysis, invocation: invocation)
    }

    static func failOnStatus(_ analysis: Analysis, invocation: Invocation) -> Int32 {
        guard let failOn = invocation.value("--fail-on"), let verdict = Verdict(rawValue: failOn) else { return ExitStatus.success }
        return analysis.hasIncident(atLeast: verdict) ? ExitStatus.findings : ExitStatus.success
    }

    /// `--db FILE`, required by the database commands.
    static func databasePath(_ invocation: Invocation) throws(UsageError) -> String {
        guard let path = invocation.value("--db"), !path.isEmpty else {
            throw UsageError("\(invocation.command) needs --db FILE (see purgetrace \(invocation.command) --help)")
        }
        return path
    }
}
