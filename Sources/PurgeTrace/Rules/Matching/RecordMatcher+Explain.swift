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

extension RecordMatcher {
    /// Every event rule's verdict on `record`, in rule order, checked in the order the
    /// matcher runs them: prefilter, `where`, `match`, `match-all`, `not`.
    public func explain(_ record: RecordView, source: SourceInfo) -> [RuleExplanation] {
        var fields = RecordFields(record: record, source: source)
        let prefilter = engine.prefilter
        return engine.ruleSet.eventRules.indices.map { index in
            let literals = prefilter.ruleLiterals[index]
            let found = prefilter.literalsFound(forRule: index, in: record.message)
            let verdict: RuleVerdict
            if let literals, found.isEmpty {
                verdict = .prefilterAbsent(literals: literals)
            } else {
                verdict = evaluate(index, record: record, fields: &fields)
            }
            return RuleExplanation(rule: engine.ruleSet.eventRules[index], verdict: verdict, literals: literals,
                                   literalsFound: found)
        }
    }
}
