import Testing
@testable import PurgeTrace

/// `event_count` / `value_count` bursts (contract §4.2).
@Suite struct CountCorrelationTests {
    private func count(_ kind: CorrelationRule.Kind = .eventCount, rules names: [String] = ["tick"],
                       groupBy: [String] = ["device", "pid"], timespan: TimeSpan = .seconds(10),
                       condition: [Comparison] = [Comparison(.gte, .value(.int(3)))], field: String? = nil,
                       aliases: [String: [String: String]] = [:]) -> CorrelationRule {
        CorrelationRule(header: RuleHeader(id: "test.burst", signal: "burst"), kind: kind, rules: names,
                        groupBy: groupBy, timespan: timespan, condition: condition, valueField: field, aliases: aliases)
    }

    @Test func aBurstEmitsOneSignalStampedWithItsFirstEvent() throws {
        var t = Timeline()
        let first = t.add(1, "tick")[0]
        for s in [2.0, 3, 4, 5, 6] { t.add(s, "tick") }
        let result = correlate(t, rules(count()))
        #expect(result.signals.count == 1)
        let burst = try #require(result.signals.first)
        #expect(burst.name == "burst")
        #expect(burst.ruleID == "test.burst")
        #expect(burst.time == t.at(1))
        #expect(burst.line == first.line)
        #expect(burst.source == first.source)
        #expect(burst.text == "tick at +1.0s")
        #expect(burst.fields["count"] == .int(6))
        #expect(burst.pid == 812)
        #expect(burst.process == "MyApp")
    }

    @Test func eachEventMustBeWithinTimespanOfTheFirstNotOfThePrevious() {
        var t = Timeline()
        for s in [0.0, 4, 8, 12, 16] { t.add(s, "tick") }
        let result = correlate(t, rules(count()))
        // Run [0, 4, 8] closes at 12 (12 s after 0); run [12, 16] has only two.
        #expect(result.signals.map(\.time) == [t.at(0)])
        #expect(result.signals.first?.fields["count"] == .int(3))
    }

    @Test func anEventExactlyTimespanAfterTheFirstIsInTheRun() {
        var t = Timeline()
        for s in [0.0, 5, 10] { t.add(s, "tick") }
        #expect(correlate(t, rules(count())).signals.first?.fields["count"] == .int(3))
    }

    @Test func consecutiveBurstsAreSeparateSignals() {
        var t = Timeline()
        for s in [0.0, 1, 2, 20, 21, 22, 23] { t.add(s, "tick") }
        let signals = correlate(t, rules(count())).signals
        #expect(signals.map(\.time) == [t.at(0), t.at(20)])
        #expect(signals.map { $0.fields["count"] } == [.int(3), .int(4)])
    }

    @Test func groupsCountApart() {
        var t = Timeline()
        t.add(0, "tick")
        t.add(1, "tick", pid: 900)
        t.add(2, "tick")
        t.add(3, "tick", pid: 900)
        #expect(correlate(t, rules(count())).signals.isEmpty)
        t.add(4, "tick")
        let signals = correlate(t, rules(count())).signals
        #expect(signals.map(\.pid) == [812])
    }

    @Test func conditionRangesAreAndedTogether() {
        let between = [Comparison(.gte, .value(.int(2))), Comparison(.lte, .value(.int(3)))]
        var small = Timeline()
        for s in [0.0, 1] { small.add(s, "tick") }
        var large = Timeline()
        for s in [0.0, 1, 2, 3] { large.add(s, "tick") }
        #expect(correlate(small, rules(count(condition: between))).signals.count == 1)
        #expect(correlate(large, rules(count(condition: between))).signals.isEmpty)
    }

    @Test func groupByFieldsAreCarriedOnTheSignal() throws {
        var t = Timeline()
        for s in [0.0, 1, 2] { t.add(s, "tick", fields: ["record": .string("rec_1")], pidless: true) }
        let burst = try #require(correlate(t, rules(count(groupBy: ["device", "process", "record"]))).signals.first)
        #expect(burst.fields == ["record": .string("rec_1"), "count": .int(3)])
        #expect(burst.process == "MyApp")
        #expect(burst.pid == nil)
    }

    @Test func valueCountCountsDistinctValuesOfTheField() throws {
        var t = Timeline()
        for (s, user) in [(0.0, "a"), (1, "b"), (2, "a"), (3, "c")] {
            t.add(s, "login_failed", fields: ["user": .string(user)])
        }
        t.add(4, "login_failed")  // no user: not counted, not in the run
        let rule = count(.valueCount, rules: ["login_failed"], field: "user")
        let burst = try #require(correlate(t, rules(rule)).signals.first)
        #expect(burst.fields["count"] == .int(3))
        var fewer = Timeline()
        for (s, user) in [(0.0, "a"), (1, "a"), (2, "b")] { fewer.add(s, "login_failed", fields: ["user": .string(user)]) }
        #expect(correlate(fewer, rules(rule)).signals.isEmpty)
    }

    @Test func aliasesJoinDifferentlyNamedFields() throws {
        var t = Timeline()
        t.add(0, "upload_started", fields: ["asset_id": .string("A1")])
        t.add(1, "upload_failed", fields: ["asset": .string("A1")])
        t.add(2, "upload_failed", fields: ["asset": .string("A1")])
        t.add(3, "upload_failed", fields: ["asset": .string("B2")])
        let rule = count(rules: ["upload_started", "upload_failed"], groupBy: ["device", "asset"],
                         aliases: ["asset": ["upload_started": "asset_id", "upload_failed": "asset"]])
        let signals = correlate(t, rules(rule)).signals
        #expect(signals.count == 1)
        #expect(signals.first?.fields["asset"] == .string("A1"))
        #expect(signals.first?.fields["count"] == .int(3))
    }

    @Test func referencesByRuleIDCountTheRulesSignals() {
        var t = Timeline()
        t.vacuum(0)
        let rule = count(rules: ["coredata.wal_checkpoint", "coredata.incremental_vacuum"],
                         condition: [Comparison(.eq, .value(.int(5)))])
        #expect(correlate(t, rules(rule)).signals.count == 1)
    }

    @Test func aLineMatchedByTwoRulesCountsOnce() {
        var t = Timeline()
        for s in [0.0, 1, 2, 3] { t.add(s, "wal_checkpoint", "incremental_vacuum") }
        let rule = count(rules: ["wal_checkpoint", "incremental_vacuum"], condition: [Comparison(.gte, .value(.int(5)))])
        #expect(correlate(t, rules(rule)).signals.isEmpty)
        t.add(4, "wal_checkpoint")
        #expect(correlate(t, rules(rule)).signals.first?.fields["count"] == .int(5))
    }
}
