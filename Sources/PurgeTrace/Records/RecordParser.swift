/// A parser for one export format, fed the physical lines of one source in order.
///
/// Parsers frame records (a multi-line message continues on lines that do not start a
/// record), parse each record's fields, and convert its timestamp to UTC. Lines that are
/// not records (headers, footers, preambles, status lines) are skipped. A line that
/// looks like a record but cannot be parsed counts as undecodable in the context.
public protocol RecordParser {
    /// Feeds one line without its terminator (CR and LF already removed). Calls `emit`
    /// for each record completed by this line (usually the previous one).
    mutating func feed(line: UnsafeRawBufferPointer, number: Int, offset: Int64,
                       emit: (RecordView) -> Void) throws(ToolError)

    /// End of the source: emits the pending record, if any.
    mutating func finish(emit: (RecordView) -> Void) throws(ToolError)
}
