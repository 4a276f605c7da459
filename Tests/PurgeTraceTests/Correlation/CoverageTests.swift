import Testing
@testable import PurgeTrace

/// Snapshot coverage per incident-model.md §6. The purge chain starts at +3600 s; its
/// purge point is `rows_removed` at +3601.2 s.
@Suite struct CoverageTests {
    private let base = 3600.0
    private var purgePoint: Double { base + 1.2 }

    private func coverage(_ build: (inout Timeline) -> Void, chain: Bool = true,
                          rules: RuleSet = ShippedCorrelationRules.purge) -> Coverage? {
        var t = Timeline()
        build(&t)
        if chain { t.purgeChain(at: base) }
        return correlate(t, rules).incidents.first?.coverage
    }

    private func snapshot(_ t: inout Timeline, _ at: Double, items: Int64, bytes: Int64 = 3_377_717) {
        t.add(at, "snapshot_written", fields: ["items": .int(items), "bytes": .int(bytes)], pidless: true)
    }

    @Test func coveredWhenARecentFullSnapshotPrecedesThePurge() throws {
        var snapLine = 0
        let c = try #require(coverage { t in
            t.add(100, "item_count", fields: ["items": .int(844)], pidless: true)
            snapLine = t.signals.count + 1
            snapshot(&t, 2400, items: 844)
        })
        #expect(c.verdict == .covered)
        #expect(c.snapshot == SnapshotRef(time: Timeline().at(2400), items: 844, bytes: 3_377_717,
                                          source: "logs/device-a.log", line: snapLine))
        #expect(abs((c.ageSeconds ?? 0) - (purgePoint - 2400)) < 1e-6)
        #expect(c.baselineItems == 844)
        #expect(c.restored == false)
    }

    @Test func partialWhenTheSnapshotHoldsLessThanTheBaseline() throws {
        let c = try #require(coverage { t in
            snapshot(&t, 100, items: 500)
            t.add(2000, "item_count", fields: ["items": .int(844)], pidless: true)
        })
        #expect(c.verdict == .partial)
        #expect(c.baselineItems == 844)
        #expect(c.snapshot?.items == 500)
    }

    @Test func aSnapshotAtTheRatioIsCovered() throws {
        let c = try #require(coverage { t in
            snapshot(&t, 100, items: 95)
            t.add(2000, "item_count", fields: ["items": .int(100)], pidless: true)
        })
        #expect(c.verdict == .covered)
    }

    @Test func staleWhenTheSnapshotIsOlderThanMaxAge() throws {
        var t = Timeline()
        snapshot(&t, 0, items: 844)
        t.add(10, "item_count", fields: ["items": .int(844)], pidless: true)
        let start = 25 * 3600.0
        t.purgeChain(at: start)
        let c = try #require(correlate(t).incidents.first?.coverage)
        #expect(c.verdict == .stale)
        #expect(abs((c.ageSeconds ?? 0) - (start + 1.2)) < 1e-6)
    }

    @Test func maxAgeIsTheRulesOwn() throws {
        var rule = ShippedCorrelationRules.syncReset
        rule.incident?.coverage?.maxAge = .minutes(30)
        let c = try #require(coverage({ t in snapshot(&t, 100, items: 844) },
                                      rules: rules(ShippedCorrelationRules.vacuumBurst, rule)))
        #expect(c.verdict == .stale)
    }

    @Test func overwrittenWhenAnEmptySnapshotFollowsThePurge() throws {
        var t = Timeline()
        snapshot(&t, 100, items: 844)
        t.purgeChain(at: base)
        snapshot(&t, base + 30, items: 0, bytes: 1024)
        let c = try #require(correlate(t).incidents.first?.coverage)
        #expect(c.verdict == .overwritten)
        #expect(c.snapshot?.items == 844)
    }

    @Test func anEmptySnapshotAfterTheLookAheadIsNotAnOverwrite() throws {
        var t = Timeline()
        snapshot(&t, 100, items: 844)
        t.purgeChain(at: base)
        snapshot(&t, base + 6 + 1801, items: 0)
        #expect(try #require(correlate(t).incidents.first?.coverage).verdict == .covered)
    }

    @Test func noneWhenTheAppCountsButNeverSnapshotted() throws {
        let c = try #require(coverage { t in t.add(100, "item_count", fields: ["items": .int(844)], pidless: true) })
        #expect(c.verdict == .none)
        #expect(c.snapshot == nil)
        #expect(c.ageSeconds == nil)
        #expect(c.baselineItems == 844)
    }

    @Test func noneWhenTheOnlySnapshotIsWrittenAfterThePurgePoint() throws {
        let c = try #require(coverage { t in
            t.add(100, "item_count", fields: ["items": .int(844)], pidless: true)
            snapshot(&t, base + 2, items: 844)
        })
        #expect(c.verdict == .none)
    }

    @Test func unobservedWhenTheAppsOwnLinesAreMissing() throws {
        var t = Timeline()
        t.add(base, "reset_sync_will", fields: ["reason": .string("HistoryExpired")])
        t.add(base + 1, "rows_removed", fields: ["zone": .string("z")])
        let c = try #require(correlate(t).incidents.first?.coverage)
        #expect(c.verdict == .unobserved)
        #expect(c.baselineItems == nil)
    }

    @Test func anotherProcessesSnapshotDoesNotCover() throws {
        var t = Timeline()
        t.add(100, "snapshot_written", fields: ["items": .int(844)], process: "Notes", pid: 944)
        t.purgeChain(at: base, debugLines: false, itemsZero: false)
        #expect(try #require(correlate(t).incidents.first?.coverage).verdict == .unobserved)
    }

    @Test func restoredWhenTheAppRestoresItsSnapshotAfterThePurge() throws {
        let c = try #require(coverage { t in
            snapshot(&t, 100, items: 844)
            t.add(base + 120, "snapshot_restored", fields: ["items": .int(844)], pidless: true)
        })
        #expect(c.restored)
    }

    @Test func purgePointFallsBackToTheIncidentsStart() throws {
        var t = Timeline()
        snapshot(&t, 100, items: 844)
        t.add(base, "reset_sync_will", fields: ["reason": .string("HistoryExpired")])
        let c = try #require(correlate(t).incidents.first?.coverage)
        #expect(c.ageSeconds == base - 100)
    }

    @Test func purgePointIsTheFirstPurgePointStep() throws {
        var t = Timeline()
        snapshot(&t, 100, items: 844)
        t.add(base, "reset_sync_will", fields: ["reason": .string("HistoryExpired")])
        t.add(base + 50, "reset_sync_did", fields: ["reason": .string("HistoryExpired")])
        let c = try #require(correlate(t).incidents.first?.coverage)
        #expect(c.ageSeconds == base + 50 - 100)
    }

    @Test func baselineIsTheLastCountBeforeTheIncident() throws {
        let c = try #require(coverage { t in
            t.add(100, "item_count", fields: ["items": .int(10)], pidless: true)
            t.add(200, "item_count", fields: ["items": .int(844)], pidless: true)
            snapshot(&t, 300, items: 844)
        })
        #expect(c.baselineItems == 844)
    }
}
