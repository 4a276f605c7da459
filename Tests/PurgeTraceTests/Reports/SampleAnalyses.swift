import PurgeTrace

/// Hand-built analyses for the store and report tests, shaped after the log lines in
/// shared/docs/coredata-messages.md and the incident model (incident-model.md §1, §5, §6).
/// None is a real user's log.
enum SampleAnalyses {
    static let all: [(name: String, analysis: Analysis)] = [
        ("lost", lostPurge), ("recovered", recoveredPurge), ("possible", possibleIncident), ("empty", noIncidents),
    ]

    /// Rule ids of correlation rules: their signals are device-level in the store.
    static let correlationRules: Set<String> = ["coredata.vacuum_burst"]

    static func t(_ s: String) -> Instant { Instant(iso8601: s)! }

    static func sha(_ name: String) -> String { SHA256.hex(of: "fixture:" + name) }

    /// Contract §2: first 16 hex digits of SHA-256 over the rule id, the kind, and each
    /// step's (source SHA-256, line, signal).
    static func incidentID(rule: String, kind: String, steps: [Signal]) -> String {
        var h = SHA256()
        h.update(rule + "\n" + kind + "\n")
        for s in steps { h.update("\(s.sourceSHA256)\n\(s.line)\n\(s.name)\n") }
        return String(h.finalizeHex().prefix(16))
    }

    static func signal(_ name: String, rule: String? = nil, _ time: String, device: String, source: String, line: Int,
                       process: String? = "MyApp", pid: Int64? = 812, fields: [String: FieldValue] = [:], text: String) -> Signal {
        Signal(name: name, ruleID: rule ?? "coredata.\(name)", time: t(time), device: device, source: source,
               sourceSHA256: sha(source), line: line, process: process, pid: pid, fields: fields, text: text)
    }

    // MARK: - A lost purge, covered by a snapshot

    static let lostDevice = "case-1042.tar.gz"
    static let lostSystem = "case-1042.tar.gz!/case-1042/system_logs.log"
    static let lostApp = "case-1042.tar.gz!/case-1042/MyApp 2026-03-14--00-00-00-000.log"

    static var lostPurge: Analysis {
        let d = lostDevice, sys = lostSystem, app = lostApp
        let countBefore = signal("item_count", rule: "app.item_count", "2026-03-14T00:30:00Z", device: d, source: app, line: 120,
                                 fields: ["items": .int(844)], text: "2026-03-14 09:30:00:000 MyApp[812:1a03] UC=1, Items=844")
        let snapshot = signal("snapshot_written", rule: "app.snapshot_written", "2026-03-14T00:42:03.120Z", device: d, source: app,
                              line: 1100, fields: ["items": .int(844), "bytes": .int(3_377_717)],
                              text: "2026-03-14 09:42:03:120 MyApp[812:1a03] 🛟 SafetySnapshot written: 844 children, 3377717 bytes")
        let expired = signal("history_token_expired", "2026-03-14T01:02:03.123456Z", device: d, source: sys, line: 1234,
                             fields: ["code": .int(134_301)], text: """
            2026-03-14 10:02:03.123456+0900 0x2a1f     Error       0x0                  812    0    MyApp: (CoreData) [com.apple.coredata:cloudkit] error: CoreData+CloudKit: -[NSCloudKitMirroringDelegate _exportFinishedWithResult:exporter:](1477): <NSCloudKitMirroringDelegate: 0x600003d082d0>: Export failed with error:
            Error Domain=NSCocoaErrorDomain Code=134301 "Persistent History Token is expired for store at /var/mobile/Containers/Data/Application/4F1C2B9E-8D3A-4E5F-9A1B-2C3D4E5F6A7B/Library/Application Support/default.store"
            """)
        let attempt = signal("recovery_attempted", "2026-03-14T01:02:03.130Z", device: d, source: sys, line: 1236,
                             fields: ["code": .int(134_301)], text: "2026-03-14 10:02:03.130000+0900 0x2a1f     Error       0x0                  812    0    MyApp: (CoreData) [com.apple.coredata:cloudkit] error: CoreData+CloudKit: -[NSCloudKitMirroringDelegate recoverFromError:](2312): <NSCloudKitMirroringDelegate: 0x600003d082d0> - Attempting recovery from error: Error Domain=NSCocoaErrorDomain Code=134301")
        let will = signal("reset_sync_will", "2026-03-14T01:02:03.201Z", device: d, source: sys, line: 1240,
                          fields: ["reason": .string("HistoryExpired")], text: "2026-03-14 10:02:03.201000+0900 0x2a1f     Error       0x0                  812    0    MyApp: (CoreData) [com.apple.coredata:cloudkit] error: CoreData+CloudKit: -[NSCloudKitMirroringDelegate logResetSyncNotification:](2750): <NSCloudKitMirroringDelegate: 0x600003d082d0>: Sending 'NSCloudKitMirroringDelegateWillResetSyncNotificationName' with reason: 'HistoryExpired'")
        let rows = signal("rows_removed", "2026-03-14T01:02:04.002Z", device: d, source: sys, line: 1251,
                          fields: ["zone": .string("com.apple.coredata.cloudkit.zone")], text: "2026-03-14 10:02:04.002000+0900 0x2a20     Default     0x0                  812    0    MyApp: (CoreData) [com.apple.coredata:cloudkit] CoreData+CloudKit: -[PFCloudKitMetadataPurger purgeMetadataFromStore:inMonitor:withOptions:forRecordZones:inDatabaseWithScope:andTransactionAuthor:error:]_block_invoke(84): NSCloudKitMirroringDelegate.reset - Removing cloud metadata and client rows in zone: <CKRecordZoneID: 0x600001c4a0a0; zoneName=com.apple.coredata.cloudkit.zone, ownerName=__defaultOwner__>")
        let did = signal("reset_sync_did", "2026-03-14T01:02:05.310Z", device: d, source: sys, line: 1290,
                         fields: ["reason": .string("HistoryExpired")], text: "2026-03-14 10:02:05.310000+0900 0x2a1f     Error       0x0                  812    0    MyApp: (CoreData) [com.apple.coredata:cloudkit] error: CoreData+CloudKit: -[NSCloudKitMirroringDelegate logResetSyncNotification:](2750): <NSCloudKitMirroringDelegate: 0x600003d082d0>: Sending 'NSCloudKitMirroringDelegateDidResetSyncNotificationName' with reason: 'HistoryExpired'")
        let zero = signal("item_count", rule: "app.item_count", "2026-03-14T01:04:10Z", device: d, source: app, line: 1530,
                          fields: ["items": .int(0)], text: "2026-03-14 10:04:10:000 MyApp[812:1a03] UC=0, Items=0")
        let laterZero = signal("item_count", rule: "app.item_count", "2026-03-14T02:10:00Z", device: d, source: app, line: 1800,
                               fields: ["items": .int(0)], text: "2026-03-14 11:10:00:000 MyApp[812:1a03] UC=0, Items=0")
        let steps = [expired, will, rows, did, zero]
        let incident = Incident(
            id: incidentID(rule: "coredata.store_purge", kind: "store-purge", steps: steps), kind: "store-purge",
            ruleID: "coredata.store_purge", verdict: .probable, confidence: 0.91, reason: "HistoryExpired",
            start: expired.time, end: zero.time, group: IncidentGroup(device: d, process: "MyApp", pid: nil),
            outcome: .lost, missing: ["vacuum_burst"], warnings: [], steps: steps,
            coverage: Coverage(verdict: .covered,
                               snapshot: SnapshotRef(time: snapshot.time, items: 844, bytes: 3_377_717, source: app, line: 1100),
                               ageSeconds: 1200.882, baselineItems: 844, restored: false),
            outcomeWindow: .minutes(30))
        let inputs = [
            SourceFacts(path: sys, device: d, sha256: sha(sys), format: .logShow, records: 48_211, undecodable: 0,
                        first: t("2026-03-14T00:00:00Z"), last: t("2026-03-14T03:59:58.5Z"), gaps: [], warnings: [],
                        zoneOrigin: "offset in each timestamp", dateOrigin: nil,
                        processes: ["MyApp": ScopeSpan(first: t("2026-03-14T00:00:01Z"), last: t("2026-03-14T03:59:58Z")),
                                    "cloudd": ScopeSpan(first: t("2026-03-14T00:00:00Z"), last: t("2026-03-14T03:59:58.5Z"))],
                        bytes: 9_120_334),
            SourceFacts(path: app, device: d, sha256: sha(app), format: .lumberjack, records: 912, undecodable: 0,
                        first: t("2026-03-14T00:00:05Z"), last: t("2026-03-14T03:58:00Z"), gaps: [], warnings: [],
                        zoneOrigin: "--timezone +09:00", dateOrigin: nil,
                        processes: ["MyApp": ScopeSpan(first: t("2026-03-14T00:00:05Z"), last: t("2026-03-14T03:58:00Z"))],
                        bytes: 88_020),
        ]
        return Analysis(inputs: inputs, rulesLoaded: 42, ruleErrors: [], incidents: [incident],
                        signals: [countBefore, snapshot, expired, attempt, will, rows, did, zero, laterZero], warnings: [])
    }

    // MARK: - A recovered purge with a stale snapshot, one gap, and a correlation step

    static let recoveredDevice = "inbox/device-b"
    static let recoveredSystem = "inbox/device-b/system_log.txt"
    static let recoveredApp = "inbox/device-b/app-export.log"

    static var recoveredPurge: Analysis {
        let d = recoveredDevice, sys = recoveredSystem, app = recoveredApp
        let snap = signal("snapshot_written", rule: "app.snapshot_written", "2026-03-12T20:00:00Z", device: d, source: app, line: 14,
                          pid: 301, fields: ["items": .int(512), "bytes": .int(1_048_576)],
                          text: "2026-03-12T20:00:00.000Z [MyApp] SafetySnapshot written: 512 children, 1048576 bytes")
        let count = signal("item_count", rule: "app.item_count", "2026-03-14T02:30:00Z", device: d, source: app, line: 80,
                           pid: 977, fields: ["items": .int(512)], text: "2026-03-14T02:30:00.000Z [MyApp] UC=1, Items=512")
        let will = signal("reset_sync_will", "2026-03-14T02:40:00Z", device: d, source: sys, line: 20_410, pid: 977,
                          fields: ["reason": .string("UserPurgedZone")], text: "2026-03-14 02:40:00.000000+0000  localhost MyApp[977]: (CoreData) [com.apple.coredata:cloudkit] error: CoreData+CloudKit: -[NSCloudKitMirroringDelegate logResetSyncNotification:](2750): <NSCloudKitMirroringDelegate: 0x281a5c000>: Sending 'NSCloudKitMirroringDelegateWillResetSyncNotificationName' with reason: 'UserPurgedZone'")
        let rows = signal("rows_removed", "2026-03-14T02:40:01Z", device: d, source: sys, line: 20_415, pid: 977,
                          fields: ["zone": .string("com.apple.coredata.cloudkit.zone")], text: "2026-03-14 02:40:01.000000+0000  localhost MyApp[977]: (CoreData) CoreData+CloudKit: -[PFCloudKitMetadataPurger purgeMetadataFromStore:inMonitor:withOptions:forRecordZones:inDatabaseWithScope:andTransactionAuthor:error:]_block_invoke(84): NSCloudKitMirroringDelegate.reset - Removing cloud metadata and client rows in zone: <CKRecordZoneID: 0x283f0a0c0; zoneName=com.apple.coredata.cloudkit.zone, ownerName=__defaultOwner__>")
        let burst = signal("vacuum_burst", rule: "coredata.vacuum_burst", "2026-03-14T02:40:01.500Z", device: d, source: sys,
                           line: 20_420, pid: 977, fields: ["count": .int(7), "process": .string("MyApp")],
                           text: "2026-03-14 02:40:01.500000+0000  localhost MyApp[977]: (CoreData) CoreData: debug: PostSaveMaintenance: incremental_vacuum with freelist_count - 28 and pages_to_free 15")
        let did = signal("reset_sync_did", "2026-03-14T02:40:02Z", device: d, source: sys, line: 20_440, pid: 977,
                         fields: ["reason": .string("UserPurgedZone")], text: "2026-03-14 02:40:02.000000+0000  localhost MyApp[977]: (CoreData) [com.apple.coredata:cloudkit] error: CoreData+CloudKit: -[NSCloudKitMirroringDelegate logResetSyncNotification:](2750): <NSCloudKitMirroringDelegate: 0x281a5c000>: Sending 'NSCloudKitMirroringDelegateDidResetSyncNotificationName' with reason: 'UserPurgedZone'")
        let zero = signal("item_count", rule: "app.item_count", "2026-03-14T02:41:00Z", device: d, source: app, line: 95, pid: 977,
                          fields: ["items": .int(0)], text: "2026-03-14T02:41:00.000Z [MyApp] UC=0, Items=0")
        let imported = signal("import_succeeded", "2026-03-14T02:55:00Z", device: d, source: sys, line: 21_002, pid: 1020,
                              text: "2026-03-14 02:55:00.000000+0000  localhost MyApp[1020]: (CoreData) warning: CoreData+CloudKit: -[PFCloudKitImportRecordsWorkItem newMirroringResultByApplyingAccumulatedChanges]_block_invoke(241): Finished importing changes for request:  2D00459F-1A2B-4C3D-8E9F-0A1B2C3D4E5F")
        let back = signal("item_count", rule: "app.item_count", "2026-03-14T02:56:00Z", device: d, source: app, line: 130, pid: 1020,
                          fields: ["items": .int(512)], text: "2026-03-14T02:56:00.000Z [MyApp] UC=1, Items=512")
        let steps = [will, rows, burst, did, zero]
        let incident = Incident(
            id: incidentID(rule: "coredata.store_purge", kind: "store-purge", steps: steps), kind: "store-purge",
            ruleID: "coredata.store_purge", verdict: .probable, confidence: 0.82, reason: "UserPurgedZone",
            start: will.time, end: zero.time, group: IncidentGroup(device: d, process: "MyApp", pid: nil),
            outcome: .recovered, missing: ["history_token_expired"], warnings: [], steps: steps,
            coverage: Coverage(verdict: .stale,
                               snapshot: SnapshotRef(time: snap.time, items: 512, bytes: 1_048_576, source: app, line: 14),
                               ageSeconds: 110_401.0, baselineItems: 512, restored: false),
            outcomeWindow: .minutes(30))
        let inputs = [
            SourceFacts(path: sys, device: d, sha256: sha(sys), format: .logSyslog, records: 30_500, undecodable: 0,
                        first: t("2026-03-13T22:00:00Z"), last: t("2026-03-14T04:00:00Z"),
                        gaps: [Gap(from: t("2026-03-14T00:10:00Z"), to: t("2026-03-14T01:40:00Z"))], warnings: [],
                        zoneOrigin: "offset in each timestamp",
                        processes: ["MyApp": ScopeSpan(first: t("2026-03-13T22:00:04Z"), last: t("2026-03-14T04:00:00Z"))],
                        bytes: 4_410_998),
            SourceFacts(path: app, device: d, sha256: sha(app), format: .oslogExport, records: 140, undecodable: 0,
                        first: t("2026-03-12T19:58:00Z"), last: t("2026-03-14T03:10:00Z"),
                        gaps: [Gap(from: t("2026-03-12T20:05:00Z"), to: t("2026-03-14T02:20:00Z"))], warnings: [],
                        zoneOrigin: "offset in each timestamp",
                        processes: ["MyApp": ScopeSpan(first: t("2026-03-12T19:58:00Z"), last: t("2026-03-14T03:10:00Z"))],
                        bytes: 20_311),
        ]
        return Analysis(inputs: inputs, rulesLoaded: 42, ruleErrors: [], incidents: [incident],
                        signals: [snap, count, will, rows, burst, did, zero, imported, back], warnings: [])
    }

    // MARK: - A possible incident with most steps missing

    static let possibleDevice = "logs/device-c.log"

    static var possibleIncident: Analysis {
        let d = possibleDevice, src = possibleDevice
        let will = signal("reset_sync_will", "2026-03-14T05:10:00Z", device: d, source: src, line: 2210, pid: 4411,
                          fields: ["reason": .string("ZoneDeleted")], text: "2026-03-14 14:10:00.000 E  MyApp[4411:2c1f] [com.apple.coredata:cloudkit] error: CoreData+CloudKit: -[NSCloudKitMirroringDelegate logResetSyncNotification:](2750): <NSCloudKitMirroringDelegate: 0x600003d00000>: Sending 'NSCloudKitMirroringDelegateWillResetSyncNotificationName' with reason: 'ZoneDeleted'")
        let did = signal("reset_sync_did", "2026-03-14T05:10:01Z", device: d, source: src, line: 2217, pid: 4411,
                         fields: ["reason": .string("ZoneDeleted")], text: "2026-03-14 14:10:01.000 E  MyApp[4411:2c1f] [com.apple.coredata:cloudkit] error: CoreData+CloudKit: -[NSCloudKitMirroringDelegate logResetSyncNotification:](2750): <NSCloudKitMirroringDelegate: 0x600003d00000>: Sending 'NSCloudKitMirroringDelegateDidResetSyncNotificationName' with reason: 'ZoneDeleted'")
        let steps = [will, did]
        let incident = Incident(
            id: incidentID(rule: "coredata.store_purge", kind: "store-purge", steps: steps), kind: "store-purge",
            ruleID: "coredata.store_purge", verdict: .possible, confidence: 0.36, reason: "ZoneDeleted",
            start: will.time, end: did.time, group: IncidentGroup(device: d, process: "MyApp", pid: 4411),
            outcome: .unknown, missing: ["history_token_expired", "rows_removed", "vacuum_burst", "item_count"],
            warnings: ["the log ends 9m59s after the last step, inside the outcome window"], steps: steps,
            coverage: Coverage(verdict: .unobserved), outcomeWindow: .minutes(30))
        let inputs = [
            SourceFacts(path: src, device: d, sha256: sha(src), format: .logCompact, records: 3000, undecodable: 2,
                        first: t("2026-03-14T04:00:00Z"), last: t("2026-03-14T05:20:00Z"), gaps: [],
                        warnings: ["2 lines could not be decoded (first at line 77)"],
                        zoneOrigin: "--timezone Asia/Seoul", dateOrigin: nil,
                        processes: ["MyApp": ScopeSpan(first: t("2026-03-14T04:00:00Z"), last: t("2026-03-14T05:20:00Z"))],
                        bytes: 402_113),
        ]
        return Analysis(inputs: inputs, rulesLoaded: 42, ruleErrors: [], incidents: [incident], signals: [will, did],
                        warnings: [])
    }

    // MARK: - No incidents: a skipped binary file and a plain log with a gap

    static var noIncidents: Analysis {
        let inputs = [
            SourceFacts(path: "bundle/notes.log", device: "bundle", sha256: sha("bundle/notes.log"), format: .plain,
                        records: 75, undecodable: 0, first: t("2026-03-14T08:00:00Z"), last: t("2026-03-14T12:00:00Z"),
                        gaps: [Gap(from: t("2026-03-14T09:00:00Z"), to: t("2026-03-14T11:30:00Z"))], warnings: [],
                        zoneOrigin: "assumed UTC (no --timezone)", dateOrigin: "--date 2026-03-14",
                        processes: [:], bytes: 5120),
            SourceFacts(path: "bundle/store.sqlite", device: "bundle", sha256: sha("bundle/store.sqlite"), format: nil,
                        records: 0, undecodable: 0, first: nil, last: nil, gaps: [],
                        warnings: ["binary file skipped (not a log)"], bytes: 65_536),
        ]
        return Analysis(inputs: inputs, rulesLoaded: 42, ruleErrors: [], incidents: [], signals: [],
                        warnings: ["--since 2026-03-14T08:00:00Z dropped 120 records"])
    }
}
