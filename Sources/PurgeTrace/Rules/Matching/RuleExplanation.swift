/// One rule's verdict on one record, with what the prefilter saw (`rules explain`).
public struct RuleExplanation: Sendable {
    public var rule: EventRule
    public var verdict: RuleVerdict
    /// The rule's prefilter literals (any of); nil when the rule is tried on every record.
    public var literals: [PrefilterLiteral]?
    /// Those of `literals` that occur in the message.
    public var literalsFound: [PrefilterLiteral]

    /// The record got past the rule's prefilter (by a literal it holds), or a pattern of
    /// the rule matched: the rule came close, so its failure is worth showing.
    public var isNearMiss: Bool {
        switch verdict {
        case .matched: return false
        case .prefilterAbsent: return false
        case .whereFailed, .notMatched, .matchAllFailed, .matchLimitExceeded: return true
        case .patternDidNotMatch: return !literalsFound.isEmpty
        }
    }
}
