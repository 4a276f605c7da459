/// `log show --style json` (one pretty-printed array, possibly never closed) and
/// `--style ndjson` (one object per line, then a `{"count":N,"finished":1}` trailer).
///
/// Members used: `timestamp`, `messageType`, `eventMessage`, `processImagePath` (its last
/// component is the process), `senderImagePath` (sender), `subsystem`, `category`,
/// `processID`, `threadID`. Events without a message (timesync, loss) are records with an
/// empty message; events without `messageType` (activities, signposts) have no level.
struct LogJSONParser: RecordParser {
    private var framer: JSONObjectFramer
    private var clock: SourceClock
    private let context: SourceContext
    private let scratch = ByteBuffer(capacity: 8192)
    /// Decode a line that is one whole object without the framer first (off in tests that
    /// check both ways give the same records).
    var decodesWholeLines = true
    private var stamps = IsoPrefixCache()

    init(context: SourceContext, oneObjectPerLine: Bool) {
        self.context = context
        framer = JSONObjectFramer(oneObjectPerLine: oneObjectPerLine)
        clock = SourceClock(context: context)
    }

    mutating func feed(line raw: UnsafeRawBufferPointer, number: Int, offset: Int64,
                       emit: (RecordView) -> Void) throws(ToolError) {
        if decodesWholeLines, framer.oneObjectPerLine, JSONObjectFramer.isWholeObject(raw),
           let fields = LogJSONParser.decode(raw, into: scratch) {
            // The usual line: one valid object, nothing around it — what the framer would
            // cut out is the line itself, so it need not look at every byte first.
            resolveAndEmit(fields, text: raw, line: number, offset: offset, emit: emit)
            return
        }
        framer.begin(LineBytes(raw), number: number, offset: offset)
        while let event = framer.next() {
            switch event {
            case .object(let line, let offset): decodeAndEmit(line: line, offset: offset, emit: emit)
            case .broken: context.undecodable += 1
            }
        }
    }

    mutating func finish(emit: (RecordView) -> Void) throws(ToolError) {
        if framer.finish() != nil { context.undecodable += 1 }
    }

    private mutating func decodeAndEmit(line: Int, offset: Int64, emit: (RecordView) -> Void) {
        guard let fields = LogJSONParser.decode(framer.text.all, into: scratch) else {
            context.undecodable += 1
            return
        }
        resolveAndEmit(fields, text: framer.text.all, line: line, offset: offset, emit: emit)
    }

    private mutating func resolveAndEmit(_ fields: JSONRecordFields, text: UnsafeRawBufferPointer, line: Int,
                                         offset: Int64, emit: (RecordView) -> Void) {
        if fields.isTrailer, !fields.timestamp.isPresent { return }
        guard let (time, utcOffset) = JSONStamp.resolve(fields, scratch: scratch, clock: &clock, stamps: &stamps) else {
            context.undecodable += 1
            return
        }
        emit(fields.view(text: text, scratch: scratch, time: time, utcOffset: utcOffset, line: line, offset: offset))
    }

    /// The members of one object; nil when it is not valid JSON.
    static func decode(_ object: UnsafeRawBufferPointer, into scratch: ByteBuffer) -> JSONRecordFields? {
        scratch.removeAll()
        var s = JSONScanner(object)
        var f = JSONRecordFields()
        guard s.beginObject() else { return nil }
        while let key = s.nextKey() {
            switch key.count {
            case 6 where s.key(key, is: "source"): s.skipValue()
            case 8 where s.key(key, is: "threadID"): f.thread = s.integer()
            case 8 where s.key(key, is: "category"): f.category = s.string(into: scratch) ?? .none
            case 8 where s.key(key, is: "finished"):
                f.isTrailer = true
                s.skipValue()
            case 9 where s.key(key, is: "timestamp"): f.timestamp = s.string(into: scratch) ?? .none
            case 9 where s.key(key, is: "subsystem"): f.subsystem = s.string(into: scratch) ?? .none
            case 9 where s.key(key, is: "processID"): f.pid = s.integer()
            case 11 where s.key(key, is: "messageType"): f.levelName = s.string(into: scratch) ?? .none
            case 12 where s.key(key, is: "eventMessage"): f.message = s.string(into: scratch) ?? .none
            case 16 where s.key(key, is: "processImagePath"): f.process = s.string(into: scratch) ?? .none
            case 15 where s.key(key, is: "senderImagePath"): f.sender = s.string(into: scratch) ?? .none
            default: s.skipValue()
            }
            if s.failed { return nil }
        }
        guard !s.failed, s.atEnd() else { return nil }
        return f
    }
}

/// NDJSON reads in ranges (every line starts one: the framer forgets all at a line's end);
/// the pretty style does not (an object spans lines).
extension LogJSONParser: RangeReadableParser {
    var readsRanges: Bool { framer.oneObjectPerLine }

    func startsRange(_ line: LineBytes) -> Bool { true }
}
