/// The members of one JSON log object that become a record: strings as spans of the
/// parser's scratch buffer (already unescaped), numbers as values.
struct JSONRecordFields {
    var timestamp = Span.none
    var message = Span.none
    var process = Span.none
    var sender = Span.none
    var subsystem = Span.none
    var category = Span.none
    var levelName = Span.none
    /// Nanoseconds since the epoch, when the object has no timestamp string.
    var epochNanoseconds: Double?
    var pid: Int64?
    var thread: Int64?
    /// `log show --style ndjson`'s `{"count":N,"finished":1}` trailer.
    var isTrailer = false

    init() {}

    /// A record view over the object's text and these fields; `time` is already resolved.
    func view(text: UnsafeRawBufferPointer, scratch: ByteBuffer, time: Instant, utcOffset: Int, line: Int,
              offset: Int64) -> RecordView {
        var view = RecordView(time: time, utcOffset: utcOffset, text: text,
                              message: message.isPresent ? scratch.bytes(message) : scratch.bytes(0, 0),
                              line: line, byteOffset: offset)
        let scratchLine = LineBytes(scratch.all)
        if let span = JSONRecordFields.nonEmpty(JSONRecordFields.lastPathComponent(process, in: scratchLine)) {
            view.process = scratch.bytes(span)
        }
        if let span = JSONRecordFields.nonEmpty(JSONRecordFields.lastPathComponent(sender, in: scratchLine)) {
            view.sender = scratch.bytes(span)
        }
        if let span = JSONRecordFields.nonEmpty(subsystem) { view.subsystem = scratch.bytes(span) }
        if let span = JSONRecordFields.nonEmpty(category) { view.category = scratch.bytes(span) }
        if levelName.isPresent { view.level = LogLevel.named(scratchLine, levelName) }
        view.pid = pid
        if let thread, thread >= 0 { view.thread = UInt64(thread) }
        return view
    }

    private static func nonEmpty(_ span: Span) -> Span? {
        span.isPresent && span.count > 0 ? span : nil
    }

    /// `/usr/libexec/remotepairingd` → `remotepairingd` (a bare name stays as it is).
    static func lastPathComponent(_ span: Span, in bytes: LineBytes) -> Span {
        guard span.isPresent, let slash = bytes.lastIndex(of: 47, from: span.start, before: span.end) else { return span }
        return Span(slash + 1, end: span.end)
    }
}
