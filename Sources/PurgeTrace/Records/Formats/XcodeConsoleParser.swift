/// The Xcode debug console as saved or copied:
/// `2020-12-10 07:50:20.202027-0800 App[3609:114892] [Common] message` (os_log, with a
/// category), `… App[7575:859800] message` (NSLog), and older NSLog/stderr lines with
/// milliseconds and no offset (`2014-07-30 11:45:15.647 WordList[65858:2586192] …`).
///
/// A line without an offset takes the offset of the last line that had one (the console
/// prints both kinds from one machine), else the source's local zone. The category is a
/// bracketed word without spaces right after the process token (an NSLog message starting
/// with `[Class method]` is left alone).
///
/// Core Data's stderr mirror: a message starting with `CoreData: ` — on a timestamped line
/// or on a bare line (which then starts a record with the previous record's time and
/// process) — becomes a record whose message drops the prefix and whose sender is
/// `CoreData`; `XcodeMirrorFilter` removes it when the os_log twin is there too.
struct XcodeConsoleParser: RecordParser {
    private var framer: LineFramer
    private var clock: SourceClock
    private let filter = XcodeMirrorFilter()
    private var pendingKind = XcodeMirrorFilter.Kind.plain
    /// The last timestamped record: what a bare mirror line borrows.
    private let lastProcess = ByteBuffer(capacity: 128)
    private var lastTime: Instant?
    private var lastOffset = 0
    private var lastPid: Int64?
    private var lastThread: UInt64?
    private var lastPrintedOffset: Int?

    init(context: SourceContext) {
        framer = LineFramer(context: context)
        clock = SourceClock(context: context)
    }

    /// Mirrors dropped so far.
    var droppedMirrors: Int { filter.dropped }

    mutating func feed(line raw: UnsafeRawBufferPointer, number: Int, offset: Int64,
                       emit: (RecordView) -> Void) throws(ToolError) {
        let line = LineBytes(raw)
        var head = RecordHead()
        let filter = self.filter
        let kind = pendingKind
        let forward: (RecordView) -> Void = { filter.accept($0, kind: kind, emit: emit) }
        switch XcodeConsoleParser.classify(line, into: &head) {
        case .record:
            var stamp = head.stamp
            if stamp.offset == nil, let printed = lastPrintedOffset {
                stamp.offset = printed
                clock.noteBorrowedOffset()
            }
            if head.stamp.offset != nil { lastPrintedOffset = head.stamp.offset }
            let (time, utcOffset) = clock.resolve(stamp)
            framer.start(line, head: head, time: time, utcOffset: utcOffset, number: number, offset: offset, emit: forward)
            lastProcess.removeAll()
            lastProcess.append(line.bytes(head.process))
            lastTime = time
            lastOffset = utcOffset
            lastPid = head.pid
            lastThread = head.thread
            pendingKind = head.sender.isPresent ? .mirror(bare: false) : .plain
        case .continuation:
            if line.hasPrefix(XcodeConsoleParser.mirrorPrefix), let time = lastTime {
                var bare = RecordHead()
                bare.sender = Span(start: 0, count: 8)
                bare.messageStart = 10
                bare.pid = lastPid
                bare.thread = lastThread
                framer.start(line, head: bare, time: time, utcOffset: lastOffset, number: number, offset: offset, emit: forward)
                framer.pending.setProcess(lastProcess.all)
                pendingKind = .mirror(bare: true)
            } else {
                framer.continuation(line)
            }
        case .skip: framer.skip(emit: forward)
        case .malformed: framer.malformed(emit: forward)
        }
    }

    mutating func finish(emit: (RecordView) -> Void) throws(ToolError) {
        let filter = self.filter
        let kind = pendingKind
        framer.finish { filter.accept($0, kind: kind, emit: emit) }
        filter.finish(emit: emit)
    }

    static let mirrorPrefix: StaticString = "CoreData: "

    static func classify(_ line: LineBytes, into head: inout RecordHead) -> LineKind {
        var i: Int
        switch line.isoStamp(at: 0, allowT: false) {
        case .none: return .continuation
        case .invalid: return .malformed
        case .ok(let stamp, let end):
            guard line[end] == 32 else { return .malformed }
            head.stamp = stamp
            i = end + 1
        }
        guard let token = ProcessToken.withThread(line, from: i, tidAlwaysHex: false),
              token.end == line.count || line[token.end] == 32 else { return .malformed }
        head.process = token.process
        head.pid = token.pid
        head.thread = token.thread
        i = min(token.end + 1, line.count)
        if line[i] == 91, let close = line.index(of: 93, from: i + 1, to: i + 66), close > i + 1,
           close + 1 == line.count || line[close + 1] == 32,
           line.index(of: 32, from: i + 1, to: close) == nil, line.index(of: 91, from: i + 1, to: close) == nil {
            head.category = Span(i + 1, end: close)
            i = min(close + 2, line.count)
        }
        if line.matches(mirrorPrefix, at: i) {
            head.sender = Span(start: i, count: 8)
            i += 10
        }
        head.messageStart = i
        return .record
    }
}
