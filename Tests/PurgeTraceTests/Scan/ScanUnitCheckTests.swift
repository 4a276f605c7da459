import Foundation
import Testing
@testable import PurgeTrace

@Suite struct ScanUnitCheckTests {
    static func folder(with fixtures: [String: String]) throws -> URL {
        let inbox = TestPaths.temporaryDirectory("check").appendingPathComponent("inbox")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        for (name, source) in fixtures {
            try FileManager.default.copyItem(atPath: source, toPath: inbox.appendingPathComponent(name).path)
        }
        return inbox
    }

    static func reasons(_ inbox: URL, limits: ContainerLimits) throws -> [String: String?] {
        let db = ScanTestSupport.database("check")
        try ScanTestSupport.scan([inbox.path], db: db, limits: limits)
        return Dictionary(uniqueKeysWithValues: try ScanTestSupport.archives(db: db).map {
            (String($0.path.dropFirst(inbox.path.count + 1)), $0.error)
        })
    }

    /// The reader's wording of a limit stop is what the check looks for; this pins it.
    @Test func aStreamOverTheRatioLimitFailsTheUnit() throws {
        let inbox = try Self.folder(with: ["bomb.log.gz": TestPaths.fixture("input/bomb.log.gz"),
                                           "fine.log": TestPaths.sample("lost-purge-log-show.log")])
        var limits = ContainerLimits()
        limits.ratioGrace = 64 << 10
        limits.maxRatio = 20
        let reasons = try Self.reasons(inbox, limits: limits)
        let bomb = try #require(reasons["bomb.log.gz"] ?? nil)
        #expect(bomb.hasPrefix(ScanUnitCheck.decompressionLimitPrefix + " stopped the gzip stream after "), "\(bomb)")
        #expect(bomb.contains("more than 20 times its"))
        #expect(reasons["fine.log"] == .some(nil))
    }

    @Test func aUnitOverTheTotalLimitFails() throws {
        let inbox = try Self.folder(with: ["bomb.log.gz": TestPaths.fixture("input/bomb.log.gz")])
        var limits = ContainerLimits()
        limits.maxTotalBytes = 100_000
        let bomb = try #require(try Self.reasons(inbox, limits: limits)["bomb.log.gz"] ?? nil)
        #expect(bomb.hasPrefix("decompression limit: stopped after "))
        #expect(bomb.hasSuffix("(limit 100000)"))
    }

    /// Nesting past --max-depth is skipped with a warning; a unit left with nothing
    /// readable fails, one with other logs is fine.
    @Test func deepNestingIsSkippedAndFailsAUnitLeftWithNothing() throws {
        let inbox = try Self.folder(with: ["nested.tar.gz": TestPaths.fixture("input/nested.tar.gz")])
        var limits = ContainerLimits()
        limits.maxDepth = 2
        let reason = try #require(try Self.reasons(inbox, limits: limits)["nested.tar.gz"] ?? nil)
        #expect(reason == "nothing readable: nested.tar.gz!/nested/d.log.gz: skipped: gzip nested more than 2 containers deep"
            .replacingOccurrences(of: "nested.tar.gz!", with: inbox.path + "/nested.tar.gz!"))
        limits.maxDepth = 3
        #expect(try Self.reasons(inbox, limits: limits)["nested.tar.gz"] == .some(nil))
    }

    @Test func aBinaryFileOrAnUnconvertedLogarchiveIsNothingReadable() throws {
        let inbox = try Self.folder(with: [:])
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 64))
            .write(to: inbox.appendingPathComponent("photo.png"))
        try FileManager.default.createDirectory(at: inbox.appendingPathComponent("system_logs.logarchive"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: inbox.appendingPathComponent("system_logs.logarchive/Info.plist"))
        let reasons = try Self.reasons(inbox, limits: ContainerLimits())
        #expect(reasons["photo.png"]??.hasPrefix("nothing readable: skipped: binary content") == true, "\(String(describing: reasons))")
        #expect(reasons["system_logs.logarchive"] == .some("nothing readable: " + UnitWalk.logarchiveWarning))
    }

    @Test func aFailedUnitsIdentityIsStablePerPathAndNeverAReadUnits() {
        let a = ScanUnitCheck.failureIdentity(path: "inbox/a.zip")
        #expect(a == ScanUnitCheck.failureIdentity(path: "inbox/a.zip"))
        #expect(a != ScanUnitCheck.failureIdentity(path: "inbox/b.zip"))
        #expect(a != UnitIdentity.sha256(members: []))
        #expect(a.count == 64)
    }

    @Test func aStoppedReadLosesOnlyTheUnitsOwnPath() {
        #expect(ScanUnitCheck.failure(stopped: ToolError("inbox/a.log: the log has no year; pass --year YYYY"), unitPath: "inbox/a.log")
            == "the log has no year; pass --year YYYY")
        #expect(ScanUnitCheck.failure(stopped: ToolError("inbox/a.zip!/x.log: the log has no year"), unitPath: "inbox/a.zip")
            == "inbox/a.zip!/x.log: the log has no year")
    }
}
