import Testing
@testable import PurgeTrace

/// `temporal` and `temporal_ordered` (Sigma v2.1).
@Suite struct TemporalCorrelationTests {
    private func temporal(_ kind: CorrelationRule.Kind, condition: [Comparison] = []) -> CorrelationRule {
        CorrelationRule(header: RuleHeader(id: "test.together"), kind: kind, rules: ["a", "b", "c"],
                        timespan: .seconds(10), condition: condition)
    }

    @Test func temporalFiresWhenAllSignalsAreWithinTimespanInAnyOrder() throws {
        var t = Timeline()
        t.add(0, "c")
        t.add(3, "a")
        t.add(9, "b")
        let result = correlate(t, rules(temporal(.temporal)))
        let fired = try #require(result.signals.first)
        #expect(result.signals.count == 1)
        #expect(fired.time == t.at(0))
        #expect(fired.fields["count"] == .int(3))
    }

    @Test func temporalNeedsThemWithinTimespan() {
        var t = Timeline()
        t.add(0, "a")
        t.add(5, "b")
        t.add(11, "c")
        #expect(correlate(t, rules(temporal(.temporal))).signals.isEmpty)
    }

    @Test func theWindowSlidesPastAnEarlierPartialRun() throws {
        var t = Timeline()
        t.add(0, "a")
        t.add(9, "b")
        t.add(11, "a")
        t.add(15, "c")
        let fired = try #require(correlate(t, rules(temporal(.temporal))).signals.first)
        #expect(fired.time == t.at(9))
    }

    @Test func eachEventTakesPartInOneFiring() {
        var t = Timeline()
        for s in [0.0, 1, 2] { t.add(s, ["a", "b", "c"][Int(s)]) }
        t.add(3, "a")
        #expect(correlate(t, rules(temporal(.temporal))).signals.count == 1)
    }

    @Test func conditionCountsDistinctSignals() {
        var t = Timeline()
        t.add(0, "a")
        t.add(1, "c")
        #expect(correlate(t, rules(temporal(.temporal, condition: [Comparison(.gte, .value(.int(2)))]))).signals.count == 1)
        #expect(correlate(t, rules(temporal(.temporal))).signals.isEmpty)
    }

    @Test func orderedNeedsTheListedOrder() {
        var inOrder = Timeline()
        inOrder.add(0, "a")
        inOrder.add(1, "b")
        inOrder.add(2, "c")
        var reversed = Timeline()
        reversed.add(0, "c")
        reversed.add(1, "b")
        reversed.add(2, "a")
        #expect(correlate(inOrder, rules(temporal(.temporalOrdered))).signals.count == 1)
        #expect(correlate(reversed, rules(temporal(.temporalOrdered))).signals.isEmpty)
    }

    @Test func orderedStartsAtTheFirstListedSignal() throws {
        var t = Timeline()
        t.add(0, "b")
        t.add(1, "a")
        t.add(2, "b")
        t.add(3, "c")
        let fired = try #require(correlate(t, rules(temporal(.temporalOrdered))).signals.first)
        #expect(fired.time == t.at(1))
        #expect(fired.fields["count"] == .int(3))
    }

    @Test func orderedTiesFollowTheLineOrder() {
        var t = Timeline()
        t.add(5, "a")
        t.add(5, "c")
        t.add(5, "b")
        #expect(correlate(t, rules(temporal(.temporalOrdered))).signals.isEmpty)
    }
}
