@testable import PurgeTrace

/// Runs the correlator over a timeline, with the timeline's own evidence unless given.
func correlate(_ timeline: Timeline, _ rules: RuleSet = ShippedCorrelationRules.purge,
               evidence: DeviceEvidence? = nil) -> Correlator.Result {
    Correlator(ruleSet: rules).correlate(signals: timeline.signals, evidence: evidence ?? timeline.evidence())
}

/// A correlation-only rule set around one rule.
func rules(_ list: CorrelationRule...) -> RuleSet { RuleSet(correlationRules: list) }

extension Incident {
    var stepNames: [String] { steps.map(\.name) }
}

/// A deterministic shuffle (SplitMix64), so "any input order" tests are repeatable.

extension Timeline {
    /// The flagship chain of incident-model.md §1 at `base` seconds: export fails with
    /// 134301, recovery, will-reset, rows removed and a vacuum burst (Debug lines, dropped
    /// without a logging profile), did-reset, recovered, and the app counting zero.
    mutating func purgeChain(at base: Double = 0, reason: String = "HistoryExpired", debugLines: Bool = true,
                             itemsZero: Bool = true) {
        let code: [String: FieldValue] = ["code": .int(134301)]
        add(base, "export_failed", "history_token_expired", fields: code)
        add(base + 0.5, "history_token_expired", "recovery_attempted", fields: code)
        add(base + 1, "reset_sync_will", fields: ["reason": .string(reason)])
        if debugLines {
            add(base + 1.2, "rows_removed", fields: ["zone": .string("com.apple.coredata.cloudkit.zone")])
            vacuum(base + 1.5)
        }
        add(base + 4, "reset_sync_did", fields: ["reason": .string(reason)])
        add(base + 4.5, "history_token_expired", "recovery_succeeded", fields: code)
        if itemsZero { add(base + 6, "item_count", fields: ["items": .int(0)], pidless: true) }
    }
}
