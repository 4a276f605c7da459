import Foundation
import Testing
import PurgeTrace

@Suite struct RedactorTests {
    @Test func emailsBecomeAPlaceholder() {
        let r = Redactor()
        #expect(r.redact("account alice.smith+test@example.co.uk logged in") == "account <email> logged in")
        #expect(r.redact("<bob@icloud.com>") == "<<email>>")
        #expect(r.redact("user@host has no domain") == "user@host has no domain")
        #expect(r.redact("@objc func x()") == "@objc func x()")
    }

    @Test func credentialsAndLongTokensBecomeAPlaceholder() {
        let r = Redactor()
        #expect(r.redact("Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.e30.abc") == "Authorization: Bearer <token>")
        #expect(r.redact("GET /sync?token=s3cr3t&zone=main") == "GET /sync?token=<token>&zone=main")
        #expect(r.redact("\"api_key\": \"AKIA1234\"") == "\"api_key\": \"<token>\"")
        #expect(r.redact("password=hunter2 next") == "password=<token> next")
        #expect(r.redact("sha 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08 end") == "sha <token> end")
        #expect(r.redact("key dGhpcyBpcyBhIHNlY3JldCBrZXkgdGhhdCBpcyBsb25n== end") == "key <token> end")
        // Ordinary long words and Core Data names stay.
        let line = "Sending 'NSCloudKitMirroringDelegateWillResetSyncNotificationName' with reason: 'HistoryExpired'"
        #expect(r.redact(line) == line)
        let zone = "<CKRecordZoneID: 0x600001c4a0a0; zoneName=com.apple.coredata.cloudkit.zone, ownerName=__defaultOwner__>"
        #expect(r.redact(zone) == zone)
        #expect(r.redact("reason: HistoryExpired, code: 134301") == "reason: HistoryExpired, code: 134301")
    }

    @Test func uuidsBecomeStablePseudonymsInOrderOfAppearance() {
        let r = Redactor()
        let a = "4F1C2B9E-8D3A-4E5F-9A1B-2C3D4E5F6A7B", b = "2d00459f-1a2b-4c3d-8e9f-0a1b2c3d4e5f"
        #expect(r.redact("store \(a) request \(b)") == "store UUID-1 request UUID-2")
        // Case does not make another pseudonym; order of first appearance is kept.
        #expect(r.redact("again \(b.uppercased()) and \(a.lowercased())") == "again UUID-2 and UUID-1")
        #expect(r.redact("nil 00000000-0000-0000-0000-000000000000") == "nil 00000000-0000-0000-0000-000000000000")
        #expect(r.redact("x\(a)") == "<token>")  // glued to a word: not a UUID, but a long token
        let keeping = Redactor(keep: [a])
        #expect(keeping.redact(a) == a)
    }

    @Test func homeFolderNamesAreReplacedButSystemFoldersStay() {
        let r = Redactor()
        #expect(r.redact("/Users/alice/Library/Logs/app.log") == "/Users/<user>/Library/Logs/app.log")
        #expect(r.redact("file:///Users/alice") == "file:///Users/<user>")
        #expect(r.redact("/home/bob/cases/x.log") == "/home/<user>/cases/x.log")
        #expect(r.redact("C:\\Users\\carol\\Desktop") == "C:\\Users\\<user>\\Desktop")
        #expect(r.redact("/Users/Shared/logs") == "/Users/Shared/logs")
        #expect(r.redact("/var/mobile/Containers/Data/Application/x") == "/var/mobile/Containers/Data/Application/x")
        #expect(r.redact("/private/var/root/Library") == "/private/var/root/Library")
    }

    @Test func redactionIsDeterministicAndIdempotent() {
        let text = "alice@example.com /Users/alice 4F1C2B9E-8D3A-4E5F-9A1B-2C3D4E5F6A7B token=abc Bearer abcdefghij"
        let once = Redactor().redact(text)
        #expect(Redactor().redact(text) == once)
        #expect(Redactor().redact(once) == once)
        #expect(once == "<email> /Users/<user> UUID-1 token=<token> Bearer <token>")
    }

    @Test func aSeededRedactorContinuesThePersistedNumbering() {
        let first = Redactor()
        _ = first.redact("a 11111111-2222-3333-4444-555555555555 b 66666666-7777-8888-9999-000000000000")
        let persisted = first.assignments
        #expect(persisted.map(\.pseudonym) == ["UUID-1", "UUID-2"])
        #expect(persisted.allSatisfy { $0.digest.count == 64 })
        let second = Redactor()
        second.seed(persisted)
        #expect(second.redact("66666666-7777-8888-9999-000000000000 then AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE")
                == "UUID-2 then UUID-3")
        #expect(second.assignments.map(\.pseudonym) == ["UUID-3"])
    }

    /// `--redact` covers every format: no email, UUID, home-folder name or token of the
    /// evidence appears in any of them, and the same UUID reads the same in all of them.
    @Test func everyReportFormatIsRedacted() {
        var a = SampleAnalyses.lostPurge
        let uuid = "4F1C2B9E-8D3A-4E5F-9A1B-2C3D4E5F6A7B"
        a.inputs[0].path = "/Users/alice/Desktop/case-1042/system_logs.log"
        a.inputs[0].warnings = ["alice@example.com appears in a warning"]
        a.incidents[0].steps[0].text += " account=alice@example.com token=abc123 Bearer zzzzzzzzzzzzzzzz /home/alice/x"
        a.incidents[0].steps[0].source = "/Users/alice/Desktop/case-1042/system_logs.log"
        a.incidents[0].group.fields = ["user": .string("alice@example.com")]
        a.incidents[0].reason = "HistoryExpired for \(uuid)"
        a.ruleErrors = ["/Users/alice/rules/mine.yml:3: rule 'x' has an unknown key"]
        a.warnings = ["read /home/alice/logs"]
        let secrets = ["alice", uuid, "abc123", "zzzzzzzzzzzzzzzz"]
        var pseudonym: [String] = []
        for format in ReportOptions.Format.allCases {
            let text = ReportOptions.writer(for: format).render(a, options: ReportOptions(redact: true))
            for secret in secrets { #expect(!text.contains(secret), "\(secret) in \(format)") }
            #expect(text.contains("UUID-1"), "\(format)")
            #expect(!text.contains("UUID-2"), "\(format): one UUID, one pseudonym")
            pseudonym.append(text.contains("<user>") || text.contains("&lt;user&gt;") ? "user" : "none")
            // Ids, rule ids and hashes stay as they are, so outputs can still be matched.
            #expect(text.contains(a.incidents[0].id))
        }
        #expect(pseudonym.allSatisfy { $0 == "user" })
        // Exports and the timeline view redact through the same Redactor.
        let redacted = Redactor().redact(a)
        for format in TimelineExporter.Format.allCases {
            let out = TimelineExporter(format: format).lines(for: redacted).joined()
            for secret in secrets { #expect(!out.contains(secret), "\(secret) in \(format) export") }
        }
        let view = TimelineView().render(
            TimelineView.Resolved(from: redacted.incidents[0].start, to: redacted.incidents[0].end, device: nil, incident: redacted.incidents[0]),
            entries: TimelineView.entries(.init(from: redacted.incidents[0].start, to: redacted.incidents[0].end, device: nil,
                                                incident: redacted.incidents[0]), in: redacted))
        for secret in secrets { #expect(!view.contains(secret), "\(secret) in timeline") }
    }
}
