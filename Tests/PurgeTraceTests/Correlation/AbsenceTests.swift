import Testing
@testable import PurgeTrace

/// `absent` in its three positions, and absences the evidence cannot confirm (contract §4.3).
@Suite struct AbsenceTests {
    private func rule(_ absent: AbsentSpec, steps: [String] = ["a"], groupBy: [String] = ["device"]) -> RuleSet {
        rules(CorrelationRule(
            header: RuleHeader(id: "test.absent"), kind: .sequence, groupBy: groupBy, timespan: .minutes(5),
            steps: steps.map { SequenceStep(signals: [$0]) }, absent: [absent], incident: IncidentSpec(kind: "test")))
    }

    private let after = AbsentSpec(signals: ["x"], position: .after(1), within: .seconds(30))

    @Test func afterHoldsWhenNothingFollowsWithinTheWindow() throws {
        var t = Timeline()
        t.add(0, "a")
        t.add(31, "x")  // too late to count
        t.add(120, "other")
        let incident = try #require(correlate(t, rule(after)).incidents.first)
        #expect(incident.verdict == .probable)
        #expect(incident.warnings.isEmpty)
    }

    @Test func afterFailsWhenTheSignalFollows() {
        var t = Timeline()
        t.add(0, "a")
        t.add(30, "x")
        t.add(120, "other")
        #expect(correlate(t, rule(after)).incidents.isEmpty)
    }

    @Test func aSignalBeforeTheAnchorDoesNotCountForAfter() {
        var t = Timeline()
        t.add(0, "x")
        t.add(0, "a")
        t.add(120, "other")
        #expect(correlate(t, rule(after)).incidents.count == 1)
    }

    @Test func afterDefaultsToTheLastObservedStep() {
        let spec = AbsentSpec(signals: ["x"], position: .after(nil), within: .seconds(30))
        let steps = [SequenceStep(signals: ["a"]), SequenceStep(signals: ["b"], optional: true)]
        let set = rules(CorrelationRule(header: RuleHeader(id: "test.absent"), kind: .sequence, groupBy: ["device"],
                                        timespan: .minutes(5), steps: steps, absent: [spec],
                                        incident: IncidentSpec(kind: "test")))
        var t = Timeline()
        t.add(0, "a")
        t.add(60, "b")
        t.add(70, "x")  // 70 s after a, 10 s after b
        t.add(400, "other")
        #expect(correlate(t, set).incidents.isEmpty)
    }

    @Test func anAfterWindowRunningPastTheEvidenceIsOnlyPossible() throws {
        var t = Timeline()
        t.add(0, "a")
        t.add(10, "other")
        let incident = try #require(correlate(t, rule(after)).incidents.first)
        #expect(incident.verdict == .possible)
        #expect(incident.warnings == ["no x after step 1 within 30s could be confirmed: the evidence ends at 2026-03-14T01:00:10.000000Z"])
    }

    @Test func anAfterWindowOverAGapIsOnlyPossible() throws {
        var t = Timeline()
        t.add(0, "a")
        t.add(7200, "other")
        let incident = try #require(correlate(t, rule(after), evidence: t.evidence(gaps: [(5, 7195)])).incidents.first)
        #expect(incident.verdict == .possible)
        #expect(incident.warnings.first?.contains("the evidence has a gap from 2026-03-14T01:00:05.000000Z") == true)
    }

    @Test func betweenFailsWhenTheSignalIsBetweenTheSteps() {
        let spec = AbsentSpec(signals: ["x"], position: .between(1, 2))
        var t = Timeline()
        t.add(0, "a")
        t.add(5, "x")
        t.add(10, "b")
        #expect(correlate(t, rule(spec, steps: ["a", "b"])).incidents.isEmpty)
    }

    @Test func betweenIgnoresTheSignalOutsideTheSteps() throws {
        let spec = AbsentSpec(signals: ["x"], position: .between(1, 2))
        var t = Timeline()
        t.add(0, "x")
        t.add(1, "a")
        t.add(10, "b")
        t.add(11, "x")
        let incident = try #require(correlate(t, rule(spec, steps: ["a", "b"])).incidents.first)
        #expect(incident.verdict == .probable)
    }

    @Test func beforeFailsWhenTheSignalPrecedesWithinTheWindow() {
        let spec = AbsentSpec(signals: ["x"], position: .before(1), within: .minutes(10))
        var t = Timeline()
        t.add(0, "other")
        t.add(100, "x")
        t.add(700, "a")
        #expect(correlate(t, rule(spec)).incidents.isEmpty)
    }

    @Test func beforeHoldsWhenTheSignalIsOlderThanTheWindow() throws {
        let spec = AbsentSpec(signals: ["x"], position: .before(1), within: .minutes(10))
        var t = Timeline()
        t.add(0, "x")
        t.add(700, "a")
        #expect(try #require(correlate(t, rule(spec)).incidents.first).verdict == .probable)
    }

    @Test func aBeforeWindowReachingBeforeTheEvidenceIsOnlyPossible() throws {
        let spec = AbsentSpec(signals: ["x"], position: .before(1), within: .minutes(10))
        var t = Timeline()
        t.add(60, "a")
        let incident = try #require(correlate(t, rule(spec), evidence: t.evidence(first: 0, last: 120)).incidents.first)
        #expect(incident.verdict == .possible)
        #expect(incident.warnings.first?.hasSuffix("the evidence starts at 2026-03-14T01:00:00.000000Z") == true)
    }

    @Test func absentConditionsMayReferToSteps() throws {
        let spec = AbsentSpec(signals: ["x"], position: .after(1), within: .seconds(30),
                              conditions: [Where.step("asset", .eq, 1, "asset")])
        var t = Timeline()
        t.add(0, "a", fields: ["asset": .string("A1")])
        t.add(5, "x", fields: ["asset": .string("B2")])
        t.add(120, "other")
        #expect(correlate(t, rule(spec)).incidents.count == 1)
        t.add(6, "x", fields: ["asset": .string("A1")])
        #expect(correlate(t, rule(spec)).incidents.isEmpty)
    }

    @Test func anAbsentSignalOfAnotherGroupDoesNotCount() throws {
        var t = Timeline()
        t.add(0, "a", fields: ["asset": .string("A1")])
        t.add(5, "x", fields: ["asset": .string("B2")])
        t.add(120, "other")
        let incidents = correlate(t, rule(after, groupBy: ["device", "asset"])).incidents
        #expect(incidents.count == 1)
    }

    @Test func theRecordOfAStepIsNotItsOwnAbsence() {
        var t = Timeline()
        t.add(0, "a", "x")
        t.add(120, "other")
        #expect(correlate(t, rule(after)).incidents.count == 1)
    }

    @Test func aFailedAbsenceLetsALaterSignalStartAMatch() throws {
        var t = Timeline()
        t.add(0, "a")
        t.add(10, "x")
        t.add(60, "a")
        t.add(200, "other")
        let incident = try #require(correlate(t, rule(after)).incidents.first)
        #expect(incident.start == t.at(60))
    }
}
