import Testing
@testable import PurgeTrace

/// Sequence matching rules (contract §4.3).
@Suite struct SequenceMatchingTests {
    private func sequence(_ steps: [SequenceStep], groupBy: [String] = ["device", "pid"],
                          timespan: TimeSpan = .minutes(1), requireAny: [String] = []) -> CorrelationRule {
        CorrelationRule(header: RuleHeader(id: "test.seq"), kind: .sequence, groupBy: groupBy, timespan: timespan,
                        requireAny: requireAny, steps: steps, incident: IncidentSpec(kind: "test"))
    }

    private let abc = [SequenceStep(signals: ["a"]), SequenceStep(signals: ["b"]), SequenceStep(signals: ["c"])]

    @Test func stepsMatchInOrder() throws {
        var t = Timeline()
        t.add(0, "a")
        t.add(1, "b")
        t.add(2, "c")
        let result = correlate(t, rules(sequence(abc)))
        #expect(result.incidents.first?.stepNames == ["a", "b", "c"])
        let emitted = try #require(result.signals.first)
        #expect(emitted.name == "test.seq")
        #expect(emitted.time == t.at(0))
        #expect(emitted.fields["count"] == .int(3))
    }

    @Test func outOfOrderStepsDoNotMatch() {
        var t = Timeline()
        t.add(0, "b")
        t.add(1, "a")
        t.add(2, "c")
        #expect(correlate(t, rules(sequence(abc))).incidents.isEmpty)
    }

    @Test func theEarliestEligibleSignalFillsAStep() throws {
        var t = Timeline()
        t.add(0, "a")
        t.add(1, "a")
        t.add(2, "b")
        t.add(3, "b")
        t.add(4, "c")
        let incident = try #require(correlate(t, rules(sequence(abc))).incidents.first)
        #expect(incident.steps.map(\.time) == [t.at(0), t.at(2), t.at(4)])
    }

    @Test func aFailedAttemptConsumesNothing() throws {
        var t = Timeline()
        t.add(0, "a")  // its window closes before any c
        t.add(30, "b")
        t.add(61, "a")
        t.add(62, "b")
        t.add(63, "c")
        let incidents = correlate(t, rules(sequence(abc))).incidents
        #expect(incidents.count == 1)
        #expect(incidents.first?.steps.map(\.time) == [t.at(61), t.at(62), t.at(63)])
    }

    @Test func optionalStepsMayBeMissing() throws {
        var steps = abc
        steps[1].optional = true
        var t = Timeline()
        t.add(0, "a")
        t.add(1, "c")
        let incident = try #require(correlate(t, rules(sequence(steps))).incidents.first)
        #expect(incident.stepNames == ["a", "c"])
        #expect(incident.missing == ["b"])
        #expect(incident.confidence == 0.67)
    }

    @Test func anOptionalStepThatWouldBreakTimespanIsSkipped() throws {
        let steps = [SequenceStep(signals: ["a"]), SequenceStep(signals: ["b"], optional: true)]
        var t = Timeline()
        t.add(0, "a")
        t.add(90, "b")
        let incident = try #require(correlate(t, rules(sequence(steps))).incidents.first)
        #expect(incident.stepNames == ["a"])
        #expect(incident.end == t.at(0))
    }

    @Test func aRequiredStepThatWouldBreakTimespanFailsTheMatch() {
        var t = Timeline()
        t.add(0, "a")
        t.add(1, "b")
        t.add(61, "c")
        #expect(correlate(t, rules(sequence(abc))).incidents.isEmpty)
    }

    @Test func aMatchMayStartAtALaterStepWhenTheEarlierOnesAreOptional() throws {
        let steps = [SequenceStep(signals: ["a"], optional: true), SequenceStep(signals: ["b"])]
        var t = Timeline()
        t.add(0, "b")
        #expect(try #require(correlate(t, rules(sequence(steps))).incidents.first).stepNames == ["b"])
    }

    @Test func oneRecordFillsAtMostOneStep() {
        var t = Timeline()
        t.add(0, "a", "b")  // one line, two signals
        t.add(1, "c")
        #expect(correlate(t, rules(sequence(abc))).incidents.isEmpty)
        t.add(2, "b")
        t.add(3, "c")
        #expect(correlate(t, rules(sequence(abc))).incidents.first?.steps.map(\.time) == [t.at(0), t.at(2), t.at(3)])
    }

    @Test func consecutiveMatchesUseDisjointSignals() {
        let steps = [SequenceStep(signals: ["a"]), SequenceStep(signals: ["b"])]
        var t = Timeline()
        t.add(0, "a")
        t.add(1, "b")
        t.add(70, "a")
        t.add(71, "b")
        let incidents = correlate(t, rules(sequence(steps))).incidents
        #expect(incidents.count == 2)
        #expect(Set(incidents.flatMap { $0.steps.map(\.line) }).count == 4)
    }

    @Test func requireAnyNeedsOneOfItsSignals() {
        let steps = [SequenceStep(signals: ["a"], optional: true), SequenceStep(signals: ["b"], optional: true)]
        var t = Timeline()
        t.add(0, "a")
        #expect(correlate(t, rules(sequence(steps, requireAny: ["b"]))).incidents.isEmpty)
        t.add(1, "b")
        #expect(correlate(t, rules(sequence(steps, requireAny: ["b"]))).incidents.count == 1)
    }

    @Test func stepConditionsMayReferToEarlierSteps() throws {
        let steps = [SequenceStep(signals: ["logout"]),
                     SequenceStep(signals: ["login"], conditions: [Where.step("user", .neq, 1, "user")])]
        var t = Timeline()
        t.add(0, "logout", fields: ["user": .string("ann")])
        t.add(1, "login", fields: ["user": .string("ann")])
        t.add(2, "login", fields: ["user": .string("bob")])
        let incident = try #require(correlate(t, rules(sequence(steps))).incidents.first)
        #expect(incident.steps.map { $0.fields["user"] } == [.string("ann"), .string("bob")])
    }

    @Test func oneGroupsEventsNeverCompleteAnotherGroupsSequence() {
        var t = Timeline()
        t.add(0, "a")
        t.add(1, "b", pid: 900)
        t.add(2, "c")
        #expect(correlate(t, rules(sequence(abc))).incidents.isEmpty)
    }

    @Test func aPidlessAppLineJoinsTheGroupOfItsProcess() throws {
        var t = Timeline()
        t.add(0, "a")
        t.add(1, "a", process: "Notes", pid: 944)
        t.add(2, "b", pidless: true)
        t.add(3, "c")
        t.add(4, "c", process: "Notes", pid: 944)
        let incidents = correlate(t, rules(sequence(abc))).incidents
        #expect(incidents.count == 1)
        #expect(incidents.first?.group == IncidentGroup(device: t.device, process: "MyApp", pid: 812))
    }

    @Test func aPidlessSignalIsUsedByOneGroupOnly() {
        // MyApp ran twice (pids 812 and 813); its pid-less line is eligible for both.
        var t = Timeline()
        t.add(0, "a")
        t.add(1, "a", pid: 813)
        t.add(2, "b", pidless: true)
        t.add(3, "c")
        t.add(4, "c", pid: 813)
        let incidents = correlate(t, rules(sequence(abc))).incidents
        #expect(incidents.count == 1)
        #expect(incidents.first?.group.pid == 812)
    }

    @Test func pidlessSignalsWithoutAnyPidGroupFormTheirOwnGroup() throws {
        var t = Timeline()
        for (s, n) in [(0.0, "a"), (1, "b"), (2, "c")] { t.add(s, n, pidless: true) }
        let incident = try #require(correlate(t, rules(sequence(abc))).incidents.first)
        #expect(incident.group == IncidentGroup(device: t.device, process: "MyApp", pid: nil))
    }

    @Test func aSignalMissingAnotherGroupByValueIsNotEligible() {
        var t = Timeline()
        t.add(0, "a", fields: ["asset": .string("A1")])
        t.add(1, "b")  // no asset
        t.add(2, "c", fields: ["asset": .string("A1")])
        #expect(correlate(t, rules(sequence(abc, groupBy: ["device", "asset"]))).incidents.isEmpty)
    }

    @Test func groupByFieldsNameTheIncidentGroup() throws {
        var t = Timeline()
        for (s, n) in [(0.0, "a"), (1, "b"), (2, "c")] { t.add(s, n, fields: ["asset": .string("A1")], pidless: true) }
        let incident = try #require(correlate(t, rules(sequence(abc, groupBy: ["device", "process", "asset"]))).incidents.first)
        #expect(incident.group == IncidentGroup(device: t.device, process: "MyApp", pid: nil, fields: ["asset": .string("A1")]))
    }

    @Test func aMatchOwnsItsWindowUntilItCloses() {
        let steps = [SequenceStep(signals: ["a"]), SequenceStep(signals: ["b"], optional: true),
                     SequenceStep(signals: ["c"], optional: true)]
        var t = Timeline()
        t.add(0, "a")
        t.add(10, "a")  // a repeat inside the open match
        t.add(20, "b")
        t.add(61, "a")  // after the match closed: a new match
        let incidents = correlate(t, rules(sequence(steps))).incidents
        #expect(incidents.map(\.start) == [t.at(0), t.at(61)])
    }

    @Test func aMatchClosesAsSoonAsItsLastStepIsFilled() {
        let steps = [SequenceStep(signals: ["a"]), SequenceStep(signals: ["b"])]
        var t = Timeline()
        t.add(0, "a")
        t.add(1, "b")
        t.add(2, "a")
        t.add(3, "b")
        #expect(correlate(t, rules(sequence(steps))).incidents.count == 2)
    }
}
