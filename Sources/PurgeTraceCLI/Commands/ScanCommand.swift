import PurgeTrace

/// `purgetrace scan --db FILE PATH...`: many cases into one database, on all cores;
/// resumable, shardable (`--shard K/N`), and the report of everything the database holds.
enum ScanCommand {
    static let spec = CommandSpec(
        name: "scan",
        summary: "batch-scan folders of log bundles in parallel into one database",
        usage: ["scan [options] --db FILE PATH..."],
        options: [
            OptionSpec("--db", "FILE", "the timeline database (created if missing; a re-run skips what it has)"),
            OptionSpec("--shard", "K/N", "scan only shard K of N (1-based), to split a corpus across machines"),
            OptionSpec("--max-unit-bytes", "SIZE", "fail a unit that decompresses to more than SIZE (default 64G; K M G T)"),
            OptionSpec("--max-ratio", "N", "fail a unit with a stream that decompresses more than N times its size (default 1000)"),
            OptionSpec("--max-depth", "N", "skip containers nested deeper than N (default 8)"),
            OptionSpec("--format", "FORMAT", "report format (default text)", choices: ["text", "markdown", "json"]),
            OptionSpec("--output", "FILE", "write the report to FILE instead of standard output"),
            OptionSpec("--fail-on", "VERDICT", "exit 1 when the database holds an incident of at least this verdict",
                       choices: ["probable", "possible"]),
        ] + OptionSpec.reading.filter { !["--same-device", "--device"].contains($0.name) } + OptionSpec.terminal,
        details: """
            Every entry directly inside a folder PATH (an archive, a sub-folder or a loose
            file) is one unit — one case, one device — and so is each PATH that is not a
            folder. Units are read on --jobs workers and committed one transaction each, in
            path order: the database and the report never depend on --jobs, and a killed
            scan leaves whole units. Running the same scan again skips units already done
            (their identity is remembered by path, size and mtime) and finishes the rest.
            A unit that cannot be analysed (corrupt, over a decompression limit, needing
            --year, nothing readable in it) is recorded with status error and its reason;
            the scan goes on and tries it again next time.

            --shard K/N takes the units whose FNV-1a-64 hash of their name relative to
            their PATH, mod N, is K-1: give every machine the same PATH spelling, then
            combine the databases with purgetrace merge (docs/scale-out.md).

            The report covers every unit in the database, sorted by path: --format text
            (a table), markdown, or json (schema purgetrace.scan/1). Progress goes to
            standard error. Exit status: 0 whatever was found (failed units included);
            1 with --fail-on; 2 for a usage error, a missing PATH or a database error.
            """,
        run: { invocation in
            guard !invocation.positionals.isEmpty else { throw UsageError("scan needs at least one PATH (a folder of cases, an archive or a file)") }
            let path = try ReportDelivery.databasePath(invocation)
            var shard: ScanShard?
            if let text = invocation.value("--shard") {
                guard let parsed = ScanShard(parsing: text) else {
                    throw UsageError("invalid --shard '\(text)': expected K/N with 1 <= K <= N, like 2/8")
                }
                shard = parsed
            }
            var options = try RunSettings.analysisOptions(invocation)
            options.read.limits = try ScanCommand.limits(invocation)
            options.read.unreadableEntryFailsUnit = true  // one bad unit: recorded as failed
            let rules = try RuleSources.loadForRunning(paths: try RuleSources.paths(for: invocation))
            let analyzer = Analyzer(ruleSet: rules.ruleSet, options: options)
            let units = try ScanPlanner.units(paths: invocation.positionals, shard: shard,
                                              excluding: [path] + (invocation.value("--output").map { [$0] } ?? []))
            let terminal = invocation.terminal
            let display = ScanProgressDisplay(
                terminal: terminal,
                mode: ScanProgressDisplay.mode(quiet: invocation.has("--quiet"), noProgress: invocation.has("--no-progress"),
                                               stderrIsTTY: terminal.stderrIsTTY),
                warnFailures: !invocation.has("--quiet"))
            try ScanRunner(analyzer: analyzer, rules: rules.ruleSet, databasePath: path).run(units: units, progress: display.update)
            return try ScanCommand.deliverReport(databasePath: path, invocation: invocation)
        })

    /// Writes the scan report of the whole database as `--format` asks. Read through a
    /// writing connection, which on closing folds the WAL back into the file and removes
    /// it: the finished database is one file, ready to copy (a read-only connection would
    /// leave an empty `-wal` and `-shm` behind).
    static func deliverReport(databasePath: String, invocation: Invocation) throws -> Int32 {
        let report = ScanReport(store: try TimelineStore(path: databasePath, access: .readWrite))
        let output = try OutputTarget(path: invocation.value("--output"), terminal: invocation.terminal)
        let write: (String) throws -> Void = { try output.write($0) }
        let summary: ScanSummary
        do {
            switch invocation.value("--format") ?? "text" {
            case "json": summary = try ScanJSONWriter().write(report, to: write)
            case "markdown": summary = try ScanMarkdownWriter().write(report, to: write)
            default: summary = try ScanTextWriter().write(report, to: write)
            }
            try output.close()
        } catch {
            output.abandon()
            throw error
        }
        if let failOn = invocation.value("--fail-on"), let verdict = Verdict(rawValue: failOn), summary.hasIncident(atLeast: verdict) {
            return ExitStatus.findings
        }
        return ExitStatus.success
    }
}
