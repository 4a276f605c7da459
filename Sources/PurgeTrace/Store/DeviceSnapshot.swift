/// What the database holds for one device at commit time — every source and event
/// signal of the device, the committing unit's included — handed to the `recompute`
/// closure so that correlation sees the same evidence a one-shot `analyze` of all the
/// device's files would see.
public struct DeviceSnapshot: Sendable {
    public var device: String
    /// Sorted by path.
    public var sources: [SourceFacts]
    /// Event signals, in evidence order.
    public var signals: [Signal]

    public init(device: String, sources: [SourceFacts], signals: [Signal]) {
        self.device = device
        self.sources = sources
        self.signals = signals
    }
}

/// The device's recomputed correlation result; it replaces the device's previous
/// correlation signals, incidents and device warnings in the same transaction.
public struct DeviceCorrelation: Sendable {
    public var signals: [Signal]
    public var incidents: [Incident]
    public var warnings: [String]

    public init(signals: [Signal] = [], incidents: [Incident] = [], warnings: [String] = []) {
        self.signals = signals
        self.incidents = incidents
        self.warnings = warnings
    }

    public init(_ result: Correlator.Result) {
        self.init(signals: result.signals, incidents: result.incidents, warnings: result.warnings)
    }
}

/// What a commit did.
public struct CommitResult: Sendable, Equatable {
    public enum Status: Sendable, Equatable {
        /// The unit was added.
        case committed
        /// A unit with this identity was already committed; nothing was added.
        case alreadyPresent
    }
    public var status: Status
    public var unitID: Int64?
    public var sourcesAdded: Int
    /// Sources skipped because the device already had a file with the same SHA-256.
    public var sourcesSkipped: Int
    public var signalsAdded: Int
    public var recordsAdded: Int
    /// The device's incidents after the commit.
    public var incidents: Int

    public init(status: Status, unitID: Int64? = nil, sourcesAdded: Int = 0, sourcesSkipped: Int = 0,
                signalsAdded: Int = 0, recordsAdded: Int = 0, incidents: Int = 0) {
        self.status = status
        self.unitID = unitID
        self.sourcesAdded = sourcesAdded
        self.sourcesSkipped = sourcesSkipped
        self.signalsAdded = signalsAdded
        self.recordsAdded = recordsAdded
        self.incidents = incidents
    }
}

/// A unit row.
public struct StoredUnit: Sendable, Equatable {
    public var id: Int64
    public var path: String
    public var sha256: String
    public var device: String
    /// `ok` or `error`.
    public var status: String
    public var error: String?
    public var sources: Int
    public var records: Int
    public var signals: Int

    public var isDone: Bool { status == "ok" }
}
