/// `scan --format markdown`: the totals and the same table as text, as a Markdown table
/// (for a ticket or a wiki page). Rows are written as they are read.
public struct ScanMarkdownWriter {
    public init() {}

    @discardableResult
    public func write(_ report: ScanReport, to out: (String) throws -> Void) throws -> ScanSummary {
        var summary = ScanSummary()
        var header = "# purgetrace scan\n\n"
        header += "| " + ScanTableRow.headers.joined(separator: " | ") + " |\n"
        header += "|---|---:|---:|---:|---:|---|---|---|\n"
        var started = false
        try report.forEachArchive { archive in
            if !started {
                try out(header)
                started = true
            }
            summary.add(archive)
            try out("| " + ScanTableRow(archive).cells.map(ScanMarkdownWriter.cell).joined(separator: " | ") + " |\n")
        }
        try out((started ? "\n" : "# purgetrace scan\n\n") + ScanTextWriter.totals(summary) + "\n")
        return summary
    }

    /// Pipes and backslashes escaped, so a path cannot break the table.
    static func cell(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "|": out += "\\|"
            case "\\": out += "\\\\"
            case "`": out += "\\`"
            case "<": out += "&lt;"
            default: out.append(c)
            }
        }
        return out
    }
}
