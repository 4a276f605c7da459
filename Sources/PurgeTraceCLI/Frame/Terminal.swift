import Foundation
import PurgeTrace
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output and error. A closed pipe on stdout (`purgetrace … | head`) ends the
/// program quietly with status 0, as a reader who stopped reading is not an error.
/// Color is used only on a TTY, never with `NO_COLOR`, unless `--color always`.
public final class Terminal: @unchecked Sendable {
    public enum ColorChoice: String, Sendable { case auto, always, never }

    public let stdoutIsTTY: Bool
    public let stderrIsTTY: Bool
    private let environment: [String: String]
    public var colorChoice: ColorChoice = .auto

    public init(environment: [String: String]) {
        self.environment = environment
        stdoutIsTTY = isatty(1) == 1
        stderrIsTTY = isatty(2) == 1
        // Writes to a closed pipe must fail with EPIPE instead of killing the process.
        signal(SIGPIPE, SIG_IGN)
    }

    /// True when text for stdout may carry ANSI color.
    public var colorOnStdout: Bool { colorAllowed(tty: stdoutIsTTY) }
    public var colorOnStderr: Bool { colorAllowed(tty: stderrIsTTY) }

    private func colorAllowed(tty: Bool) -> Bool {
        switch colorChoice {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            if environment["TERM"] == "dumb" { return false }
            return tty
        }
    }

    /// `--redact` covers stderr too: warnings, errors and progress lines name paths and
    /// quote log text, and a terminal session gets pasted into tickets. Its UUID numbering
    /// is its own (stderr is a separate output from the report).
    private var stderrRedactor: Redactor?
    private let stderrLock = NSLock()

    public func redactStandardError() {
        stderrLock.withLock { stderrRedactor = stderrRedactor ?? Redactor() }
    }

    public func write(_ text: String) { Terminal.writeAll(fd: 1, text) }
    public func writeError(_ text: String) {
        // One lock for redaction and the write: workers' lines never interleave.
        stderrLock.withLock { Terminal.writeAll(fd: 2, stderrRedactor?.redact(text) ?? text) }
    }

    /// One-line error in the contract's shape.
    public func error(_ message: String) { writeError("purgetrace: error: \(Terminal.oneLine(message))\n") }
    public func warning(_ message: String) { writeError("purgetrace: warning: \(Terminal.oneLine(message))\n") }

    /// Messages quote file names, rule ids and log text: newlines become spaces and escape
    /// sequences and other control characters go, so a hostile name cannot drive the terminal.
    static func oneLine(_ s: String) -> String {
        SafeText.terminal(String(s.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 }))
    }

    static func writeAll(fd: Int32, _ text: String) {
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = systemWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    if errno == EPIPE && fd == 1 { exit(0) }
                    return
                }
                offset += n
            }
        }
    }

    public var environmentValues: [String: String] { environment }
}

@inline(__always)
private func systemWrite(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(fd, p, n)
    #else
    return Darwin.write(fd, p, n)
    #endif
}
