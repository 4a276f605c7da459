/// A sink that can take one source's records from several workers at once, one byte
/// range of the source each (`RangeScanner`).
///
/// Each worker pushes its range's records into its own part (`beginSource`, then `accept`
/// per record; never `endSource`), numbering lines from 1 at the range's first line. The
/// parts are then handed back in source order, so the sink ends as if it had received
/// every record itself, and `endSource` follows as usual.
protocol RangeRecordSink: RecordSink {
    /// What makes a fresh part for one range of the current source (called on the worker's
    /// thread); nil when this sink must see every record itself, in order (then the source
    /// is read in one go).
    func rangePartFactory() -> (@Sendable () -> RecordSink)?
    /// Takes a finished part, in source order; `lineOffset` is the number of lines of the
    /// source before the part's range.
    func append(part: RecordSink, lineOffset: Int)
}
