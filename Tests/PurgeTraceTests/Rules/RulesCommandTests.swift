import Foundation
import Testing
import PurgeTrace

/// `purgetrace rules …` run as a user would: the built binary, its output and exit status.
@Suite struct RulesCommandTests {
    private func write(_ text: String, name: String = "mine.yml") throws -> (dir: URL, file: String) {
        let dir = TestPaths.temporaryDirectory("rules-cli")
        let url = dir.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return (dir, url.path)
    }

    static let myRule = """
        id: myapp.backup_done
        title: MyApp finished its backup
        level: info
        signal: snapshot_written
        match: ['Backup complete: (?<items>\\d+) notes']
        examples:
          match:
            - line: "2025-03-14 09:20:58.004120+0100 MyApp[812:2746911] Backup complete: 312 notes"
              fields: {items: 312}
            - "2025-03-14 09:20:58.004120+0100 MyApp[812:2746911] Backup complete: 7 notes"
          no-match:
            - "2025-03-14 09:20:58.004120+0100 MyApp[812:2746911] Backup failed"
        """

    /// The shipped rules as the loader sees them, so counts follow the rule files.
    static let shipped = RuleLoader.load(paths: [TestPaths.rules.path]).ruleSet

    @Test func lintOfTheShippedRulesIsClean() throws {
        let run = try BinaryRun.run(["rules", "lint"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasSuffix(": 0 errors, 0 warnings\n"))
        let shipped = Self.shipped
        #expect(run.stdout.contains("\(shipped.files.count) files, \(shipped.count) rules"))
    }

    @Test func testOfTheShippedRulesPasses() throws {
        let run = try BinaryRun.run(["rules", "test"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasPrefix("\(Self.shipped.eventRules.count) event rules, "))
        #expect(run.stdout.contains(" passed, 0 failed"))
    }

    @Test func listShowsEveryShippedRule() throws {
        let run = try BinaryRun.run(["rules", "list"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("ID ") == true)
        #expect(lines.count == Self.shipped.count + 1)
        #expect(run.stdout.contains("coredata.reset_sync_will"))
        #expect(run.stdout.contains("coredata-cloudkit.yml:"))
    }

    @Test func listAsJSONIsAnArrayOfObjectsWithSortedKeys() throws {
        let run = try BinaryRun.run(["rules", "list", "--format", "json"])
        #expect(run.status == 0)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == Self.shipped.count)
        let first = try #require(array.first)
        #expect(Set(first.keys) == ["file", "id", "level", "line", "patterns", "signal", "title", "type"])
        // Event rules list their patterns (bench/bench.py hands them to ripgrep); correlation rules none.
        for row in array {
            let patterns = try #require(row["patterns"] as? [String])
            #expect((row["type"] as? String == "event") == !patterns.isEmpty, "\(row["id"] ?? "")")
        }
        #expect(run.stdout.contains("    \"file\": \"") && run.stdout.range(of: "\"file\"")!.lowerBound < run.stdout.range(of: "\"id\"")!.lowerBound)
    }

    @Test func userRuleIsListedLintedAndTestedWithTheShippedOnes() throws {
        let (dir, file) = try write(Self.myRule)
        defer { try? FileManager.default.removeItem(at: dir) }
        let test = try BinaryRun.run(["rules", "test", file])
        #expect(test.status == 0, "\(test.stdout)\(test.stderr)")
        #expect(test.stdout == "1 event rule, 3 examples: 3 passed, 0 failed\n")
        let list = try BinaryRun.run(["rules", "list", "--rules", file])
        #expect(list.stdout.split(separator: "\n").count == Self.shipped.count + 2)
        #expect(list.stdout.contains("myapp.backup_done"))
    }

    @Test func lintReportsEveryErrorAndExitsOne() throws {
        let (dir, file) = try write("""
            id: myapp.one
            matc: abc
            ---
            id: myapp.two
            match: '(unclosed'
            """)
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try BinaryRun.run(["rules", "lint", file])
        #expect(run.status == 1)
        #expect(run.stdout.contains("\(file):2: myapp.one: error: unknown key 'matc' in a rule (did you mean 'match'?)\n"))
        #expect(run.stdout.contains("\(file):5: myapp.two: error: invalid regex in match: missing closing parenthesis at offset 9"))
        #expect(run.stdout.hasSuffix("1 file, 0 rules: 2 errors, 0 warnings\n"))
    }

    @Test func lintWarningsDoNotFail() throws {
        let (dir, file) = try write("""
            id: myapp.vague
            match: ['\\d+ (?<=x)y']
            """)
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try BinaryRun.run(["rules", "lint", file])
        #expect(run.status == 0)
        #expect(run.stdout.contains("myapp.vague: warning: rule has no examples"))
        #expect(run.stdout.contains("\(file):2: myapp.vague: warning: pattern has no literal of 3+ characters that every match must contain"))
        #expect(run.stdout.contains("myapp.vague: warning: pattern uses lookbehind, outside the portable Sigma regex subset"))
    }

    @Test func failingExampleExitsOneNamingRuleFileLineAndExample() throws {
        let (dir, file) = try write("""
            id: myapp.count
            match: 'Items=(?<items>\\w+)'
            examples:
              match:
                - line: "Items=12"
                  fields: {items: 13}
                - "Items=twelve"
                - "nothing here"
              no-match:
                - "Items=5"
            """)
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try BinaryRun.run(["rules", "test", file])
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines == [
            "FAIL \(file):5: myapp.count: match example yields items = 12 (expected 13): \"Items=12\"",
            "FAIL \(file):7: myapp.count: match example captured items = 'twelve', which is not an integer: \"Items=twelve\"",
            "FAIL \(file):8: myapp.count: match example did not match (as plain; prefilter literal absent (the message holds none of: \"Items=\")): \"nothing here\"",
            "FAIL \(file):10: myapp.count: no-match example matched with {items: 5}: \"Items=5\"",
            "1 event rule, 4 examples: 0 passed, 4 failed",
        ])
    }

    @Test func invalidRuleFileStopsACommandThatRunsRules() throws {
        let (dir, file) = try write("id: myapp.bad\nlevel: severe\nmatch: x\n")
        defer { try? FileManager.default.removeItem(at: dir) }
        let explain = try BinaryRun.run(["rules", "explain", "--rules", file, "UC=0, Items=0"])
        #expect(explain.status == 2)
        #expect(explain.stdout.isEmpty)
        #expect(explain.stderr == "purgetrace: error: \(file):2: myapp.bad: bad level 'severe' (expected one of: info, low, medium, high, critical)\n")
        let test = try BinaryRun.run(["rules", "test", file])
        #expect(test.status == 2)
        #expect(test.stderr.hasPrefix("purgetrace: error: \(file):2: myapp.bad: "))
    }

    @Test func missingRulePathExitsTwo() throws {
        let run = try BinaryRun.run(["rules", "lint", "/nonexistent/rules"])
        #expect(run.status == 2)
        #expect(run.stderr == "purgetrace: error: rule path not found: /nonexistent/rules\n")
    }

    @Test func rulesWithoutSubcommandIsAUsageError() throws {
        let run = try BinaryRun.run(["rules"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("purgetrace: error: rules needs a subcommand"))
    }

    @Test func explainShowsFieldsMatchesAndNearMisses() throws {
        let line = "2025-03-14 09:21:07.004419+0100 0x2a1f3    Error       0x0                  812    0    Ledger: (CoreData) "
            + "[com.apple.coredata:error] error: CoreData+CloudKit: -[NSCloudKitMirroringDelegate logResetSyncNotification:](2960): "
            + "<NSCloudKitMirroringDelegate: 0x600003d082d0>: Sending 'NSCloudKitMirroringDelegateWillResetSyncNotificationName' "
            + "with reason: 'HistoryExpired'"
        let run = try BinaryRun.run(["rules", "explain", line])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Parsed as log-show:\n  time       2025-03-14T08:21:07.004419Z"))
        #expect(run.stdout.contains("  subsystem  com.apple.coredata\n"))
        #expect(run.stdout.contains("\nMatched:\n  coredata.reset_sync_will → signal reset_sync_will  ("))
        #expect(run.stdout.contains("    reason = HistoryExpired\n"))
        #expect(run.stdout.contains("\nNear misses:\n  coredata.reset_sync_did  ("))
        #expect(run.stdout.contains("): pattern did not match\n"))
    }

    @Test func explainNamesWhyTheAuthorsOwnRuleMissed() throws {
        let (dir, file) = try write(Self.myRule)
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try BinaryRun.run(["rules", "explain", "--rules", file, "MyApp[1:2] Backup completed: 312 notes"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("Matched:\n  (no rule)\n"))
        #expect(run.stdout.contains("  myapp.backup_done  (\(file):1): prefilter literal absent (the message holds none of: \"Backup complete: \")\n"))
    }

    @Test func explainFindsTheRecordHoldingALineOfAFile() throws {
        let log = """
            2025-03-14 09:20:58.002117+0100 Ledger[812:2746911] UC=1, Items=844
            2025-03-14 09:21:06.904112+0100 Ledger[812:2746911] CoreData: error: CoreData+CloudKit: Export failed with error:
            Error Domain=NSCocoaErrorDomain Code=134301 "(null)"
            2025-03-14 09:21:08.002117+0100 Ledger[812:2746911] UC=0, Items=0
            """
        let (dir, file) = try write(log, name: "device.log")
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try BinaryRun.run(["rules", "explain", "--file", file, "--line", "3"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Parsed as xcode-console:\n"))
        #expect(run.stdout.contains("coredata.export_failed → signal export_failed"))
        #expect(run.stdout.contains("    code = 134301\n"))
        #expect(run.stdout.contains("coredata.history_token_expired → signal history_token_expired"))
        let past = try BinaryRun.run(["rules", "explain", "--file", file, "--line", "0"])
        #expect(past.status == 2)
    }
}
