import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the built `purgetrace` as a child of this process and reports its own peak
/// resident memory (the child's alone, whatever else the test process runs at the same
/// time — unlike `getrusage(RUSAGE_CHILDREN)`).
enum ChildProcess {
    struct Result {
        let status: Int32
        let peakRSSBytes: Int
        let stdout: String
        let stderr: String
    }

    static func runMeasured(_ arguments: [String]) throws -> Result {
        let folder = TestPaths.temporaryDirectory("child")
        let out = folder.appendingPathComponent("stdout").path
        let err = folder.appendingPathComponent("stderr").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var environment = ProcessInfo.processInfo.environment
        environment["PURGETRACE_RULES_DIR"] = TestPaths.rules.path
        let argv = ([TestPaths.binary] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, TestPaths.binary, &actions, nil, argv, envp)
        guard rc == 0 else { throw POSIXError(POSIXErrorCode(rawValue: rc) ?? .EINVAL) }
        var status: Int32 = 0
        var usage = rusage()
        // On Linux `ru_maxrss` also counts what the child shared with this process when it
        // was spawned (under ASan, the test process's whole 1 GB): poll the child's own
        // high-water mark instead (ChildRun.highWaterMark).
        var highWater = 0
        while true {
            highWater = max(highWater, ChildRun.highWaterMark(of: pid) ?? 0)
            let r = wait4(pid, &status, WNOHANG, &usage)
            if r == pid { break }
            guard r >= 0 || errno == EINTR else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EINVAL) }
            usleep(2000)
        }
        #if canImport(Darwin)
        let peak = Int(usage.ru_maxrss)  // bytes
        #else
        let peak = highWater > 0 ? highWater : Int(usage.ru_maxrss) * 1024  // kilobytes
        #endif
        let exited = status & 0x7f == 0
        return Result(status: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), peakRSSBytes: peak,
                      stdout: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
                      stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
    }
}
