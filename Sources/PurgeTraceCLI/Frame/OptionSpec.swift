/// One option of a command. The same definitions drive parsing and `--help`.
public struct OptionSpec: Sendable {
    /// `--format`
    public var name: String
    /// Placeholder for the value (`FORMAT`); nil for a flag.
    public var valueName: String?
    public var help: String
    /// May be given more than once (`--rules A --rules B`).
    public var repeatable: Bool
    /// Allowed values, checked while parsing.
    public var choices: [String]?

    public init(_ name: String, _ valueName: String? = nil, _ help: String, repeatable: Bool = false, choices: [String]? = nil) {
        self.name = name
        self.valueName = valueName
        self.help = help
        self.repeatable = repeatable
        self.choices = choices
    }

    public var takesValue: Bool { valueName != nil }
}

extension OptionSpec {
    /// Options of every command that reads logs (contract §1).
    public static let reading: [OptionSpec] = [
        OptionSpec("--rules", "PATH", "extra rule file or directory; repeatable; added to the shipped rules", repeatable: true),
        OptionSpec("--no-default-rules", nil, "load only the --rules files"),
        OptionSpec("--rules-dir", "DIR", "where the shipped rules are (default: next to the installed binary)"),
        OptionSpec("--input-format", "NAME", "force a parser instead of auto-detection",
                   choices: [
                       "log-show", "log-compact", "log-syslog", "log-json", "log-ndjson", "unifiedlog-csv",
                       "unifiedlog-jsonl", "idevicesyslog", "xcode-console", "console-copy", "oslog-export",
                       "lumberjack", "plain",
                   ]),
        OptionSpec("--timezone", "ZONE", "zone for timestamps that carry none (Asia/Seoul, +09:00)"),
        OptionSpec("--year", "YYYY", "year for formats without one"),
        OptionSpec("--date", "YYYY-MM-DD", "local date of the first row, for formats without a date"),
        OptionSpec("--since", "TIME", "ignore records before TIME (ISO 8601; UTC without an offset)"),
        OptionSpec("--until", "TIME", "ignore records at or after TIME"),
        OptionSpec("--same-device", nil, "all PATHs of this run come from one device"),
        OptionSpec("--device", "NAME", "name the device of this run's PATHs (implies --same-device)"),
        OptionSpec("--process-alias", "FROM=TO", "treat process name FROM as TO; repeatable", repeatable: true),
        OptionSpec("--jobs", "N", "worker count (default: all cores)"),
    ]

    /// Options of every command that writes a report.
    public static let reporting: [OptionSpec] = [
        OptionSpec("--format", "FORMAT", "report format (default text)", choices: ["text", "markdown", "json", "html"]),
        OptionSpec("--output", "FILE", "write the report to FILE instead of standard output"),
        OptionSpec("--redact", nil, "replace emails, tokens, user UUIDs and home-folder names in all output"),
        OptionSpec("--fail-on", "VERDICT", "exit 1 when an incident of at least this verdict is found",
                   choices: ["probable", "possible"]),
    ]

    /// Terminal behaviour.
    public static let terminal: [OptionSpec] = [
        OptionSpec("--quiet", nil, "print nothing but the report and errors"),
        OptionSpec("--no-progress", nil, "no progress display"),
        OptionSpec("--color", "WHEN", "color: auto, always or never (NO_COLOR is honoured)", choices: ["auto", "always", "never"]),
    ]
}
