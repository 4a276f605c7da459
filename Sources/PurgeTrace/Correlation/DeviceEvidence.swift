/// What the correlation needs to know about a device's evidence beyond its signals:
/// where each process's log starts and ends, and where the evidence has holes
/// (for outcome "lost": the log continued past the window without a gap).
public struct DeviceEvidence: Sendable, Equatable {
    public var device: String
    /// Process name → first/last record time in any of the device's sources.
    public var scopes: [String: ScopeSpan]
    /// Stretches over 30 minutes that no source of the device covers.
    public var gaps: [Gap]
    public var first: Instant?
    public var last: Instant?

    public init(device: String, scopes: [String: ScopeSpan] = [:], gaps: [Gap] = [], first: Instant? = nil, last: Instant? = nil) {
        self.device = device
        self.scopes = scopes
        self.gaps = gaps
        self.first = first
        self.last = last
    }
}
