import Foundation
import Testing

/// What the golden cases cannot say alone: two inputs give the same answer, and signals
/// that made no incident were still seen (so "no incident" is not "nothing parsed").
@Suite struct ChainEvidenceTests {
    /// The incident of a decoded report with everything that names the file taken out.
    private func evidence(_ json: String) throws -> [String] {
        let incidents = try JSONField.objects(try ChainRun.decode(json)["incidents"], "incidents")
        return try incidents.map { incident in
            var essentials = try IncidentEssentials(json: incident)
            essentials.device = "-"
            let steps = try JSONField.objects(incident["steps"], "steps").map { step -> String in
                let fields = try JSONSerialization.data(withJSONObject: step["fields"] ?? [:], options: [.sortedKeys])
                return "\(step["signal"] ?? "") \(step["time"] ?? "") \(String(decoding: fields, as: UTF8.self)) \(step["text"] ?? "")"
            }
            return ([essentials.description] + steps).joined(separator: "\n")
        }
    }

    @Test func linesShuffledWithinTheFileGiveTheSameIncident() throws {
        let ordered = try evidence(ChainRun.analyze(["ios26-unprefixed-ndjson.log"]))
        let shuffled = try evidence(ChainRun.analyze(["ios26-unprefixed-shuffled-ndjson.log"]))
        #expect(ordered.count == 1)
        #expect(shuffled == ordered)
    }

    @Test func anArchiveIsOneDeviceLikeItsMembersGivenWithSameDevice() throws {
        let archive = try evidence(ChainRun.analyze([ChainCase.sysdiagnose]))
        let members = try evidence(ChainRun.analyze(["--same-device", "sysdiagnose-members/system_log.txt",
                                                     "sysdiagnose-members/\(ChainCase.lumberjackFile)"]))
        #expect(archive.count == 1)
        #expect(members == archive)
        // The app's own file (no pid) supplies the drop to zero and the snapshot.
        let incident = try #require(try JSONField.objects(try ChainRun.decode(ChainRun.analyze([ChainCase.sysdiagnose]))["incidents"], "incidents").first)
        let last = try #require(try JSONField.objects(incident["steps"], "steps").last)
        #expect((last["source"] as? String)?.hasSuffix("/Notefold/\(ChainCase.lumberjackFile)") == true)
        let snapshot = (incident["coverage"] as? [String: Any])?["snapshot"] as? [String: Any]
        #expect((snapshot?["source"] as? String)?.hasSuffix("/Notefold/\(ChainCase.lumberjackFile)") == true)
    }

    @Test func theUserRuleFileIsValidAndItsExamplesPass() throws {
        let test = try ChainRun.run(["rules", "test", "user-rules/quillnote.yml"])
        #expect(test.stdout.contains("6 passed, 0 failed"))
        let lint = try ChainRun.run(["rules", "lint", "user-rules/quillnote.yml"])
        #expect(lint.stdout.contains("0 errors, 0 warnings"))
    }

    @Test func aBenignBurstIsSeenButMakesNoIncident() throws {
        let analysis = try ChainAnalysis.analyze("benign-vacuum-burst-xcode.log")
        #expect(analysis.incidents.isEmpty)
        let bursts = analysis.signals.filter { $0.name == "vacuum_burst" }
        #expect(bursts.map { $0.fields["count"]?.intValue } == [8])
        #expect(analysis.items(of: "item_count") == [844, 838, 838])
    }

    @Test func a134301FollowedOnlyByARecoveryFromAnotherErrorMakesNoIncident() throws {
        let analysis = try ChainAnalysis.analyze("history-expired-no-reset-log-show.log")
        let expired = analysis.signals.filter { $0.name == "history_token_expired" }
        let incident = try #require(analysis.incidents.first)
        #expect(analysis.incidents.count == 1)
        // The first 134301 and the recovery from CKError 36 after it are signals of their
        // own, in no incident.
        let lone = try #require(expired.first)
        #expect(lone.time < incident.start)
        #expect(!incident.steps.contains { $0.line == lone.line })
        let unrelated = analysis.signals.filter { $0.name.hasPrefix("recovery_") && $0.fields["code"]?.intValue == 36 }
        #expect(unrelated.count == 2)
        #expect(unrelated.allSatisfy { $0.time < incident.start })
    }

    @Test func xcodeMirrorLinesAreNotCountedTwice() throws {
        let analysis = try ChainAnalysis.analyze("xcode-mirror-console.log")
        let counts = analysis.signalCounts
        #expect(counts["reset_sync_will"] == 1)
        #expect(counts["reset_sync_did"] == 1)
        #expect(counts["rows_removed"] == 1)
        #expect(counts["recovery_attempted"] == 1)
        #expect(counts["recovery_succeeded"] == 1)
        #expect(counts["import_failed"] == 1)
        #expect((counts["wal_checkpoint"] ?? 0) + (counts["incremental_vacuum"] ?? 0) == 6)
        #expect(analysis.items(of: "snapshot_written") == [64, 0])
        #expect(analysis.items(of: "item_count") == [64, 0, 0])
        #expect(analysis.inputs.first?.records == 20)
    }
}
