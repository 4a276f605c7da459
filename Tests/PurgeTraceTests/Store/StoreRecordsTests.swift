import Foundation
import Testing
import SQLiteKit
@testable import PurgeTrace

@Suite struct StoreRecordsTests {
    static let device = "phone"
    static let source = "phone/system_log.txt"

    static func records() -> [LogRecord] {
        [
            LogRecord(time: Instant(iso8601: "2026-03-14T01:02:03.123456789Z")!, utcOffset: 32_400, process: "MyApp", pid: 812,
                      thread: 0x2a1f, level: .error, subsystem: "com.apple.coredata", category: "cloudkit",
                      message: "Sending 'NSCloudKitMirroringDelegateWillResetSyncNotificationName' with reason: 'HistoryExpired'",
                      text: "2026-03-14 10:02:03.123456+0900 ... with reason: 'HistoryExpired'", line: 10, byteOffset: 900),
            LogRecord(time: Instant(iso8601: "2026-03-14T01:02:04Z")!, process: "MyApp", pid: 812, level: .default,
                      message: "Removing cloud metadata and client rows in zone", text: "raw 11", line: 11, byteOffset: 1000),
            LogRecord(time: Instant(nanoseconds: -1_500), process: nil, message: "before the epoch", text: "raw 12", line: 12),
            LogRecord(time: Instant(iso8601: "2026-03-14T02:00:00Z")!, process: "cloudd",
                      message: "account alice@example.com token=abcdef0123456789", text: "raw 13 alice@example.com", line: 13),
        ]
    }

    static func unit() -> UnitCommit {
        let facts = SourceFacts(path: source, device: device, sha256: SHA256.hex(of: source), format: .logShow, records: 4,
                                first: Instant(nanoseconds: -1_500), last: Instant(iso8601: "2026-03-14T02:00:00Z")!)
        return UnitCommit(path: device, sha256: UnitIdentity.sha256(of: [facts]), device: device, sources: [facts])
    }

    @Test func keptRecordsAreCopiedWithTheUnitAndSearchableByMessage() throws {
        #expect(TimelineStore.supportsFullTextSearch)
        let store = try TimelineStore(path: StoreTestSupport.temporaryDatabase("records"))
        #expect(try !store.hasRecords)
        let stage = try RecordStage()
        try stage.append(Array(StoreRecordsTests.records().prefix(2)), source: StoreRecordsTests.source)
        try stage.append(Array(StoreRecordsTests.records().suffix(2)), source: StoreRecordsTests.source)
        #expect(stage.count == 4)
        let result = try store.commit(StoreRecordsTests.unit(), records: stage) { _ in DeviceCorrelation() }
        #expect(result.recordsAdded == 4)
        #expect(try store.hasRecords)

        var all: [StoredRecord] = []
        try store.forEachRecord { all.append($0) }
        #expect(all.map(\.record) == StoreRecordsTests.records().sorted { $0.time < $1.time })
        #expect(all.allSatisfy { $0.source == StoreRecordsTests.source && $0.device == StoreRecordsTests.device })

        // SQL's time_utc text equals Instant.iso8601 (also before 1970).
        let rows = try store.db.query("SELECT time_ns, time_utc FROM records ORDER BY id")
        for row in rows {
            guard case .integer(let ns) = row[0], case .text(let text) = row[1] else { Issue.record("bad row"); continue }
            #expect(text == Instant(nanoseconds: ns).iso8601)
        }

        var found: [Int] = []
        try store.forEachRecord(matching: "purge OR Removing") { found.append($0.record.line) }
        #expect(found == [11])
        found = []
        try store.forEachRecord(from: Instant(iso8601: "2026-03-14T01:02:04Z")!, to: Instant(iso8601: "2026-03-14T03:00:00Z")!) {
            found.append($0.record.line)
        }
        #expect(found == [11, 13])

        // Re-committing the same unit with its records adds nothing.
        let again = try RecordStage()
        try again.append(StoreRecordsTests.records(), source: StoreRecordsTests.source)
        #expect(try store.commit(StoreRecordsTests.unit(), records: again) { _ in DeviceCorrelation() }.status == .alreadyPresent)
        #expect(try store.db.query("SELECT count(*) FROM records") == [[.integer(4)]])
        #expect(try store.db.query("SELECT count(*) FROM records_fts WHERE records_fts MATCH 'HistoryExpired'") == [[.integer(1)]])
    }

    @Test func keptRecordsMoveWithTheirUnitIntoAnotherDatabase() throws {
        let shard = try TimelineStore(path: StoreTestSupport.temporaryDatabase("records-shard"))
        let stage = try RecordStage()
        try stage.append(StoreRecordsTests.records(), source: StoreRecordsTests.source)
        try shard.commit(StoreRecordsTests.unit(), records: stage) { _ in DeviceCorrelation() }
        let merged = try TimelineStore(path: StoreTestSupport.temporaryDatabase("records-merged"))
        for unit in try shard.allUnits() {
            let contents = try #require(try shard.unitContents(id: unit.id))
            let records = try shard.recordStage(forUnit: unit.id)
            #expect(records?.count == 4)
            try merged.commit(contents, records: records) { _ in DeviceCorrelation() }
        }
        var a: [StoredRecord] = [], b: [StoredRecord] = []
        try shard.forEachRecord { a.append($0) }
        try merged.forEachRecord { b.append($0) }
        #expect(a == b)
        #expect(a.count == 4)
    }

    @Test func aStageRemovesItsFileWhenReleased() throws {
        var path = ""
        do {
            let stage = try RecordStage()
            path = stage.path
            try stage.append(StoreRecordsTests.records(), source: "x")
            #expect(FileManager.default.fileExists(atPath: path))
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aFailedCommitLeavesNoRecords() throws {
        struct Boom: Error {}
        let store = try TimelineStore(path: StoreTestSupport.temporaryDatabase("records-fail"))
        let stage = try RecordStage()
        try stage.append(StoreRecordsTests.records(), source: StoreRecordsTests.source)
        #expect(throws: Boom.self) { try store.commit(StoreRecordsTests.unit(), records: stage) { _ in throw Boom() } }
        #expect(try store.db.query("SELECT count(*) FROM records") == [[.integer(0)]])
        #expect(try store.allUnits().isEmpty)
        // The stage can be committed again afterwards.
        #expect(try store.commit(StoreRecordsTests.unit(), records: stage) { _ in DeviceCorrelation() }.recordsAdded == 4)
    }

    @Test func ingestingWithRedactionRedactsRecordsSignalsAndPathsAndKeepsPseudonymsAcrossIngests() throws {
        let path = StoreTestSupport.temporaryDatabase("redacted")
        let uuid = "4F1C2B9E-8D3A-4E5F-9A1B-2C3D4E5F6A7B"
        func unit(_ name: String) -> (UnitCommit, RecordStage) {
            let src = "/Users/alice/cases/\(name).log"
            let facts = SourceFacts(path: src, device: src, sha256: SHA256.hex(of: src), format: .plain, records: 1)
            let signal = Signal(name: "logout", ruleID: "app.logout", time: Instant(seconds: 1_773_446_400), device: src,
                                source: src, sourceSHA256: facts.sha256, line: 1, fields: ["user": .string(uuid)],
                                text: "user \(uuid) (bob@example.com) logged out, Bearer abcdefghijklmnop")
            let stage = try! RecordStage()
            try! stage.append([LogRecord(time: signal.time, message: signal.text, text: signal.text, line: 1)], source: src)
            return (UnitCommit(path: src, sha256: UnitIdentity.sha256(of: [facts]), device: src, sources: [facts], signals: [signal]), stage)
        }
        for name in ["first", "second"] {
            let store = try TimelineStore(path: path)
            store.redactor = Redactor()
            let (u, stage) = unit(name)
            try store.commit(u, records: stage) { snapshot in
                // Correlation sees redacted evidence.
                #expect(snapshot.signals.allSatisfy { !$0.text.contains("bob@") })
                return DeviceCorrelation()
            }
        }
        let store = try TimelineStore(path: path, access: .readOnly)
        let analysis = try store.loadAnalysis()
        #expect(analysis.inputs.map(\.path) == ["/Users/<user>/cases/first.log", "/Users/<user>/cases/second.log"])
        #expect(analysis.signals.map(\.text) == Array(repeating: "user UUID-1 (<email>) logged out, Bearer <token>", count: 2))
        #expect(analysis.signals.map { $0.fields["user"] } == [.string("UUID-1"), .string("UUID-1")])
        var texts: [String] = []
        try store.forEachRecord { texts.append($0.record.text + $0.source) }
        #expect(texts.allSatisfy { !$0.contains("alice") && !$0.contains(uuid) && !$0.contains("bob@") })
        // Nothing in the file names the user, the email or the UUID.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let wal = (try? Data(contentsOf: URL(fileURLWithPath: path + "-wal"))) ?? Data()
        for secret in ["alice", "bob@example.com", uuid, "abcdefghijklmnop"] {
            #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(secret) in the database")
            #expect(wal.range(of: Data(secret.utf8)) == nil, "\(secret) in the WAL")
        }
        #expect(try store.meta("redacted") == "1")
    }
}
