/// Snapshot coverage of an incident (incident-model.md §6), in the device + process scope.
///
/// P is the first observed `purge-point` step (else the incident's first step); S the last
/// snapshot with `items` > 0 at or before P's time; B the last baseline count before the
/// incident's first step (evidence order). The look-ahead runs to the incident's end plus
/// the outcome window (30 minutes without an outcome block). In order of precedence:
/// overwritten, unobserved, none, stale, partial, covered.
struct CoverageEvaluator: Sendable {
    let spec: CoverageSpec
    let lookAhead: TimeSpan

    func coverage(steps: [Signal], scope: ScopeIndex.Scope) -> Coverage {
        let first = steps[0]
        let purgePoints = SignalNames(spec.purgePoint)
        let point = steps.first(where: { purgePoints.contains($0) }) ?? first
        let end = steps[steps.count - 1].time + lookAhead
        let snapshots = SignalNames(spec.snapshot)
        let baselines = SignalNames(spec.baseline)
        let restoredNames = SignalNames(spec.restored)

        let after = scope.following(point, until: end)
        let overwritten = after.contains { snapshots.contains($0) && $0.fields["items"]?.intValue == 0 }
        let restored = !restoredNames.isEmpty && after.contains { restoredNames.contains($0) }

        let snapshot = scope.signals.last { s in
            s.time <= point.time && snapshots.contains(s) && (s.fields["items"]?.intValue ?? 0) > 0
        }
        let baseline = scope.preceding(first).last { baselines.contains($0) && $0.fields["items"]?.intValue != nil }
        let baselineItems = baseline?.fields["items"]?.intValue
        let age = snapshot.map { (point.time - $0.time).seconds }
        let ref = snapshot.map {
            SnapshotRef(time: $0.time, items: $0.fields["items"]?.intValue ?? 0, bytes: $0.fields["bytes"]?.intValue,
                        source: $0.source, line: $0.line)
        }

        let verdict: CoverageVerdict
        if overwritten {
            verdict = .overwritten
        } else if !scope.signals.contains(where: { snapshots.contains($0) || baselines.contains($0) }) {
            verdict = .unobserved
        } else if let snapshot, let ref {
            if point.time - snapshot.time > spec.maxAge {
                verdict = .stale
            } else if let baselineItems, Double(ref.items) < spec.minRatio * Double(baselineItems) {
                verdict = .partial
            } else {
                verdict = .covered
            }
        } else {
            verdict = .none
        }
        return Coverage(verdict: verdict, snapshot: ref, ageSeconds: age, baselineItems: baselineItems, restored: restored)
    }
}
