/// An incident before overlapping matches are merged, with what merging needs.
struct IncidentCandidate: Sendable {
    var incident: Incident
    /// Sum of the weights of the observed steps: the heavier of two overlapping matches wins.
    var observedWeight: Double
    var spec: IncidentSpec
    var records: Set<RecordKey> { Set(incident.steps.map(\.recordKey)) }
}
