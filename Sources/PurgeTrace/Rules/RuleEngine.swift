/// Compiled event rules with their prefilter; shared by all workers.
/// STUB: to be implemented by the rules work (issue 3).
public final class RuleEngine: Sendable {
    public let ruleSet: RuleSet

    public init(ruleSet: RuleSet) {
        self.ruleSet = ruleSet
    }

    /// Per-worker matcher (owns PCRE2 match data); not thread-safe.
    public func makeMatcher() -> RecordMatcher { RecordMatcher(engine: self) }
}

/// Matches records against the event rules on one thread.
public final class RecordMatcher {
    public let engine: RuleEngine
    /// Warnings such as a rule hitting the match limit (naming the rule and the line).
    public private(set) var warnings: [String] = []

    init(engine: RuleEngine) { self.engine = engine }

    /// Emits one signal per matching event rule. `sourceSHA256` is left empty (the sink
    /// fills it when the source ends).
    public func match(_ record: RecordView, source: SourceInfo, emit: (Signal) -> Void) {}
}
