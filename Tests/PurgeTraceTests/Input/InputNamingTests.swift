import Testing
@testable import PurgeTrace

@Suite struct InputNamingTests {
    @Test func sysdiagnoseNamesGiveTheCaptureInstantAndOffset() throws {
        let plus = try #require(SysdiagnoseName("sysdiagnose_2024.09.18_11-33-57+0200_iPhone-OS_iPhone_21G93.tar.gz"))
        #expect(plus.captureTime == InputTest.time("2024-09-18T09:33:57Z"))
        #expect(plus.offset == 7200)
        let minus = try #require(SysdiagnoseName("sysdiagnose_2019.03.20_10-23-45-0700_iPhone_OS_iPhone_16D57"))
        #expect(minus.captureTime == InputTest.time("2019-03-20T17:23:45Z"))
        #expect(minus.offset == -25200)
        #expect(SysdiagnoseName("sysdiagnose_2024.09.18_11-33-57_iPhone.tar.gz") == nil)  // no offset: not guessed
        #expect(SysdiagnoseName("sysdiagnose_2024.02.30_11-33-57+0200_x") == nil)  // no such date
        #expect(SysdiagnoseName("notes.txt") == nil)
    }

    @Test func theInnermostSysdiagnoseAlongASourcePathWins() {
        let path = "inbox/sysdiagnose_2024.01.01_00-00-00+0000_a.zip!/sysdiagnose_2024.09.18_11-33-57+0200_b.tar.gz!/x/logs/a.log"
        #expect(SysdiagnoseName.find(inSourcePath: path)?.offset == 7200)
        #expect(SysdiagnoseName.find(inSourcePath: "logs/a.log") == nil)
    }

    @Test func lumberjackFileNamesGiveTheProcess() {
        #expect(LumberjackFileName.appName(of: "com.example.app 2024-01-15--10-23-45-678.log") == "com.example.app")
        #expect(LumberjackFileName.appName(of: "My App 2024-01-15--10-23-45-678.log.gz") == "My App")
        #expect(LumberjackFileName.appName(of: " 2024-01-15--10-23-45-678.log") == nil)
        #expect(LumberjackFileName.appName(of: "app 2024-01-15 10-23-45-678.log") == nil)
        #expect(LumberjackFileName.appName(of: "system_log.txt") == nil)
    }

    @Test func memberNamesKeepWhatTheArchiveStores() {
        #expect(MemberName.join(container: "a.tar", member: "./x/y.log") == "a.tar!/x/y.log")
        #expect(MemberName.join(container: "a.tar", member: "../../x") == "a.tar!/../../x")
        #expect(MemberName.join(container: "a.tar", member: "/etc/x") == "a.tar!//etc/x")
        #expect(MemberName.logarchivePrefix("sd/system_logs.logarchive/Persist/1.tracev3") == "sd/system_logs.logarchive")
        #expect(MemberName.logarchivePrefix("sd/logs/a.log") == nil)
    }
}

@Suite struct ContentSniffingTests {
    func kind(_ bytes: [UInt8], name: String = "x") -> String? {
        bytes.withUnsafeBytes { BinaryContent.kind(of: $0, name: name) }
    }

    func container(_ bytes: [UInt8]) -> ContainerKind? {
        bytes.withUnsafeBytes { ContainerKind.sniff($0) }
    }

    @Test func textWithAFewNULsStaysText() {
        var bytes = Array(String(repeating: "2024-03-01T10:00:00Z app: a normal line\n", count: 100).utf8)
        bytes.replaceSubrange(100..<140, with: [UInt8](repeating: 0, count: 40))
        #expect(kind(bytes) == nil)
        // Latin-1 text is still text.
        #expect(kind(Array("caf".utf8) + [0xe9] + Array(" au lait\n".utf8)) == nil)
    }

    @Test func binaryContentIsNamed() {
        #expect(kind([UInt8](repeating: 0, count: 100)) == "binary data")
        var random = SystemRandomNumberGenerator()
        #expect(kind((0..<4096).map { _ in UInt8.random(in: 0...255, using: &random) }) == "binary data")
        #expect(kind([0x00, 0x00, 0x00, 0x01, 0x42, 0x75, 0x64, 0x31] + [UInt8](repeating: 0, count: 20)) == ".DS_Store")
        #expect(kind([0x00, 0x10, 0x00, 0x00, 0, 0, 0, 0], name: "0.tracev3") == "tracev3")
        #expect(kind([0xff, 0xfe] + Array("a\0b\0".utf8)) == "UTF-16 text (convert it to UTF-8)")
        #expect(kind(Array("<?xml version=\"1.0\"?>\n<plist version=\"1.0\">".utf8)) == "XML property list")
        #expect(kind(Array("<?xml version=\"1.0\"?>\n<log>".utf8)) == nil)
    }

    @Test func containersAreKnownByMagic() {
        #expect(container([0x1f, 0x8b, 8]) == .gzip)
        #expect(container(Array("BZh9".utf8)) == .bzip2)
        #expect(container(Array("BZhello".utf8)) == nil)
        #expect(container([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]) == .xz)
        #expect(container([0x28, 0xb5, 0x2f, 0xfd]) == .zstd)
        #expect(container(Array("PK\u{03}\u{04}".utf8)) == .zip)
        var tar = [UInt8](repeating: 0, count: 512)
        tar.replaceSubrange(257..<262, with: Array("ustar".utf8))
        #expect(container(tar) == .tar)
        #expect(container(Array(String(repeating: "plain text ", count: 60).utf8)) == nil)
    }
}
