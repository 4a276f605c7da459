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
