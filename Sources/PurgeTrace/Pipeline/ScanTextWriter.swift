/// `scan --format text` (default): a totals line and one table row per unit, columns
/// aligned. The rows are small, so they are gathered (one line per unit, never records)
/// before the column widths are known.
public struct ScanTextWriter {
    public init() {}

    @discardableResult
    public func write(_ report: ScanReport, to out: (String) throws -> Void) throws -> ScanSummary {
        var summary = ScanSummary()
        var rows: [[String]] = []
        try report.forEachArchive { archive in
            summary.add(archive)
            rows.append(ScanTableRow(archive).cells)
        }
        try out(ScanTextWriter.totals(summary) + "\n")
        guard !rows.isEmpty else { return summary }
        let header = ScanTableRow.headers.map { $0.uppercased() }
        let all = [header] + rows
        // Numbers right-aligned, text left; the last column is not padded.
        let numeric: Set<Int> = [1, 2, 3, 4]
        var widths = [Int](repeating: 0, count: header.count)
        for row in all { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        var text = "\n"
        for row in all {
            var line = ""
            for (i, cell) in row.enumerated() {
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                if i > 0 { line += "  " }
                if i == row.count - 1 { line += cell } else { line += numeric.contains(i) ? pad + cell : cell + pad }
            }
            text += line + "\n"
        }
        try out(text)
        return summary
    }

    /// `12 units: 10 ok, 2 failed. 5 incidents: 3 probable, 2 possible; 2 lost, 1 recovered, 2 unknown; 1 uncovered.`
    public static func totals(_ s: ScanSummary) -> String {
        let i = s.incidents
        var text = "\(s.archives) unit\(s.archives == 1 ? "" : "s"): \(s.ok) ok, \(s.failed) failed. "
        text += "\(i.incidents) incident\(i.incidents == 1 ? "" : "s")"
        if i.incidents > 0 {
            text += ": \(i.probable) probable, \(i.possible) possible; \(i.lost) lost, \(i.recovered) recovered, "
                + "\(i.unknown) unknown; \(i.uncovered) uncovered"
        }
        return text + "."
    }
}
