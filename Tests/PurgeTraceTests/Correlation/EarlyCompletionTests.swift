import Testing
@testable import PurgeTrace

/// A sequence whose last step fills before its window closes (the app counting zero before
/// Core Data logs its closing lines) still owns the rest of its window — except for a
/// signal that starts the chain over — and the closing lines logged after it fill the
/// steps it skipped, so they are reported as seen, not missing.
@Suite struct EarlyCompletionTests {
    @Test func appCountingZeroBeforeTheDidResetIsStillOnePurge() throws {
        var t = Timeline()
        let code: [String: FieldValue] = ["code": .int(134301)]
        t.add(0, "export_failed", "history_token_expired", fields: code)
        t.add(0.5, "history_token_expired", "recovery_attempted", fields: code)
        t.add(1, "reset_sync_will", fields: ["reason": .string("HistoryExpired")])
        t.add(1.2, "rows_removed", fields: ["zone": .string("com.apple.coredata.cloudkit.zone")])
        t.add(2, "item_count", fields: ["items": .int(0)], pidless: true)
        t.add(4, "reset_sync_did", fields: ["reason": .string("HistoryExpired")])
        t.add(4.5, "history_token_expired", "recovery_succeeded", fields: code)
        let incidents = correlate(t).incidents
        #expect(incidents.count == 1)
        let incident = try #require(incidents.first)
        #expect(incident.stepNames == ["history_token_expired", "recovery_attempted", "reset_sync_will", "rows_removed",
                                       "item_count", "reset_sync_did", "recovery_succeeded"])
        #expect(incident.missing == ["vacuum_burst"])
    }

    /// "Recovered from error: NSCocoaErrorDomain:134301" also emits history_token_expired,
    /// the first step; the record belongs to the chain's tail, it does not start a new one.
    @Test func aClosingLineThatAlsoCarries134301DoesNotStartANewChain() throws {
        var t = Timeline()
        let code: [String: FieldValue] = ["code": .int(134301)]
        t.add(0, "export_failed", "history_token_expired", fields: code)
        t.add(1, "reset_sync_will", fields: ["reason": .string("HistoryExpired")])
        t.add(1.2, "rows_removed", fields: ["zone": .string("com.apple.coredata.cloudkit.zone")])
        t.add(2, "item_count", fields: ["items": .int(0)], pidless: true)
        t.add(3, "history_token_expired", "recovery_succeeded", fields: code)
        t.add(4, "reset_sync_did", fields: ["reason": .string("HistoryExpired")])
        let incidents = correlate(t).incidents
        #expect(incidents.count == 1)
        // The closing lines fill the skipped steps in whatever order they were logged.
        #expect(incidents.first?.stepNames == ["history_token_expired", "reset_sync_will", "rows_removed", "item_count",
                                               "recovery_succeeded", "reset_sync_did"])
        #expect(incidents.first?.missing == ["recovery_attempted", "vacuum_burst"])
    }

    /// Only steps skipped after the last observed step before the final one are filled
    /// late: a line of a step before it (`recovery_attempted`, before the reset) is not.
    @Test func lateLinesFillOnlyTheStepsSkippedBeforeTheFinalOne() throws {
        var t = Timeline()
        let code: [String: FieldValue] = ["code": .int(134301)]
        t.add(0, "reset_sync_will", fields: ["reason": .string("HistoryExpired")])
        t.add(1, "reset_sync_did", fields: ["reason": .string("HistoryExpired")])
        t.add(2, "item_count", fields: ["items": .int(0)], pidless: true)
        t.add(3, "history_token_expired", "recovery_succeeded", fields: code)
        t.add(4, "recovery_attempted", fields: code)
        let incidents = correlate(t).incidents
        #expect(incidents.count == 1)
        #expect(incidents.first?.stepNames == ["reset_sync_will", "reset_sync_did", "item_count", "recovery_succeeded"])
        #expect(incidents.first?.missing == ["history_token_expired", "recovery_attempted", "rows_removed", "vacuum_burst"])
    }

    @Test func aNewChainInsideTheWindowOfACompletedOneIsItsOwnMatch() {
        let steps = [SequenceStep(signals: ["logout"]), SequenceStep(signals: ["login"], optional: true)]
        let rule = CorrelationRule(header: RuleHeader(id: "test.logout"), kind: .sequence, groupBy: ["device"],
                                   timespan: .hours(1), steps: steps, incident: IncidentSpec(kind: "test"))
        var t = Timeline()
        t.add(0, "logout", fields: ["user": .string("ann")])
        t.add(180, "login", fields: ["user": .string("bob")])
        t.add(1800, "logout", fields: ["user": .string("dave")])
        let incidents = correlate(t, rules(rule)).incidents
        #expect(incidents.map(\.stepNames) == [["logout", "login"], ["logout"]])
    }
}
