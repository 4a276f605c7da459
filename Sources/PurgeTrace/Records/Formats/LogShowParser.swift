/// `log show` / `log stream` default style:
/// `2023-07-19 08:22:51.916784+0300 0x3058  Info  0x0  599  0  process: (sender) [sub:cat] message`.
///
/// Columns are split on whitespace runs (wide values shift them). The TTL column exists in
/// `log show` but not in older `log stream` output: the header says which; without a
/// header, a purely numeric token after the PID is the TTL (a process name would end in `:`).
struct LogShowParser: RecordParser {
    private var framer: LineFramer
    private var clock: SourceClock
    /// From the header: true when it names a TTL column; nil when no header was seen.
    private var hasTTL: Bool?
    private var stamps = IsoPrefixCache()

    init(context: SourceContext) {
        framer = LineFramer(context: context)
        clock = SourceClock(context: context)
    }

    mutating func feed(line raw: UnsafeRawBufferPointer, number: Int, offset: Int64,
                       emit: (RecordView) -> Void) throws(ToolError) {
        let line = LineBytes(raw)
        var head = RecordHead()
        switch LogShowParser.classify(line, into: &head, hasTTL: hasTTL, stamps: &stamps) {
        case .record:
            let (time, utcOffset) = clock.resolve(head.stamp)
            framer.start(line, head: head, time: time, utcOffset: utcOffset, number: number, offset: offset, emit: emit)
        case .continuation: framer.continuation(line)
        case .skip:
            if AppleLogLines.isHeader(line) { hasTTL = LogShowParser.headerHasTTL(line) }
            framer.skip(emit: emit)
        case .malformed: framer.malformed(emit: emit)
        }
    }

    mutating func finish(emit: (RecordView) -> Void) throws(ToolError) {
        framer.finish(emit: emit)
    }

    static func headerHasTTL(_ line: LineBytes) -> Bool {
        var i = 0
        while let t = line.index(of: 84, from: i) {  // "T"
            if line.matches("TTL", at: t) { return true }
            i = t + 1
        }
        return false
    }

    /// True for the header line of this style (`Timestamp  Thread  Type  Activity  PID …`).
    static func isHeader(_ line: LineBytes) -> Bool {
        guard line.hasPrefix("Timestamp ") else { return false }
        let i = line.skipSpaces(from: 10)
        return line.matches("Thread", at: i)
    }

    static func classify(_ line: LineBytes, into head: inout RecordHead, hasTTL: Bool?) -> LineKind {
        var stamps = IsoPrefixCache()
        return classify(line, into: &head, hasTTL: hasTTL, stamps: &stamps)
    }

    /// `classify` for the lines of a source in order (timestamps' date and minute cached).
    @inline(__always)
    static func classify(_ line: LineBytes, into head: inout RecordHead, hasTTL: Bool?,
                         stamps: inout IsoPrefixCache) -> LineKind {
        let stamp: Stamp
        var i: Int
        switch line.isoStampAtStart(allowT: false, cache: &stamps) {
        case .none:
            return AppleLogLines.isNotRecord(line) ? .skip : .continuation
        case .invalid: return .malformed
        case .ok(let s, let end):
            guard s.offset != nil, line[end] == 32 else { return .malformed }
            stamp = s
            i = end
        }
        head.stamp = stamp
        // Thread
        i = line.skipSpaces(from: i)
        guard line[i] == 48, line[i + 1] == 120, let (thread, threadEnd) = line.hexNumber(at: i + 2) else { return .malformed }
        head.thread = thread
        // Type
        i = line.skipSpaces(from: threadEnd)
        let typeStart = i
        while LineBytes.isLetter(line[i]) { i += 1 }
        guard i > typeStart, line[i] == 32 else { return .malformed }
        head.level = LogLevel.named(line, Span(typeStart, end: i))
        // Activity
        i = line.skipSpaces(from: i)
        guard line[i] == 48, line[i + 1] == 120, let (_, activityEnd) = line.hexNumber(at: i + 2) else { return .malformed }
        // PID
        i = line.skipSpaces(from: activityEnd)
        guard let (pid, pidEnd) = line.number(at: i), line[pidEnd] == 32 else { return .malformed }
        head.pid = pid
        i = line.skipSpaces(from: pidEnd)
        // TTL
        if hasTTL != false, let (_, ttlEnd) = line.number(at: i), line[ttlEnd] == 32 {
            i = line.skipSpaces(from: ttlEnd)
        } else if hasTTL == true {
            return .malformed
        }
        // Signpost lines: `[spid 0x…, process, begin] ` before the process name.
        if line.matches("[spid ", at: i), let close = line.index(of: 93, from: i) {
            i = line.skipSpaces(from: close + 1)
        }
        guard let processEnd = AppleLogLines.processEnd(line, from: i), processEnd > i else { return .malformed }
        head.process = Span(i, end: processEnd)
        i = min(processEnd + 2, line.count)
        head.messageStart = AppleLogLines.readSenderAndSubsystem(line, from: i, into: &head)
        return .record
    }
}

/// A range starts at any line that is not a continuation; what the header said about the
/// TTL column is carried.
extension LogShowParser: RangeReadableParser {
    var carry: ParserCarry {
        get { ParserCarry(hasTTL.map { $0 ? 2 : 1 } ?? 0) }
        set { hasTTL = newValue.value == 0 ? nil : newValue.value == 2 }
    }

    func startsRange(_ line: LineBytes) -> Bool {
        var head = RecordHead()
        // The TTL column decides between a record and a malformed line, never a continuation.
        return LogShowParser.classify(line, into: &head, hasTTL: nil) != .continuation
    }
}
