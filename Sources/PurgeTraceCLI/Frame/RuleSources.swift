import Foundation
import PurgeTrace

/// Which rule files a command loads (contract §1): the shipped rules (unless
/// `--no-default-rules`) plus every `--rules PATH`. The `rules` commands that take
/// RULES_PATH arguments load those instead of the shipped rules.
public enum RuleSources {
    /// - Parameter explicit: RULES_PATH arguments; when given they replace the shipped rules.
    /// - Throws: `ToolError` (exit 2) for a rule path that does not exist, or when the
    ///   shipped rules cannot be found.
    public static func paths(for invocation: Invocation, explicit: [String] = []) throws(ToolError) -> [String] {
        var paths: [String] = []
        if !explicit.isEmpty {
            paths = explicit
        } else if !invocation.has("--no-default-rules") {
            paths = [try RulesLocation.shippedRulesDirectory(option: invocation.value("--rules-dir"),
                                                             environment: invocation.terminal.environmentValues)]
        }
        paths += invocation.all("--rules")
        guard !paths.isEmpty else {
            throw ToolError("no rules to load: --no-default-rules needs at least one --rules PATH")
        }
        for path in paths where !FileManager.default.fileExists(atPath: path) {
            throw ToolError("rule path not found: \(path)")
        }
        return paths
    }

    /// Loads rules for a command that runs them: any error in a rule file stops the
    /// command (exit 2) with one line naming the first error's file, line and rule.
    public static func loadForRunning(paths: [String]) throws(ToolError) -> RuleLoader.Result {
        let result = RuleLoader.load(paths: paths)
        let errors = result.errors
        if let first = errors.first {
            var message = first.oneLine
            if errors.count > 1 {
                message += " (and \(errors.count - 1) more error\(errors.count == 2 ? "" : "s"); run 'purgetrace rules lint' to see all)"
            }
            throw ToolError(message)
        }
        return result
    }
}
