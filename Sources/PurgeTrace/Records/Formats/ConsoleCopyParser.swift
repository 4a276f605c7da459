/// Console.app "Copy": `default<TAB>11:12:10.147891-0500<TAB>runningboardd<TAB>message`.
///
/// Tab-separated, no header, lowercase type, no pid, and a time of day without a date
/// (`DayRollover` dates it). The message is everything after the third tab (it may hold
/// tabs); lines that do not start with `type<TAB>time` continue the previous message.
struct ConsoleCopyParser: RecordParser {
    private var framer: LineFramer
    private var clock: SourceClock
    private var rollover = DayRollover()

    init(context: SourceContext) {
        framer = LineFramer(context: context)
        clock = SourceClock(context: context)
    }

    mutating func feed(line raw: UnsafeRawBufferPointer, number: Int, offset: Int64,
                       emit: (RecordView) -> Void) throws(ToolError) {
        let line = LineBytes(raw)
        var head = RecordHead()
        switch ConsoleCopyParser.classify(line, into: &head) {
        case .record:
            let local = try rollover.localSeconds(head.stamp, context: framer.context)
            let time: Instant, utcOffset: Int
            if let printed = head.stamp.offset {
                clock.noteOffsetSeen()
                utcOffset = printed
                time = Instant(nanoseconds: (local - Int64(printed)) * 1_000_000_000 + Int64(head.stamp.nanosecond))
            } else {
                (time, utcOffset) = clock.resolve(localSeconds: local, nanosecond: head.stamp.nanosecond)
            }
            framer.start(line, head: head, time: time, utcOffset: utcOffset, number: number, offset: offset, emit: emit)
        case .continuation: framer.continuation(line)
        case .skip: framer.skip(emit: emit)
        case .malformed: framer.malformed(emit: emit)
        }
    }

    mutating func finish(emit: (RecordView) -> Void) throws(ToolError) {
        framer.finish(emit: emit)
    }

    static func classify(_ line: LineBytes, into head: inout RecordHead) -> LineKind {
        var i = 0
        while LineBytes.isLower(line[i]) { i += 1 }
        guard i > 0, i <= 12, line[i] == 9 else { return .continuation }
        let type = Span(0, end: i)
        switch line.timeStamp(at: i + 1) {
        case .none: return .continuation
        case .invalid: return .malformed
        case .ok(let stamp, let end):
            guard line[end] == 9 else { return .malformed }
            head.stamp = stamp
            i = end + 1
        }
        head.level = LogLevel.named(line, type)
        let processEnd = line.index(of: 9, from: i) ?? line.count
        if processEnd > i { head.process = Span(i, end: processEnd) }
        head.messageStart = min(processEnd + 1, line.count)
        return .record
    }
}
