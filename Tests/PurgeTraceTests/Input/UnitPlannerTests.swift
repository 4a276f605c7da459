import Foundation
import Testing
@testable import PurgeTrace

@Suite struct UnitPlannerTests {
    /// inbox/ with two devices (an archive and a folder), a loose file and a .DS_Store.
    func inbox() throws -> URL {
        let dir = TestPaths.temporaryDirectory("units")
        let inbox = dir.appendingPathComponent("inbox")
        try InputTest.write("x", to: inbox.appendingPathComponent("device-b/system_log.txt"))
        try InputTest.write("x", to: inbox.appendingPathComponent("device-a.zip"))
        try InputTest.write("x", to: inbox.appendingPathComponent("loose.log"))
        try InputTest.write("x", to: inbox.appendingPathComponent(".DS_Store"))
        return inbox
    }

    @Test func eachEntryOfAFolderIsOneUnitNamedFolderSlashEntry() throws {
        let inbox = try inbox()
        let units = try UnitPlanner.units(paths: [inbox.path + "/"], sameDevice: false, deviceName: nil)
        #expect(units.map(\.device) == ["device-a.zip", "device-b", "loose.log"].map { inbox.path + "/" + $0 })
        #expect(units.allSatisfy { $0.members.count == 1 && $0.members[0].displayName == $0.device })
    }

    @Test func unitOrderDoesNotDependOnArgumentOrder() throws {
        let dir = TestPaths.temporaryDirectory("units")
        let a = dir.appendingPathComponent("a.log"), b = dir.appendingPathComponent("b.log")
        try InputTest.write("x", to: a)
        try InputTest.write("x", to: b)
        let forward = try UnitPlanner.units(paths: [a.path, b.path], sameDevice: false, deviceName: nil)
        let backward = try UnitPlanner.units(paths: [b.path, a.path, a.path], sameDevice: false, deviceName: nil)
        #expect(forward == backward)
        #expect(forward.map(\.device) == [a.path, b.path])
    }

    @Test func sameDeviceMakesOneUnitOfAllPathsNamedByTheFirstInByteOrder() throws {
        let inbox = try inbox()
        let file = inbox.appendingPathComponent("loose.log").path
        let units = try UnitPlanner.units(paths: [file, inbox.path], sameDevice: true, deviceName: nil)
        #expect(units.count == 1)
        #expect(units[0].device == inbox.path)
        #expect(units[0].members.map(\.displayName) == [inbox.path, file])
    }

    @Test func deviceNameNamesTheOneUnit() throws {
        let inbox = try inbox()
        let units = try UnitPlanner.units(paths: [inbox.path, "-"], sameDevice: false, deviceName: "Ann's iPhone")
        #expect(units.map(\.device) == ["Ann's iPhone"])
        #expect(units[0].members.map(\.fileSystemPath) == [inbox.path, "-"])
    }

    @Test func dashIsStandardInputNamedStdin() throws {
        let units = try UnitPlanner.units(paths: ["-"], sameDevice: false, deviceName: nil)
        #expect(units == [EvidenceUnit(device: "stdin", members: [.init(fileSystemPath: "-", displayName: "stdin")])])
    }

    @Test func aMissingPathStopsWithItsNameAndTheReason() throws {
        let missing = TestPaths.temporaryDirectory("units").appendingPathComponent("nope.log").path
        #expect(throws: ToolError("cannot read \(missing): No such file or directory")) {
            try UnitPlanner.units(paths: [missing], sameDevice: false, deviceName: nil)
        }
    }

    @Test func aSysdiagnoseFolderOrALogarchiveIsOneUnit() throws {
        let dir = TestPaths.temporaryDirectory("units")
        let sd = dir.appendingPathComponent("sysdiagnose_2024.09.18_11-33-57+0200_iPhone-OS_iPhone_21G93")
        try InputTest.write("x", to: sd.appendingPathComponent("logs/a.log"))
        try InputTest.write("x", to: sd.appendingPathComponent("ps.txt"))
        let units = try UnitPlanner.units(paths: [sd.path], sameDevice: false, deviceName: nil)
        #expect(units.map(\.device) == [sd.path])
    }

    @Test func aFileIsOneUnitNamedAsGiven() throws {
        let dir = TestPaths.temporaryDirectory("units")
        try InputTest.write("x", to: dir.appendingPathComponent("logs/a.log"))
        // A relative path stays relative: names never depend on the working directory.
        let units = try UnitPlanner.units(paths: [dir.path + "/logs/../logs/a.log"], sameDevice: false, deviceName: nil)
        #expect(units.map(\.device) == [dir.path + "/logs/../logs/a.log"])
    }
}

@Suite struct UnitIdentityTests {
    @Test func identityHashesSortedPathAndHashPairsOfReadSources() {
        let a = SourceFacts(path: "u/a.log", device: "u", sha256: "aa")
        let b = SourceFacts(path: "u/b.log", device: "u", sha256: "bb")
        let note = SourceFacts(path: "u/x.png", device: "u", warnings: ["skipped: binary content (PNG image)"])
        let id = UnitIdentity.sha256(of: [b, note, a])
        #expect(id == SHA256.hex(of: "u/a.log\0aa\nu/b.log\0bb\n"))
        #expect(id == UnitIdentity.sha256(of: [a, b]))
        #expect(id != UnitIdentity.sha256(of: [a, SourceFacts(path: "u/b.log", device: "u", sha256: "bc")]))
    }
}
