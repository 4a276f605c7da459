import Foundation
import Testing
import PurgeTrace

/// Throughput of the shipped rules on typical log messages, with and without the
/// prefilter. Off by default; run with `PURGETRACE_BENCH=1 swift test -c release --filter RuleEngineBenchmark`.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["PURGETRACE_BENCH"] != nil))
struct RuleEngineBenchmark {
    @Test func shippedRulesThroughput() {
        let ruleSet = RuleTesting.shipped.ruleSet
        let engine = RuleEngine(ruleSet: ruleSet)
        let common = [
            "remotepairingd: (RemotePairing) [com.apple.dt.remotepairing:networktunnelmanager] tunnel-1: Tunnel established for interface: utun3",
            "CoreData: annotation: Connecting to sqlite database file at \"/private/var/mobile/Containers/Data/Application/X/Library/Application Support/Ledger.sqlite\"",
            "CoreData: CloudKit: CoreData+CloudKit: -[PFCloudKitExporter analyzeHistoryInStore:withManagedObjectContext:error:](531): : Exporting changes since (0):",
            "nw_path_libinfo_path_check [8EA5DB47-1F2E-4A3B-9C8D-7E6F5A4B3C2D] libinfo check path: <private>",
            "Assertion 394-75320-34696 will be created as active for pid 812 (Ledger) with reason UI",
            "CoreData: sql: SELECT COUNT(DISTINCT t0.Z_PK) FROM ZWORD t0 WHERE t0.ZDELETED = 0",
        ]
        let matching = ruleSet.eventRules.flatMap { $0.examples.filter(\.shouldMatch).map(\.text) }
        var messages: [[UInt8]] = []
        var random = SeededRandom(seed: 7)
        for i in 0..<200_000 {
            let text = i % 50 == 0 ? matching[Int.random(in: 0..<matching.count, using: &random)]
                : common[Int.random(in: 0..<common.count, using: &random)]
            messages.append(Array(text.utf8))
        }
        let bytes = messages.reduce(0) { $0 + $1.count }
        let source = RuleTesting.source

        let filtered = engine.makeMatcher()
        var signals = 0
        let start = Date()
        for message in messages {
            message.withUnsafeBytes { buffer in
                let view = RecordView(time: Instant(seconds: 0), utcOffset: nil, text: buffer, message: buffer, line: 1, byteOffset: 0)
                filtered.match(view, source: source) { _ in signals += 1 }
            }
        }
        let fast = Date().timeIntervalSince(start)

        let unfiltered = engine.makeMatcher()
        unfiltered.prefilterEnabled = false
        var slowSignals = 0
        let start2 = Date()
        for message in messages {
            message.withUnsafeBytes { buffer in
                let view = RecordView(time: Instant(seconds: 0), utcOffset: nil, text: buffer, message: buffer, line: 1, byteOffset: 0)
                unfiltered.match(view, source: source) { _ in slowSignals += 1 }
            }
        }
        let slow = Date().timeIntervalSince(start2)
        #expect(signals == slowSignals)
        let mb = Double(bytes) / 1_048_576
        print("""
            rules: \(ruleSet.eventRules.count), messages: \(messages.count), \(String(format: "%.1f", mb)) MiB, signals: \(signals)
            prefilter: \(String(format: "%.3f", fast)) s (\(String(format: "%.0f", Double(messages.count) / fast)) msg/s, \
            \(String(format: "%.0f", mb / fast)) MiB/s), regex runs \(filtered.stats.regexRuns), \
            rule evaluations skipped \(filtered.stats.rulesSkipped) of \(filtered.stats.rulesSkipped + filtered.stats.rulesTried)
            every regex: \(String(format: "%.3f", slow)) s (\(String(format: "%.0f", Double(messages.count) / slow)) msg/s), \
            regex runs \(unfiltered.stats.regexRuns)
            """)
    }
}
