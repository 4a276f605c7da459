import Foundation
import Testing
import PurgeTrace

/// The shipped rules' examples are their test suite (run by the same runner as
/// `purgetrace rules test`). Until the format parsers land, examples are parsed by the
/// interim parser behind `ExampleRecords`.
@Suite struct ShippedRulesTests {
    static let loaded = RuleTesting.shipped
    static let ruleIDs = loaded.ruleSet.eventRules.map(\.header.id)

    @Test func shippedRulesLoadWithoutErrorsOrWarnings() {
        #expect(Self.loaded.diagnostics.isEmpty, "\(Self.loaded.diagnostics)")
        #expect(Self.ruleIDs.count >= 17)
    }

    @Test(arguments: ShippedRulesTests.ruleIDs)
    func examplesOfShippedRulePass(_ ruleID: String) {
        let failures = RuleExampleRunner(ruleSet: Self.loaded.ruleSet).run(ruleID: ruleID)
        #expect(failures.isEmpty, "\(failures.map(\.description).joined(separator: "\n"))")
    }

    @Test(arguments: ShippedRulesTests.ruleIDs)
    func everyShippedRuleHasTwoMatchesAndANearMiss(_ ruleID: String) throws {
        let rule = try #require(Self.loaded.ruleSet.eventRules.first { $0.header.id == ruleID })
        #expect(rule.examples.filter(\.shouldMatch).count >= 2)
        #expect(rule.examples.contains { !$0.shouldMatch })
        #expect(rule.header.title != nil && rule.header.level != nil)
    }

    @Test func shippedRulesEmitTheWholeEventVocabulary() {
        let vocabulary: Set<String> = [
            "history_token_expired", "history_truncated", "export_failed", "import_failed", "import_succeeded",
            "recovery_attempted", "recovery_succeeded", "recovery_failed", "reset_sync_will", "reset_sync_did",
            "rows_removed", "wal_checkpoint", "incremental_vacuum", "item_count", "snapshot_written",
            "snapshot_restored", "orphan_cleanup",
        ]
        let emitted = Set(Self.loaded.ruleSet.eventRules.map(\.header.signal))
        #expect(vocabulary.subtracting(emitted).isEmpty, "missing: \(vocabulary.subtracting(emitted).sorted())")
    }

    @Test func shippedRulesLintClean() {
        let lint = RuleLinter.lint(Self.loaded)
        #expect(lint.isEmpty, "\(lint.map(\.description).joined(separator: "\n"))")
    }

    @Test func everyShippedRuleCanBeSkippedByThePrefilter() {
        let summary = RuleEngine(ruleSet: Self.loaded.ruleSet).prefilterSummary
        #expect(summary.alwaysTried.isEmpty)
        #expect(summary.extracted == Self.ruleIDs.count)
    }

    /// Core Data prints the same event with three prefixes; each CloudKit rule must match all.
    @Test(arguments: [
        "error: CoreData+CloudKit: ",
        "CoreData: error: CoreData+CloudKit: ",
        "",
    ])
    func cloudKitRulesIgnoreTheLevelPrefix(_ prefix: String) {
        let engine = RuleEngine(ruleSet: Self.loaded.ruleSet)
        let body = "-[NSCloudKitMirroringDelegate logResetSyncNotification:](9999): <NSCloudKitMirroringDelegate: 0x1>: "
            + "Sending 'NSCloudKitMirroringDelegateWillResetSyncNotificationName' with reason: 'UserPurgedZone'"
        let signals = RuleTesting.signals(engine, RuleTesting.record(prefix + body))
        #expect(signals.map(\.name) == ["reset_sync_will"])
        #expect(signals.first?.fields == ["reason": .string("UserPurgedZone")])
    }

    @Test func finishedExportIsNotAFailure() {
        let engine = RuleEngine(ruleSet: Self.loaded.ruleSet)
        let line = "warning: CoreData+CloudKit: -[NSCloudKitMirroringDelegate _exportFinishedWithResult:exporter:](1477): Finished export:"
        #expect(RuleTesting.signals(engine, RuleTesting.record(line)).isEmpty)
    }

    /// A user's own rule file may emit shipped signal names (incident-model.md §2): a line of
    /// their app's own backup becomes `snapshot_written` with `items`, like the shipped one.
    @Test func userRuleEmitsAShippedSignalName() throws {
        let user = """
            id: myapp.backup_done
            title: MyApp finished its backup
            signal: snapshot_written
            match: ['Backup complete: (?<items>\\d+) notes \\((?<bytes>\\d+) B\\)']
            examples:
              match:
                - line: "2025-03-14 09:20:58.004120+0100 MyApp[812:2746911] Backup complete: 312 notes (90211 B)"
                  fields: {items: 312, bytes: 90211}
              no-match: ["2025-03-14 09:20:58.004120+0100 MyApp[812:2746911] Backup failed"]
            """
        let loaded = RuleLoader.load(sources: [RuleLoader.Source(name: "myapp.yml", text: user)]
            + Self.loaded.ruleSet.files.map { RuleLoader.Source(name: $0, text: (try? String(contentsOfFile: $0, encoding: .utf8)) ?? "") })
        #expect(loaded.errors.isEmpty)
        let engine = RuleEngine(ruleSet: loaded.ruleSet)
        let signals = RuleTesting.signals(engine, RuleTesting.record("Backup complete: 312 notes (90211 B)"))
        let signal = try #require(signals.first)
        #expect(signal.name == "snapshot_written")
        #expect(signal.ruleID == "myapp.backup_done")
        #expect(signal.fields == ["items": .int(312), "bytes": .int(90211)])
        // The shipped and the user's rule feed the same signal name.
        let emitters = loaded.ruleSet.eventRules.filter { $0.header.signal == "snapshot_written" }.map(\.header.id)
        #expect(emitters.sorted() == ["app.snapshot_written", "myapp.backup_done"])
        #expect(RuleExampleRunner(ruleSet: loaded.ruleSet).run(ruleID: "myapp.backup_done").isEmpty)
    }
}
