/// Turns one device's signals into correlation signals and incidents.
/// STUB: to be implemented by the correlation work (issue 4).
public struct Correlator: Sendable {
    public struct Result: Sendable {
        /// Signals emitted by correlation rules (e.g. `vacuum_burst`), in evidence order.
        public var signals: [Signal]
        public var incidents: [Incident]
        public var warnings: [String]
    }

    public let ruleSet: RuleSet

    public init(ruleSet: RuleSet) { self.ruleSet = ruleSet }

    /// - Parameters:
    ///   - signals: all event signals of one device, in any order.
    ///   - evidence: the device's scopes and gaps (for outcome).
    public func correlate(signals: [Signal], evidence: DeviceEvidence) -> Result {
        Result(signals: [], incidents: [], warnings: [])
    }
}
