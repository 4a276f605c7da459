import Foundation
import Testing
@testable import PurgeTrace

/// Collects what worker threads report.
private final class Outcomes: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var errors: [String] = []
    private(set) var committed = 0
    func add(error: String) { lock.lock(); errors.append(error); lock.unlock() }
    func addCommit() { lock.lock(); committed += 1; lock.unlock() }
}

@Suite struct StoreConcurrencyTests {
    static func unit(worker: Int, index: Int, device: String) -> UnitCommit {
        let path = "worker-\(worker)/case-\(index).log"
        let t0 = Instant(seconds: 1_773_446_400 + Int64(index * 60))
        let source = SourceFacts(path: path, device: device, sha256: SHA256.hex(of: path), format: .plain, records: 10,
                                 first: t0, last: t0 + .seconds(50), processes: ["MyApp": ScopeSpan(first: t0, last: t0 + .seconds(50))])
        let signals = (0..<5).map { k in
            Signal(name: "item_count", ruleID: "app.item_count", time: t0 + .seconds(Int64(k)), device: device, source: path,
                   sourceSHA256: source.sha256, line: k + 1, process: "MyApp", fields: ["items": .int(Int64(k))],
                   text: "UC=1, Items=\(k)")
        }
        return UnitCommit(path: path, sha256: SHA256.hex(of: "unit:" + path), device: device, sources: [source], signals: signals)
    }

    /// Two writers (separate connections, as two processes would have) commit at the same
    /// time into one database, half their units into one shared device: every commit
    /// succeeds, none is lost, and each recompute of the shared device saw every unit
    /// committed before it (the last one saw all of them).
    @Test func twoWritersCommittingAtOnceBothSucceed() throws {
        let path = StoreTestSupport.temporaryDatabase("concurrent")
        _ = try TimelineStore(path: path)
        let perWorker = 12
        let outcomes = Outcomes()
        let group = DispatchGroup()
        for worker in 0..<2 {
            group.enter()
            DispatchQueue.global().async {
                defer { group.leave() }
                do {
                    let store = try TimelineStore(path: path, busyTimeoutMilliseconds: 30_000)
                    for index in 0..<perWorker {
                        let device = index % 2 == 0 ? "shared-phone" : "worker-\(worker)-phone"
                        try store.commit(StoreConcurrencyTests.unit(worker: worker, index: index, device: device)) { snapshot in
                            DeviceCorrelation(warnings: ["\(snapshot.device) has \(snapshot.sources.count) sources"])
                        }
                        outcomes.addCommit()
                    }
                } catch {
                    outcomes.add(error: "\(error)")
                }
            }
        }
        group.wait()
        #expect(outcomes.errors.isEmpty, "\(outcomes.errors)")
        #expect(outcomes.committed == 2 * perWorker)
        let store = try TimelineStore(path: path, access: .readOnly)
        #expect(try store.allUnits().count == 2 * perWorker)
        let analysis = try store.loadAnalysis()
        #expect(analysis.inputs.count == 2 * perWorker)
        #expect(analysis.signals.count == 2 * perWorker * 5)
        #expect(analysis.warnings.contains("shared-phone has \(perWorker) sources"))
        #expect(try store.integrityCheck() == "ok")
    }
}
