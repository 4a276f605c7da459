/// Loads rule files (YAML) into a `RuleSet` with every problem found.
/// STUB: to be implemented by the rules work (issue 3).
public enum RuleLoader {
    public struct Result: Sendable {
        public var ruleSet: RuleSet
        public var diagnostics: [RuleDiagnostic]
        public var errors: [RuleDiagnostic] { diagnostics.filter { $0.severity == .error } }
    }

    /// Loads files and directories (`*.yml`, `*.yaml`, recursively, sorted) in order.
    public static func load(paths: [String]) -> Result {
        Result(ruleSet: RuleSet(), diagnostics: [])
    }
}
