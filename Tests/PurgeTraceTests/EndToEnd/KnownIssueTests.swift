import Testing

/// Answers the incident model asks for that the pipeline does not give yet. Each is
/// recorded with `withKnownIssue`: the test passes while the issue is there and fails
/// once it is fixed, so the expectation can then move into `ChainCase+Catalog.swift`.
@Suite struct KnownIssueTests {
    /// Two resets four minutes apart are two purges (incident-model.md §1: each reset
    /// wipes the rows again). The first `purge.sync_reset` sequence stays open for its
    /// `item_count` step, takes the second chain's `Items=0` and owns its 10-minute window.
    @Test func twoResetsMinutesApartAreTwoPurges() throws {
        let report = try ChainRun.decode(ChainRun.analyze(["two-resets-log-show.log"]))
        let incidents = try JSONField.objects(report["incidents"], "incidents").map(IncidentEssentials.init(json:))
        withKnownIssue("a second reset inside an open purge sequence's window makes no incident") {
            #expect(incidents.count == 2)
            #expect(incidents.first?.steps.last == "recovery_succeeded")
        }
    }
}
