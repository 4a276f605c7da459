/// Everything a run needs besides the rules: how to read, how to group into devices,
/// how many workers.
public struct AnalysisOptions: Sendable {
    public var read: ReadOptions
    /// `--same-device`.
    public var sameDevice: Bool
    /// `--device NAME`.
    public var deviceName: String?
    /// Worker count; results never depend on it.
    public var jobs: Int

    public init(read: ReadOptions = ReadOptions(), sameDevice: Bool = false, deviceName: String? = nil, jobs: Int = 1) {
        self.read = read
        self.sameDevice = sameDevice
        self.deviceName = deviceName
        self.jobs = max(1, jobs)
    }
}
