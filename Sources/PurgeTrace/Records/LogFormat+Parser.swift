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
