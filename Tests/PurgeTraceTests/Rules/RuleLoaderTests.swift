import Foundation
import Testing
import PurgeTrace

@Suite struct RuleLoaderTests {
    @Test func eventRuleOfTheContractLoadsIntoTheModel() throws {
        let result = RuleTesting.load("""
            id: coredata.reset_sync_will
            title: Mirroring delegate announces a sync reset
            level: high
            signal: reset_sync_will
            tags: [coredata, cloudkit]
            author: someone
            references: ['https://example.com/tn3163']
            where:
              subsystem: com.apple.coredata
              level: [error, fault]
            match:
              - "Sending 'NSCloudKitMirroringDelegateWillResetSyncNotificationName'(?: with reason: '(?<reason>\\\\w+)')?"
            match-all: []
            not: []
            caseless: false
            fields: {source_kind: mirroring}
            examples:
              match:
                - line: "x Sending 'NSCloudKitMirroringDelegateWillResetSyncNotificationName' with reason: 'HistoryExpired'"
                  format: log-show
                  fields: {reason: HistoryExpired}
              no-match:
                - "another raw line"
            """)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let rule = try #require(result.ruleSet.eventRules.first)
        #expect(rule.header.id == "coredata.reset_sync_will")
        #expect(rule.header.level == .high)
        #expect(rule.header.tags == ["coredata", "cloudkit"])
        #expect(rule.header.metadata["author"] == .string("someone"))
        #expect(rule.header.metadata["references"] == .array([.string("https://example.com/tn3163")]))
        #expect(rule.header.line == 1 && rule.header.file == "test.yml")
        #expect(rule.conditions.map(\.key) == ["subsystem", "level"])
        #expect(rule.match.count == 1 && rule.match[0].line == 12)
        #expect(rule.match[0].pattern.groupNames == [1: "reason"])
        #expect(rule.fields == ["source_kind": .string("mirroring")])
        #expect(rule.examples.count == 2)
        #expect(rule.examples[0].format == .logShow)
        #expect(rule.examples[0].fields == ["reason": .string("HistoryExpired")])
        #expect(rule.examples[1].shouldMatch == false)
    }

    @Test func signalDefaultsToTheId() throws {
        let rule = try #require(RuleTesting.load("id: app.thing\nmatch: abc\n").ruleSet.eventRules.first)
        #expect(rule.header.signal == "app.thing")
    }

    @Test func sigmaCorrelationLoadsWithDefaultsAndResolvedReferences() throws {
        let result = RuleTesting.load("""
            id: coredata.wal_checkpoint
            signal: wal_checkpoint
            match: 'WAL checkpoint: '
            ---
            id: coredata.incremental_vacuum
            signal: incremental_vacuum
            match: 'incremental_vacuum'
            ---
            id: coredata.vacuum_burst
            title: Burst of WAL checkpoint and vacuum work
            signal: vacuum_burst
            status: experimental
            correlation:
              type: event_count
              rules: [coredata.wal_checkpoint, incremental_vacuum]
              timespan: 10s
              condition: {gte: 5, lt: 1000}
              aliases: {}
            """)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let rule = try #require(result.ruleSet.correlationRules.first)
        #expect(rule.kind == .eventCount)
        #expect(rule.rules == ["wal_checkpoint", "incremental_vacuum"])
        #expect(rule.groupBy == ["device", "pid"])
        #expect(rule.timespan == .seconds(10))
        #expect(rule.condition == [Comparison(.gte, .value(.int(5))), Comparison(.lt, .value(.int(1000)))])
        #expect(rule.header.metadata["status"] == .string("experimental"))
    }

    @Test func valueCountTakesItsFieldFromTheCondition() throws {
        let result = RuleTesting.load("""
            id: app.many_records
            correlation:
              type: value_count
              rules: [delete_not_found]
              group-by: [device]
              timespan: 1h
              condition: {field: record, gte: 3}
            ---
            id: app.delete_not_found
            signal: delete_not_found
            match: 'not found: (?<record>\\w+)'
            """)
        #expect(result.errors.isEmpty, "\(result.diagnostics)")
        let rule = try #require(result.ruleSet.correlationRules.first)
        #expect(rule.valueField == "record")
        #expect(rule.groupBy == ["device"])
    }

    @Test func sequenceWithAbsenceAndIncidentLoads() throws {
        let result = RuleTesting.load("""
            id: app.logout_without_wipe
            title: Logout not followed by a store wipe
            correlation:
              type: sequence
              group-by: [device]
              timespan: 1h
              require-any: [logout]
              steps:
                - {rule: logout}
                - {rule: [login, relogin], optional: true, weight: 0.5, where: {user: {neq: $1.user}}}
              absent:
                - {rule: store_wiped, after: 1, within: 30s}
                - {rule: store_wiped, between: [1, 2]}
                - {rule: blob_uploaded, before: 1, within: 10m}
            incident:
              kind: logout-without-wipe
              verdict: possible
              probable-if:
                - login
                - {rule: login, where: {user: {neq: $1.user}}}
              reason-field: reason
              outcome:
                window: 45m
                recovered: [store_wiped]
                lost: [{rule: login, where: {count: {gt: 1}}}]
              coverage:
                snapshot: snapshot_written
                baseline: item_count
                restored: snapshot_restored
                purge-point: [store_wiped, logout]
                max-age: 12h
                min-ratio: 0.9
            """)
        #expect(result.errors.isEmpty, "\(result.diagnostics)")
        let rule = try #require(result.ruleSet.correlationRules.first)
        #expect(rule.kind == .sequence)
        #expect(rule.steps.count == 2)
        #expect(rule.steps[1].signals == ["login", "relogin"])
        #expect(rule.steps[1].optional && rule.steps[1].weight == 0.5)
        #expect(rule.steps[1].conditions.first.map { condition -> Bool in
            if case .compare(let c) = condition.test { return c == [Comparison(.neq, .stepField(step: 1, field: "user"))] }
            return false
        } == true)
        #expect(rule.absent.map(\.position) == [.after(1), .between(1, 2), .before(1)])
        #expect(rule.absent[0].within == .seconds(30))
        let incident = try #require(rule.incident)
        #expect(incident.kind == "logout-without-wipe")
        #expect(incident.verdict == .possible)
        #expect(incident.probableIf.count == 2)
        #expect(incident.outcome?.window == .minutes(45))
        #expect(incident.coverage?.snapshot == ["snapshot_written"])
        #expect(incident.coverage?.purgePoint == ["store_wiped", "logout"])
        #expect(incident.coverage?.maxAge == .hours(12))
        #expect(incident.coverage?.minRatio == 0.9)
        // Nothing loaded emits these signals: one warning per name, each naming its line.
        let warned = result.warnings.map(\.message)
        #expect(warned.contains("references 'store_wiped', which no loaded rule emits"))
        #expect(result.warnings.first { $0.message.contains("'logout'") }?.line == 7)
    }

    @Test func correlationsAreOrderedAfterWhatTheyConsume() throws {
        let result = RuleTesting.load("""
            id: top
            correlation: {type: temporal, rules: [burst, x], timespan: 1m}
            ---
            id: burst
            correlation: {type: event_count, rules: [x], timespan: 10s, condition: {gte: 2}}
            ---
            id: x
            match: abc
            """)
        #expect(result.errors.isEmpty)
        #expect(result.ruleSet.correlationsInDependencyOrder().map(\.header.id) == ["burst", "top"])
    }

    @Test func directoriesAreReadRecursivelyInSortedOrder() throws {
        let dir = TestPaths.temporaryDirectory("rules")
        defer { try? FileManager.default.removeItem(at: dir) }
        let fm = FileManager.default
        try fm.createDirectory(at: dir.appendingPathComponent("b/nested"), withIntermediateDirectories: true)
        try "id: z.one\nmatch: one\n".write(to: dir.appendingPathComponent("b/nested/z.yaml"), atomically: true, encoding: .utf8)
        try "id: a.two\nmatch: two\n---\nid: a.three\nmatch: three\n"
            .write(to: dir.appendingPathComponent("a.yml"), atomically: true, encoding: .utf8)
        try "not a rule file".write(to: dir.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        try "id: hidden\nmatch: x\n".write(to: dir.appendingPathComponent(".hidden.yml"), atomically: true, encoding: .utf8)
        let result = RuleLoader.load(paths: [dir.path])
        #expect(result.diagnostics.isEmpty)
        #expect(result.ruleSet.eventRules.map(\.header.id) == ["a.two", "a.three", "z.one"])
        #expect(result.ruleSet.files.map { URL(fileURLWithPath: $0).lastPathComponent } == ["a.yml", "z.yaml"])
    }

    @Test func emptyDocumentsAreSkipped() {
        let result = RuleTesting.load("---\nid: a\nmatch: x\n---\n---\n")
        #expect(result.diagnostics.isEmpty)
        #expect(result.ruleSet.eventRules.count == 1)
    }
}

/// Damaged rule files never crash or hang the loader or the linter: they load, or they
/// give diagnostics.
@Suite struct RuleLoaderRobustnessTests {
    @Test func mutatedShippedRulesNeverCrashTheLoader() throws {
        let original = try String(contentsOf: TestPaths.rules.appendingPathComponent("coredata-cloudkit.yml"), encoding: .utf8)
        let bytes = Array(original.utf8)
        let inserts: [[UInt8]] = [[0x3A], [0x20], [0x0A], [0x2D], [0x28], [0x5B], [0x7B], [0x27], [0x22], [0x5C], [0x2A], [0xFF],
                                  Array("(?<".utf8), Array("\n  - ".utf8), Array("{0,".utf8), Array("\\Q".utf8)]
        var random = SeededRandom(seed: 99)
        for _ in 0..<100 {
            var mutated = bytes
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let at = Int.random(in: 0..<mutated.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: mutated.remove(at: at)
                case 1: mutated.insert(contentsOf: inserts[Int.random(in: 0..<inserts.count, using: &random)], at: at)
                default: mutated[at] = inserts[Int.random(in: 0..<inserts.count, using: &random)][0]
                }
            }
            let result = RuleLoader.load(sources: [RuleLoader.Source(name: "m.yml", bytes: mutated)])
            _ = RuleLinter.lint(result)
            #expect(result.diagnostics.allSatisfy { $0.line >= 0 && $0.file == "m.yml" })
            if result.errors.isEmpty {
                _ = RuleExampleRunner(ruleSet: result.ruleSet).run()
            }
        }
    }
}
