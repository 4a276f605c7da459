import Testing
@testable import PurgeTrace

/// Correlations feeding correlations run in dependency order.
@Suite struct RuleOrderTests {
    @Test func aSequenceListedBeforeTheBurstRuleStillSeesTheBursts() throws {
        var t = Timeline()
        t.vacuum(0)
        t.add(5, "item_count", fields: ["items": .int(0)], pidless: true)
        let reversed = RuleSet(correlationRules: ShippedCorrelationRules.purge.correlationRules.reversed())
        let incident = try #require(correlate(t, reversed).incidents.first)
        #expect(incident.ruleID == "purge.vacuum_drop")
    }

    @Test func dependenciesComeFirstAndTiesGoByID() {
        let a = CorrelationRule(header: RuleHeader(id: "z.base", signal: "base"), kind: .eventCount, rules: ["x"],
                                timespan: .seconds(1))
        let b = CorrelationRule(header: RuleHeader(id: "a.top"), kind: .eventCount, rules: ["base"], timespan: .seconds(1))
        let c = CorrelationRule(header: RuleHeader(id: "m.free"), kind: .eventCount, rules: ["y"], timespan: .seconds(1))
        let order = RuleOrder([b, a, c])
        #expect(order.indices == [2, 1, 0])
        #expect(order.warnings.isEmpty)
    }

    @Test func aRuleIDStandsForItsSignal() {
        let a = CorrelationRule(header: RuleHeader(id: "z.base", signal: "base"), kind: .eventCount, rules: ["x"],
                                timespan: .seconds(1))
        let b = CorrelationRule(header: RuleHeader(id: "a.top"), kind: .eventCount, rules: ["z.base"], timespan: .seconds(1))
        #expect(RuleOrder([b, a]).indices == [1, 0])
    }

    @Test func aCycleRunsLastWithAWarning() {
        let a = CorrelationRule(header: RuleHeader(id: "c.a"), kind: .eventCount, rules: ["c.b"], timespan: .seconds(1))
        let b = CorrelationRule(header: RuleHeader(id: "c.b"), kind: .eventCount, rules: ["c.a"], timespan: .seconds(1))
        let free = CorrelationRule(header: RuleHeader(id: "z.free"), kind: .eventCount, rules: ["x"], timespan: .seconds(1))
        let order = RuleOrder([a, b, free])
        #expect(order.indices == [2, 0, 1])
        #expect(order.warnings.count == 1)
        #expect(order.warnings.first?.contains("c.a, c.b") == true)
    }

    @Test func aRuleReadingItsOwnSignalIsNotACycle() {
        let a = CorrelationRule(header: RuleHeader(id: "s.self", signal: "tick"), kind: .eventCount, rules: ["tick"],
                                timespan: .seconds(1))
        #expect(RuleOrder([a]).warnings.isEmpty)
    }
}
