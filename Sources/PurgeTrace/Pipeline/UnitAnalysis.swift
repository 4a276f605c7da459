/// What one unit (one device) yields: its sources, signals and incidents.
public struct UnitAnalysis: Sendable {
    public var unit: EvidenceUnit
    public var sources: [SourceFacts]
    /// Event and correlation signals in evidence order.
    public var signals: [Signal]
    public var incidents: [Incident]
    public var warnings: [String]

    public init(unit: EvidenceUnit, sources: [SourceFacts], signals: [Signal], incidents: [Incident], warnings: [String]) {
        self.unit = unit
        self.sources = sources
        self.signals = signals
        self.incidents = incidents
        self.warnings = warnings
    }
}
