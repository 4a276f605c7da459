/// `temporal` and `temporal_ordered` (Sigma v2.1): all listed signals within `timespan`
/// in one group — in any order, or in the listed order (evidence order decides ties).
///
/// The window slides: it holds the group's events of the last `timespan`. As soon as it
/// satisfies the rule it fires once and is emptied, so one event takes part in at most
/// one firing. A `condition` counts the distinct listed signals seen (default: all).
struct TemporalCorrelator: Sendable {
    let rule: CorrelationRule
    private let references: [SignalNames]

    init(rule: CorrelationRule) {
        self.rule = rule
        self.references = rule.rules.map { SignalNames([$0]) }
    }

    func matches(in groups: [SignalGroup]) -> [CorrelationMatch] {
        var out: [CorrelationMatch] = []
        for group in groups {
            var window: [Signal] = []
            var head = 0
            for signal in group.signals {
                window.append(signal)
                while signal.time - window[head].time > rule.timespan { head += 1 }
                if head > 64, head * 2 > window.count {
                    window.removeFirst(head)
                    head = 0
                }
                let live = window[head...]
                if let fired = satisfied(live) {
                    out.append(CorrelationMatch(group: group.key, steps: fired.map { MatchedStep(step: nil, signal: $0) },
                                                count: fired.count))
                    window.removeAll(keepingCapacity: true)
                    head = 0
                }
            }
        }
        return out
    }

    /// The events of the firing, or nil when the window does not satisfy the rule.
    private func satisfied(_ window: ArraySlice<Signal>) -> [Signal]? {
        if rule.kind == .temporalOrdered {
            // Greedy earliest subsequence: if the earliest first signal cannot start the
            // listed order, no later one can.
            var next = 0
            var start: Int?
            for (i, signal) in zip(window.indices, window) where next < references.count {
                if references[next].contains(signal) {
                    if next == 0 { start = i }
                    next += 1
                }
            }
            guard next == references.count, let start else { return nil }
            return Array(window[start...])
        }
        let seen = references.filter { ref in window.contains { ref.contains($0) } }.count
        if rule.condition.isEmpty {
            guard seen == references.count else { return nil }
        } else {
            guard rule.condition.allSatisfy({ $0.holds(.int(Int64(seen)), key: "count") }) else { return nil }
        }
        return Array(window)
    }
}
