import Testing
@testable import PurgeTrace

/// Degenerate input never crashes.
@Suite struct CorrelatorEdgeTests {
    @Test func noSignalsAndNoEvidenceGiveNothing() {
        let result = Correlator(ruleSet: ShippedCorrelationRules.all)
            .correlate(signals: [], evidence: DeviceEvidence(device: "empty"))
        #expect(result.signals.isEmpty && result.incidents.isEmpty && result.warnings.isEmpty)
    }

    @Test func aSequenceWithoutStepsMatchesNothing() {
        var t = Timeline()
        t.add(0, "a")
        let rule = CorrelationRule(header: RuleHeader(id: "e.empty"), kind: .sequence, timespan: .seconds(1),
                                   incident: IncidentSpec(kind: "x"))
        #expect(correlate(t, rules(rule)).incidents.isEmpty)
    }

    @Test func processlessCoreDataLinesAreNotGroupedByProcess() {
        // A plain text log without process names: the purge rules group by process.
        var t = Timeline(process: nil, pid: nil)
        t.add(0, "reset_sync_will", fields: ["reason": .string("HistoryExpired")])
        #expect(correlate(t).incidents.isEmpty)
    }
}
