/// macos-UnifiedLogs iterator output as JSON Lines: snake_case keys, `process` and
/// `library` as full paths (their last component is the process / sender), `timestamp`
/// as RFC 3339 with nanoseconds and `Z` (else `time`, nanoseconds since the epoch as a
/// float), `log_type` as the level (`Create`, `Useraction`… have none).
struct UnifiedLogJSONLParser: RecordParser {
    private var framer = JSONObjectFramer(oneObjectPerLine: true)
    private var clock: SourceClock
    private let context: SourceContext
    private let scratch = ByteBuffer(capacity: 8192)
    /// Decode a line that is one whole object without the framer first (off in tests that
    /// check both ways give the same records).
    var decodesWholeLines = true
    private var stamps = IsoPrefixCache()

    init(context: SourceContext) {
        self.context = context
        clock = SourceClock(context: context)
    }

    mutating func feed(line raw: UnsafeRawBufferPointer, number: Int, offset: Int64,
                       emit: (RecordView) -> Void) throws(ToolError) {
        if decodesWholeLines, framer.oneObjectPerLine, JSONObjectFramer.isWholeObject(raw),
           let fields = UnifiedLogJSONLParser.decode(raw, into: scratch) {
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
        guard let fields = UnifiedLogJSONLParser.decode(framer.text.all, into: scratch) else {
            context.undecodable += 1
            return
        }
        resolveAndEmit(fields, text: framer.text.all, line: line, offset: offset, emit: emit)
    }

    private mutating func resolveAndEmit(_ fields: JSONRecordFields, text: UnsafeRawBufferPointer, line: Int,
                                         offset: Int64, emit: (RecordView) -> Void) {
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
            case 3 where s.key(key, is: "pid"): f.pid = s.integer()
            case 4 where s.key(key, is: "time"): f.epochNanoseconds = s.double()
            case 7 where s.key(key, is: "process"): f.process = s.string(into: scratch) ?? .none
            case 7 where s.key(key, is: "message"): f.message = s.string(into: scratch) ?? .none
            case 7 where s.key(key, is: "library"): f.sender = s.string(into: scratch) ?? .none
            case 8 where s.key(key, is: "category"): f.category = s.string(into: scratch) ?? .none
            case 8 where s.key(key, is: "log_type"): f.levelName = s.string(into: scratch) ?? .none
            case 9 where s.key(key, is: "subsystem"): f.subsystem = s.string(into: scratch) ?? .none
            case 9 where s.key(key, is: "thread_id"): f.thread = s.integer()
            case 9 where s.key(key, is: "timestamp"): f.timestamp = s.string(into: scratch) ?? .none
            default: s.skipValue()
            }
            if s.failed { return nil }
        }
        guard !s.failed, s.atEnd() else { return nil }
        return f
    }
}

/// One object per line: every line starts a range (the framer forgets all at a line's end).
extension UnifiedLogJSONLParser: RangeReadableParser {
    func startsRange(_ line: LineBytes) -> Bool { true }
}
