import Testing
@testable import PurgeTrace

@Suite struct TwoResetsTests {
    /// A second reset minutes after a first one's did-reset is a second purge: the
    /// first sequence must not wait for (and take) the second chain's `Items=0`, and the
    /// first chain's vacuum burst must not pair with the second chain's drop to zero.
    @Test func twoResetsMinutesApartAreTwoPurges() throws {
        var t = Timeline()
        t.purgeChain(at: 0, itemsZero: false)
        t.purgeChain(at: 240)
        let incidents = correlate(t).incidents
        #expect(incidents.count == 2)
        #expect(incidents.first?.stepNames.last == "recovery_succeeded")
        #expect(incidents.last?.stepNames.last == "item_count")
    }
}

extension TwoResetsTests {
    /// A repeated did-reset (one per store) inside one chain is not a new chain.
    @Test func aDidResetPerStoreStaysOneChain() throws {
        var t = Timeline()
        t.purgeChain(at: 0)
        t.add(4.2, "reset_sync_did", fields: ["reason": .string("HistoryExpired")])
        #expect(correlate(t).incidents.count == 1)
    }
}
