import Foundation
import Testing

/// Decompression bombs of 2 GiB in a few hundred KiB, through the CLI with the default
/// limits (the small limits are not CLI options): the run ends in bounded time and
/// memory, the bomb gets a warning (or is skipped as binary), the good sample beside it
/// is analysed. Serialized: each one decompresses tens of MiB.
@Suite(.serialized) struct DecompressionBombTests {
    /// Peak memory any of these runs may reach (the default limits read at most 64 MiB
    /// past the ratio check; nothing is held whole).
    static let memoryBound = 256 << 20
    /// A deadline well above what a debug or sanitized build needs, far below reading 2 GiB.
    static let timeBound = 240.0

    /// `copies` copies of a fixture back to back: gzip members and xz streams concatenate.
    static func repeated(_ fixture: String, _ copies: Int, as name: String) throws -> String {
        let unit = try Data(contentsOf: URL(fileURLWithPath: Hazard.fixture(fixture)))
        let path = TestPaths.temporaryDirectory("bomb").appendingPathComponent(name).path
        _ = FileManager.default.createFile(atPath: path, contents: Data(repeating: 0, count: 0))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        for _ in 0..<copies { handle.write(unit) }
        try handle.close()
        return path
    }

    static func expectBounded(_ run: ChildRun, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.peakMemory < memoryBound, "peak memory \(run.peakMemory >> 20) MiB", sourceLocation: sourceLocation)
        #expect(run.seconds < timeBound, "took \(run.seconds) s", sourceLocation: sourceLocation)
    }

    @Test func twoGigabytesOfZerosInAGzipAreSkippedAsBinary() throws {
        // 32 gzip members of 64 MiB of zeros each: 2 GiB in 2 MB.
        let bomb = try Self.repeated("bomb-unit-zeros.gz", 32, as: "zeros.log.gz")
        let (run, report) = try Hazard.analyze(["--same-device", bomb, Hazard.goodSample], timeout: Self.timeBound)
        #expect(report.warnings(of: "zeros.log.gz").contains("binary"))
        Self.expectBounded(run)
        #expect(run.seconds < 30, "binary content is recognized from the head, not read through")
        Hazard.expectGoodEvidenceAnalysed(report)
    }

    @Test func twoGigabytesOfLogLinesInAnXzStopAtTheRatioLimit() throws {
        // 8 xz streams of 256 MiB of one repeated log line: 2 GiB in 310 KB (ratio ~6800).
        let bomb = try Self.repeated("bomb-unit-lines.xz", 8, as: "lines.log.xz")
        let (run, report) = try Hazard.analyze(["--same-device", bomb, Hazard.goodSample], timeout: Self.timeBound)
        let warning = report.warnings(of: "lines.log.xz")
        #expect(warning.contains("decompression limit: stopped the xz stream"), "\(warning)")
        #expect(run.stderr.contains("decompression limit"))
        // Stopped soon after the 64 MiB grace, not at 2 GiB.
        let bomb0 = try #require(report.inputs(containing: "lines.log.xz").first)
        #expect(bomb0.records > 0 && bomb0.records < (128 << 20) / 150, "\(bomb0.records) records read")
        Self.expectBounded(run)
        Hazard.expectGoodEvidenceAnalysed(report)
    }

    @Test func aZipMemberOfTwoGigabytesStopsAtTheRatioLimit() throws {
        // One LZMA member (method 14) of 2 GiB of log lines in 300 KB.
        let (run, report) = try Hazard.analyze(["--same-device", Hazard.fixture("bomb-lines.zip"), Hazard.goodSample],
                                               timeout: Self.timeBound)
        let warning = report.warnings(of: "bomb-lines.zip!/case/lines.log")
        #expect(warning.contains("decompression limit: stopped the zip stream"), "\(report.inputs.map { ($0.path, $0.warnings) })")
        Self.expectBounded(run)
        Hazard.expectGoodEvidenceAnalysed(report)
    }

    @Test func aBombFailsItsUnitInAScanAndTheOtherUnitsAreIngested() throws {
        let dir = TestPaths.temporaryDirectory("bomb-scan")
        let inbox = dir.appendingPathComponent("inbox")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Hazard.fixture("bomb-lines.zip"), toPath: inbox.appendingPathComponent("bomb.zip").path)
        try FileManager.default.copyItem(atPath: Hazard.goodSample, toPath: inbox.appendingPathComponent("good.log").path)
        let db = dir.appendingPathComponent("scan.db").path
        let run = try ChildRun.run(["scan", "--quiet", "--format", "json", "--db", db, inbox.path], timeout: Self.timeBound)
        #expect(run.status == 0, "\(String(describing: run.status)) \(run.stderr)")
        Self.expectBounded(run)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let archives = try #require(object["archives"] as? [[String: Any]])
        let status = Dictionary(uniqueKeysWithValues: archives.map { (($0["path"] as? String) ?? "", ($0["status"] as? String) ?? "") })
        #expect(status.first { $0.key.hasSuffix("bomb.zip") }?.value == "error", "\(status)")
        #expect(status.first { $0.key.hasSuffix("good.log") }?.value == "ok", "\(status)")
        let report = try ReportDigest(json: try ChildRun.run(["report", "--format", "json", "--db", db]).stdout)
        #expect(report.hasTheSamplePurge)
    }
}
