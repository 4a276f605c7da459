/// One `absent` spec of a sequence: "A with no B" (contract §4.3).
///
/// Windows, relative to the observed steps of a match:
/// - `after: N, within: W` — after step N's signal (evidence order) up to its time + W;
/// - `between: [N, M]` — strictly between the signals of steps N and M;
/// - `before: N, within: W` — from step N's time − W up to its signal.
/// `within` defaults to the rule's `timespan`. When step N was not observed, `after`
/// anchors on the nearest observed step before it (else the first observed) and `before`
/// on the nearest observed step after it (else the last observed); `between` with an
/// unobserved end has no window and holds.
///
/// A signal of a record that filled a step of the match does not count as present. A
/// window that reaches outside the device's evidence or over one of its gaps cannot be
/// confirmed: the match holds, but at most as `possible`.
struct AbsenceCheck: Sendable {
    enum Result: Equatable {
        case found
        case confirmed
        case unconfirmed(String)
    }

    let spec: AbsentSpec
    let names: SignalNames
    let within: TimeSpan

    init(spec: AbsentSpec, ruleTimespan: TimeSpan) {
        self.spec = spec
        self.names = SignalNames(spec.signals)
        self.within = spec.within ?? ruleTimespan
    }

    func evaluate(filled: [Signal?], bindings: StepBindings, records: Set<RecordKey>,
                  candidates: [Signal], bounds: EvidenceBounds) -> Result {
        let observed = filled.indices.filter { filled[$0] != nil }
        guard let firstObserved = observed.first, let lastObserved = observed.last else { return .confirmed }

        // The window as (lower, upper) evidence bounds, exclusive at anchors.
        let lowerSignal: Signal?, upperSignal: Signal?
        let from: Instant, to: Instant
        switch spec.position {
        case .after(let n):
            let anchor = n.map { step in
                observed.last(where: { $0 <= step - 1 }) ?? firstObserved
            } ?? lastObserved
            lowerSignal = filled[anchor]
            upperSignal = nil
            from = lowerSignal!.time
            to = from + within
        case .between(let n, let m):
            guard n >= 1, m >= 1, n <= filled.count, m <= filled.count,
                  let a = filled[n - 1], let b = filled[m - 1] else { return .confirmed }
            lowerSignal = a
            upperSignal = b
            from = a.time
            to = b.time
        case .before(let n):
            let anchor = observed.first(where: { $0 >= n - 1 }) ?? lastObserved
            lowerSignal = nil
            upperSignal = filled[anchor]
            to = upperSignal!.time
            from = to - within
        }

        let start = firstIndex(in: candidates, notBefore: from)
        var k = start
        while k < candidates.count, candidates[k].time <= to {
            let c = candidates[k]
            k += 1
            if let lowerSignal, !Signal.evidenceOrder(lowerSignal, c) { continue }
            if let upperSignal, !Signal.evidenceOrder(c, upperSignal) { continue }
            if records.contains(c.recordKey) { continue }
            if names.contains(c), spec.conditions.allHold(for: c, bindings: bindings) { return .found }
        }
        if let why = bounds.problem(from: from, to: to) {
            return .unconfirmed("no \(names.label) \(describe) could be confirmed: \(why)")
        }
        return .confirmed
    }

    /// The spec in words, for warnings: `after step 1 within 30s`.
    var describe: String {
        switch spec.position {
        case .after(let n): return "after \(n.map { "step \($0)" } ?? "the last step") within \(within)"
        case .between(let n, let m): return "between steps \(n) and \(m)"
        case .before(let n): return "before step \(n) within \(within)"
        }
    }

    /// Binary search: the first candidate at or after `time` (candidates in evidence order).
    private func firstIndex(in candidates: [Signal], notBefore time: Instant) -> Int {
        var lo = 0, hi = candidates.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if candidates[mid].time < time { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
