@testable import PurgeTrace

/// The shipped correlation and incident rules of `rules/`, built in Swift exactly as the
/// YAML says, so the engine can be tested before (and independently of) the loader.
/// `ShippedRuleFilesTests` checks that the loaded files behave the same.
enum ShippedCorrelationRules {
    static let wipingReasons = ["HistoryExpired", "UserPurgedZone", "AccountLogout", "AccountChange", "AccountLogin"]

    // rules/coredata-correlations.yml
    static let vacuumBurst = CorrelationRule(
        header: RuleHeader(id: "coredata.vacuum_burst", level: .low, signal: "vacuum_burst"),
        kind: .eventCount, rules: ["wal_checkpoint", "incremental_vacuum"], groupBy: ["device", "pid"],
        timespan: .seconds(10), condition: [Comparison(.gte, .value(.int(5)))])

    static let purgeOutcome = OutcomeSpec(
        window: .minutes(30),
        recovered: [SignalSelector(signals: ["import_succeeded"]),
                    SignalSelector(signals: ["item_count"], conditions: [Where.items(.gt, 0)])],
        lost: [SignalSelector(signals: ["import_failed"])])

    static let purgeCoverage = CoverageSpec(
        snapshot: ["snapshot_written"], baseline: ["item_count"], restored: ["snapshot_restored"],
        purgePoint: ["rows_removed", "reset_sync_did"], maxAge: .hours(24), minRatio: 0.95)

    // rules/purge-incidents.yml
    static let syncReset = CorrelationRule(
        header: RuleHeader(id: "purge.sync_reset", level: .critical, signal: "store_purge"),
        kind: .sequence, groupBy: ["device", "process"], timespan: .minutes(10),
        requireAny: ["reset_sync_will", "reset_sync_did", "rows_removed"],
        steps: [
            SequenceStep(signals: ["history_token_expired"], optional: true),
            SequenceStep(signals: ["recovery_attempted"], optional: true),
            SequenceStep(signals: ["reset_sync_will"], optional: true),
            SequenceStep(signals: ["rows_removed"], optional: true),
            SequenceStep(signals: ["vacuum_burst"], optional: true, weight: 0.5),
            SequenceStep(signals: ["reset_sync_did"], optional: true),
            SequenceStep(signals: ["recovery_succeeded", "recovery_failed"], optional: true),
            SequenceStep(signals: ["item_count"], optional: true, conditions: [Where.items(.eq, 0)]),
        ],
        incident: IncidentSpec(
            kind: "store-purge", verdict: .possible,
            probableIf: [
                SignalSelector(signals: ["rows_removed"]),
                SignalSelector(signals: ["item_count"], conditions: [Where.items(.eq, 0)]),
                SignalSelector(signals: ["reset_sync_will", "reset_sync_did"],
                               conditions: [Where.anyOf("reason", wipingReasons)]),
            ],
            reasonField: "reason", outcome: purgeOutcome, coverage: purgeCoverage))

    static let historyRecovery = CorrelationRule(
        header: RuleHeader(id: "purge.history_recovery", level: .high, signal: "store_purge"),
        kind: .sequence, groupBy: ["device", "process"], timespan: .minutes(10),
        requireAny: ["recovery_attempted", "recovery_succeeded", "recovery_failed"],
        steps: [
            SequenceStep(signals: ["history_token_expired"]),
            SequenceStep(signals: ["recovery_attempted"], optional: true,
                         conditions: [Where.compare("code", .eq, .int(134301))]),
            SequenceStep(signals: ["recovery_succeeded", "recovery_failed"], optional: true,
                         conditions: [Where.compare("code", .eq, .int(134301))]),
            SequenceStep(signals: ["item_count"], optional: true, conditions: [Where.items(.eq, 0)]),
        ],
        incident: IncidentSpec(
            kind: "store-purge", verdict: .possible,
            probableIf: [SignalSelector(signals: ["item_count"], conditions: [Where.items(.eq, 0)])],
            reasonField: "reason", outcome: purgeOutcome, coverage: purgeCoverage))

    static let vacuumDrop = CorrelationRule(
        header: RuleHeader(id: "purge.vacuum_drop", level: .medium, signal: "store_purge"),
        kind: .sequence, groupBy: ["device", "process"], timespan: .minutes(10),
        steps: [
            SequenceStep(signals: ["vacuum_burst"], weight: 0.5),
            SequenceStep(signals: ["item_count"], conditions: [Where.items(.eq, 0)]),
        ],
        absent: [AbsentSpec(signals: ["reset_sync_will", "reset_sync_did", "rows_removed"], position: .between(1, 2))],
        incident: IncidentSpec(kind: "store-purge", verdict: .possible, outcome: purgeOutcome, coverage: purgeCoverage))

    static let purge = RuleSet(correlationRules: [vacuumBurst, syncReset, historyRecovery, vacuumDrop])

    // rules/kind-app-deletion.yml
    static let appDeletion = CorrelationRule(
        header: RuleHeader(id: "kind.app_deletion", level: .high, signal: "app_deletion"),
        kind: .sequence, groupBy: ["device", "process"], timespan: .seconds(10),
        steps: [SequenceStep(signals: ["import_succeeded"]), SequenceStep(signals: ["orphan_cleanup"])],
        incident: IncidentSpec(
            kind: "app-deletion", verdict: .possible,
            probableIf: [SignalSelector(signals: ["orphan_cleanup"], conditions: [Where.compare("deleted", .gt, .int(0))])],
            coverage: CoverageSpec(snapshot: ["snapshot_written"], baseline: ["item_count"],
                                   restored: ["snapshot_restored"], purgePoint: ["orphan_cleanup"])))

    // rules/kind-delete-retry-loop.yml
    static let deleteRetryLoop = CorrelationRule(
        header: RuleHeader(id: "kind.delete_retry_loop", level: .medium, signal: "delete_retry_loop"),
        kind: .eventCount, rules: ["delete_not_found"], groupBy: ["device", "record"],
        timespan: .hours(1), condition: [Comparison(.gte, .value(.int(3)))],
        incident: IncidentSpec(kind: "delete-retry-loop"))

    // rules/kind-manifest-before-blob.yml
    static let manifestBeforeBlob = CorrelationRule(
        header: RuleHeader(id: "kind.manifest_before_blob", level: .high, signal: "manifest_before_blob"),
        kind: .sequence, groupBy: ["device", "asset"], timespan: .minutes(10),
        steps: [SequenceStep(signals: ["manifest_written"]), SequenceStep(signals: ["blob_uploaded"])],
        absent: [AbsentSpec(signals: ["blob_uploaded"], position: .before(1), within: .minutes(10))],
        incident: IncidentSpec(kind: "manifest-before-blob"))

    // rules/kind-orphaned-blob.yml
    static let orphanedBlob = CorrelationRule(
        header: RuleHeader(id: "kind.orphaned_blob", level: .medium, signal: "orphaned_blob"),
        kind: .sequence, groupBy: ["device", "asset"], timespan: .minutes(10),
        steps: [SequenceStep(signals: ["record_deleted"])],
        absent: [AbsentSpec(signals: ["blob_deleted"], position: .after(1), within: .minutes(10))],
        incident: IncidentSpec(kind: "orphaned-blob"))

    // rules/kind-account-mismatch.yml
    static let accountMismatchICloudFirst = CorrelationRule(
        header: RuleHeader(id: "kind.account_mismatch.icloud_first", level: .high, signal: "account_mismatch"),
        kind: .sequence, groupBy: ["device"], timespan: .hours(1),
        steps: [SequenceStep(signals: ["icloud_identity"]),
                SequenceStep(signals: ["bound_identity"], conditions: [Where.step("user", .neq, 1, "user")])],
        incident: IncidentSpec(kind: "account-mismatch"))

    static let accountMismatchBoundFirst = CorrelationRule(
        header: RuleHeader(id: "kind.account_mismatch.bound_first", level: .high, signal: "account_mismatch"),
        kind: .sequence, groupBy: ["device"], timespan: .hours(1),
        steps: [SequenceStep(signals: ["bound_identity"]),
                SequenceStep(signals: ["icloud_identity"], conditions: [Where.step("user", .neq, 1, "user")])],
        incident: IncidentSpec(kind: "account-mismatch"))

    // rules/kind-logout-without-wipe.yml
    static let logoutWithoutWipe = CorrelationRule(
        header: RuleHeader(id: "kind.logout_without_wipe", level: .high, signal: "logout_without_wipe"),
        kind: .sequence, groupBy: ["device"], timespan: .hours(1),
        steps: [SequenceStep(signals: ["logout"]),
                SequenceStep(signals: ["login"], optional: true, conditions: [Where.step("user", .neq, 1, "user")])],
        absent: [AbsentSpec(signals: ["store_wiped"], position: .after(1), within: .seconds(30))],
        incident: IncidentSpec(kind: "logout-without-wipe"))

    static let kinds = RuleSet(correlationRules: [
        appDeletion, deleteRetryLoop, manifestBeforeBlob, orphanedBlob, accountMismatchICloudFirst,
        accountMismatchBoundFirst, logoutWithoutWipe,
    ])

    static let all = RuleSet(correlationRules: purge.correlationRules + kinds.correlationRules)
}
