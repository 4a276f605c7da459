import Testing
@testable import PurgeTrace

/// The other kinds of incident-model.md §7, from the shipped example rules. App lines
/// have no pid (an in-app log export); the Core Data import line has one.
@Suite struct IncidentKindTests {
    private func kinds(_ t: Timeline, evidence: DeviceEvidence? = nil) -> [Incident] {
        correlate(t, ShippedCorrelationRules.kinds, evidence: evidence).incidents
    }

    // MARK: app-deletion

    @Test func orphanCleanupRightAfterAnImportIsAnAppDeletion() throws {
        var t = Timeline()
        t.add(0, "item_count", fields: ["items": .int(844)], pidless: true)
        t.add(100, "import_succeeded")
        t.add(103, "orphan_cleanup", fields: ["deleted": .int(37)], pidless: true)
        let incident = try #require(kinds(t).first)
        #expect(incident.kind == "app-deletion")
        #expect(incident.verdict == .probable)
        #expect(incident.group == IncidentGroup(device: t.device, process: "MyApp", pid: 812))
        #expect(incident.outcome == nil)
        #expect(incident.coverage?.verdict == CoverageVerdict.none)
    }

    @Test func orphanCleanupWithoutACountIsOnlyPossible() throws {
        var t = Timeline()
        t.add(0, "import_succeeded")
        t.add(3, "orphan_cleanup", pidless: true)
        #expect(try #require(kinds(t).first).verdict == .possible)
    }

    @Test func orphanCleanupLongAfterTheImportIsNoAppDeletion() {
        var t = Timeline()
        t.add(0, "import_succeeded")
        t.add(11, "orphan_cleanup", fields: ["deleted": .int(37)], pidless: true)
        #expect(kinds(t).isEmpty)
    }

    // MARK: delete-retry-loop

    @Test func theSameDeleteNotFoundThreeTimesInAnHourIsARetryLoop() throws {
        var t = Timeline()
        for s in [0.0, 600, 1800] { t.add(s, "delete_not_found", fields: ["record": .string("rec_8F2K1Q")], pidless: true) }
        t.add(900, "delete_not_found", fields: ["record": .string("rec_OTHER")], pidless: true)
        let incidents = kinds(t)
        #expect(incidents.count == 1)
        let incident = try #require(incidents.first)
        #expect(incident.kind == "delete-retry-loop")
        #expect(incident.verdict == .probable)
        #expect(incident.group.fields == ["record": .string("rec_8F2K1Q")])
        #expect(incident.steps.count == 3)
    }

    @Test func deleteNotFoundSpreadOverMoreThanAnHourIsNoLoop() {
        var t = Timeline()
        for s in [0.0, 1800, 3601] { t.add(s, "delete_not_found", fields: ["record": .string("rec_8F2K1Q")], pidless: true) }
        #expect(kinds(t).isEmpty)
    }

    // MARK: manifest-before-blob

    @Test func aManifestWrittenBeforeItsBlobUploadIsFlagged() throws {
        var t = Timeline()
        t.add(0, "app_started", pidless: true)
        t.add(700, "manifest_written", fields: ["asset": .string("A1")], pidless: true)
        t.add(760, "blob_uploaded", fields: ["asset": .string("A1")], pidless: true)
        let incident = try #require(kinds(t).first)
        #expect(incident.kind == "manifest-before-blob")
        #expect(incident.verdict == .probable)
        #expect(incident.group.fields == ["asset": .string("A1")])
    }

    @Test func aManifestAfterItsBlobUploadIsFine() {
        var t = Timeline()
        t.add(0, "app_started", pidless: true)
        t.add(690, "blob_uploaded", fields: ["asset": .string("A1")], pidless: true)
        t.add(700, "manifest_written", fields: ["asset": .string("A1")], pidless: true)
        t.add(760, "blob_uploaded", fields: ["asset": .string("A1")], pidless: true)  // a re-upload
        #expect(kinds(t).isEmpty)
    }

    @Test func anotherAssetsUploadDoesNotExcuseTheManifest() {
        var t = Timeline()
        t.add(0, "app_started", pidless: true)
        t.add(690, "blob_uploaded", fields: ["asset": .string("B2")], pidless: true)
        t.add(700, "manifest_written", fields: ["asset": .string("A1")], pidless: true)
        t.add(760, "blob_uploaded", fields: ["asset": .string("A1")], pidless: true)
        #expect(kinds(t).count == 1)
    }

    @Test func aManifestTooCloseToTheStartOfTheLogIsOnlyPossible() throws {
        var t = Timeline()
        t.add(60, "manifest_written", fields: ["asset": .string("A1")], pidless: true)
        t.add(90, "blob_uploaded", fields: ["asset": .string("A1")], pidless: true)
        #expect(try #require(kinds(t).first).verdict == .possible)
    }

    // MARK: orphaned-blob

    @Test func aRecordDeletedWithoutItsBlobIsAnOrphanedBlob() throws {
        var t = Timeline()
        t.add(0, "record_deleted", fields: ["asset": .string("A1")], pidless: true)
        t.add(5, "record_deleted", fields: ["asset": .string("B2")], pidless: true)
        t.add(9, "blob_deleted", fields: ["asset": .string("B2")], pidless: true)
        t.add(1200, "app_idle", pidless: true)
        let incidents = kinds(t)
        #expect(incidents.count == 1)
        #expect(incidents.first?.kind == "orphaned-blob")
        #expect(incidents.first?.verdict == .probable)
        #expect(incidents.first?.group.fields == ["asset": .string("A1")])
    }

    @Test func aRecordDeletedAtTheEndOfTheLogIsOnlyAPossibleOrphan() throws {
        var t = Timeline()
        t.add(0, "record_deleted", fields: ["asset": .string("A1")], pidless: true)
        t.add(60, "app_idle", pidless: true)
        let incident = try #require(kinds(t).first)
        #expect(incident.verdict == .possible)
        #expect(incident.warnings.count == 1)
    }

    // MARK: account-mismatch

    @Test(arguments: [true, false])
    func differingICloudAndBoundIdentitiesAreAMismatch(iCloudFirst: Bool) throws {
        var t = Timeline()
        let lines = [("icloud_identity", "_a91f0c"), ("bound_identity", "_77e2d4")]
        for (i, (name, user)) in (iCloudFirst ? lines : lines.reversed()).enumerated() {
            t.add(Double(i), name, fields: ["user": .string(user)], pidless: true)
        }
        let incidents = kinds(t)
        #expect(incidents.count == 1)
        #expect(incidents.first?.kind == "account-mismatch")
    }

    @Test func matchingIdentitiesAreFine() {
        var t = Timeline()
        t.add(0, "icloud_identity", fields: ["user": .string("_a91f0c")], pidless: true)
        t.add(1, "bound_identity", fields: ["user": .string("_a91f0c")], pidless: true)
        #expect(kinds(t).isEmpty)
    }

    @Test func aMismatchLoggedBothWaysIsOneIncident() {
        var t = Timeline()
        t.add(0, "icloud_identity", fields: ["user": .string("_a91f0c")], pidless: true)
        t.add(1, "bound_identity", fields: ["user": .string("_77e2d4")], pidless: true)
        t.add(2, "icloud_identity", fields: ["user": .string("_a91f0c")], pidless: true)
        #expect(kinds(t).count == 1)
    }

    // MARK: logout-without-wipe

    @Test func aLogoutWithoutAStoreWipeIsFlagged() throws {
        var t = Timeline()
        t.add(0, "logout", fields: ["user": .string("ann@example.com")], pidless: true)
        t.add(45, "login", fields: ["user": .string("bob@example.com")], pidless: true)
        t.add(300, "app_idle", pidless: true)
        let incident = try #require(kinds(t).first)
        #expect(incident.kind == "logout-without-wipe")
        #expect(incident.verdict == .probable)
        #expect(incident.stepNames == ["logout", "login"])
        #expect(incident.group.device == t.device)
        #expect(incident.group.process == "MyApp")
    }

    @Test func aLogoutFollowedByTheWipeIsFine() {
        var t = Timeline()
        t.add(0, "logout", fields: ["user": .string("ann@example.com")], pidless: true)
        t.add(2, "store_wiped", pidless: true)
        t.add(300, "app_idle", pidless: true)
        #expect(kinds(t).isEmpty)
    }

    @Test func aLogoutAtTheEndOfTheLogIsOnlyPossible() throws {
        var t = Timeline()
        t.add(0, "logout", fields: ["user": .string("ann@example.com")], pidless: true)
        t.add(10, "app_idle", pidless: true)
        #expect(try #require(kinds(t).first).verdict == .possible)
    }
}
