import Foundation
import Testing
import PurgeTrace

/// One engine is shared by all workers; each worker matches through its own matcher.
@Suite struct RuleEngineConcurrencyTests {
    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var byWorker: [Int: [String]] = [:]
        func set(_ worker: Int, _ value: [String]) {
            lock.lock()
            byWorker[worker] = value
            lock.unlock()
        }
    }

    @Test func workersSharingAnEngineGetTheSameSignals() {
        let ruleSet = RuleTesting.shipped.ruleSet
        let engine = RuleEngine(ruleSet: ruleSet)
        let texts = ruleSet.eventRules.flatMap { $0.examples.map(\.text) }
        let records = texts.flatMap { ExampleRecords.parse(text: $0, format: nil).records }
        @Sendable func run() -> [String] {
            let matcher = engine.makeMatcher()
            var out: [String] = []
            for _ in 0..<20 {
                for record in records {
                    record.withView { view in
                        matcher.match(view, source: RuleTesting.source) { signal in
                            out.append(signal.ruleID + " " + signal.fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ","))
                        }
                    }
                }
            }
            return out
        }
        let expected = run()
        #expect(expected.count > 1_000)
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 4) { worker in results.set(worker, run()) }
        for worker in 0..<4 {
            let same = results.byWorker[worker] == expected
            #expect(same, "worker \(worker) got different signals")
        }
    }
}
