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

/// What happened to one unit.
public struct ScanUnitReport: Sendable, Equatable {
    public enum Status: Sendable, Equatable {
        /// Read and committed.
        case committed
        /// Read, and a unit with the same identity was already in the database.
        case alreadyPresent
        /// Recorded with status `error` and this reason.
        case failed(String)
    }

    public var path: String
    public var status: Status
    /// Bytes of the unit on disk.
    public var bytes: Int64
    /// The device's incidents after the commit.
    public var incidents: Int
}

/// Counts of a scan run, as it goes and at the end.
public struct ScanTally: Sendable, Equatable {
    /// Units of this run (after `--shard`).
    public var units = 0
    /// Found done in the database by their cached identity, without reading them.
    public var skipped = 0
    /// Units to read (`units - skipped`) and their bytes on disk.
    public var toRead = 0
    public var bytesToRead: Int64 = 0
    /// Units read so far and their bytes on disk.
    public var read = 0
    public var bytesRead: Int64 = 0
    public var committed = 0
    public var alreadyPresent = 0
    public var failed = 0
    /// Incidents of the units this run committed.
    public var incidents = 0

    public init() {}
}
