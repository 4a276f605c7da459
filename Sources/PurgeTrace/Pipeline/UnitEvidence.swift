/// A unit after reading and matching, before correlation: its sources and event signals.
public struct UnitEvidence: Sendable {
    public var unit: EvidenceUnit
    /// Sorted by path.
    public var sources: [SourceFacts]
    /// Event signals in evidence order.
    public var signals: [Signal]
    /// Warnings of the rule engine (a rule hitting the match limit).
    public var warnings: [String]

    public init(unit: EvidenceUnit, sources: [SourceFacts], signals: [Signal], warnings: [String]) {
        self.unit = unit
        self.sources = sources
        self.signals = signals
        self.warnings = warnings
    }

    /// Contract §1 unit identity.
    public var identity: String { UnitIdentity.sha256(of: sources) }
}
