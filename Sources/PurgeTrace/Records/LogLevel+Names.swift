/// Level names as the formats print them, normalized to `LogLevel`.
///
/// Mapping (documented in log-formats.md terms): `Default`/`Notice` → default;
/// `Info` → info; `Debug`/`Trace`/`Verbose` → debug; `Error` and `Warning` → error (a
/// syslog warning reports a problem, and rules asking for `level: error` should see it);
/// `Fault`/`Critical`/`Alert`/`Emergency`/`Fatal` → fault. `Activity`, `Signpost` and other
/// event kinds are records without a level (nil). Names are matched ignoring case.
extension LogLevel {
    static func named(_ line: LineBytes, _ span: Span) -> LogLevel? {
        let i = span.start
        switch span.count {
        case 1: return oneLetter(line[i])
        case 3:
            if line.matchesCaseless("err", at: i) { return .error }
            return nil
        case 4:
            if line.matchesCaseless("info", at: i) { return .info }
            if line.matchesCaseless("warn", at: i) { return .error }
            if line.matchesCaseless("crit", at: i) { return .fault }
            return nil
        case 5:
            if line.matchesCaseless("debug", at: i) { return .debug }
            if line.matchesCaseless("error", at: i) { return .error }
            if line.matchesCaseless("fault", at: i) { return .fault }
            if line.matchesCaseless("trace", at: i) { return .debug }
            if line.matchesCaseless("alert", at: i) { return .fault }
            if line.matchesCaseless("fatal", at: i) { return .fault }
            return nil
        case 6:
            if line.matchesCaseless("notice", at: i) { return .default }
            return nil
        case 7:
            if line.matchesCaseless("default", at: i) { return .default }
            if line.matchesCaseless("warning", at: i) { return .error }
            if line.matchesCaseless("verbose", at: i) { return .debug }
            return nil
        case 8:
            if line.matchesCaseless("critical", at: i) { return .fault }
            return nil
        case 9:
            if line.matchesCaseless("emergency", at: i) { return .fault }
            return nil
        default: return nil
        }
    }

    /// True for a name `named` knows, or an event kind that has no level.
    static func isKnownName(_ line: LineBytes, _ span: Span) -> Bool {
        if named(line, span) != nil { return true }
        let i = span.start
        switch span.count {
        case 8: return line.matchesCaseless("activity", at: i) || line.matchesCaseless("signpost", at: i)
        case 9: return line.matchesCaseless("undefined", at: i)
        default: return false
        }
    }

    /// One-letter levels of in-app loggers: `D I N W E F C V T` (upper or lower case).
    static func oneLetter(_ b: UInt8) -> LogLevel? {
        switch b | 0x20 {
        case 100, 118, 116: return .debug   // d v t
        case 105: return .info              // i
        case 110: return .default           // n
        case 119, 101: return .error        // w e
        case 102, 99: return .fault         // f c
        default: return nil
        }
    }

    /// `OSLogEntryLog.Level` raw values: undefined 0, debug 1, info 2, notice 3, error 4, fault 5.
    static func osLogEntry(_ value: Int) -> LogLevel? {
        switch value {
        case 1: return .debug
        case 2: return .info
        case 3: return .default
        case 4: return .error
        case 5: return .fault
        default: return nil
        }
    }
}
