import Foundation
import Testing
@testable import PurgeTrace

@Suite struct FolderReadingTests {
    @Test func foldersAreReadRecursivelyInByteOrderDepthFirst() throws {
        let dir = TestPaths.temporaryDirectory("folders")
        let root = dir.appendingPathComponent("case")
        for name in ["b.log", "a/z.log", "a/b/y.log", "B.log", ".hidden.log", "a/.git/x.log"] {
            try InputTest.write("2024-03-01T10:00:00Z p: \(name)\n", to: root.appendingPathComponent(name))
        }
        let sink = try InputTest.read(root.path, name: "case")
        #expect(sink.paths == ["case/B.log", "case/a/b/y.log", "case/a/z.log", "case/b.log"])
        #expect(sink.facts.allSatisfy { $0.device == "case" && $0.records == 1 && $0.format == .plain })
    }

    @Test func symlinkLoopIsReportedAndNotFollowed() throws {
        let dir = TestPaths.temporaryDirectory("folders")
        let root = dir.appendingPathComponent("case")
        try InputTest.write("2024-03-01T10:00:00Z p: real\n", to: root.appendingPathComponent("sub/real.log"))
        let fm = FileManager.default
        // sub/up -> .. (a folder above: a loop), self -> self (a link that resolves to itself).
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("sub/up").path, withDestinationPath: "..")
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("self").path, withDestinationPath: "self")
        let sink = try InputTest.read(root.path, name: "case")
        #expect(sink.facts("case/sub/real.log")?.records == 1)
        #expect(sink.facts("case/sub/up")?.warnings == ["symbolic link loop (points to a folder above it); not followed"])
        #expect(sink.facts("case/self")?.warnings == ["symbolic link loop; not followed"])
        #expect(sink.facts.count == 3)
    }

    @Test func symlinksAreNeverFollowedAndThoseLeadingOutsideAreNoted() throws {
        let dir = TestPaths.temporaryDirectory("folders")
        let root = dir.appendingPathComponent("case")
        let outside = dir.appendingPathComponent("elsewhere")
        try InputTest.write("2024-03-01T10:00:00Z p: outside\n", to: outside.appendingPathComponent("o.log"))
        try InputTest.write("2024-03-01T10:00:00Z p: inside\n", to: root.appendingPathComponent("real.log"))
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("current.log").path, withDestinationPath: "real.log")
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("linked.log").path,
                                  withDestinationPath: outside.appendingPathComponent("o.log").path)
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("other").path, withDestinationPath: outside.path)
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("broken.log").path, withDestinationPath: "missing.log")
        let sink = try InputTest.read(root.path, name: "case")
        // current.log -> real.log is read once, under the real name.
        #expect(sink.paths == ["case/broken.log", "case/linked.log", "case/other", "case/real.log"])
        // A file outside the input is not read through a link (a hostile bundle unpacked with
        // its links could point at ~/.ssh/id_rsa), and the note says so.
        #expect(sink.messages(of: "case/linked.log") == [])
        #expect(sink.facts("case/linked.log")?.warnings == ["symbolic link to a file outside the input; not followed (name the file itself to read it)"])
        #expect(sink.facts("case/other")?.warnings == ["symbolic link to a folder outside the input; not followed"])
        #expect(sink.facts("case/broken.log")?.warnings.first?.hasPrefix("broken symbolic link") == true)
    }

    /// Entries of a folder of devices are read like entries met in a walk: a link to a
    /// sibling is not a second device with the same evidence, a link outside is not read.
    @Test func linkedEntriesOfAFolderOfDevicesAreNotFollowed() throws {
        let dir = TestPaths.temporaryDirectory("folders")
        let inbox = dir.appendingPathComponent("inbox")
        try InputTest.write("2024-03-01T10:00:00Z p: real\n", to: inbox.appendingPathComponent("real.log"))
        try InputTest.write("2024-03-01T10:00:00Z p: private\n", to: dir.appendingPathComponent("private.log"))
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: inbox.appendingPathComponent("current.log").path, withDestinationPath: "real.log")
        try fm.createSymbolicLink(atPath: inbox.appendingPathComponent("key.log").path,
                                  withDestinationPath: dir.appendingPathComponent("private.log").path)
        let units = try UnitPlanner.units(paths: [inbox.path], sameDevice: false, deviceName: nil)
        #expect(units.map(\.device) == ["current.log", "key.log", "real.log"].map { inbox.path + "/" + $0 })
        let sinks = try units.map { unit in
            let sink = RecordingSink()
            try InputTest.reader().read(unit: unit, into: sink)
            return sink
        }
        #expect(sinks[0].records.isEmpty && sinks[0].facts.isEmpty)
        #expect(sinks[1].records.isEmpty)
        #expect(sinks[1].facts.first?.warnings == ["symbolic link to a file outside the input; not followed (name the file itself to read it)"])
        #expect(sinks[2].messages(of: inbox.path + "/real.log") == ["real"])
    }

    @Test func standardInputIsReadAsTheSourceStdin() throws {
        let dir = TestPaths.temporaryDirectory("folders")
        let file = dir.appendingPathComponent("in.log")
        try InputTest.write("2024-03-01T10:00:00Z p: from a pipe\n", to: file)
        let sink = try withStandardInput(from: file.path) {
            let sink = RecordingSink()
            let units = try UnitPlanner.units(paths: ["-"], sameDevice: false, deviceName: nil)
            try InputTest.reader().read(unit: units[0], into: sink)
            return sink
        }
        #expect(sink.paths == ["stdin"])
        #expect(sink.facts[0].device == "stdin")
        #expect(sink.messages(of: "stdin") == ["from a pipe"])
    }

    @Test func compressedStandardInputIsDecompressed() throws {
        let sink = try withStandardInput(from: TestPaths.fixture("input/two.log.gz")) {
            let sink = RecordingSink()
            try InputTest.reader().read(unit: EvidenceUnit(device: "stdin", members: [.init(fileSystemPath: "-", displayName: "stdin")]),
                                        into: sink)
            return sink
        }
        #expect(sink.messages(of: "stdin") == ["first line", "second line"])
    }

    @Test func aUnitOfAFolderWithTwoDevicesReadsEachOnItsOwn() throws {
        let dir = TestPaths.temporaryDirectory("folders")
        let inbox = dir.appendingPathComponent("inbox")
        try InputTest.write("2024-03-01T10:00:00Z p: a\n", to: inbox.appendingPathComponent("phone-a/system_log.txt"))
        try FileManager.default.copyItem(atPath: TestPaths.fixture("input/two.log.gz"),
                                         toPath: inbox.appendingPathComponent("phone-b.log.gz").path)
        let units = try UnitPlanner.units(paths: [inbox.path], sameDevice: false, deviceName: nil)
        var byDevice: [String: [String]] = [:]
        for unit in units {
            let sink = RecordingSink()
            try InputTest.reader().read(unit: unit, into: sink)
            byDevice[unit.device] = sink.facts.map { "\($0.device) \($0.path) \($0.records)" }
        }
        let a = inbox.path + "/phone-a", b = inbox.path + "/phone-b.log.gz"
        #expect(byDevice == [a: ["\(a) \(a)/system_log.txt 1"], b: ["\(b) \(b) 2"]])
    }

    @Test func aLogarchiveFolderGivesOneWarning() throws {
        let dir = TestPaths.temporaryDirectory("folders")
        let root = dir.appendingPathComponent("case")
        try InputTest.write([0, 16, 0, 0, 0, 0, 0, 0], to: root.appendingPathComponent("system_logs.logarchive/Persist/1.tracev3"))
        try InputTest.write("<plist/>", to: root.appendingPathComponent("system_logs.logarchive/Info.plist"))
        let sink = try InputTest.read(root.path, name: "case")
        #expect(sink.facts == [SourceFacts(path: "case/system_logs.logarchive", device: "case", warnings: [
            "binary unified log: convert with `log show --style ndjson` on a Mac or with macos-UnifiedLogs",
        ])])
    }

    @Test func aPathThatVanishedBeforeReadingStops() throws {
        let missing = TestPaths.temporaryDirectory("folders").appendingPathComponent("gone.log").path
        #expect(throws: ToolError("cannot read \(missing): No such file or directory")) {
            try InputTest.read(missing)
        }
    }

    /// Runs `body` with file descriptor 0 reading `path`, then restores it.
    func withStandardInput<T>(from path: String, _ body: () throws -> T) throws -> T {
        let saved = dup(0)
        let fd = open(path, O_RDONLY)
        #expect(fd >= 0)
        dup2(fd, 0)
        close(fd)
        defer {
            dup2(saved, 0)
            close(saved)
        }
        return try body()
    }
}
