/// `log show --style syslog`:
/// `2023-09-27 22:55:39.622369+0200  localhost legacyScreenSaver[41737]: (sender) [sub:cat] message`.
///
/// The host is always `localhost`; there is no thread id and no level column.
struct LogSyslogParser: RecordParser {
    private var framer: LineFramer
    private var clock: SourceClock

    init(context: SourceContext) {
        framer = LineFramer(context: context)
        clock = SourceClock(context: context)
    }

    mutating func feed(line raw: UnsafeRawBufferPointer, number: Int, offset: Int64,
                       emit: (RecordView) -> Void) throws(ToolError) {
        let line = LineBytes(raw)
        var head = RecordHead()
        switch LogSyslogParser.classify(line, into: &head) {
        case .record:
            let (time, utcOffset) = clock.resolve(head.stamp)
            framer.start(line, head: head, time: time, utcOffset: utcOffset, number: number, offset: offset, emit: emit)
        case .continuation: framer.continuation(line)
        case .skip: framer.skip(emit: emit)
        case .malformed: framer.malformed(emit: emit)
        }
    }

    mutating func finish(emit: (RecordView) -> Void) throws(ToolError) {
        framer.finish(emit: emit)
    }

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

/// A range starts at any line that is not a continuation: the format has no memory.
extension LogSyslogParser: RangeReadableParser {
    func startsRange(_ line: LineBytes) -> Bool {
        var head = RecordHead()
        return LogSyslogParser.classify(line, into: &head) != .continuation
    }
}
