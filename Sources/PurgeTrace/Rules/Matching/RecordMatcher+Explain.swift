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
