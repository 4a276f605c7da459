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
