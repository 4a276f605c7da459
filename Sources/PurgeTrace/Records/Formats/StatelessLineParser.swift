/// The first-line shape of a line format whose reading remembers nothing but the open
/// record: one line's classification alone says whether it starts a record, continues
/// one, is outside any (a header, a footer) or is broken.
protocol LineClassifier {
    static func classify(_ line: LineBytes, into head: inout RecordHead) -> LineKind
}

/// The parser of such a format (`log show --style compact` and `syslog`, in-app OSLogStore
/// exports, plain text):
/// records framed by `LineFramer`, times resolved by `SourceClock`. Having no memory, it
/// can start reading at any line that is not a continuation, so a big file is read in byte
/// ranges on several cores.
struct StatelessLineParser<Lines: LineClassifier>: RecordParser {
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
        switch Lines.classify(line, into: &head) {
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
}

extension StatelessLineParser: RangeReadableParser {
    func startsRange(_ line: LineBytes) -> Bool {
        var head = RecordHead()
        return Lines.classify(line, into: &head) != .continuation
    }
}
