/// The export formats purgetrace reads; raw values are the `--input-format` names
/// (contract §5) and the `format` reported per input.
public enum LogFormat: String, Sendable, CaseIterable, Hashable {
    case logShow = "log-show"
    case logCompact = "log-compact"
    case logSyslog = "log-syslog"
    case logJSON = "log-json"
    case logNDJSON = "log-ndjson"
    case unifiedlogCSV = "unifiedlog-csv"
    case unifiedlogJSONL = "unifiedlog-jsonl"
    case idevicesyslog
    case xcodeConsole = "xcode-console"
    case consoleCopy = "console-copy"
    case oslogExport = "oslog-export"
    case lumberjack
    case plain
}
