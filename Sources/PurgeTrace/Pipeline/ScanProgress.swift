/// What a scan reports while it runs (the CLI draws it; the pipeline never writes to a
/// terminal): once when the units are planned, after each unit, and once at the end.
public struct ScanProgress: Sendable {
    public enum Stage: Sendable, Equatable {
        /// Units planned and the ones already done found; nothing read yet.
        case planned
        /// One unit was committed (or found present, or recorded as failed).
        case unit(ScanUnitReport)
        case finished
    }

    public var stage: Stage
    public var tally: ScanTally
}
