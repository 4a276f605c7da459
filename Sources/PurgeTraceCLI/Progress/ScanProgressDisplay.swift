import Dispatch
import PurgeTrace

/// Shows a scan's progress on standard error — the pipeline only calls back; this is the
/// one place that knows about terminals:
/// - on a TTY, one line redrawn in place (at most ten times a second): a bar, units
///   done/total, bytes, rate, ETA, incidents so far, failures;
/// - otherwise (a log file, CI), a plain line when the run starts, every 5 seconds or
///   each further 10% of the units, and at the end — never one per unit;
/// - nothing with `--quiet` or `--no-progress`.
/// Failed units are warnings (`purgetrace: warning: UNIT: reason`) unless `--quiet`.
final class ScanProgressDisplay {
    enum Mode { case bar, lines, off }

    private let terminal: Terminal
    private let mode: Mode
    private let warnFailures: Bool
    private let clock: () -> UInt64
    private var start: UInt64 = 0
    private var lastDraw: UInt64 = 0
    private var lastDecile = 0
    private var barShown = false

    /// - Parameter clock: monotonic nanoseconds (tests pass their own).
    init(terminal: Terminal, mode: Mode, warnFailures: Bool,
         clock: @escaping () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }) {
        self.terminal = terminal
        self.mode = mode
        self.warnFailures = warnFailures
        self.clock = clock
    }

    /// The mode the options and the terminal ask for.
    static func mode(quiet: Bool, noProgress: Bool, stderrIsTTY: Bool) -> Mode {
        if quiet || noProgress { return .off }
        return stderrIsTTY ? .bar : .lines
    }

    func update(_ progress: ScanProgress) {
        let now = clock()
        let t = progress.tally
        switch progress.stage {
        case .planned:
            start = now
            lastDraw = now
            if mode != .off {
                var line = "scan: \(t.units) unit\(t.units == 1 ? "" : "s")"
                if t.skipped > 0 { line += ", \(t.skipped) already done" }
                line += ", \(t.toRead) to read (\(ScanProgressDisplay.bytes(t.bytesToRead)))"
                emit(line)
            }
        case .unit(let report):
            if case .failed(let reason) = report.status, warnFailures {
                clearBar()
                terminal.warning("\(report.path): \(reason)")
            }
            switch mode {
            case .off: break
            case .bar:
                if now - lastDraw >= 100_000_000 || t.read == t.toRead { draw(t, now: now) }
            case .lines:
                let decile = t.toRead > 0 ? t.read * 10 / t.toRead : 10
                if now - lastDraw >= 5_000_000_000 || (decile > lastDecile && t.read < t.toRead) {
                    lastDecile = decile
                    lastDraw = now
                    emit("scan: " + status(t, now: now))
                }
            }
        case .finished:
            guard mode != .off else { return }
            if mode == .bar { draw(t, now: now) }
            finishBar()
            emit("scan: " + finalLine(t, now: now))
        }
    }

    // MARK: - Lines

    /// `120/1000 units  1.2 GB/3.4 GB  45.6 MB/s  ETA 1m23s  incidents 12  failed 1`
    func status(_ t: ScanTally, now: UInt64) -> String {
        statusParts(t, now: now).joined(separator: "  ")
    }

    /// The pieces of a status line, most important first except for the bytes (second, and
    /// the first to go when a terminal is narrow).
    func statusParts(_ t: ScanTally, now: UInt64) -> [String] {
        var parts = ["\(t.read)/\(t.toRead) units", "\(ScanProgressDisplay.bytes(t.bytesRead))/\(ScanProgressDisplay.bytes(t.bytesToRead))"]
        let seconds = Double(now - start) / 1e9
        if seconds > 0.2 && t.read > 0 {
            parts.append("\(ScanProgressDisplay.bytes(Int64(Double(t.bytesRead) / seconds)))/s")
            if let eta = ScanProgressDisplay.eta(t, seconds: seconds) { parts.append("ETA \(ScanProgressDisplay.duration(eta))") }
        }
        parts.append("incidents \(t.incidents)")
        if t.failed > 0 { parts.append("failed \(t.failed)") }
        return parts
    }

    /// `done: 988 units read (3.4 GB) in 1m02s: 15.9 units/s, 55.1 MB/s; 12 already done; 3 failed; 12 incidents`
    func finalLine(_ t: ScanTally, now: UInt64) -> String {
        let seconds = max(Double(now - start) / 1e9, 1e-9)
        var line = "done: \(t.read) unit\(t.read == 1 ? "" : "s") read (\(ScanProgressDisplay.bytes(t.bytesRead))) in \(ScanProgressDisplay.duration(seconds))"
        if t.read > 0 {
            line += ": " + String(format1: Double(t.read) / seconds) + " units/s, \(ScanProgressDisplay.bytes(Int64(Double(t.bytesRead) / seconds)))/s"
        }
        if t.skipped > 0 { line += "; \(t.skipped) already done" }
        if t.alreadyPresent > 0 { line += "; \(t.alreadyPresent) found present" }
        if t.failed > 0 { line += "; \(t.failed) failed" }
        line += "; \(t.incidents) incident\(t.incidents == 1 ? "" : "s")"
        return line
    }

    /// Remaining bytes at the rate so far (units when the sizes are unknown).
    static func eta(_ t: ScanTally, seconds: Double) -> Double? {
        if t.bytesToRead > 0 && t.bytesRead > 0 {
            return Double(t.bytesToRead - t.bytesRead) / (Double(t.bytesRead) / seconds)
        }
        guard t.read > 0 else { return nil }
        return Double(t.toRead - t.read) / (Double(t.read) / seconds)
    }

    // MARK: - Drawing

    private func draw(_ t: ScanTally, now: UInt64) {
        lastDraw = now
        let width = max(20, Terminal.columns(fd: 2) ?? 80) - 1
        let fraction = t.toRead > 0 ? Double(t.read) / Double(t.toRead) : 1
        let barWidth = 20
        let filled = min(barWidth, Int(fraction * Double(barWidth)))
        let bar = "[" + String(repeating: "=", count: filled) + String(repeating: " ", count: barWidth - filled) + "]"
        var parts = statusParts(t, now: now)
        // On a narrow terminal the bar goes first, then the bytes, then the end of the line.
        var line = "scan " + bar + " " + parts.joined(separator: "  ")
        if line.count > width { line = "scan " + parts.joined(separator: "  ") }
        if line.count > width, parts.count > 1 {
            parts.remove(at: 1)
            line = "scan " + parts.joined(separator: "  ")
        }
        if line.count > width { line = String(line.prefix(width)) }
        terminal.writeError("\r" + line + "\u{1B}[K")
        barShown = true
    }

    private func clearBar() {
        guard barShown else { return }
        terminal.writeError("\r\u{1B}[K")
        barShown = false
        lastDraw = 0  // redraw at the next unit
    }

    private func finishBar() {
        guard barShown else { return }
        terminal.writeError("\n")
        barShown = false
    }

    private func emit(_ line: String) {
        clearBar()
        terminal.writeError(line + "\n")
    }

    // MARK: - Units

    /// `0 B`, `512 B`, `1.5 KB`, `3.4 GB` (powers of 1000, as file managers show them).
    static func bytes(_ n: Int64) -> String {
        let units = ["B", "KB", "MB", "GB", "TB", "PB"]
        var value = Double(n)
        var i = 0
        while value >= 1000 && i < units.count - 1 {
            value /= 1000
            i += 1
        }
        return i == 0 ? "\(n) B" : String(format1: value) + " " + units[i]
    }

    /// `42s`, `3m07s`, `2h05m`.
    static func duration(_ seconds: Double) -> String {
        if seconds < 10 { return String(format1: seconds) + "s" }
        let s = Int(seconds.rounded())
        if s < 60 { return "\(s)s" }
        if s < 3600 { return "\(s / 60)m" + String(s % 60).leftPadded(to: 2) + "s" }
        return "\(s / 3600)h" + String(s % 3600 / 60).leftPadded(to: 2) + "m"
    }
}
