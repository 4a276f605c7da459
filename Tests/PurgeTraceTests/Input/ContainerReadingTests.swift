import Foundation
import Testing
@testable import PurgeTrace

@Suite struct ContainerReadingTests {
    @Test(arguments: ["two.log.gz", "two.log.bz2", "two.log.xz", "two.log.zst", "two-members.log.gz"])
    func aCompressedFileIsOneSourceNamedLikeTheFile(file: String) throws {
        let sink = try InputTest.readFixture(file)
        #expect(sink.paths == [file])
        #expect(sink.messages(of: file) == ["first line", "second line"])
        let facts = try #require(sink.facts(file))
        #expect(facts.warnings == [])
        #expect(facts.bytes == 75)
        // The hash is of the decompressed bytes: the same for every compression.
        #expect(facts.sha256 == SHA256.hex(of: "2024-03-01T10:00:00Z app: first line\n2024-03-01T10:05:00Z app: second line\n"))
    }

    @Test(arguments: ["bundle.zip", "bundle.tar", "bundle.tgz"])
    func archiveMembersAreNamedArchiveBangMember(file: String) throws {
        let sink = try InputTest.readFixture(file)
        #expect(sink.paths == [
            "\(file)!/bundle/a.log", "\(file)!/bundle/sub/b.log", "\(file)!/bundle/photo.png",
            "\(file)!/bundle/state.plist", "\(file)!/bundle/.DS_Store",
        ])
        #expect(sink.messages(of: "\(file)!/bundle/a.log") == ["first line", "second line"])
        #expect(sink.messages(of: "\(file)!/bundle/sub/b.log") == ["in a sub-folder"])
        #expect(sink.facts("\(file)!/bundle/photo.png")?.warnings == ["skipped: binary content (PNG image)"])
        #expect(sink.facts("\(file)!/bundle/state.plist")?.warnings == ["skipped: binary content (binary property list)"])
        #expect(sink.facts("\(file)!/bundle/.DS_Store")?.warnings == ["skipped: binary content (.DS_Store)"])
        #expect(sink.facts("\(file)!/bundle/photo.png")?.format == nil)
    }

    @Test(arguments: ["names.zip", "names.tar"])
    func nonASCIIMemberNamesSurvive(file: String) throws {
        let sink = try InputTest.readFixture(file)
        #expect(sink.paths == ["\(file)!/café/日本.log"])
        #expect(sink.messages(of: "\(file)!/café/日本.log") == ["named"])
    }

    @Test func archivesInsideArchivesAreReadThroughTheOuterMember() throws {
        let sink = try InputTest.readFixture("nested.tar.gz")
        #expect(sink.paths == ["nested.tar.gz!/nested/inner.zip!/c.log", "nested.tar.gz!/nested/d.log.gz"])
        #expect(sink.messages(of: "nested.tar.gz!/nested/inner.zip!/c.log") == ["inside the inner zip"])
        #expect(sink.messages(of: "nested.tar.gz!/nested/d.log.gz") == ["gzip inside the tar"])
    }

    @Test func nestingDeeperThanTheLimitIsSkippedWithAWarning() throws {
        // Every layer counts: nested.tar.gz is gzip (1) and tar (2); its members are the 3rd.
        var options = ReadOptions()
        options.limits.maxDepth = 2
        let shallow = try InputTest.readFixture("nested.tar.gz", options: options)
        #expect(shallow.facts("nested.tar.gz!/nested/inner.zip")?.warnings == ["skipped: zip nested more than 2 containers deep"])
        #expect(shallow.facts("nested.tar.gz!/nested/d.log.gz")?.warnings == ["skipped: gzip nested more than 2 containers deep"])
        options.limits.maxDepth = 3
        let deep = try InputTest.readFixture("nested.tar.gz", options: options)
        #expect(deep.facts.map(\.records) == [1, 1])
    }

    @Test func memberNamesThatPointOutOfPlaceAreOnlyNames() throws {
        let dir = TestPaths.temporaryDirectory("evil")
        let copy = dir.appendingPathComponent("in/evil.tar")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestPaths.fixture("input/evil.tar"), toPath: copy.path)
        let sink = try InputTest.read(copy.path, name: "evil.tar")
        #expect(sink.paths == ["evil.tar!/../../x.log", "evil.tar!//etc/x.log"])
        #expect(sink.messages(of: "evil.tar!/../../x.log") == ["dot-dot"])
        // Nothing was written next to (or above) the archive.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["in"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("in").path) == ["evil.tar"])
    }

    @Test func aLogarchiveInsideAnArchiveGivesOneWarningAndTheSysdiagnoseCaptureTime() throws {
        let name = "sysdiagnose_2024.09.18_11-33-57+0200_iPhone-OS_iPhone_21G93"
        // The capture time reaches the parser through its context.
        nonisolated(unsafe) var seen: [String: (Instant?, Int?)] = [:]
        let provider = ParserProvider(detect: ParserProvider.testLines.detect, makeParser: { format, context in
            seen[context.path] = (context.time.captureTime, context.time.captureOffset)
            return TestLineParser(context: context)
        })
        let sink = RecordingSink()
        let path = TestPaths.fixture("input/\(name).tar.gz")
        try EvidenceReader(options: ReadOptions(), parsers: provider)
            .read(unit: EvidenceUnit(device: "sd", members: [.init(fileSystemPath: path, displayName: "\(name).tar.gz")]), into: sink)
        let archive = "\(name).tar.gz!/\(name)"
        #expect(sink.paths == ["\(archive)/logs/app.log", "\(archive)/system_logs.logarchive"])
        #expect(sink.facts("\(archive)/system_logs.logarchive")?.warnings == [
            "binary unified log: convert with `log show --style ndjson` on a Mac or with macos-UnifiedLogs",
        ])
        let capture = try #require(seen["\(archive)/logs/app.log"])
        #expect(capture.0 == InputTest.time("2024-09-18T09:33:57Z"))
        #expect(capture.1 == 7200)
    }

    @Test func aTruncatedGzipKeepsEveryLineBeforeTheCut() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixture("input/many.log.gz")))
        let file = TestPaths.temporaryDirectory("cut").appendingPathComponent("cut.log.gz")
        try data.prefix(data.count / 2).write(to: file)
        let sink = try InputTest.read(file.path, name: "cut.log.gz")
        let facts = try #require(sink.facts("cut.log.gz"))
        // Lines 1…k all there, in order: nothing before the cut is lost.
        let numbers = sink.messages(of: "cut.log.gz").map { Int($0.split(separator: " ")[1])! }
        #expect(numbers == Array(0..<numbers.count))
        #expect(numbers.count > 1400)
        #expect(facts.warnings.count == 1)
        #expect(facts.warnings.first == "truncated gzip stream: read \(facts.bytes) bytes before the cut")
        // Every line complete before the cut is a record (plus, maybe, the partial last one).
        let whole = try InputTest.readFixture("many.log.gz")
        let complete = whole.records.filter { $0.byteOffset + Int64($0.text.utf8.count) < facts.bytes }.count
        #expect(numbers.count == complete || numbers.count == complete + 1, "\(numbers.count) of \(complete)")
    }

    @Test func aSmallTruncatedTarGzStillGivesItsFirstMember() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixture("input/bundle.tgz")))
        let file = TestPaths.temporaryDirectory("cut").appendingPathComponent("cut.tgz")
        try data.prefix(data.count - 200).write(to: file)
        let sink = try InputTest.read(file.path, name: "cut.tgz")
        #expect(sink.messages(of: "cut.tgz!/bundle/a.log") == ["first line", "second line"])
        let warnings = sink.facts.flatMap(\.warnings).filter { $0.hasPrefix("truncated") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix("truncated gzip stream: read ") == true)
    }

    @Test(arguments: ["two.log.xz", "bundle.zip"])
    func otherTruncatedStreamsAreReportedNotFatal(file: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixture("input/" + file)))
        let cut = TestPaths.temporaryDirectory("cut").appendingPathComponent(file)
        try data.prefix(data.count / 3).write(to: cut)
        let sink = try InputTest.read(cut.path, name: file)
        let warnings = sink.facts.flatMap(\.warnings)
        #expect(warnings.contains { $0.hasPrefix("truncated ") }, "\(warnings) \(sink.paths)")
    }

    @Test func aDecompressionBombStopsAtTheRatioWithWhatWasRead() throws {
        var options = ReadOptions()
        options.limits.maxRatio = 50
        options.limits.ratioGrace = 256 << 10
        let sink = try InputTest.readFixture("bomb.log.gz", options: options)
        let facts = try #require(sink.facts("bomb.log.gz"))
        #expect(facts.records > 1000)
        #expect(facts.records < 20000)
        #expect(facts.warnings.count == 1)
        #expect(facts.warnings[0].hasPrefix("decompression limit: stopped the gzip stream after "))
        #expect(facts.warnings[0].contains("more than 50 times"))
    }

    @Test func theTotalDecompressedSizePerPathIsLimited() throws {
        var options = ReadOptions()
        options.limits.maxTotalBytes = 100_000
        let sink = try InputTest.readFixture("bomb.log.gz", options: options)
        let facts = try #require(sink.facts("bomb.log.gz"))
        #expect(facts.bytes < 2 << 20)
        #expect(facts.records < 20000)
        #expect(facts.warnings.count == 1)
        #expect(facts.warnings[0].hasPrefix("decompression limit: stopped after "))
        #expect(facts.warnings[0].hasSuffix("decompressed bytes from this input (limit 100000)"))
    }

    @Test func containersAreRecognizedByContentNotName() throws {
        let dir = TestPaths.temporaryDirectory("magic")
        let disguised = dir.appendingPathComponent("attachment.txt")
        try FileManager.default.copyItem(atPath: TestPaths.fixture("input/bundle.zip"), toPath: disguised.path)
        let sink = try InputTest.read(disguised.path, name: "attachment.txt")
        #expect(sink.messages(of: "attachment.txt!/bundle/a.log") == ["first line", "second line"])
    }
}
