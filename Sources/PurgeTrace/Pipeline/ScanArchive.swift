/// One unit of a scan as its report shows it (contract §2 `purgetrace.scan/1` archive).
public struct ScanArchive: Sendable, Equatable {
    public var path: String
    public var device: String
    /// The unit's identity (for a failed unit, the stable stand-in of `ScanUnitCheck`).
    public var sha256: String
    /// nil when the unit was analysed; the reason when it could not be.
    public var error: String?
    /// Its sources, by path.
    public var inputs: [SourceFacts]
    /// The incidents its evidence shows, in report order.
    public var incidents: [Incident]
    /// Warnings about the unit as a whole.
    public var warnings: [String]

    public var isOK: Bool { error == nil }

    public init(path: String, device: String, sha256: String, error: String?, inputs: [SourceFacts],
                incidents: [Incident], warnings: [String]) {
        self.path = path
        self.device = device
        self.sha256 = sha256
        self.error = error
        self.inputs = inputs
        self.incidents = incidents
        self.warnings = warnings
    }
}
