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

/// How a line-format parser classifies a line.
enum LineKind {
    /// The line starts a record; its head is filled.
    case record
    /// The line continues the current record's message.
    case continuation
    /// A header, footer, preamble or status line: not part of any record.
    case skip
    /// The line starts like a record but cannot be read (bad timestamp, missing columns).
    case malformed
}
