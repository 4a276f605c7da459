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
