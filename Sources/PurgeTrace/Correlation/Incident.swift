/// A finding: a correlation with an `incident:` block matched (contract §2, incident-model.md).
public struct Incident: Sendable, Equatable {
    /// First 16 hex digits of SHA-256 over rule id, kind and each step's (source SHA-256, line, signal).
    public var id: String
    public var kind: String
    public var ruleID: String
    public var verdict: Verdict
    /// Observed step weight / total step weight, two decimals.
    public var confidence: Double
    public var reason: String?
    public var start: Instant
    public var end: Instant
    public var group: IncidentGroup
    /// nil for kinds without an outcome block.
    public var outcome: Outcome?
    /// Signals of expected steps that were not observed.
    public var missing: [String]
    public var warnings: [String]
    /// Observed steps in evidence order.
    public var steps: [Signal]
    /// nil for kinds without a coverage block.
    public var coverage: Coverage?
    /// The rule's `outcome.window` (the span after `end` that outcome and coverage looked
    /// at), so reports can show it; nil when the rule has no outcome block or it is unknown.
    public var outcomeWindow: TimeSpan?

    public init(id: String, kind: String, ruleID: String, verdict: Verdict, confidence: Double, reason: String?,
                start: Instant, end: Instant, group: IncidentGroup, outcome: Outcome?, missing: [String],
                warnings: [String], steps: [Signal], coverage: Coverage?, outcomeWindow: TimeSpan? = nil) {
        self.id = id
        self.kind = kind
        self.ruleID = ruleID
        self.verdict = verdict
        self.confidence = confidence
        self.reason = reason
        self.start = start
        self.end = end
        self.group = group
        self.outcome = outcome
        self.missing = missing
        self.warnings = warnings
        self.steps = steps
        self.coverage = coverage
        self.outcomeWindow = outcomeWindow
    }

    /// Report order: start, then id.
    public static func reportOrder(_ a: Incident, _ b: Incident) -> Bool {
        a.start != b.start ? a.start < b.start : a.id < b.id
    }
}

/// The group-by values of an incident: device always, process and pid when grouped by
/// them (pid nil when the evidence has none), and any other group-by fields.
public struct IncidentGroup: Sendable, Equatable, Hashable {
    public var device: String
    public var process: String?
    public var pid: Int64?
    public var fields: [String: FieldValue]
    public init(device: String, process: String? = nil, pid: Int64? = nil, fields: [String: FieldValue] = [:]) {
        self.device = device
        self.process = process
        self.pid = pid
        self.fields = fields
    }
}

public enum Outcome: String, Sendable, CaseIterable {
    case recovered, lost, unknown
}

public enum CoverageVerdict: String, Sendable, CaseIterable {
    case covered, partial, stale, overwritten, none, unobserved
}

/// The snapshot a coverage verdict rests on.
public struct SnapshotRef: Sendable, Equatable {
    public var time: Instant
    public var items: Int64
    public var bytes: Int64?
    public var source: String
    public var line: Int
    public init(time: Instant, items: Int64, bytes: Int64?, source: String, line: Int) {
        self.time = time
        self.items = items
        self.bytes = bytes
        self.source = source
        self.line = line
    }
}

/// Did a local safety snapshot hold the data (incident-model.md §6)?
public struct Coverage: Sendable, Equatable {
    public var verdict: CoverageVerdict
    public var snapshot: SnapshotRef?
    /// Purge point minus snapshot time.
    public var ageSeconds: Double?
    public var baselineItems: Int64?
    public var restored: Bool
    public init(verdict: CoverageVerdict, snapshot: SnapshotRef? = nil, ageSeconds: Double? = nil,
                baselineItems: Int64? = nil, restored: Bool = false) {
        self.verdict = verdict
        self.snapshot = snapshot
        self.ageSeconds = ageSeconds
        self.baselineItems = baselineItems
        self.restored = restored
    }
}
