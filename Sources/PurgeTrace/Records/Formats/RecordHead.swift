/// What a line-format parser reads from the first line of a record: its timestamp and
/// fields as positions in that line. Positions stay valid once the line is copied into
/// the pending record, because the first line is copied at offset 0.
struct RecordHead {
    var stamp = Stamp()
    var process = Span.none
    var subsystem = Span.none
    var category = Span.none
    var sender = Span.none
    /// Start of the message on the first line; it runs to the end of the record (the
    /// continuation lines join it) unless `messageEnd` is set.
    var messageStart = 0
    /// An end other than the record's end (a trailing field after the message).
    var messageEnd: Int?
    var pid: Int64?
    var thread: UInt64?
    var level: LogLevel?

    init() {}
}
