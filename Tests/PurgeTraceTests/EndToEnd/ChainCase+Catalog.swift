/// The expected answers, worked out by hand from shared/docs/incident-model.md for each
/// fixture (Fixtures/chains/README.md). Confidence = observed share of the rule's step
/// weights: `purge.sync_reset` has 7 steps of weight 1 and `vacuum_burst` of 0.5 (7.5).
extension ChainCase {
    static let sysdiagnose = "sysdiagnose_2026.04.02_10-40-12+0200_iPhone-OS_iPhone_23E5234a.tar.gz"
    static let sysdiagnoseRoot = "sysdiagnose_2026.04.02_10-40-12+0200_iPhone-OS_iPhone_23E5234a"
    static let lumberjackFile = "Notefold 2026-04-02--06-00-00-000.log"

    /// The steps of `purge.sync_reset`, in order.
    static let fullChain = ["history_token_expired", "recovery_attempted", "reset_sync_will", "rows_removed",
                            "vacuum_burst", "reset_sync_did", "recovery_succeeded", "item_count"]
    /// The chain as a sysdiagnose keeps it: no rows-removed (Info) and no vacuum (Debug) lines.
    static let errorLevelChain = ["history_token_expired", "recovery_attempted", "reset_sync_will", "reset_sync_did",
                                  "recovery_succeeded", "item_count"]
    static let recovery = "recovery_succeeded|recovery_failed"

    static let all: [ChainCase] = [
        ChainCase(
            name: "full-chain", arguments: ["full-chain-log-show.log"],
            inputs: ["full-chain-log-show.log": "log-show"],
            incidents: [IncidentEssentials(
                rule: "purge.sync_reset", verdict: "probable", confidence: 1.0, reason: "HistoryExpired",
                device: "full-chain-log-show.log", outcome: "recovered", coverage: "covered",
                snapshotItems: 1268, baselineItems: 1268, missing: [], steps: fullChain, burstCount: 9)]),
        ChainCase(
            name: "error-lines-only", arguments: ["error-lines-only-log-show.log"],
            inputs: ["error-lines-only-log-show.log": "log-show"],
            incidents: [IncidentEssentials(
                rule: "purge.sync_reset", verdict: "probable", confidence: 0.8, reason: "HistoryExpired",
                device: "error-lines-only-log-show.log", outcome: "lost", coverage: "partial",
                snapshotItems: 1900, baselineItems: 2040, missing: ["rows_removed", "vacuum_burst"],
                steps: errorLevelChain)]),
        ChainCase(
            name: "ios26-unprefixed", arguments: ["ios26-unprefixed-ndjson.log"],
            inputs: ["ios26-unprefixed-ndjson.log": "log-ndjson"],
            incidents: [ios26(device: "ios26-unprefixed-ndjson.log")]),
        ChainCase(
            name: "ios26-unprefixed-shuffled", arguments: ["ios26-unprefixed-shuffled-ndjson.log"],
            inputs: ["ios26-unprefixed-shuffled-ndjson.log": "log-ndjson"],
            incidents: [ios26(device: "ios26-unprefixed-shuffled-ndjson.log")]),
        ChainCase(
            name: "two-processes", arguments: ["two-processes-log-show.log"],
            inputs: ["two-processes-log-show.log": "log-show"],
            incidents: [
                IncidentEssentials(
                    rule: "purge.sync_reset", verdict: "probable", confidence: 1.0, reason: "HistoryExpired",
                    device: "two-processes-log-show.log", outcome: "recovered", coverage: "covered",
                    snapshotItems: 310, baselineItems: 310, missing: [], steps: fullChain, burstCount: 9),
                // The app's import after 13:30 is not the extension's: its process ended.
                IncidentEssentials(
                    rule: "purge.sync_reset", verdict: "probable", confidence: 0.87, reason: "HistoryExpired",
                    device: "two-processes-log-show.log", process: "NotefoldShare", pid: 1290,
                    outcome: "unknown", coverage: "unobserved", missing: ["item_count"],
                    steps: Array(fullChain.dropLast()), burstCount: 6),
            ]),
        ChainCase(
            name: "two-devices", arguments: ["two-devices"],
            inputs: ["two-devices/ipad.log": "log-show", "two-devices/iphone.log": "log-show"],
            incidents: [
                IncidentEssentials(
                    rule: "purge.sync_reset", verdict: "probable", confidence: 0.53, reason: "HistoryExpired",
                    device: "two-devices/iphone.log", outcome: "lost", coverage: "none", baselineItems: 96,
                    missing: ["rows_removed", "vacuum_burst", recovery, "item_count"],
                    steps: ["history_token_expired", "recovery_attempted", "reset_sync_will", "reset_sync_did"]),
                IncidentEssentials(
                    rule: "purge.sync_reset", verdict: "probable", confidence: 0.27, reason: nil,
                    device: "two-devices/ipad.log", outcome: "recovered", coverage: "none", baselineItems: 96,
                    missing: ["history_token_expired", "recovery_attempted", "reset_sync_will", "vacuum_burst",
                              "reset_sync_did", recovery],
                    steps: ["rows_removed", "item_count"]),
            ]),
        ChainCase(
            name: "equal-timestamps", arguments: ["equal-timestamps-log-show.log"],
            inputs: ["equal-timestamps-log-show.log": "log-show"],
            incidents: [IncidentEssentials(
                rule: "purge.sync_reset", verdict: "probable", confidence: 1.0, reason: "HistoryExpired",
                device: "equal-timestamps-log-show.log", outcome: "lost", coverage: "covered",
                snapshotItems: 57, baselineItems: 57, missing: [], steps: fullChain, burstCount: 6)]),
        ChainCase(
            name: "app-counts-early", arguments: ["app-counts-early-log-show.log"],
            inputs: ["app-counts-early-log-show.log": "log-show"],
            incidents: [IncidentEssentials(
                rule: "purge.sync_reset", verdict: "probable", confidence: 1.0, reason: "HistoryExpired",
                device: "app-counts-early-log-show.log", outcome: "recovered", coverage: "covered",
                snapshotItems: 233, baselineItems: 233, missing: [],
                // Items=0 before the did-reset and "Recovered": those still count as seen.
                steps: ["history_token_expired", "recovery_attempted", "reset_sync_will", "rows_removed",
                        "vacuum_burst", "item_count", "reset_sync_did", "recovery_succeeded"],
                burstCount: 6)]),
        ChainCase(
            name: "benign-vacuum-burst", arguments: ["benign-vacuum-burst-xcode.log"],
            inputs: ["benign-vacuum-burst-xcode.log": "xcode-console"], incidents: []),
        ChainCase(
            name: "history-expired-no-reset", arguments: ["history-expired-no-reset-log-show.log"],
            inputs: ["history-expired-no-reset-log-show.log": "log-show"],
            incidents: [IncidentEssentials(
                rule: "purge.history_recovery", verdict: "possible", confidence: 0.75, reason: nil,
                device: "history-expired-no-reset-log-show.log", outcome: "recovered", coverage: "covered",
                snapshotItems: 430, baselineItems: 430, missing: ["item_count"],
                steps: ["history_token_expired", "recovery_attempted", "recovery_succeeded"])]),
        ChainCase(
            name: "non-wiping-resets", arguments: ["non-wiping-resets-log-syslog.log"],
            inputs: ["non-wiping-resets-log-syslog.log": "log-syslog"],
            incidents: [
                IncidentEssentials(
                    rule: "purge.sync_reset", verdict: "possible", confidence: 0.27, reason: "ZoneDeleted",
                    device: "non-wiping-resets-log-syslog.log", outcome: "recovered", coverage: "covered",
                    snapshotItems: 760, baselineItems: 760,
                    missing: ["history_token_expired", "recovery_attempted", "rows_removed", "vacuum_burst", recovery,
                              "item_count"],
                    steps: ["reset_sync_will", "reset_sync_did"]),
                IncidentEssentials(
                    rule: "purge.sync_reset", verdict: "possible", confidence: 0.53, reason: "ServerChangeTokenExpired",
                    device: "non-wiping-resets-log-syslog.log", outcome: "recovered", coverage: "covered",
                    snapshotItems: 760, baselineItems: 760,
                    missing: ["history_token_expired", "rows_removed", "vacuum_burst", "item_count"],
                    steps: ["recovery_attempted", "reset_sync_will", "reset_sync_did", "recovery_succeeded"]),
            ]),
        ChainCase(
            name: "account-logout", arguments: ["account-logout-log-json.json"],
            inputs: ["account-logout-log-json.json": "log-json"],
            incidents: [IncidentEssentials(
                rule: "purge.sync_reset", verdict: "probable", confidence: 0.87, reason: "AccountLogout",
                device: "account-logout-log-json.json", outcome: "lost", coverage: "covered",
                snapshotItems: 128, baselineItems: 128, missing: ["history_token_expired"],
                steps: Array(fullChain.dropFirst()), burstCount: 5)]),
        ChainCase(
            name: "relaunch-new-pid", arguments: ["relaunch-new-pid-log-show.log"],
            inputs: ["relaunch-new-pid-log-show.log": "log-show"],
            incidents: [IncidentEssentials(
                rule: "purge.sync_reset", verdict: "probable", confidence: 1.0, reason: "HistoryExpired",
                device: "relaunch-new-pid-log-show.log", outcome: "recovered", coverage: "covered",
                snapshotItems: 900, baselineItems: 900, restored: true, missing: [], steps: fullChain, burstCount: 9)]),
        ChainCase(
            name: "xcode-mirror", arguments: ["xcode-mirror-console.log"],
            inputs: ["xcode-mirror-console.log": "xcode-console"],
            incidents: [IncidentEssentials(
                rule: "purge.sync_reset", verdict: "probable", confidence: 1.0, reason: "HistoryExpired",
                device: "xcode-mirror-console.log", outcome: "lost", coverage: "overwritten",
                snapshotItems: 64, baselineItems: 64, missing: [], steps: fullChain, burstCount: 6)]),
        ChainCase(
            name: "sysdiagnose-archive", arguments: [sysdiagnose],
            inputs: ["\(sysdiagnose)!/\(sysdiagnoseRoot)/logs/system_log.txt": "log-show",
                     "\(sysdiagnose)!/\(sysdiagnoseRoot)/Notefold/\(lumberjackFile)": "lumberjack"],
            incidents: [sysdiagnoseIncident(device: sysdiagnose)]),
        ChainCase(
            name: "sysdiagnose-members-same-device", arguments: ["--same-device", "sysdiagnose-members"],
            inputs: ["sysdiagnose-members/system_log.txt": "log-show", "sysdiagnose-members/\(lumberjackFile)": "lumberjack"],
            incidents: [sysdiagnoseIncident(device: "sysdiagnose-members")]),
        ChainCase(
            name: "sysdiagnose-members-apart", arguments: ["sysdiagnose-members"],
            inputs: ["sysdiagnose-members/system_log.txt": "log-show", "sysdiagnose-members/\(lumberjackFile)": "lumberjack"],
            incidents: [IncidentEssentials(
                rule: "purge.sync_reset", verdict: "probable", confidence: 0.67, reason: "HistoryExpired",
                device: "sysdiagnose-members/system_log.txt", outcome: "recovered", coverage: "unobserved",
                missing: ["rows_removed", "vacuum_burst", "item_count"], steps: Array(errorLevelChain.dropLast()))]),
        ChainCase(
            name: "user-rule-app-wording", arguments: ["--rules", "user-rules/quillnote.yml", "user-rule-app-wording-log-show.log"],
            inputs: ["user-rule-app-wording-log-show.log": "log-show"],
            incidents: [IncidentEssentials(
                rule: "purge.sync_reset", verdict: "probable", confidence: 1.0, reason: "HistoryExpired",
                device: "user-rule-app-wording-log-show.log", process: "Quillnote", pid: 455, outcome: "recovered",
                coverage: "covered", snapshotItems: 312, baselineItems: 312, missing: [], steps: fullChain, burstCount: 6)]),
        ChainCase(
            name: "user-rule-not-loaded", arguments: ["user-rule-app-wording-log-show.log"],
            inputs: ["user-rule-app-wording-log-show.log": "log-show"],
            incidents: [IncidentEssentials(
                rule: "purge.sync_reset", verdict: "probable", confidence: 0.87, reason: "HistoryExpired",
                device: "user-rule-app-wording-log-show.log", process: "Quillnote", pid: 455, outcome: "recovered",
                coverage: "unobserved", missing: ["item_count"], steps: Array(fullChain.dropLast()), burstCount: 6)]),
        ChainCase(
            name: "stale-gap", arguments: ["stale-gap-log-show.log"],
            inputs: ["stale-gap-log-show.log": "log-show"],
            incidents: [IncidentEssentials(
                rule: "purge.sync_reset", verdict: "probable", confidence: 0.87, reason: "UserPurgedZone",
                device: "stale-gap-log-show.log", outcome: "unknown", coverage: "stale",
                snapshotItems: 205, baselineItems: 205, missing: ["history_token_expired"],
                steps: Array(fullChain.dropFirst()), burstCount: 6)]),
        ChainCase(
            name: "no-snapshot", arguments: ["--timezone", "Europe/Berlin", "no-snapshot-log-compact.log"],
            inputs: ["no-snapshot-log-compact.log": "log-compact"],
            incidents: [IncidentEssentials(
                rule: "purge.sync_reset", verdict: "probable", confidence: 0.53, reason: "UserPurgedZone",
                device: "no-snapshot-log-compact.log", outcome: "lost", coverage: "none", baselineItems: 77,
                missing: ["history_token_expired", "recovery_attempted", "vacuum_burst", recovery],
                steps: ["reset_sync_will", "rows_removed", "reset_sync_did", "item_count"])]),
        ChainCase(
            name: "vacuum-drop", arguments: ["vacuum-drop-xcode.log"],
            inputs: ["vacuum-drop-xcode.log": "xcode-console"],
            incidents: [IncidentEssentials(
                rule: "purge.vacuum_drop", verdict: "possible", confidence: 1.0, reason: nil,
                device: "vacuum-drop-xcode.log", outcome: "unknown", coverage: "covered",
                snapshotItems: 402, baselineItems: 402, missing: [], steps: ["vacuum_burst", "item_count"], burstCount: 7)]),
        // Each reset wipes the rows again (§1): two purges, the first without its `Items=0`
        // (the app logged none before the second reset began).
        ChainCase(
            name: "two-resets", arguments: ["two-resets-log-show.log"],
            inputs: ["two-resets-log-show.log": "log-show"],
            incidents: [
                IncidentEssentials(
                    rule: "purge.sync_reset", verdict: "probable", confidence: 0.87, reason: "HistoryExpired",
                    device: "two-resets-log-show.log", outcome: "lost", coverage: "none", baselineItems: 75,
                    missing: ["item_count"], steps: Array(fullChain.dropLast()), burstCount: 6),
                IncidentEssentials(
                    rule: "purge.sync_reset", verdict: "probable", confidence: 1.0, reason: "HistoryExpired",
                    device: "two-resets-log-show.log", outcome: "lost", coverage: "none", baselineItems: 75,
                    missing: [], steps: fullChain, burstCount: 6),
            ]),
        ChainCase(
            name: "hostile-text", arguments: ["hostile-text-log-show.log"],
            inputs: ["hostile-text-log-show.log": "log-show"],
            incidents: [IncidentEssentials(
                rule: "purge.sync_reset", verdict: "probable", confidence: 0.53, reason: "HistoryExpired",
                device: "hostile-text-log-show.log", outcome: "unknown", coverage: "covered",
                snapshotItems: 12, baselineItems: 12,
                missing: ["history_token_expired", "recovery_attempted", "vacuum_burst", recovery],
                steps: ["reset_sync_will", "rows_removed", "reset_sync_did", "item_count"])]),
    ]

    static func ios26(device: String) -> IncidentEssentials {
        IncidentEssentials(
            rule: "purge.sync_reset", verdict: "probable", confidence: 0.87, reason: "HistoryExpired", device: device,
            outcome: "unknown", coverage: "unobserved", missing: ["item_count"], steps: Array(fullChain.dropLast()),
            burstCount: 9)
    }

    static func sysdiagnoseIncident(device: String) -> IncidentEssentials {
        IncidentEssentials(
            rule: "purge.sync_reset", verdict: "probable", confidence: 0.8, reason: "HistoryExpired", device: device,
            outcome: "recovered", coverage: "covered", snapshotItems: 512, baselineItems: 512,
            missing: ["rows_removed", "vacuum_burst"], steps: errorLevelChain)
    }

    static func named(_ name: String) -> ChainCase {
        guard let found = all.first(where: { $0.name == name }) else { fatalError("no chain case \(name)") }
        return found
    }
}
