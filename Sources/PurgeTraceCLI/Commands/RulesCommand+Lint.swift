import PurgeTrace

extension RulesCommand {
    /// `rules lint [RULES_PATH...]`: every load error (exit 1) and the authoring warnings.
    static func lint(_ invocation: Invocation, paths explicit: [String]) throws -> Int32 {
        try reject(["--file", "--line", "--input-format", "--all", "--format"], for: "lint", in: invocation)
        let result = RuleLoader.load(paths: try RuleSources.paths(for: invocation, explicit: explicit))
        let diagnostics = RuleLinter.lint(result)
        var out = ""
        for diagnostic in diagnostics { out += oneLine(diagnostic.description) + "\n" }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        out += "\(count(result.ruleSet.files.count, "file")), \(count(result.ruleSet.count, "rule")): "
            + "\(count(errors, "error")), \(count(warnings, "warning"))\n"
        invocation.terminal.write(out)
        return errors > 0 ? ExitStatus.findings : ExitStatus.success
    }

    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
