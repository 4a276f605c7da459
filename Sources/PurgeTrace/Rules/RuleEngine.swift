// Rules: records → signals.
//
// Rule files are YAML (contract §4). `RuleLoader` reads them into a `RuleSet`, compiling
// every PCRE2 pattern once and reporting each problem as a `RuleDiagnostic` (file, line,
// rule id) instead of throwing, so an author sees all mistakes of a file at once.
//
// `RuleEngine` is built once per run and shared by all workers: compiled patterns and the
// prefilter are immutable. Each worker matches through its own `RecordMatcher`, which owns
// the PCRE2 match data and the prefilter's scratch marks. For each record the prefilter
// scans the message bytes once (one pass for the literals of all rules, which looks at
// every few bytes for a rare 4-byte anchor of some literal) and only the rules whose
// literals occur run a regex; rules are then tried in load order, so
// the signals of a record come out in a stable order. Strings are built only for records
// some rule matched.
//
// Folders: `Loading/` reads YAML into the model (`Rule.swift`, `CorrelationRule.swift`),
// `Prefilter/` finds required literals (`RegexSyntax`, `LiteralExtractor`) and searches
// them (`MultiLiteralSearcher`), `Matching/` runs rules on records, and `Authoring/`
// serves `purgetrace rules` (examples, lint, explain). The correlator reads `RuleSet`'s
// correlation rules, whose references the loader has already resolved to signal names.
import PCRE2Kit

/// Compiled event rules with their prefilter; shared by all workers.
public final class RuleEngine: Sendable {
    public let ruleSet: RuleSet
    public let prefilter: RulePrefilter
    /// PCRE2 match limit applied to each pattern run (see `PatternMatcher`).
    public let matchLimit: UInt32
    /// Per event rule: the named groups of each `match` and `match-all` pattern.
    let captures: [RuleCaptures]

    public init(ruleSet: RuleSet, matchLimit: UInt32 = PatternMatcher.defaultMatchLimit) {
        self.ruleSet = ruleSet
        self.matchLimit = matchLimit
        self.prefilter = RulePrefilter(rules: ruleSet.eventRules)
        self.captures = ruleSet.eventRules.map(RuleCaptures.init)
    }

    /// Per-worker matcher (owns PCRE2 match data); not thread-safe.
    public func makeMatcher() -> RecordMatcher { RecordMatcher(engine: self) }

    /// How many rules the prefilter can skip, and with how many literals.
    public var prefilterSummary: PrefilterSummary {
        PrefilterSummary(
            rules: ruleSet.eventRules.count,
            declared: prefilter.origins.filter { $0 == .declared }.count,
            extracted: prefilter.origins.filter { $0 == .extracted }.count,
            alwaysTried: ruleSet.eventRules.indices.filter { prefilter.ruleLiterals[$0] == nil }
                .map { ruleSet.eventRules[$0].header.id },
            literals: prefilter.searcher.literals.count,
            automatonStates: prefilter.searcher.stateCount)
    }
}
