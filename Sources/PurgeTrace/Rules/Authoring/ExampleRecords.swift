/// The one place where rule examples and `rules explain` turn raw text into records:
/// the same format parsers as `analyze`, so an example that passes `rules test` matches
/// the same line in a real export.
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
        let parsed = RecordParsing.parse(text: text, format: format, context: SourceContext(path: name))
        return Parsed(format: parsed.format ?? .plain, records: parsed.records)
    }
}
