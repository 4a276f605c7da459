/// A stretch of time with no records.
public struct Gap: Sendable, Equatable, Hashable {
    public var from: Instant
    public var to: Instant
    public init(from: Instant, to: Instant) {
        self.from = from
        self.to = to
    }
    public var seconds: Double { (to - from).seconds }
}

/// First and last time a process was seen.
public struct ScopeSpan: Sendable, Equatable {
    public var first: Instant
    public var last: Instant
    public init(first: Instant, last: Instant) {
        self.first = first
        self.last = last
    }
    public mutating func include(_ t: Instant) {
        if t < first { first = t }
        if t > last { last = t }
    }
}

/// What was learned about one input file or archive member while reading it.
public struct SourceFacts: Sendable, Equatable {
    /// Name as reported: relative to the PATH argument, archive members as `ARCHIVE!/MEMBER`.
    public var path: String
    /// The unit (device) the source belongs to (incident-model.md §3).
    public var device: String
    /// SHA-256 of the source's (decompressed) bytes, lowercase hex.
    public var sha256: String
    /// Detected or forced format; nil when the source was skipped (binary, unrecognized).
    public var format: LogFormat?
    public var records: Int
    public var undecodable: Int
    public var first: Instant?
    public var last: Instant?
    /// Gaps longer than 30 minutes between consecutive records.
    public var gaps: [Gap]
    public var warnings: [String]
    public var zoneOrigin: String?
    public var dateOrigin: String?
    /// Processes seen, with their first and last record times.
    public var processes: [String: ScopeSpan]
    /// Bytes read (after decompression).
    public var bytes: Int64

    public init(path: String, device: String, sha256: String = "", format: LogFormat? = nil, records: Int = 0,
                undecodable: Int = 0, first: Instant? = nil, last: Instant? = nil, gaps: [Gap] = [],
                warnings: [String] = [], zoneOrigin: String? = nil, dateOrigin: String? = nil,
                processes: [String: ScopeSpan] = [:], bytes: Int64 = 0) {
        self.path = path
        self.device = device
        self.sha256 = sha256
        self.format = format
        self.records = records
        self.undecodable = undecodable
        self.first = first
        self.last = last
        self.gaps = gaps
        self.warnings = warnings
        self.zoneOrigin = zoneOrigin
        self.dateOrigin = dateOrigin
        self.processes = processes
        self.bytes = bytes
    }

    /// Minimum silence between two records that counts as a gap.
    public static let gapThreshold = TimeSpan.minutes(30)
}
