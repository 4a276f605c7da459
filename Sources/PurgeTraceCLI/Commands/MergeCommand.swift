import PurgeTrace

/// `purgetrace merge OUT.db IN.db...`: combines shard databases (`scan --shard K/N`)
/// into one whose report equals a single scan of the whole corpus.
enum MergeCommand {
    static let spec = CommandSpec(
        name: "merge",
        summary: "combine shard databases into one",
        usage: ["merge [options] OUT.db IN.db..."],
        options: [
            OptionSpec("--rules", "PATH", "extra rule file or directory, for devices whose incidents must be recomputed", repeatable: true),
            OptionSpec("--no-default-rules", nil, "load only the --rules files"),
            OptionSpec("--rules-dir", "DIR", "where the shipped rules are (default: next to the installed binary)"),
        ] + OptionSpec.terminal,
        details: """
            Whole units are copied from each IN.db (opened read-only) into OUT.db (created
            if missing), one transaction each, in path order; a unit OUT.db already has (same
            identity) is skipped, so merging again, or after a killed merge, is safe. A
            device found in one input only takes the incidents that shard computed; one
            found in several inputs, or already in OUT.db, is recomputed with the rules
            (the shipped rules plus --rules, as the scans used).
            """,
        run: { invocation in
            let paths = invocation.positionals
            guard paths.count >= 2 else { throw UsageError("merge needs OUT.db and at least one IN.db") }
            let merger = ScanMerger(outputPath: paths[0], inputPaths: Array(paths.dropFirst())) { () throws(ToolError) in
                let rules = try RuleSources.loadForRunning(paths: try RuleSources.paths(for: invocation))
                return Analyzer(ruleSet: rules.ruleSet, options: AnalysisOptions())
            }
            let outcome = try merger.run()
            if !invocation.has("--quiet") {
                for warning in outcome.warnings { invocation.terminal.warning(warning) }
            }
            var line = "merged \(outcome.merged) unit\(outcome.merged == 1 ? "" : "s") from \(paths.count - 1) database\(paths.count == 2 ? "" : "s") into \(paths[0])"
            if outcome.skipped > 0 { line += "; \(outcome.skipped) already present" }
            if outcome.failedUnits > 0 { line += "; \(outcome.failedUnits) failed unit\(outcome.failedUnits == 1 ? "" : "s") recorded" }
            if outcome.recomputedDevices > 0 {
                line += "; \(outcome.recomputedDevices) device\(outcome.recomputedDevices == 1 ? "" : "s") recomputed"
            }
            invocation.terminal.write(line + "\n")
            return ExitStatus.success
        })
}
