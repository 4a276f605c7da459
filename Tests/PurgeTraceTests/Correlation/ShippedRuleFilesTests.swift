import Foundation
import Testing
@testable import PurgeTrace

/// The shipped YAML of `rules/` says what `ShippedCorrelationRules` says. Enabled once the
/// rule loader is in the build (it is a separate piece of work): then every correlation
/// rule written in Swift must have a loaded twin with the same meaning, and both must give
/// the same incidents on the scenarios of the other suites.
@Suite
struct ShippedRuleFilesTests {
    @Test(arguments: ShippedCorrelationRules.all.correlationRules.map(\.header.id))
    func loadedRuleMeansTheSameAsTheSwiftOne(id: String) throws {
        let swift = try #require(ShippedCorrelationRules.all.correlationRules.first { $0.header.id == id })
        let loaded = try #require(ShippedRuleFiles.correlation(id), "rule \(id) is not in rules/")
        #expect(RuleShape(loaded) == RuleShape(swift))
    }

    @Test func loadedRulesGiveTheSameIncidentsOnTheChainVariants() throws {
        let loaded = try #require(ShippedRuleFiles.ruleSet(ids: ShippedCorrelationRules.all.correlationRules.map(\.header.id)))
        var timelines: [Timeline] = []
        var full = Timeline()
        full.purgeChain()
        full.add(600, "import_succeeded")
        timelines.append(full)
        var bare = Timeline()
        bare.purgeChain(debugLines: false)
        timelines.append(bare)
        var weak = Timeline()
        weak.add(0, "export_failed", "history_token_expired", fields: ["code": .int(134301)])
        weak.add(1, "history_token_expired", "recovery_attempted", fields: ["code": .int(134301)])
        weak.vacuum(300)
        weak.add(305, "item_count", fields: ["items": .int(0)], pidless: true)
        timelines.append(weak)
        var kinds = Timeline()
        kinds.add(0, "logout", fields: ["user": .string("ann")], pidless: true)
        kinds.add(100, "record_deleted", fields: ["asset": .string("A1")], pidless: true)
        for s in [200.0, 300, 400] { kinds.add(s, "delete_not_found", fields: ["record": .string("r1")], pidless: true) }
        kinds.add(500, "icloud_identity", fields: ["user": .string("_a1")], pidless: true)
        kinds.add(501, "bound_identity", fields: ["user": .string("_b2")], pidless: true)
        kinds.add(900, "manifest_written", fields: ["asset": .string("B2")], pidless: true)
        kinds.add(901, "blob_uploaded", fields: ["asset": .string("B2")], pidless: true)
        kinds.add(1000, "import_succeeded")
        kinds.add(1001, "orphan_cleanup", fields: ["deleted": .int(3)], pidless: true)
        kinds.add(3000, "app_idle", pidless: true)
        timelines.append(kinds)
        for t in timelines {
            let a = correlate(t, ShippedCorrelationRules.all)
            let b = correlate(t, loaded)
            #expect(!a.incidents.isEmpty)
            #expect(a.incidents == b.incidents)
            #expect(a.signals == b.signals)
        }
    }
}

/// The shipped rule files, loaded once (nil while the loader is not in the build).
enum ShippedRuleFiles {
    static let loaded: RuleLoader.Result? = {
        let result = RuleLoader.load(paths: [TestPaths.rules.path])
        return result.ruleSet.correlationRules.isEmpty ? nil : result
    }()

    static var available: Bool { loaded != nil }

    static func correlation(_ id: String) -> CorrelationRule? {
        loaded?.ruleSet.correlationRules.first { $0.header.id == id }
    }

    static func ruleSet(ids: [String]) -> RuleSet? {
        let rules = ids.compactMap(correlation)
        return rules.count == ids.count ? RuleSet(correlationRules: rules) : nil
    }
}

/// What a correlation rule means, without where it was written.
struct RuleShape: Equatable, CustomStringConvertible {
    let text: String

    init(_ r: CorrelationRule) {
        func conditions(_ list: [FieldCondition]) -> String {
            list.map { "\($0.key)=\(String(describing: $0.test))" }.sorted().joined(separator: "&")
        }
        func selectors(_ list: [SignalSelector]) -> String {
            list.map { "\($0.signals)/\(conditions($0.conditions))" }.joined(separator: ",")
        }
        var lines = [
            "id=\(r.header.id) signal=\(r.header.signal) kind=\(r.kind.rawValue) rules=\(r.rules)",
            "group-by=\(r.groupBy) timespan=\(r.timespan.nanoseconds) condition=\(r.condition) field=\(String(describing: r.valueField))",
            "aliases=\(r.aliases.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value.sorted { $0.key < $1.key })" })",
            "require-any=\(r.requireAny)",
        ]
        lines += r.steps.map { "step \($0.signals) optional=\($0.optional) weight=\($0.weight) where=\(conditions($0.conditions))" }
        lines += r.absent.map { "absent \($0.signals) \($0.position) within=\(String(describing: $0.within?.nanoseconds)) where=\(conditions($0.conditions))" }
        if let i = r.incident {
            lines.append("incident kind=\(i.kind) verdict=\(i.verdict) probable-if=\(selectors(i.probableIf)) reason=\(String(describing: i.reasonField))")
            if let o = i.outcome {
                lines.append("outcome window=\(o.window.nanoseconds) recovered=\(selectors(o.recovered)) lost=\(selectors(o.lost))")
            }
            if let c = i.coverage {
                lines.append("coverage \(c.snapshot) \(c.baseline) \(c.restored) \(c.purgePoint) \(c.maxAge.nanoseconds) \(c.minRatio)")
            }
        }
        text = lines.joined(separator: "\n")
    }

    var description: String { text }
}
