import Foundation
import Testing

/// Archive members named to escape (`../../x`, `/etc/x`) and link members pointing at
/// system files: archives are read in place, so a member name is only a name. Nothing
/// may be written anywhere, and a link member is never followed to what it names.
@Suite struct ArchiveEscapeTests {
    /// Runs analyze from two folders down in a fresh tree, so `../../escaped` would land
    /// inside the tree, and lists every file in the tree afterwards.
    func analyzeFromDeepInside(_ fixture: String) throws -> (ChildRun, ReportDigest, [String], URL) {
        let root = TestPaths.temporaryDirectory("escape")
        let cwd = root.appendingPathComponent("a/b")
        try FileManager.default.createDirectory(at: cwd, withIntermediateDirectories: true)
        let archive = cwd.appendingPathComponent(URL(fileURLWithPath: fixture).lastPathComponent)
        try FileManager.default.copyItem(atPath: Hazard.fixture(fixture), toPath: archive.path)
        let run = try ChildRun.run(["analyze", "--format", "json", archive.lastPathComponent], currentDirectory: cwd)
        let files = (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? []).sorted()
        return (run, try ReportDigest(json: run.stdout), files, root)
    }

    @Test(arguments: ["escape.tar", "escape.zip"])
    func membersNamedToEscapeWriteNothingAndAreReadAsNames(fixture: String) throws {
        let before = FileManager.default.fileExists(atPath: "/etc/purgetrace-absolute.log")
        let (run, report, files, _) = try analyzeFromDeepInside(fixture)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(files == ["a", "a/b", "a/b/\(fixture)"], "something was written: \(files)")
        #expect(FileManager.default.fileExists(atPath: "/etc/purgetrace-absolute.log") == before)
        // The escaping member is evidence like any other, under its archive name.
        let escaped = try #require(report.inputs.first { $0.path.hasSuffix("\(fixture)!/../../escaped/purge.log") })
        #expect(escaped.records == 268)
        #expect(report.inputs.contains { $0.path.hasSuffix("\(fixture)!//etc/purgetrace-absolute.log") })
        #expect(report.hasTheSamplePurge)
    }

    @Test func linkMembersAreNotFollowedToTheFilesTheyName() throws {
        let (run, report, _, _) = try analyzeFromDeepInside("escape.tar")
        // `case/passwd.log -> /etc/passwd` and a hard link to /etc/shadow: never read.
        #expect(!report.inputs.contains { $0.path.contains("passwd.log") && $0.records > 0 })
        #expect(!report.inputs.contains { $0.path.contains("hard.log") && $0.records > 0 })
        #expect(!run.stdout.contains("root:x:0:0") && !run.stderr.contains("root:x:0:0"))
    }
}
