import PurgeTrace

extension RulesCommand {
    /// `rules test [RULES_PATH...]`: runs every example; exit 1 naming each failure.
    static func test(_ invocation: Invocation, paths explicit: [String]) throws -> Int32 {
        try reject(["--file", "--line", "--input-format", "--all", "--format"], for: "test", in: invocation)
        let result = try RuleSources.loadForRunning(paths: RuleSources.paths(for: invocation, explicit: explicit))
        let report = RuleExampleRunner(ruleSet: result.ruleSet).run()
        var out = ""
        for failure in report.failures { out += "FAIL \(failure)\n" }
        let passed = report.examples - report.failures.count
        out += "\(count(report.rules, "event rule")), \(count(report.examples, "example")): \(passed) passed, "
            + "\(report.failures.count) failed"
        if !report.rulesWithoutExamples.isEmpty {
            out += "; without examples: " + report.rulesWithoutExamples.joined(separator: ", ")
        }
        invocation.terminal.write(out + "\n")
        return report.passed ? ExitStatus.success : ExitStatus.findings
    }
}
