/// The result of analyzing evidence: what reports and the timeline store are made from.
public struct Analysis: Sendable {
    public var inputs: [SourceFacts]
    public var rulesLoaded: Int
    public var ruleErrors: [String]
    /// Sorted in report order.
    public var incidents: [Incident]
    /// All signals (event and correlation), in evidence order.
    public var signals: [Signal]
    /// Run-level warnings (not tied to one input).
    public var warnings: [String]

    public init(inputs: [SourceFacts] = [], rulesLoaded: Int = 0, ruleErrors: [String] = [], incidents: [Incident] = [],
                signals: [Signal] = [], warnings: [String] = []) {
        self.inputs = inputs
        self.rulesLoaded = rulesLoaded
        self.ruleErrors = ruleErrors
        self.incidents = incidents
        self.signals = signals
        self.warnings = warnings
    }
}
