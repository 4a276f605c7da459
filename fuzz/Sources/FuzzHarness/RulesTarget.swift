import PurgeTrace

/// Input: a rule file. Loaded beside the shipped rules (so references to shipped signals
/// resolve and correlations are built), linted, compiled, and its examples run.
enum RulesTarget {
    static func run(_ data: UnsafeRawBufferPointer) {
        let source = RuleLoader.Source(name: "fuzz.yml", bytes: Array(data))
        let alone = RuleLoader.load(sources: [source])
        _ = RuleLinter.lint(alone)
        for diagnostic in alone.diagnostics { _ = diagnostic.description }
        guard alone.errors.isEmpty, alone.ruleSet.count > 0 else { return }
        // Compiles every pattern (with the prefilter) and runs the examples through the parsers.
        let report = RuleExampleRunner(ruleSet: alone.ruleSet).run()
        for failure in report.failures { _ = failure.description }
        // The correlator builds its matchers from the rules' references.
        _ = Correlator(ruleSet: alone.ruleSet)
    }
}
