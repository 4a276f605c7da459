import Testing
@testable import PurgeTrace

/// Incident building and merging (contract §2, §4.4).
@Suite struct IncidentTests {
    private func sequence(_ id: String, _ steps: [SequenceStep], kind: String = "store-purge",
                          groupBy: [String] = ["device", "process"]) -> CorrelationRule {
        CorrelationRule(header: RuleHeader(id: id), kind: .sequence, groupBy: groupBy, timespan: .minutes(10),
                        steps: steps, incident: IncidentSpec(kind: kind))
    }

    private func steps(_ names: String...) -> [SequenceStep] { names.map { SequenceStep(signals: [$0]) } }

    @Test func overlappingMatchesOfOneKindMergeIntoTheHeavierOne() throws {
        var t = Timeline()
        t.add(0, "a")
        t.add(1, "b")
        t.add(2, "c")
        let small = sequence("z.small", steps("a", "b"))
        let large = sequence("z.large", steps("a", "b", "c"))
        let incidents = correlate(t, rules(small, large)).incidents
        #expect(incidents.count == 1)
        #expect(incidents.first?.ruleID == "z.large")
    }

    @Test func equalWeightsMergeIntoTheSmallerRuleID() {
        var t = Timeline()
        t.add(0, "a")
        t.add(1, "b")
        let incidents = correlate(t, rules(sequence("x.second", steps("a", "b")), sequence("x.first", steps("a", "b")))).incidents
        #expect(incidents.map(\.ruleID) == ["x.first"])
    }

    @Test func sharingOnlyTheRecordIsSharingAStep() {
        var t = Timeline()
        t.add(0, "a", "b")  // one line, matched by two event rules
        t.add(1, "c")
        let incidents = correlate(t, rules(sequence("r.one", steps("a", "c")), sequence("r.two", steps("b", "c")))).incidents
        #expect(incidents.count == 1)
    }

    @Test func mergingIsTransitive() {
        var t = Timeline()
        t.add(0, "a")
        t.add(1, "b")
        t.add(2, "c")
        let set = rules(sequence("m.ab", steps("a", "b")), sequence("m.bc", steps("b", "c")),
                        sequence("m.c", steps("c")))
        #expect(correlate(t, set).incidents.map(\.ruleID) == ["m.ab"])
    }

    @Test func differentKindsDoNotMerge() {
        var t = Timeline()
        t.add(0, "a")
        t.add(1, "b")
        let set = rules(sequence("k.one", steps("a", "b"), kind: "one"), sequence("k.two", steps("a", "b"), kind: "two"))
        #expect(correlate(t, set).incidents.count == 2)
    }

    @Test func differentGroupsDoNotMerge() {
        var t = Timeline()
        t.add(0, "a", pidless: true)
        t.add(1, "b", pid: 812)
        t.add(1, "b", pid: 813)
        // Grouped by pid, the pid-less `a` is eligible for both pid groups; one rule per pid.
        var one = sequence("g.one", steps("a", "b"), groupBy: ["device", "pid"])
        one.steps[1].conditions = [Where.compare("pid", .eq, .int(812))]
        var two = sequence("g.two", steps("a", "b"), groupBy: ["device", "pid"])
        two.steps[1].conditions = [Where.compare("pid", .eq, .int(813))]
        let incidents = correlate(t, rules(one, two)).incidents
        #expect(incidents.map(\.group.pid) == [812, 813])
    }

    @Test func confidenceIsTheObservedWeightShareRoundedToTwoDecimals() throws {
        var spec = steps("a", "b", "c")
        for i in spec.indices { spec[i].optional = true }
        spec[2].weight = 0.5
        var t = Timeline()
        t.add(0, "a")
        let incident = try #require(correlate(t, rules(sequence("w.x", spec))).incidents.first)
        #expect(incident.confidence == 0.4)  // 1 of 2.5
        #expect(incident.missing == ["b", "c"])
    }

    @Test func missingNamesAllSignalsOfAStep() throws {
        let spec = [SequenceStep(signals: ["a"]), SequenceStep(signals: ["ok", "failed"], optional: true)]
        var t = Timeline()
        t.add(0, "a")
        #expect(try #require(correlate(t, rules(sequence("m.x", spec))).incidents.first).missing == ["ok|failed"])
    }

    @Test func verdictDefaultsToProbableAndProbableIfUpgradesPossible() throws {
        var rule = sequence("v.x", steps("a", "b"))
        var t = Timeline()
        t.add(0, "a")
        t.add(1, "b", fields: ["n": .int(1)])
        #expect(try #require(correlate(t, rules(rule)).incidents.first).verdict == .probable)
        rule.incident?.verdict = .possible
        #expect(try #require(correlate(t, rules(rule)).incidents.first).verdict == .possible)
        rule.incident?.probableIf = [SignalSelector(signals: ["b"], conditions: [Where.compare("n", .gte, .int(2))])]
        #expect(try #require(correlate(t, rules(rule)).incidents.first).verdict == .possible)
        rule.incident?.probableIf = [SignalSelector(signals: ["b"], conditions: [Where.compare("n", .gte, .int(1))])]
        #expect(try #require(correlate(t, rules(rule)).incidents.first).verdict == .probable)
    }

    @Test func idIsTheDocumentedHashOfRuleKindAndSteps() throws {
        var t = Timeline()
        t.add(0, "a")
        t.add(1, "b")
        let incident = try #require(correlate(t, rules(sequence("id.x", steps("a", "b")))).incidents.first)
        let sha = SHA256.hex(of: "logs/device-a.log")
        let layout = ["id.x", "store-purge", sha, "1", "a", sha, "2", "b"].joined(separator: "\u{1f}")
        #expect(incident.id == String(SHA256.hex(of: layout).prefix(16)))
        #expect(incident.id.count == 16)
    }

    @Test func idIsStableAcrossRunsAndInputOrder() {
        var t = Timeline()
        t.purgeChain()
        let ids = (0..<3).map { seed -> [String] in
            var g = SeededGenerator(seed: UInt64(seed))
            return Correlator(ruleSet: ShippedCorrelationRules.purge)
                .correlate(signals: t.signals.shuffled(using: &g), evidence: t.evidence()).incidents.map(\.id)
        }
        #expect(ids[0].count == 1)
        #expect(ids.allSatisfy { $0 == ids[0] })
    }

    @Test func idChangesWithTheEvidence() throws {
        var a = Timeline()
        a.purgeChain()
        var b = Timeline()
        b.purgeChain(debugLines: false)
        #expect(try #require(correlate(a).incidents.first).id != (try #require(correlate(b).incidents.first)).id)
    }

    @Test func incidentsComeInReportOrder() {
        var t = Timeline()
        t.purgeChain(at: 7200)
        t.purgeChain(at: 0)
        let incidents = correlate(t).incidents
        #expect(incidents.map(\.start) == [t.at(0), t.at(7200)])
    }

    @Test func aProcessGroupedIncidentNamesAPidOnlyWhenItsStepsAgree() throws {
        var t = Timeline()
        t.add(0, "reset_sync_will", fields: ["reason": .string("HistoryExpired")])
        t.add(1, "reset_sync_did", fields: ["reason": .string("HistoryExpired")], pid: 813)
        #expect(try #require(correlate(t).incidents.first).group.pid == nil)
    }

    @Test func countIncidentsListTheirEventsAndCapLongRuns() throws {
        let rule = CorrelationRule(header: RuleHeader(id: "c.x"), kind: .eventCount, rules: ["tick"],
                                   groupBy: ["device", "process"], timespan: .hours(1),
                                   condition: [Comparison(.gte, .value(.int(3)))], incident: IncidentSpec(kind: "loop"))
        var t = Timeline()
        for i in 0..<150 { t.add(Double(i), "tick") }
        let incident = try #require(correlate(t, rules(rule)).incidents.first)
        #expect(incident.steps.count == 100)
        #expect(incident.confidence == 1.0)
        #expect(incident.missing.isEmpty)
        #expect(incident.warnings == ["50 more event_count events in this window are not listed"])
        #expect(incident.end == t.at(99))
    }
}
