// Correlation: signals → correlation signals → incidents, one device at a time.
//
// Design. Everything runs over one device's signals in the one evidence order (time,
// source, line, rule id), so the result does not depend on input order, worker count or
// machine. Correlation rules run in dependency order (`RuleOrder`); each reads only the
// signals it refers to from a `SignalPool`, splits them into groups (`Grouping`: group-by
// values, pid-less app lines joining the groups of their process), and runs one engine per
// type — bursts (`CountCorrelator`), sliding windows (`TemporalCorrelator`) or
// leftmost-first sequences (`SequenceMatcher` with `AbsenceCheck`). Every engine walks a
// group in order keeping only the run or attempt still open, so state is bounded by the
// windows, not by the input. The signals a rule emits go back to the pool for the rules
// after it. Matches of rules with an `incident:` block become incidents
// (`IncidentBuilder`), overlapping ones of a kind are merged (`IncidentMerger`), and only
// then are outcome and coverage judged, in the device + process scope (`ScopeIndex`).

/// Turns one device's signals into correlation signals and incidents.
public struct Correlator: Sendable {
    public struct Result: Sendable {
        /// Signals emitted by correlation rules (e.g. `vacuum_burst`), in evidence order.
        public var signals: [Signal]
        /// In report order (start, then id).
        public var incidents: [Incident]
        public var warnings: [String]

        public init(signals: [Signal] = [], incidents: [Incident] = [], warnings: [String] = []) {
            self.signals = signals
            self.incidents = incidents
            self.warnings = warnings
        }
    }

    public let ruleSet: RuleSet

    public init(ruleSet: RuleSet) { self.ruleSet = ruleSet }

    /// - Parameters:
    ///   - signals: all event signals of one device, in any order.
    ///   - evidence: the device's scopes and gaps (for outcome and absences).
    public func correlate(signals: [Signal], evidence: DeviceEvidence) -> Result {
        let rules = ruleSet.correlationRules
        let sorted = signals.sorted(by: Signal.evidenceOrder)
        let bounds = EvidenceBounds(evidence, signals: sorted)
        var pool = SignalPool(sorted: sorted)
        let order = RuleOrder(rules)
        var emitted: [Signal] = []
        var candidates: [IncidentCandidate] = []

        for index in order.indices {
            let rule = rules[index]
            let grouping = Grouping(groupBy: rule.groupBy, aliases: rule.aliases)
            let matches = run(rule, grouping: grouping, pool: pool, bounds: bounds)
            let ruleSignals = matches.map { $0.emittedSignal(rule: rule, grouping: grouping) }
                .sorted(by: Signal.evidenceOrder)
            pool.add(sorted: ruleSignals)
            emitted = SignalPool.merge(emitted, ruleSignals)
            if let spec = rule.incident {
                let builder = IncidentBuilder(rule: rule, spec: spec, grouping: grouping)
                candidates += matches.map { builder.candidate(for: $0, device: evidence.device) }
            }
        }

        let scopes = ScopeIndex(signals: pool.all)
        let incidents = IncidentMerger.merge(candidates).map { judge($0, scopes: scopes, evidence: evidence, bounds: bounds) }
        return Result(signals: emitted, incidents: incidents.sorted(by: Incident.reportOrder), warnings: order.warnings)
    }

    private func run(_ rule: CorrelationRule, grouping: Grouping, pool: SignalPool,
                     bounds: EvidenceBounds) -> [CorrelationMatch] {
        switch rule.kind {
        case .eventCount, .valueCount:
            return CountCorrelator(rule: rule).matches(in: grouping.partition(pool.select(rule.rules)))
        case .temporal, .temporalOrdered:
            return TemporalCorrelator(rule: rule).matches(in: grouping.partition(pool.select(rule.rules)))
        case .sequence:
            let matcher = SequenceMatcher(rule: rule)
            let groups = grouping.partition(pool.select(matcher.stepReferences))
            let absent = matcher.absentReferences.isEmpty ? [:]
                : grouping.distribute(pool.select(matcher.absentReferences), over: groups.map(\.key))
            var used = Set<SignalKey>()
            var out: [CorrelationMatch] = []
            for group in groups {
                out += matcher.matches(in: group, absentSignals: absent[group.key] ?? [], bounds: bounds, used: &used)
            }
            return out
        }
    }

    /// Outcome and coverage, in the device + process scope.
    private func judge(_ candidate: IncidentCandidate, scopes: ScopeIndex, evidence: DeviceEvidence,
                       bounds: EvidenceBounds) -> Incident {
        var incident = candidate.incident
        let scope = scopes.scope(process: incident.group.process)
        if let spec = candidate.spec.outcome {
            incident.outcome = OutcomeEvaluator(spec: spec, evidence: evidence, bounds: bounds)
                .outcome(lastStep: incident.steps[incident.steps.count - 1], process: incident.group.process, scope: scope)
        }
        if let spec = candidate.spec.coverage {
            let lookAhead = candidate.spec.outcome?.window ?? OutcomeSpec().window
            incident.coverage = CoverageEvaluator(spec: spec, lookAhead: lookAhead).coverage(steps: incident.steps, scope: scope)
        }
        return incident
    }
}
