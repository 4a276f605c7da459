extension ReportOptions {
    /// What every writer renders: the analysis in report order, redacted when asked —
    /// one fresh `Redactor` per output, so UUID numbering starts at 1 in each report.
    public func prepare(_ analysis: Analysis) -> Analysis {
        redact ? Redactor().redact(analysis) : analysis.inReportOrder
    }

    /// The writer for a format.
    public static func writer(for format: Format) -> any ReportWriter {
        switch format {
        case .text: return TextReportWriter()
        case .markdown: return MarkdownReportWriter()
        case .json: return JSONReportWriter()
        case .html: return HTMLReportWriter()
        }
    }
}
