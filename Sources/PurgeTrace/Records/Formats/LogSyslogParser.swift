/// `log show --style syslog`:
/// `2023-09-27 22:55:39.622369+0200  localhost legacyScreenSaver[41737]: (sender) [sub:cat] message`.
///
/// The host is always `localhost`; there is no thread id and no level column.
enum LogSyslogLines: LineClassifier {
    /// `Timestamp                       (process)[PID]`
    static func isHeader(_ line: LineBytes) -> Bool {
        guard line.hasPrefix("Timestamp ") else { return false }
        let i = line.skipSpaces(from: 10)
        return line.matches("(process)[PID]", at: i)
    }

    static func classify(_ line: LineBytes, into head: inout RecordHead) -> LineKind {
        var i: Int
        switch line.isoStamp(at: 0, allowT: false) {
        case .none: return AppleLogLines.isNotRecord(line) ? .skip : .continuation
        case .invalid: return .malformed
        case .ok(let stamp, let end):
            guard stamp.offset != nil, line[end] == 32 else { return .malformed }
            head.stamp = stamp
            i = line.skipSpaces(from: end)
        }
        // Host
        let hostEnd = line.skipToken(from: i)
        guard hostEnd > i, line[hostEnd] == 32 else { return .malformed }
        i = hostEnd + 1
        guard let token = ProcessToken.withPid(line, from: i, image: .none), line[token.end] == 58 else { return .malformed }
        head.process = token.process
        head.pid = token.pid
        i = min(token.end + 2, line.count)
        head.messageStart = AppleLogLines.readSenderAndSubsystem(line, from: i, into: &head)
        return .record
    }
}

typealias LogSyslogParser = StatelessLineParser<LogSyslogLines>
