import Testing
@testable import PurgeTrace

/// The chain variants of issue 4 against the shipped purge rules (incident-model.md §1, §4).
@Suite struct PurgeChainTests {
    @Test func fullChainIsOneProbablePurgeWithFullConfidence() throws {
        var t = Timeline()
        t.purgeChain()
        let result = correlate(t)
        #expect(result.incidents.count == 1)
        let incident = try #require(result.incidents.first)
        #expect(incident.kind == "store-purge")
        #expect(incident.ruleID == "purge.sync_reset")
        #expect(incident.verdict == .probable)
        #expect(incident.confidence == 1.0)
        #expect(incident.missing.isEmpty)
        #expect(incident.reason == "HistoryExpired")
        #expect(incident.stepNames == ["history_token_expired", "recovery_attempted", "reset_sync_will", "rows_removed",
                                       "vacuum_burst", "reset_sync_did", "recovery_succeeded", "item_count"])
        #expect(incident.start == t.at(0))
        #expect(incident.end == t.at(6))
        #expect(incident.group == IncidentGroup(device: t.device, process: "MyApp", pid: 812))
        #expect(incident.warnings.isEmpty)
    }

    @Test func chainWithoutInfoAndDebugLinesIsProbableAndNamesWhatIsMissing() throws {
        var t = Timeline()
        t.purgeChain(debugLines: false)
        let incident = try #require(correlate(t).incidents.first)
        #expect(incident.verdict == .probable)
        #expect(incident.missing == ["rows_removed", "vacuum_burst"])
        #expect(incident.confidence == 0.8)  // 6 of 7.5
    }

    @Test func onlyTheErrorLevelResetLinesStillMakeAProbablePurge() throws {
        var t = Timeline()
        t.add(0, "reset_sync_will", fields: ["reason": .string("UserPurgedZone")])
        t.add(2, "reset_sync_did", fields: ["reason": .string("UserPurgedZone")])
        let incident = try #require(correlate(t).incidents.first)
        #expect(incident.verdict == .probable)
        #expect(incident.reason == "UserPurgedZone")
        #expect(incident.missing == ["history_token_expired", "recovery_attempted", "rows_removed", "vacuum_burst",
                                     "recovery_succeeded|recovery_failed", "item_count"])
        #expect(incident.confidence == 0.27)  // 2 of 7.5
    }

    @Test func unprefixedIOS26LinesGiveTheSameIncident() throws {
        var t = Timeline()
        t.purgeChain()
        // iOS 26 drops the level-name prefix: other event rules, same signal names.
        let ios26 = t.signals.map { s -> Signal in
            var s = s
            s.ruleID += ".ios26"
            return s
        }
        let a = correlate(t)
        let b = Correlator(ruleSet: ShippedCorrelationRules.purge).correlate(signals: ios26, evidence: t.evidence())
        let x = try #require(a.incidents.first), y = try #require(b.incidents.first)
        #expect(b.incidents.count == 1)
        #expect(x.id == y.id)
        #expect(x.verdict == y.verdict && x.confidence == y.confidence && x.stepNames == y.stepNames)
    }

    @Test func twoProcessesPurgingAtDifferentTimesAreTwoIncidents() {
        var t = Timeline()
        t.purgeChain(at: 0)
        t.process = "Notes"
        t.pid = 944
        t.purgeChain(at: 3600, reason: "AccountLogout")
        let incidents = correlate(t).incidents
        #expect(incidents.count == 2)
        #expect(incidents.map(\.group.process) == ["MyApp", "Notes"])
        #expect(incidents.map(\.group.pid) == [812, 944])
        #expect(incidents.map(\.reason) == ["HistoryExpired", "AccountLogout"])
        #expect(incidents.allSatisfy { $0.verdict == .probable && $0.confidence == 1.0 })
    }

    @Test func twoProcessesPurgingAtTheSameTimeStayApart() {
        var t = Timeline()
        t.purgeChain(at: 0)
        t.process = "Notes"
        t.pid = 944
        t.purgeChain(at: 0.1, reason: "ZoneDeleted", debugLines: false, itemsZero: false)
        let incidents = correlate(t).incidents
        #expect(incidents.count == 2)
        let notes = incidents.first { $0.group.process == "Notes" }
        #expect(notes?.verdict == .possible)
        #expect(notes?.reason == "ZoneDeleted")
        #expect(notes?.steps.allSatisfy { $0.process == "Notes" } == true)
    }

    @Test func twoDevicesAreCorrelatedApart() throws {
        var a = Timeline(device: "case/device-a")
        a.purgeChain()
        var b = Timeline(device: "case/device-b")
        b.purgeChain()
        let x = try #require(correlate(a).incidents.first)
        let y = try #require(correlate(b).incidents.first)
        #expect(x.group.device == "case/device-a")
        #expect(y.group.device == "case/device-b")
        #expect(x.id != y.id)  // other sources, other hashes
    }

    @Test func reorderedInputGivesTheSameResult() {
        var t = Timeline()
        t.purgeChain(at: 0)
        t.add(600, "import_succeeded")
        t.purgeChain(at: 7200, reason: "ZoneDeleted", debugLines: false)
        let expected = correlate(t)
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<5 {
            let shuffled = t.signals.shuffled(using: &generator)
            let result = Correlator(ruleSet: ShippedCorrelationRules.purge).correlate(signals: shuffled, evidence: t.evidence())
            #expect(result.incidents == expected.incidents)
            #expect(result.signals == expected.signals)
        }
    }

    @Test func equalTimestampsFollowTheLineOrder() throws {
        var t = Timeline()
        for name in ["reset_sync_will", "rows_removed", "reset_sync_did"] {
            t.add(5, name, fields: ["reason": .string("HistoryExpired")])
        }
        t.add(5, "item_count", fields: ["items": .int(0)], pidless: true)
        let incident = try #require(correlate(t).incidents.first)
        #expect(incident.stepNames == ["reset_sync_will", "rows_removed", "reset_sync_did", "item_count"])
        #expect(incident.start == incident.end)
    }

    @Test func tiesNeverReorderTheChain() throws {
        var t = Timeline()
        // Same instant, but the did-reset line comes first in the file: it is taken first,
        // and the will-reset after it cannot go back to an earlier step.
        t.add(5, "reset_sync_did", fields: ["reason": .string("HistoryExpired")])
        t.add(5, "reset_sync_will", fields: ["reason": .string("HistoryExpired")])
        let incidents = correlate(t).incidents
        #expect(incidents.count == 1)
        #expect(incidents.first?.stepNames == ["reset_sync_did"])
    }

    @Test func benignVacuumBurstIsNoIncident() throws {
        var t = Timeline()
        t.add(0, "item_count", fields: ["items": .int(844)], pidless: true)
        t.vacuum(10, count: 8)
        t.add(30, "item_count", fields: ["items": .int(844)], pidless: true)
        let result = correlate(t)
        #expect(result.incidents.isEmpty)
        let burst = try #require(result.signals.first)
        #expect(result.signals.count == 1)
        #expect(burst.name == "vacuum_burst")
        #expect(burst.fields["count"] == .int(8))
        #expect(burst.process == "MyApp")
        #expect(burst.pid == 812)
    }

    @Test func historyTokenExpiredWithoutAnyResetIsNoProbableIncident() {
        var t = Timeline()
        t.add(0, "export_failed", "history_token_expired", fields: ["code": .int(134301)])
        t.add(60, "export_failed", "history_token_expired", fields: ["code": .int(134301)])
        #expect(correlate(t).incidents.isEmpty)
    }

    @Test func historyTokenExpiredThenRecoveryWithoutResetIsPossible() throws {
        var t = Timeline()
        t.add(0, "export_failed", "history_token_expired", fields: ["code": .int(134301)])
        t.add(1, "history_token_expired", "recovery_attempted", fields: ["code": .int(134301)])
        t.add(2, "history_token_expired", "recovery_succeeded", fields: ["code": .int(134301)])
        let incidents = correlate(t).incidents
        #expect(incidents.count == 1)
        #expect(incidents.first?.ruleID == "purge.history_recovery")
        #expect(incidents.first?.verdict == .possible)
        #expect(incidents.first?.missing == ["item_count"])
    }

    @Test func historyTokenExpiredRecoveryAndADropToZeroIsProbable() throws {
        var t = Timeline()
        t.add(0, "export_failed", "history_token_expired", fields: ["code": .int(134301)])
        t.add(1, "history_token_expired", "recovery_attempted", fields: ["code": .int(134301)])
        t.add(8, "item_count", fields: ["items": .int(0)], pidless: true)
        let incident = try #require(correlate(t).incidents.first)
        #expect(incident.ruleID == "purge.history_recovery")
        #expect(incident.verdict == .probable)
    }

    @Test(arguments: ["ZoneDeleted", "ServerChangeTokenExpired"])
    func nonWipingResetWithoutRowsOrDropIsPossible(reason: String) throws {
        var t = Timeline()
        t.add(0, "reset_sync_will", fields: ["reason": .string(reason)])
        t.add(1, "reset_sync_did", fields: ["reason": .string(reason)])
        let incident = try #require(correlate(t).incidents.first)
        #expect(incident.verdict == .possible)
        #expect(incident.reason == reason)
    }

    @Test func nonWipingResetFollowedByRowsRemovedIsProbable() throws {
        var t = Timeline()
        t.add(0, "reset_sync_will", fields: ["reason": .string("ZoneDeleted")])
        t.add(1, "rows_removed", fields: ["zone": .string("com.apple.coredata.cloudkit.zone")])
        #expect(try #require(correlate(t).incidents.first).verdict == .probable)
    }

    @Test func nonWipingResetFollowedByADropToZeroIsProbable() throws {
        var t = Timeline()
        t.add(0, "reset_sync_did", fields: ["reason": .string("ServerChangeTokenExpired")])
        t.add(20, "item_count", fields: ["items": .int(0)], pidless: true)
        #expect(try #require(correlate(t).incidents.first).verdict == .probable)
    }

    @Test func vacuumBurstAndADropToZeroWithoutSyncLinesIsPossible() throws {
        var t = Timeline()
        t.add(0, "item_count", fields: ["items": .int(844)], pidless: true)
        t.vacuum(10)
        t.add(15, "item_count", fields: ["items": .int(0)], pidless: true)
        let incidents = correlate(t).incidents
        #expect(incidents.count == 1)
        #expect(incidents.first?.ruleID == "purge.vacuum_drop")
        #expect(incidents.first?.verdict == .possible)
        #expect(incidents.first?.stepNames == ["vacuum_burst", "item_count"])
    }

    @Test func itemCountDroppingButNotToZeroIsNoIncident() {
        var t = Timeline()
        t.add(0, "item_count", fields: ["items": .int(844)], pidless: true)
        t.vacuum(10)
        t.add(15, "item_count", fields: ["items": .int(12)], pidless: true)
        #expect(correlate(t).incidents.isEmpty)
    }

    @Test func accountChangeResetIsAProbablePurge() throws {
        var t = Timeline()
        t.add(0, "reset_sync_will", fields: ["reason": .string("AccountChange")])
        t.add(0.2, "rows_removed", fields: ["zone": .string("com.apple.coredata.cloudkit.zone")])
        let incident = try #require(correlate(t).incidents.first)
        #expect(incident.verdict == .probable)
        #expect(incident.reason == "AccountChange")
    }

    @Test func resetReasonsThatDisagreeAddAWarning() throws {
        var t = Timeline()
        t.add(0, "reset_sync_will", fields: ["reason": .string("HistoryExpired")])
        t.add(1, "reset_sync_did", fields: ["reason": .string("ZoneDeleted")])
        let incident = try #require(correlate(t).incidents.first)
        #expect(incident.reason == "HistoryExpired")
        #expect(incident.warnings == ["steps disagree on reason: HistoryExpired, ZoneDeleted"])
    }

    @Test func chainSpreadOverMoreThanTheTimespanSplitsAtTheGap() {
        var t = Timeline()
        t.add(0, "export_failed", "history_token_expired", fields: ["code": .int(134301)])
        // The reset comes 20 minutes later: outside the 10-minute sequence from the 134301.
        t.add(1200, "reset_sync_will", fields: ["reason": .string("HistoryExpired")])
        t.add(1201, "reset_sync_did", fields: ["reason": .string("HistoryExpired")])
        let incidents = correlate(t).incidents
        #expect(incidents.count == 1)
        #expect(incidents.first?.stepNames == ["reset_sync_will", "reset_sync_did"])
    }

    @Test func repeatedLinesInsideOneChainDoNotMakeASecondIncident() {
        var t = Timeline()
        t.add(0, "reset_sync_will", fields: ["reason": .string("HistoryExpired")])
        t.add(1, "rows_removed", fields: ["zone": .string("zone-a")])
        t.add(1.5, "rows_removed", fields: ["zone": .string("zone-b")])
        t.add(3, "reset_sync_did", fields: ["reason": .string("HistoryExpired")])
        t.add(3.5, "reset_sync_did", fields: ["reason": .string("HistoryExpired")])
        #expect(correlate(t).incidents.count == 1)
    }
}
