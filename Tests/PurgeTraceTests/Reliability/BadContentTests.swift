import Foundation
import Testing

/// Bad *content* through the CLI (contract §1): exit 0, the report written, a warning
/// naming the input where something was lost, and the good sample beside it analysed.
@Suite struct BadContentTests {
    @Test func binaryJunkBesideALogIsSkippedWithAWarning() throws {
        let dir = try Hazard.folderWithGoodSample("junk")
        var generator = SeededGenerator(seed: 8)
        let junk = (0..<200_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        try HostileLogs.write(junk, to: dir.appendingPathComponent("junk.bin"))
        let (run, report) = try Hazard.analyze(["--same-device", dir.path])
        #expect(report.warnings(of: "junk.bin").contains("binary"))
        #expect(run.stderr.contains("junk.bin: skipped: binary content"))
        Hazard.expectGoodEvidenceAnalysed(report)
    }

    @Test func binaryJunkOnStandardInputIsAWarning() throws {
        var generator = SeededGenerator(seed: 9)
        let junk = Data((0..<100_000).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let path = TestPaths.temporaryDirectory("stdin").appendingPathComponent("junk.bin").path
        _ = FileManager.default.createFile(atPath: path, contents: junk)
        // Through the shell, so standard input is the file.
        let run = try ChildRun.run(["-c", "exec \"$0\" analyze --format json - < \"$1\"", TestPaths.binary, path],
                                   executable: "/bin/sh")
        #expect(run.status == 0, "\(run.stderr)")
        let report = try ReportDigest(json: run.stdout)
        #expect(report.warnings(of: "stdin").contains("binary"), "\(report.inputs.map { ($0.path, $0.warnings) })")
    }

    @Test(arguments: ["truncated-sample.log.gz", "truncated-sample.tar.gz", "truncated-sample.zip", "truncated-sample.log.xz"])
    func aTruncatedContainerWarnsAndTheRestIsRead(name: String) throws {
        let (run, report) = try Hazard.analyze(["--same-device", Hazard.fixture(name), Hazard.goodSample])
        let cut = report.inputs.filter { !$0.warnings.isEmpty }
        #expect(cut.count == 1, "one member is cut: \(report.inputs.map { ($0.path, $0.warnings) })")
        #expect(cut.first?.path.contains(name) == true)
        #expect(cut.first?.warnings.joined().contains("truncated") == true, "\(cut)")
        #expect(run.stderr.contains("purgetrace: warning: ") && run.stderr.contains("truncated"))
        Hazard.expectGoodEvidenceAnalysed(report)
    }

    /// Regression (ArchiveKit read whole 64 KiB buffers and dropped them on the error):
    /// the decoded part of a cut gzip, tar or zip member is analysed, not lost. xz is
    /// not here: libarchive's xz filter drops its last block itself (docs/reliability.md).
    @Test(arguments: ["truncated-sample.log.gz", "truncated-sample.tar.gz", "truncated-sample.zip"])
    func theDecodedPartOfATruncatedMemberIsKept(name: String) throws {
        let (_, report) = try Hazard.analyze([Hazard.fixture(name)])
        let cut = try #require(report.inputs.first { !$0.warnings.isEmpty })
        #expect(cut.format == "log-show")
        #expect(cut.records > 100, "only \(cut.records) records of the cut member were read")
    }

    @Test func aTruncatedPlainTarKeepsItsCutMember() throws {
        // The sample in a tar cut 30000 bytes in: the member's first 29 KB are there.
        let (run, report) = try Hazard.analyze([Hazard.fixture("truncated-sample.tar")])
        let member = try #require(report.inputs.first)
        #expect(member.path.hasSuffix("truncated-sample.tar!/case/system.log"))
        #expect(member.records > 100)
        #expect(member.warnings.joined().contains("truncated tar stream"))
        #expect(run.stderr.contains("truncated tar stream"))
    }

    @Test func containersNestedTooDeepAreSkippedWithAWarning() throws {
        let (_, report) = try Hazard.analyze(["--same-device", Hazard.fixture("deep-12.log.gz"), Hazard.goodSample])
        #expect(report.warnings(of: "deep-12.log.gz").contains("nested more than 8 containers deep"))
        Hazard.expectGoodEvidenceAnalysed(report)
    }

    @Test func invalidUTF8InsideAMatchedLineStillMatchesAndShowsAsReplacement() throws {
        let dir = TestPaths.temporaryDirectory("utf8")
        let path = dir.appendingPathComponent("bad-utf8.log")
        try HostileLogs.write(HostileLogs.withInsideResetLine([0xFF, 0xFE, 0x41, 0xC3, 0x20]), to: path)
        let (run, report) = try Hazard.analyze([path.path])
        #expect(report.hasTheSamplePurge)
        let step = try #require(report.incidents.first?.stepTexts.first { $0.contains("WillResetSyncNotificationName") })
        #expect(step.contains("CoreData+CloudKit: \u{FFFD}\u{FFFD}A\u{FFFD} "), "\(step)")
        #expect(report.inputs.first?.records == 268)
        // The JSON itself is valid UTF-8 (it parsed) and carries no raw invalid bytes.
        #expect(String(validating: Array(run.stdout.utf8), as: UTF8.self) != nil)
    }

    @Test(arguments: ["inside the reset line", "as padding after a crash"])
    func nulBytesInALogDoNotHideIt(placement: String) throws {
        let dir = TestPaths.temporaryDirectory("nul")
        let path = dir.appendingPathComponent("nul.log")
        let bytes = placement == "inside the reset line"
            ? HostileLogs.withInsideResetLine([0, 0x41, 0])
            : HostileLogs.sample + [UInt8](repeating: 0, count: 8192)
        try HostileLogs.write(bytes, to: path)
        let (run, report) = try Hazard.analyze([path.path])
        #expect(report.inputs.first?.format == "log-show", "\(report.inputs.map { ($0.format, $0.warnings) })")
        #expect(report.inputs.first?.records == 268)
        #expect(report.hasTheSamplePurge)
        #expect(!run.stdout.utf8.contains(0), "a raw NUL reached the JSON")
        // The text report shows the line without the NULs.
        let text = try ChildRun.run(["analyze", path.path])
        #expect(text.status == 0 && !text.stdout.utf8.contains(0))
    }

    @Test func crlfLineEndsAndAByteOrderMarkReadLikeTheOriginal() throws {
        let dir = TestPaths.temporaryDirectory("crlf")
        let path = dir.appendingPathComponent("windows.log")
        let crlf = [0xEF, 0xBB, 0xBF] + HostileLogs.lines.map { $0 + [13] }.joined(separator: [10])
        try HostileLogs.write(Array(crlf), to: path)
        let (_, report) = try Hazard.analyze([path.path])
        let input = try #require(report.inputs.first)
        #expect(input.format == "log-show" && input.records == 268 && input.undecodable == 0 && input.warnings.isEmpty)
        #expect(report.hasTheSamplePurge)
        for text in report.incidents.flatMap(\.stepTexts) {
            #expect(!text.contains("\r") && !text.hasPrefix("\u{FEFF}"), "\(text.debugDescription)")
        }
    }

    @Test func aFiftyMegabyteLineIsCutWithAWarningAndBoundedMemory() throws {
        let dir = TestPaths.temporaryDirectory("long-line")
        let path = dir.appendingPathComponent("long.log")
        var lines = HostileLogs.lines
        let long = Array(HostileLogs.recordLine("").utf8) + [UInt8](repeating: 0x78, count: 50 << 20)
        lines.insert(long, at: HostileLogs.resetLineIndex - 5)
        try HostileLogs.write(HostileLogs.joined(lines), to: path)
        let (run, report) = try Hazard.analyze([path.path])
        let input = try #require(report.inputs.first)
        #expect(input.warnings.joined().contains("cut"), "\(input.warnings)")
        #expect(input.records == 269)
        #expect(report.hasTheSamplePurge)
        // The 50 MB line is held once at most (cut at 16 MiB), never copied per stage.
        #expect(run.peakMemory < 400 << 20, "peak memory \(run.peakMemory >> 20) MiB")
    }

    @Test func anEmptyFileBesideALogIsHarmless() throws {
        let dir = try Hazard.folderWithGoodSample("empty")
        _ = FileManager.default.createFile(atPath: dir.appendingPathComponent("empty.log").path, contents: Data())
        let (_, report) = try Hazard.analyze(["--same-device", dir.path])
        let empty = try #require(report.inputs(containing: "empty.log").first)
        #expect(empty.records == 0 && empty.format == nil)
        Hazard.expectGoodEvidenceAnalysed(report)
    }

    @Test func aBrokenJSONLineAmongGoodOnesIsCountedAndTheRestRead() throws {
        let sample = TestPaths.sample("recovered-purge-ndjson.log")
        let clean = try Hazard.analyze([sample]).1
        let dir = TestPaths.temporaryDirectory("ndjson")
        let path = dir.appendingPathComponent("broken.ndjson")
        var lines = try String(contentsOfFile: sample, encoding: .utf8).components(separatedBy: "\n")
        // Break one record that no rule needs: cut it inside a string and glue junk on.
        let victim = try #require(lines.indices.first { lines[$0].hasPrefix("{") && lines[$0].contains("locationd") })
        lines[victim] = String(lines[victim].prefix(60)) + "\u{1}{\"oops\":[}"
        try lines.joined(separator: "\n").write(to: path, atomically: true, encoding: .utf8)
        let (_, report) = try Hazard.analyze([path.path])
        let input = try #require(report.inputs.first)
        #expect(input.undecodable == 1)
        #expect(input.records == (clean.inputs.first?.records ?? 0) - 1)
        #expect(report.incidents.map(\.kind) == clean.incidents.map(\.kind))
        #expect(report.incidents.map(\.outcome) == ["recovered"])
    }

    @Test func timeGoingBackwardsKeepsTheChainAndTheOrder() throws {
        let dir = TestPaths.temporaryDirectory("backwards")
        let path = dir.appendingPathComponent("backwards.log")
        var lines = HostileLogs.lines
        // Twenty lines before the purge jump two hours back (a clock correction), then time resumes.
        let from = HostileLogs.resetLineIndex - 40
        for i in from..<(from + 20) {
            var line = String(decoding: lines[i], as: UTF8.self)
            if line.hasPrefix("2026-03-14 10:") { line = "2026-03-14 08:" + line.dropFirst(14) }
            lines[i] = Array(line.utf8)
        }
        try HostileLogs.write(HostileLogs.joined(lines), to: path)
        let (_, report) = try Hazard.analyze([path.path])
        #expect(report.inputs.first?.records == 268)
        #expect(report.hasTheSamplePurge)
    }

    /// Regression (fuzzing, pipeline target): a year like 4052 wrapped the nanosecond
    /// count, and the HTML report's time axis trapped on the span. Such a stamp is now
    /// not a time, and the HTML report renders.
    @Test func anImplausibleYearIsNotATimeAndEveryReportRenders() throws {
        let dir = TestPaths.temporaryDirectory("year")
        let path = dir.appendingPathComponent("year.log")
        var lines = HostileLogs.lines
        lines.insert(Array(HostileLogs.recordLine("far future", time: "4052-05-03 07:11:00.537000+0900").utf8), at: 40)
        lines.insert(Array(HostileLogs.recordLine("far past", time: "1601-01-01 00:00:00.000000+0000").utf8), at: 41)
        try HostileLogs.write(HostileLogs.joined(lines), to: path)
        for format in ["text", "markdown", "json", "html"] {
            let run = try ChildRun.run(["analyze", "--format", format, path.path], timeout: 120)
            #expect(run.status == 0, "\(format): exit \(String(describing: run.status)) signal \(String(describing: run.signal)) \(run.stderr)")
        }
        let (_, report) = try Hazard.analyze([path.path])
        #expect(report.hasTheSamplePurge)
        #expect(report.inputs.first?.records == 268, "the two bad stamps continue the record before them")
    }
}
