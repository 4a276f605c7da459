import Testing
@testable import PurgeTrace

/// Large inputs stay fast and find what a small one finds: matching work is bounded by the
/// windows, not by how many lines the app logs.
@Suite struct CorrelationScaleTests {
    @Test(.timeLimit(.minutes(1)))
    func anEmptyStoreCountingEverySecondForADayStillFindsThePurge() throws {
        var t = Timeline()
        // A day of `Items=0` once a second, SQLite maintenance every minute, and one purge.
        for s in stride(from: 0.0, to: 86_400, by: 1) {
            t.add(s, "item_count", fields: ["items": .int(0)], pidless: true)
        }
        for s in stride(from: 0.5, to: 86_400, by: 60) { t.add(s, "wal_checkpoint") }
        t.add(40_000.2, "reset_sync_will", fields: ["reason": .string("HistoryExpired")])
        t.add(40_000.3, "reset_sync_did", fields: ["reason": .string("HistoryExpired")])
        let clock = ContinuousClock()
        var result = Correlator.Result()
        let elapsed = clock.measure { result = correlate(t) }
        let purges = result.incidents.filter { $0.ruleID == "purge.sync_reset" }
        #expect(purges.count == 1)
        let purge = try #require(purges.first)
        #expect(purge.stepNames == ["reset_sync_will", "reset_sync_did", "item_count"])
        print("correlate of \(t.signals.count) signals took \(elapsed)")
        #expect(elapsed < .seconds(30))
    }

    @Test func appLineKindsNeedNoProcess() {
        // An in-app OSLogStore export: no process, no pid.
        var t = Timeline(process: nil, pid: nil)
        for s in [0.0, 60, 120] { t.add(s, "delete_not_found", fields: ["record": .string("r1")]) }
        t.add(200, "logout", fields: ["user": .string("ann")])
        t.add(300, "icloud_identity", fields: ["user": .string("_a1")])
        t.add(301, "bound_identity", fields: ["user": .string("_b2")])
        t.add(400, "record_deleted", fields: ["asset": .string("A1")])
        t.add(2000, "app_idle")
        let kinds = correlate(t, ShippedCorrelationRules.kinds).incidents.map(\.kind)
        #expect(kinds == ["delete-retry-loop", "logout-without-wipe", "account-mismatch", "orphaned-blob"])
    }
}
