import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// PATH arguments that cannot be read (exit 2, one line naming the path) and folders
/// with links and loops (a note per link, the rest read, nothing hangs).
@Suite struct PathHazardTests {
    @Test func aMissingPathExitsTwoNamingIt() throws {
        let missing = TestPaths.temporaryDirectory("missing").appendingPathComponent("no-such.log").path
        let run = try ChildRun.run(["analyze", Hazard.goodSample, missing])
        Hazard.expectOneErrorLine(run, naming: ["cannot read", missing, "No such file or directory"])
    }

    @Test(.enabled(if: Unprivileged.isAvailable, "needs a non-root user (setpriv as root)"), arguments: ["analyze", "ingest"])
    func anUnreadableFileExitsTwoNamingIt(command: String) throws {
        let dir = try Hazard.folderWithGoodSample("unreadable")
        let secret = dir.appendingPathComponent("secret.log")
        try FileManager.default.copyItem(atPath: Hazard.goodSample, toPath: secret.path)
        chmod(secret.path, 0)
        let db = dir.appendingPathComponent("t.db").path
        let arguments = command == "ingest" ? ["ingest", "--db", db] : ["analyze"]
        let run = try Unprivileged.run(arguments + [dir.appendingPathComponent("good.log").path, secret.path])
        Hazard.expectOneErrorLine(run, naming: ["cannot read", secret.path, "Permission denied"])
        #expect(!FileManager.default.fileExists(atPath: db), "no database is created when a PATH cannot be read")
    }

    @Test(.enabled(if: Unprivileged.isAvailable, "needs a non-root user (setpriv as root)"))
    func anUnreadableFileInAFolderReadAsOneDeviceIsANote() throws {
        let dir = try Hazard.folderWithGoodSample("unreadable-entry")
        let secret = dir.appendingPathComponent("secret.log")
        try FileManager.default.copyItem(atPath: Hazard.goodSample, toPath: secret.path)
        chmod(secret.path, 0)
        let run = try Unprivileged.run(["analyze", "--format", "json", "--same-device", dir.path])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try ReportDigest(json: run.stdout)
        #expect(report.warnings(of: "secret.log").contains("cannot read: Permission denied"))
        Hazard.expectGoodEvidenceAnalysed(report)
    }

    /// Each entry of a folder PATH is its own device, but not a PATH: an unreadable one is a
    /// warning beside the other devices' evidence (analyze, ingest); scan records that unit
    /// as failed with the reason and ingests the others.
    @Test(.enabled(if: Unprivileged.isAvailable, "needs a non-root user (setpriv as root)"), arguments: ["analyze", "ingest", "scan"])
    func anUnreadableEntryOfAFolderOfDevicesIsAWarningOrAFailedUnit(command: String) throws {
        let work = TestPaths.temporaryDirectory("unreadable-device")
        let dir = work.appendingPathComponent("inbox")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Hazard.goodSample, toPath: dir.appendingPathComponent("good.log").path)
        let secret = dir.appendingPathComponent("secret.log")
        try FileManager.default.copyItem(atPath: Hazard.goodSample, toPath: secret.path)
        chmod(secret.path, 0)
        chmod(work.path, 0o777)  // the unprivileged run writes its database here
        let db = work.appendingPathComponent("t.db").path
        switch command {
        case "analyze":
            let run = try Unprivileged.run(["analyze", "--format", "json", dir.path])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.contains("secret.log") && run.stderr.contains("Permission denied"), "\(run.stderr)")
            let report = try ReportDigest(json: run.stdout)
            #expect(report.warnings(of: "secret.log").contains("cannot read: Permission denied"))
            Hazard.expectGoodEvidenceAnalysed(report)
        case "ingest":
            let run = try Unprivileged.run(["ingest", "--quiet", "--db", db, dir.path])
            #expect(run.status == 0, "\(run.stderr)")
            let report = try ReportDigest(json: try ChildRun.run(["report", "--format", "json", "--db", db]).stdout)
            #expect(report.warnings(of: "secret.log").contains("cannot read: Permission denied"))
            Hazard.expectGoodEvidenceAnalysed(report)
        default:
            let run = try Unprivileged.run(["scan", "--quiet", "--format", "json", "--db", db, dir.path])
            #expect(run.status == 0, "\(run.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            let archives = try #require(object["archives"] as? [[String: Any]])
            let secretUnit = try #require(archives.first { ($0["path"] as? String)?.hasSuffix("secret.log") == true })
            #expect(secretUnit["status"] as? String == "error")
            #expect((secretUnit["error"] as? String)?.contains("Permission denied") == true, "\(secretUnit)")
            let report = try ReportDigest(json: try ChildRun.run(["report", "--format", "json", "--db", db]).stdout)
            #expect(report.hasTheSamplePurge)
        }
    }

    @Test func linksAndLoopsInAFolderAreNotedAndNeverFollowedForever() throws {
        let dir = try Hazard.folderWithGoodSample("links")
        let fm = FileManager.default
        let sub = dir.appendingPathComponent("sub")
        try fm.createDirectory(at: sub, withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: sub.appendingPathComponent("up").path, withDestinationPath: "..")        // loop
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("self.log").path, withDestinationPath: "self.log")  // ELOOP
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("etc").path, withDestinationPath: "/etc")    // outside
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("dangling.log").path, withDestinationPath: "nowhere.log")
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("twin.log").path, withDestinationPath: "good.log")  // inside
        let (_, report) = try Hazard.analyze(["--same-device", dir.path], timeout: 120)
        #expect(report.warnings(of: "sub/up").contains("loop"), "\(report.inputs.map { ($0.path, $0.warnings) })")
        #expect(report.warnings(of: "self.log").contains("loop"))
        #expect(report.warnings(of: "/etc").contains("outside the input"))
        #expect(report.warnings(of: "dangling.log").contains("broken symbolic link"))
        // A link to a file inside the input is that file, read once under its own name.
        #expect(report.inputs(containing: "twin.log").allSatisfy { $0.records == 0 })
        #expect(!report.inputs.contains { $0.path.contains("/etc/") && $0.records > 0 })
        Hazard.expectGoodEvidenceAnalysed(report)
    }
}
