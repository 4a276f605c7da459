import PurgeTrace

/// `purgetrace ingest --db FILE PATH...`: add evidence to a timeline database.
enum IngestCommand {
    static let spec = CommandSpec(
        name: "ingest",
        summary: "add evidence to a timeline database",
        usage: ["ingest [options] --db FILE PATH..."],
        options: [
            OptionSpec("--db", "FILE", "the timeline database (created if missing)"),
            OptionSpec("--keep-records", nil, "keep every record, not only matched ones, with a full-text index"),
            OptionSpec("--redact", nil, "replace emails, tokens, user UUIDs and home-folder names before writing"),
        ] + OptionSpec.reading + OptionSpec.terminal,
        details: """
            Each unit (archive, folder entry or loose file) is committed in one transaction
            with its device's recomputed incidents: a killed run leaves whole units only, and
            re-ingesting a unit or a file already present adds nothing. Several processes may
            ingest into one database; they wait for each other. Query it with sqlite3
            (docs/database.md) or with purgetrace report/timeline/export.
            """,
        run: { invocation in
            guard !invocation.positionals.isEmpty else { throw UsageError("ingest needs at least one PATH") }
            let path = try ReportDelivery.databasePath(invocation)
            let options = try RunSettings.analysisOptions(invocation)
            let rules = try RuleSources.loadForRunning(paths: try RuleSources.paths(for: invocation))
            let analyzer = Analyzer(ruleSet: rules.ruleSet, options: options)
            let units = try analyzer.units(paths: invocation.positionals)
            let quiet = invocation.has("--quiet")
            let outcome = try Ingestion(analyzer: analyzer, rules: rules.ruleSet, databasePath: path,
                                        keepRecords: invocation.has("--keep-records"), redact: invocation.has("--redact"))
                .run(units: units) { report in
                    guard !quiet else { return }
                    let status = report.result.status == .committed
                        ? "\(report.result.sourcesAdded) sources, \(report.result.signalsAdded) signals, device incidents: \(report.result.incidents)"
                        : "already in the database"
                    invocation.terminal.writeError("ingest: \(report.unit.device): \(status)\n")
                }
            EvidenceWarnings.print(outcome.analysis, invocation: invocation)
            invocation.terminal.write("ingested \(outcome.committed) unit\(outcome.committed == 1 ? "" : "s") into \(path)"
                + (outcome.alreadyPresent > 0 ? "; \(outcome.alreadyPresent) already present" : "") + "\n")
            return ExitStatus.success
        })
}
