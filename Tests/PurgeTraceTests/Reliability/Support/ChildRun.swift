import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs the `purgetrace` binary the way the hazard tests need and `BinaryRun` cannot:
/// with a deadline (a hang fails the test instead of hanging the suite), with the
/// child's peak memory and wall time (bounded cost of a decompression bomb), and with a
/// SIGKILL at a chosen moment (crash safety). `posix_spawn` and `wait4` directly,
/// because `Foundation.Process` reaps the child itself and loses its resource usage.
struct ChildRun {
    /// Exit status, or nil when the child died of a signal.
    let status: Int32?
    /// The signal that ended the child (SIGKILL when the deadline or `killAfter` hit).
    let signal: Int32?
    let stdout: String
    let stderr: String
    /// Peak resident memory of the child's own program, in bytes: on Linux the highest
    /// `VmHWM` read from `/proc/PID/status` while it ran (sampled every 2 ms, so a peak in
    /// its last moments can be missed). Not `ru_maxrss`: Linux folds the memory the child
    /// shared with this process at spawn into it, so under ASan every child "used" the test
    /// process's 1.2 GB. Elsewhere `ru_maxrss`.
    let peakMemory: Int
    let seconds: Double
    /// True when the deadline passed and the child was killed.
    let timedOut: Bool

    struct SpawnError: Error, CustomStringConvertible {
        let description: String
    }

    /// - Parameters:
    ///   - executable: absolute path; default the built `purgetrace`.
    ///   - timeout: seconds before the child is killed and `timedOut` set.
    ///   - killAfter: seconds after which the child gets SIGKILL (not a timeout).
    ///   - currentDirectory: the child's working directory (default: this process's).
    static func run(_ arguments: [String], executable: String = TestPaths.binary, environment: [String: String] = [:],
                    currentDirectory: URL? = nil, timeout: Double = 300, killAfter: Double? = nil) throws -> ChildRun {
        var env = ProcessInfo.processInfo.environment
        env["PURGETRACE_RULES_DIR"] = TestPaths.rules.path
        for (k, v) in environment { env[k] = v }

        var outPipe: [Int32] = [0, 0], errPipe: [Int32] = [0, 0]
        guard pipe(&outPipe) == 0, pipe(&errPipe) == 0 else { throw SpawnError(description: "pipe failed") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        for fd in outPipe + errPipe { posix_spawn_file_actions_addclose(&actions, fd) }

        // A working directory through the shell: `posix_spawn_file_actions_addchdir_np` is
        // not in every libc's Swift overlay, and this process must not chdir (tests run in parallel).
        let command = currentDirectory.map { ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", $0.path, executable] } ?? [executable]
        let argv = (command + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let started = Date()
        let rc = posix_spawn(&pid, command[0], &actions, nil, argv, envp)
        close(outPipe[1])
        close(errPipe[1])
        guard rc == 0 else {
            close(outPipe[0])
            close(errPipe[0])
            throw SpawnError(description: "posix_spawn \(executable) failed: \(rc)")
        }

        // Drain both pipes concurrently so a chatty child never blocks on a full pipe.
        let outReader = PipeReader(fd: outPipe[0]), errReader = PipeReader(fd: errPipe[0])
        var status: Int32 = 0
        var usage = rusage()
        var timedOut = false
        var killed = false
        var highWater = 0
        while true {
            highWater = max(highWater, ChildRun.highWaterMark(of: pid) ?? 0)
            let r = wait4(pid, &status, WNOHANG, &usage)
            if r == pid { break }
            if r < 0 && errno != EINTR { throw SpawnError(description: "wait4 failed: \(errno)") }
            let elapsed = Date().timeIntervalSince(started)
            if !killed, let killAfter, elapsed >= killAfter {
                kill(pid, SIGKILL)
                killed = true
            } else if !killed, elapsed >= timeout {
                kill(pid, SIGKILL)
                killed = true
                timedOut = true
            }
            usleep(2000)
        }
        let seconds = Date().timeIntervalSince(started)
        let out = outReader.finish(), err = errReader.finish()
        let exited = (status & 0x7f) == 0
        return ChildRun(status: exited ? (status >> 8) & 0xff : nil, signal: exited ? nil : status & 0x7f,
                        stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self),
                        peakMemory: highWater > 0 ? highWater : Int(usage.ru_maxrss) * 1024, seconds: seconds,
                        timedOut: timedOut)
    }

    /// `VmHWM` of a running process, in bytes (nil without `/proc`).
    static func highWaterMark(of pid: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kB = Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "")
        else { return nil }
        return kB * 1024
    }
}
