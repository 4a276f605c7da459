/// Turns the matches of a rule with an `incident:` block into incidents (contract §4.4):
/// verdict, confidence, missing steps, reason, group and id. Outcome and coverage are
/// added after merging, by `Correlator`.
struct IncidentBuilder: Sendable {
    /// Events listed for a count or temporal incident; the rest are summarized in a warning
    /// (a stalled queue can retry thousands of times within the window).
    static let maxListedSteps = 100

    let rule: CorrelationRule
    let spec: IncidentSpec
    let grouping: Grouping

    func candidate(for match: CorrelationMatch, device: String) -> IncidentCandidate {
        var signals = match.steps.map(\.signal)
        var warnings = match.unconfirmed
        if signals.count > Self.maxListedSteps {
            warnings.append("\(signals.count - Self.maxListedSteps) more \(rule.kind.rawValue) events in this window are not listed")
            signals.removeLast(signals.count - Self.maxListedSteps)
        }

        var observedWeight = 1.0, totalWeight = 1.0
        var missing: [String] = []
        if rule.kind == .sequence {
            let filled = Set(match.steps.compactMap(\.step))
            observedWeight = 0
            totalWeight = 0
            for (i, step) in rule.steps.enumerated() {
                totalWeight += step.weight
                if filled.contains(i) {
                    observedWeight += step.weight
                } else {
                    missing.append(SignalNames(step.signals).label)
                }
            }
        }
        let confidence = totalWeight > 0 ? ((observedWeight / totalWeight) * 100).rounded() / 100 : 1

        var verdict = spec.verdict
        if verdict < .probable, signals.contains(where: { spec.probableIf.selectsAny($0, bindings: match.bindings) }) {
            verdict = .probable
        }
        if !match.unconfirmed.isEmpty { verdict = .possible }

        var reason: String?
        if let field = spec.reasonField {
            var values: [String] = []
            for signal in signals {
                if let v = signal.fields[field]?.description, !values.contains(v) { values.append(v) }
            }
            reason = values.first
            if values.count > 1 { warnings.append("steps disagree on \(field): \(values.joined(separator: ", "))") }
        }

        let group = incidentGroup(match, device: device)
        let incident = Incident(
            id: IncidentID.make(ruleID: rule.header.id, kind: spec.kind, steps: signals),
            kind: spec.kind, ruleID: rule.header.id, verdict: verdict, confidence: confidence, reason: reason,
            start: signals[0].time, end: signals[signals.count - 1].time, group: group, outcome: nil,
            missing: missing, warnings: warnings, steps: signals, coverage: nil,
            outcomeWindow: spec.outcome?.window)
        return IncidentCandidate(incident: incident, observedWeight: observedWeight, spec: spec)
    }

    /// Group-by values; process and pid from the steps when the rule does not group by
    /// them and the steps agree (a purge grouped by process still names its pid).
    private func incidentGroup(_ match: CorrelationMatch, device: String) -> IncidentGroup {
        var group = IncidentGroup(device: device)
        var keyedPid = false
        for (i, key) in grouping.keys.enumerated() {
            let value = match.group.values[i]
            switch key {
            case "device": if case .string(let d)? = value { group.device = d }
            case "process": if case .string(let p)? = value { group.process = p }
            case "pid":
                keyedPid = true
                group.pid = value?.intValue
            default:
                if let value { group.fields[key] = value }
            }
        }
        if group.process == nil { group.process = match.commonValue(\.process) }
        if !keyedPid { group.pid = match.commonValue(\.pid) }
        return group
    }
}
