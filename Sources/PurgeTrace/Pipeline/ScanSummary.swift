/// The totals of a scan report: units by status and the incident counts of contract §2.
public struct ScanSummary: Sendable, Equatable {
    public var archives = 0
    public var ok = 0
    public var failed = 0
    public var incidents = ReportSummary([])

    public init() {}

    public mutating func add(_ archive: ScanArchive) {
        archives += 1
        if archive.isOK { ok += 1 } else { failed += 1 }
        let counts = ReportSummary(archive.incidents)
        incidents.incidents += counts.incidents
        incidents.probable += counts.probable
        incidents.possible += counts.possible
        incidents.lost += counts.lost
        incidents.recovered += counts.recovered
        incidents.unknown += counts.unknown
        incidents.uncovered += counts.uncovered
    }

    /// `--fail-on`: an incident of at least this verdict.
    public func hasIncident(atLeast verdict: Verdict) -> Bool {
        switch verdict {
        case .probable: return incidents.probable > 0
        case .possible: return incidents.incidents > 0
        }
    }
}
