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
