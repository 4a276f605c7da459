// Records: bytes → records.
//
// The reader (Input/) splits a source into physical lines and hands them, one at a time,
// to the parser of the source's format; the parser pushes completed records as
// `RecordView`s whose fields point into its own reusable buffers (no allocation and no
// `String` per record — only a record some rule matches is materialized).
//
// - `Bytes/`: `LineBytes` (a line with memchr-based scanning helpers), `ByteBuffer`, `Span`.
// - `Time/`: fixed-position timestamp shapes and how a source's times become UTC: printed
//   offsets, `--timezone`/capture offset/UTC for zone-less times (cached per local hour),
//   the year of yearless logs, the date of Console.app rows.
// - `JSON/`: a byte-level object framer and member scanner for the JSON styles.
// - `Formats/`: one parser per format, sharing `LineFramer`/`PendingRecord` for the
//   line-oriented ones (a record starts where the style's timestamp starts a line; other
//   lines continue its message).
// - `FormatDetector` runs the same first-line classifiers the parsers use.
// - `RangeReadableParser`: the formats whose reading can start at a record start in the
//   middle of a file (what a parser remembers of earlier lines fits in a `ParserCarry`),
//   so a big file is read in byte ranges on several cores.
extension LogFormat {
    /// A fresh parser for one source of this format.
    public func makeParser(context: SourceContext) -> any RecordParser {
        switch self {
        case .logShow: return LogShowParser(context: context)
        case .logCompact: return LogCompactParser(context: context)
        case .logSyslog: return LogSyslogParser(context: context)
        case .logJSON: return LogJSONParser(context: context, oneObjectPerLine: false)
        case .logNDJSON: return LogJSONParser(context: context, oneObjectPerLine: true)
        case .unifiedlogCSV: return UnifiedLogCSVParser(context: context)
        case .unifiedlogJSONL: return UnifiedLogJSONLParser(context: context)
        case .idevicesyslog: return IDeviceSyslogParser(context: context)
        case .xcodeConsole: return XcodeConsoleParser(context: context)
        case .consoleCopy: return ConsoleCopyParser(context: context)
        case .oslogExport: return OSLogExportParser(context: context)
        case .lumberjack: return LumberjackParser(context: context)
        case .plain: return PlainParser(context: context)
        }
    }
}
