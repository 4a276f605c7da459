/// The counts every format opens with (contract §2 `summary`).
public struct ReportSummary: Sendable, Equatable {
    public var incidents = 0
    public var probable = 0
    public var possible = 0
    public var lost = 0
    public var recovered = 0
    public var unknown = 0
    /// Incidents whose coverage is not null and not `covered`.
    public var uncovered = 0

    public init(_ incidents: [Incident]) {
        self.incidents = incidents.count
        for incident in incidents {
            switch incident.verdict {
            case .probable: probable += 1
            case .possible: possible += 1
            }
            switch incident.outcome {
            case .lost?: lost += 1
            case .recovered?: recovered += 1
            case .unknown?: unknown += 1
            case nil: break
            }
            if let coverage = incident.coverage, coverage.verdict != .covered { uncovered += 1 }
        }
    }
}

extension Analysis {
    /// True when an incident of at least `verdict` exists (`--fail-on`).
    public func hasIncident(atLeast verdict: Verdict) -> Bool {
        incidents.contains { $0.verdict >= verdict }
    }
}
