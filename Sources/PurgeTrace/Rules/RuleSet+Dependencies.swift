extension RuleSet {
    /// Every signal name some loaded rule emits.
    public var emittedSignals: Set<String> {
        Set(eventRules.map(\.header.signal) + correlationRules.map(\.header.signal))
    }

    /// The signals a correlation consumes (what it counts, its steps, `require-any` and
    /// `absent`), as resolved by the loader. Incident outcome and coverage lists are read
    /// from the finished evidence, so they are not inputs.
    public static func inputs(of rule: CorrelationRule) -> Set<String> {
        var names = Set(rule.rules)
        names.formUnion(rule.requireAny)
        for step in rule.steps { names.formUnion(step.signals) }
        for absent in rule.absent { names.formUnion(absent.signals) }
        return names
    }

    /// For each correlation rule (by index), the indices of the correlation rules whose
    /// signals it consumes.
    public func correlationDependencies() -> [[Int]] {
        var emitters: [String: [Int]] = [:]
        for (i, rule) in correlationRules.enumerated() { emitters[rule.header.signal, default: []].append(i) }
        return correlationRules.map { rule in
            Array(Set(RuleSet.inputs(of: rule).flatMap { emitters[$0] ?? [] })).sorted()
        }
    }

    /// Correlation rules ordered so that each comes after the correlations it consumes
    /// (load order otherwise). A set with a cycle is rejected by the loader; should one get
    /// here anyway, the remaining rules follow in load order.
    public func correlationsInDependencyOrder() -> [CorrelationRule] {
        let dependencies = correlationDependencies()
        var done = [Bool](repeating: false, count: correlationRules.count)
        var order: [Int] = []
        var progress = true
        while progress {
            progress = false
            for i in correlationRules.indices where !done[i] && dependencies[i].allSatisfy({ done[$0] || $0 == i }) {
                done[i] = true
                order.append(i)
                progress = true
            }
        }
        order += correlationRules.indices.filter { !done[$0] }
        return order.map { correlationRules[$0] }
    }
}
