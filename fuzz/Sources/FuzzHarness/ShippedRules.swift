import Foundation
import PurgeTrace

/// The shipped rule files, loaded once per process (loading them per input would drown
/// the targets' own work).
enum ShippedRules {
    /// `PURGETRACE_RULES_DIR`, else the repository's `rules/` (this file is in
    /// `fuzz/Sources/FuzzHarness/`).
    static let directory: String = {
        if let dir = ProcessInfo.processInfo.environment["PURGETRACE_RULES_DIR"], !dir.isEmpty { return dir }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("rules").path
    }()

    static let ruleSet: RuleSet = {
        let result = RuleLoader.load(paths: [directory])
        precondition(result.errors.isEmpty && result.ruleSet.count > 0,
                     "shipped rules did not load from \(directory): \(result.errors)")
        return result.ruleSet
    }()

    static let engine = RuleEngine(ruleSet: ruleSet)
    static let analyzer = Analyzer(ruleSet: ruleSet, options: AnalysisOptions(read: FuzzLimits.readOptions, jobs: 1))
}
