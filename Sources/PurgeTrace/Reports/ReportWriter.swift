// Reports: what people read, rendered from one model.
//
// Every output starts from the same `Analysis`, put in one order (`inReportOrder`) and,
// with --redact, passed once through a fresh `Redactor` (`ReportOptions.prepare`), so the
// formats agree with each other and a report from the timeline database is byte for byte
// the report of a one-shot analyze. One writer type per format (`TextReportWriter`,
// `MarkdownReportWriter`, `JSONReportWriter`, `HTMLReportWriter`); the words that explain
// verdicts, outcomes and coverage live once in `ReportText`, numbers and times in
// `HumanFormat` (integer arithmetic, no locale or zone). Log text is hostile input and
// reaches no output without `SafeText` (terminal escapes stripped, HTML and Markdown
// escaped). `TimelineView` and `TimelineExporter` serve the timeline and export commands.

/// Renders an analysis in one format. One writer type per format (text, Markdown, JSON, HTML).
public protocol ReportWriter {
    func render(_ analysis: Analysis, options: ReportOptions) -> String
}

public struct ReportOptions: Sendable {
    public enum Format: String, Sendable, CaseIterable { case text, markdown, json, html }
    /// `--redact`: replace emails, tokens, user UUIDs and home-folder names.
    public var redact: Bool
    /// ANSI color (text only; the CLI decides from TTY, NO_COLOR and --color).
    public var color: Bool
    public var toolVersion: String

    public init(redact: Bool = false, color: Bool = false, toolVersion: String = PurgeTraceVersion.current) {
        self.redact = redact
        self.color = color
        self.toolVersion = toolVersion
    }
}
