import Testing
@testable import PurgeTrace

/// Outcome per incident-model.md §5, in the device + process scope.
@Suite struct OutcomeTests {
    /// A purge whose last step is at +6 s (the app's `Items=0`), then `after`.
    private func purge(then after: (inout Timeline) -> Void) -> Timeline {
        var t = Timeline()
        t.purgeChain()
        after(&t)
        return t
    }

    @Test func recoveredWhenAnImportSucceedsWithinTheWindow() {
        let t = purge { $0.add(600, "import_succeeded") }
        #expect(correlate(t).incidents.first?.outcome == .recovered)
    }

    @Test func recoveredWhenTheAppCountsItemsAgainAfterARelaunch() {
        let t = purge { t in
            // New pid, app line without pid: same device + process scope.
            t.add(900, "item_count", fields: ["items": .int(844)], pid: 1207, pidless: true)
        }
        #expect(correlate(t).incidents.first?.outcome == .recovered)
    }

    @Test func recoveredWinsOverALostSignalInTheSameWindow() {
        let t = purge { t in
            t.add(60, "import_failed")
            t.add(120, "import_succeeded")
        }
        #expect(correlate(t).incidents.first?.outcome == .recovered)
    }

    @Test func lostWhenImportFailsAfterReset() {
        let t = purge { $0.add(60, "import_failed", fields: ["code": .int(3)]) }
        #expect(correlate(t).incidents.first?.outcome == .lost)
    }

    @Test func lostWhenTheLogGoesOnPastTheWindowWithoutRecovery() {
        let t = purge { $0.add(3600, "wal_checkpoint") }
        #expect(correlate(t).incidents.first?.outcome == .lost)
    }

    @Test func aRecoveryAfterTheWindowDoesNotCount() {
        let t = purge { $0.add(6 + 1801, "import_succeeded") }
        #expect(correlate(t).incidents.first?.outcome == .lost)
    }

    @Test func unknownWhenTheEvidenceEndsBeforeTheWindowDoes() {
        let t = purge { $0.add(600, "wal_checkpoint") }
        #expect(correlate(t).incidents.first?.outcome == .unknown)
    }

    @Test func unknownWhenTheEvidenceHasAGapInsideTheWindow() {
        let t = purge { $0.add(7200, "wal_checkpoint") }
        let evidence = t.evidence(gaps: [(300, 4000)])
        #expect(correlate(t, evidence: evidence).incidents.first?.outcome == .unknown)
    }

    @Test func onlyTheIncidentsOwnProcessCounts() {
        let t = purge { t in
            t.add(60, "import_succeeded", process: "Notes", pid: 944)
            t.add(3600, "wal_checkpoint")
        }
        #expect(correlate(t).incidents.first?.outcome == .lost)
    }

    @Test func theScopeEndIsTheProcessEndNotTheDeviceEnd() {
        let t = purge { $0.add(3600, "wal_checkpoint", process: "Notes", pid: 944) }
        // MyApp's records stop at +6 s: its re-import may simply not have been logged.
        let evidence = t.evidence(scopes: ["MyApp": (0, 6), "Notes": (0, 3600)])
        #expect(correlate(t, evidence: evidence).incidents.first?.outcome == .unknown)
    }

    @Test func windowIsTheRulesOwn() {
        var rule = ShippedCorrelationRules.syncReset
        rule.incident?.outcome?.window = .minutes(5)
        let t = purge { t in
            t.add(600, "import_succeeded")
            t.add(3600, "wal_checkpoint")
        }
        let set = rules(ShippedCorrelationRules.vacuumBurst, rule)
        #expect(correlate(t, set).incidents.first?.outcome == .lost)
    }

    @Test func kindsWithoutAnOutcomeBlockHaveNone() {
        var t = Timeline()
        t.add(0, "import_succeeded")
        t.add(2, "orphan_cleanup", fields: ["deleted": .int(12)])
        let incident = correlate(t, ShippedCorrelationRules.kinds).incidents.first
        #expect(incident != nil)
        #expect(incident?.outcome == nil)
    }
}
