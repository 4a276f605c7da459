/// Outcome of an incident (incident-model.md §5), judged in the device + process scope
/// from the incident's last step to the end of `outcome.window`:
/// `recovered` if a recovered signal follows; else `lost` if a lost signal follows, or if
/// the scope's evidence goes on past the window with no gap inside it (the re-import was
/// delayed or never came); else `unknown` (the evidence ends or breaks first).
struct OutcomeEvaluator: Sendable {
    let spec: OutcomeSpec
    let evidence: DeviceEvidence
    let bounds: EvidenceBounds

    func outcome(lastStep: Signal, process: String?, scope: ScopeIndex.Scope) -> Outcome {
        let windowEnd = lastStep.time + spec.window
        let window = scope.following(lastStep, until: windowEnd)
        if window.contains(where: { spec.recovered.selectsAny($0) }) { return .recovered }
        if window.contains(where: { spec.lost.selectsAny($0) }) { return .lost }
        let scopeLast = scopeEnd(process: process, scope: scope)
        if let scopeLast, scopeLast > windowEnd, bounds.gap(overlapping: lastStep.time, windowEnd) == nil {
            return .lost
        }
        return .unknown
    }

    /// Where the scope's evidence ends: the process's last record when the caller knows
    /// it, the device's last for an incident without a process, else the scope's last
    /// signal.
    private func scopeEnd(process: String?, scope: ScopeIndex.Scope) -> Instant? {
        if let process {
            return evidence.scopes[process]?.last ?? scope.signals.last?.time
        }
        return evidence.last ?? scope.signals.last?.time
    }
}
