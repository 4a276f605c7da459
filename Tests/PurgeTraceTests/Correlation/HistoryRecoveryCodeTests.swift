import Testing
@testable import PurgeTrace

/// `purge.history_recovery` links a 134301 to a recovery from 134301 only: a recovery from
/// another error minutes later (an account or network error) is not evidence of a purge.
@Suite struct HistoryRecoveryCodeTests {
    @Test func aRecoveryFromAnotherErrorMakesNoPossiblePurge() {
        var t = Timeline()
        t.add(0, "export_failed", "history_token_expired", fields: ["code": .int(134301)])
        t.add(240, "recovery_attempted", fields: ["code": .int(36)])
        t.add(241, "recovery_succeeded", fields: ["code": .int(36)])
        #expect(correlate(t).incidents.isEmpty)
    }

    @Test func aRecoveryFromTheExpiredTokenIsStillAPossiblePurge() throws {
        var t = Timeline()
        t.add(0, "export_failed", "history_token_expired", fields: ["code": .int(134301)])
        t.add(240, "recovery_attempted", fields: ["code": .int(36)])
        t.add(300, "history_token_expired", "recovery_attempted", fields: ["code": .int(134301)])
        let incident = try #require(correlate(t).incidents.first)
        #expect(incident.ruleID == "purge.history_recovery")
        #expect(incident.steps.map(\.time) == [t.at(0), t.at(300)])
    }
}
