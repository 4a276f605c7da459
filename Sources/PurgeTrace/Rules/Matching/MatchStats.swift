/// Counters of one matcher (add them up across workers).
public struct MatchStats: Sendable, Equatable {
    public var records = 0
    /// Rule evaluations the prefilter allowed, and those it skipped.
    public var rulesTried = 0
    public var rulesSkipped = 0
    /// PCRE2 pattern runs.
    public var regexRuns = 0
    public var signals = 0
    public var matchLimitHits = 0

    public init() {}

    public mutating func add(_ other: MatchStats) {
        records += other.records
        rulesTried += other.rulesTried
        rulesSkipped += other.rulesSkipped
        regexRuns += other.regexRuns
        signals += other.signals
        matchLimitHits += other.matchLimitHits
    }
}
