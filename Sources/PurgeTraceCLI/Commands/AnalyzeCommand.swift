import PurgeTrace

/// `purgetrace analyze`: parse, match, correlate and report in one run.
enum AnalyzeCommand {
    static let spec = CommandSpec(
        name: "analyze",
        summary: "parse logs, match rules, correlate incidents and print a report",
        usage: ["analyze [options] PATH..."],
        options: OptionSpec.reading + OptionSpec.reporting + OptionSpec.terminal + [
            OptionSpec("--db", "FILE", "also keep the timeline in this SQLite file"),
        ],
        details: """
            A PATH may be a file, a folder (read recursively, in sorted order), an archive
            (.gz .bz2 .xz .zip .tar .tgz, sysdiagnose included) or - for standard input.
            Each entry of a folder, each archive and each loose file is one device; evidence
            of different devices never combines (--same-device makes all PATHs one device).
            Exit status: 0 whatever was found; 1 with --fail-on when an incident of at
            least that verdict was found; 2 when the command could not run.
            """,
        run: { invocation in
            guard !invocation.positionals.isEmpty else {
                throw UsageError("analyze needs at least one PATH (a file, folder, archive or - for standard input)")
            }
            let options = try RunSettings.analysisOptions(invocation)
            let rules = try RuleSources.loadForRunning(paths: try RuleSources.paths(for: invocation))
            let analyzer = Analyzer(ruleSet: rules.ruleSet, options: options)
            let units = try analyzer.units(paths: invocation.positionals)
            let analysis: Analysis
            if let db = invocation.value("--db") {
                analysis = try Ingestion(analyzer: analyzer, rules: rules.ruleSet, databasePath: db,
                                         keepRecords: false, redact: invocation.has("--redact"))
                    .run(units: units).analysis
            } else {
                analysis = Analyzer.combine(try analyzer.analyze(units: units), rulesLoaded: rules.ruleSet.count,
                                            ruleErrors: [])
            }
            EvidenceWarnings.print(analysis, invocation: invocation)
            return try ReportDelivery.deliver(analysis, invocation: invocation)
        })
}
