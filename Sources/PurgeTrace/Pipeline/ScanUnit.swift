/// One unit of a scan (one case, one device): the evidence to read and the name the
/// shard split uses.
public struct ScanUnit: Sendable, Equatable {
    public var unit: EvidenceUnit
    /// The unit's name relative to its PATH argument (`case-7.tar.gz` for
    /// `inbox/case-7.tar.gz`); a PATH that is itself the unit is named by its last component.
    public var shardName: String

    public init(unit: EvidenceUnit, shardName: String) {
        self.unit = unit
        self.shardName = shardName
    }

    /// The unit's path as reported (`inbox/case-7.tar.gz`): its device name and its row's path.
    public var path: String { unit.device }

    /// The file or folder read for it.
    public var fileSystemPath: String { unit.members.first?.fileSystemPath ?? unit.device }
}
