import Foundation
import Testing

/// How the binary behaves towards the terminal and the shell: broken pipes, color,
/// and finding its shipped rules after installation.
@Suite struct TerminalBehaviourTests {
    /// A log with `count` store purges an hour apart, so the report is far larger than a pipe buffer.
    static func manyPurges(_ count: Int) throws -> URL {
        let dir = TestPaths.temporaryDirectory("many")
        let d = "<NSCloudKitMirroringDelegate: 0x600003d082d0>"
        var text = "Timestamp                       Thread     Type        Activity             PID    TTL  \n"
        for i in 0..<count {
            let hour = String(format: "%02d", i % 24), day = String(format: "%02d", 1 + i / 24)
            func line(_ s: Int, _ message: String) -> String {
                "2026-03-\(day) \(hour):00:\(String(format: "%02d", s)).000000+0000 0x1a2b3    Error       0x0                  812    0    Ledgerly: (CoreData) [com.apple.coredata:error] \(message)\n"
            }
            text += line(1, "error: CoreData+CloudKit: -[NSCloudKitMirroringDelegate logResetSyncNotification:](2890): \(d): Sending 'NSCloudKitMirroringDelegateWillResetSyncNotificationName' with reason: 'HistoryExpired'")
            text += line(2, "error: CoreData+CloudKit: -[NSCloudKitMirroringDelegate logResetSyncNotification:](2890): \(d): Sending 'NSCloudKitMirroringDelegateDidResetSyncNotificationName' with reason: 'HistoryExpired'")
        }
        let url = dir.appendingPathComponent("many.log")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test func brokenPipeOnStdoutIsNotAnError() throws {
        let log = try Self.manyPurges(300)
        let run = try BinaryRun.run(["-c", "set -o pipefail; '\(TestPaths.binary)' analyze --format json '\(log.path)' | head -c 100 >/dev/null"],
                                    executable: "/bin/bash")
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stderr.isEmpty)
    }

    @Test func colorOnlyWhenAskedOrOnATerminal() throws {
        let sample = TestPaths.sample("lost-purge-log-show.log")
        let piped = try BinaryRun.run(["analyze", sample])
        #expect(!piped.stdout.contains("\u{1b}["))
        let always = try BinaryRun.run(["analyze", "--color", "always", sample])
        #expect(always.stdout.contains("\u{1b}["))
        // On a real terminal (script(1) gives the child a pty) color is on, unless NO_COLOR is set.
        let command = "'\(TestPaths.binary)' analyze '\(sample)'"
        let tty = try BinaryRun.run(["-qec", command, "/dev/null"], environment: ["TERM": "xterm-256color", "NO_COLOR": ""],
                                  executable: "/usr/bin/script")
        #expect(tty.stdout.contains("\u{1b}["))
        let noColor = try BinaryRun.run(["-qec", command, "/dev/null"], environment: ["NO_COLOR": "1", "TERM": "xterm-256color"],
                                        executable: "/usr/bin/script")
        #expect(!noColor.stdout.contains("\u{1b}["))
        #expect(noColor.stdout.contains("store-purge"))
    }

    @Test func installedBinaryFindsItsShippedRulesFromAnyFolder() throws {
        let prefix = TestPaths.temporaryDirectory("prefix")
        let fm = FileManager.default
        try fm.createDirectory(at: prefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try fm.createDirectory(at: prefix.appendingPathComponent("share/purgetrace"), withIntermediateDirectories: true)
        try fm.copyItem(atPath: TestPaths.binary, toPath: prefix.appendingPathComponent("bin/purgetrace").path)
        try fm.copyItem(at: TestPaths.rules, to: prefix.appendingPathComponent("share/purgetrace/rules"))
        let run = try BinaryRun.run(["analyze", "--format", "json", TestPaths.sample("lost-purge-log-show.log")],
                                    environment: ["PURGETRACE_RULES_DIR": ""],
                                    executable: prefix.appendingPathComponent("bin/purgetrace").path,
                                    currentDirectory: URL(fileURLWithPath: "/"))
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdout.contains("\"kind\": \"store-purge\""))
        #expect(run.stdout.contains(prefix.appendingPathComponent("share/purgetrace/rules").path) == false)
    }

    @Test func missingRulesDirectoryIsAnErrorNamingIt() throws {
        let run = try BinaryRun.run(["analyze", "--rules-dir", "/nonexistent/rules", TestPaths.sample("no-incident-xcode.log")])
        #expect(run.status == 2)
        #expect(run.stderr == "purgetrace: error: rules directory not found: /nonexistent/rules\n")
    }
}
