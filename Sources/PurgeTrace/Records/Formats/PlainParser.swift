/// The last resort: a line that starts with a recognizable timestamp (`LineBytes.leadingStamp`)
/// starts a record whose message is the rest of the line; any other line continues it.
/// No process, pid or level — only what the text says for certain.
struct PlainParser: RecordParser {
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
        switch PlainParser.classify(line, into: &head) {
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

    static func classify(_ line: LineBytes, into head: inout RecordHead) -> LineKind {
        switch line.leadingStamp().match {
        case .none: return .continuation
        case .invalid: return .malformed
        case .ok(let stamp, let end):
            // A timestamp glued to more digits or letters is not a timestamp.
            let next = line[end]
            if next != 0, LineBytes.isDigit(next) || LineBytes.isLetter(next) { return .continuation }
            head.stamp = stamp
            var i = line.skipSpaces(from: end)
            // `12:00:00 - message`, `12:00:00: message`, `12:00:00 | message`
            if line[i] == 45 || line[i] == 124 || line[i] == 58, line[i + 1] == 32 { i = line.skipSpaces(from: i + 1) }
            head.messageStart = i
            return .record
        }
    }
}

/// A range starts at any line that is not a continuation: the format has no memory.
extension PlainParser: RangeReadableParser {
    func startsRange(_ line: LineBytes) -> Bool {
        var head = RecordHead()
        return PlainParser.classify(line, into: &head) != .continuation
    }
}
