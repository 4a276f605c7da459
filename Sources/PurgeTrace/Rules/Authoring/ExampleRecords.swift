/// The one place where rule examples and `rules explain` turn raw text into records.
///
/// INTERIM: until the format parsers land this calls `InterimRecordParser` (log-show,
/// log-ndjson, xcode-console, else plain). To switch, replace the body of `parse` with
/// the real parsers, e.g.
///
///     let records = RecordParsing.parse(text: text, format: format, context: SourceContext(path: name))
///
/// (adapting to what `RecordParsing.parse` returns: the detected format, or `.plain` for
/// a message-only record, and the records), and delete `InterimRecordParser.swift`.
public enum ExampleRecords {
    public struct Parsed: Sendable {
        /// The format given, or the one detected (`.plain` when none fits).
        public var format: LogFormat
        public var records: [LogRecord]
        public init(format: LogFormat, records: [LogRecord]) {
            self.format = format
            self.records = records
        }
    }

    /// - Parameters:
    ///   - text: one raw line, or several lines (a multi-line record, or several records).
    ///   - format: how to parse it; nil means detect.
    ///   - name: the source name records are reported under.
    public static func parse(text: String, format: LogFormat?, name: String = "example") -> Parsed {
        let parsed = InterimRecordParser.parse(text: text, format: format)
        return Parsed(format: parsed.format, records: parsed.records)
    }
}
