/// `event_count` and `value_count` (Sigma v2.1): bursts per group.
///
/// A burst is a maximal run of events in which each is within `timespan` of the first of
/// the run (contract §4.2). The run closes at the first event past that, or when the
/// group's input ends, and is emitted once if its count meets the condition. State per
/// group is one open run. Events are records: two rules matching one line count once.
struct CountCorrelator: Sendable {
    let rule: CorrelationRule

    func matches(in groups: [SignalGroup]) -> [CorrelationMatch] {
        var out: [CorrelationMatch] = []
        for group in groups {
            var run: [Signal] = []
            var records = Set<RecordKey>()
            for signal in group.signals {
                if rule.kind == .valueCount, countedValue(signal) == nil { continue }
                if let first = run.first, signal.time - first.time > rule.timespan {
                    if let match = close(run, group: group.key) { out.append(match) }
                    run.removeAll(keepingCapacity: true)
                    records.removeAll(keepingCapacity: true)
                }
                guard records.insert(signal.recordKey).inserted else { continue }
                run.append(signal)
            }
            if !run.isEmpty, let match = close(run, group: group.key) { out.append(match) }
        }
        return out
    }

    private func countedValue(_ signal: Signal) -> FieldValue? {
        guard let field = rule.valueField else { return nil }
        return signal.lookupValue(field, aliases: rule.aliases)
    }

    private func close(_ run: [Signal], group: GroupKey) -> CorrelationMatch? {
        let count: Int
        if rule.kind == .valueCount {
            count = Set(run.compactMap(countedValue)).count
        } else {
            count = run.count
        }
        guard rule.condition.allSatisfy({ $0.holds(.int(Int64(count)), key: "count") }) else { return nil }
        return CorrelationMatch(group: group, steps: run.map { MatchedStep(step: nil, signal: $0) }, count: count)
    }
}
