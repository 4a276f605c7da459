/// A parser that can start reading a source in the middle: a big file is cut into byte
/// ranges at lines that start a record, and each range is read by its own parser on its
/// own core (`Input/RangeScanner`), with the same records as one parser reading it all.
///
/// What makes that exact: a *range start* line closes whatever record is open (so
/// `finish` just before it emits what the line would have), and from there the parser
/// depends on earlier lines only through `carry` — which the reader checks, range by
/// range, against what the previous range's parser ended with, and reads a range again
/// when they differ. Formats whose reading carries more (console-copy's day rollover,
/// idevicesyslog's year, Xcode's mirror filter, pretty JSON) do not conform, or say no
/// in `readsRanges`.
protocol RangeReadableParser: RecordParser {
    /// False when this instance cannot (a mode of the format that carries state).
    var readsRanges: Bool { get }
    /// What the parser remembers of the lines it has read, besides the open record.
    var carry: ParserCarry { get set }
    /// True when `line` may start a range: it closes any open record, and how it and the
    /// lines after it are read depends on nothing before it but `carry`.
    func startsRange(_ line: LineBytes) -> Bool
}

extension RangeReadableParser {
    var readsRanges: Bool { true }

    /// Line formats with no memory beyond the open record.
    var carry: ParserCarry {
        get { ParserCarry() }
        set {}
    }
}
