/// Turns signals into signals (Sigma v2.1 correlations, and the `sequence` extension),
/// and optionally into incidents (contract §4.2–§4.4).
public struct CorrelationRule: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case eventCount = "event_count"
        case valueCount = "value_count"
        case temporal
        case temporalOrdered = "temporal_ordered"
        case sequence
    }

    public var header: RuleHeader
    public var kind: Kind
    /// Signals counted or required (event_count, value_count, temporal, temporal_ordered).
    public var rules: [String]
    /// Default `[device, pid]`.
    public var groupBy: [String]
    public var timespan: TimeSpan
    /// Conditions on the count (ranges AND-ed).
    public var condition: [Comparison]
    /// value_count: the field whose distinct values are counted.
    public var valueField: String?
    /// Sigma aliases: alias name → (signal name → field name in that signal).
    public var aliases: [String: [String: String]]
    /// sequence: at least one of these must be observed.
    public var requireAny: [String]
    public var steps: [SequenceStep]
    public var absent: [AbsentSpec]
    public var incident: IncidentSpec?

    public init(header: RuleHeader, kind: Kind, rules: [String] = [], groupBy: [String] = ["device", "pid"],
                timespan: TimeSpan, condition: [Comparison] = [], valueField: String? = nil,
                aliases: [String: [String: String]] = [:], requireAny: [String] = [], steps: [SequenceStep] = [],
                absent: [AbsentSpec] = [], incident: IncidentSpec? = nil) {
        self.header = header
        self.kind = kind
        self.rules = rules
        self.groupBy = groupBy
        self.timespan = timespan
        self.condition = condition
        self.valueField = valueField
        self.aliases = aliases
        self.requireAny = requireAny
        self.steps = steps
        self.absent = absent
        self.incident = incident
    }
}

/// One step of a sequence.
public struct SequenceStep: Sendable {
    /// Any of these signals fills the step.
    public var signals: [String]
    public var optional: Bool
    public var weight: Double
    public var conditions: [FieldCondition]
    public init(signals: [String], optional: Bool = false, weight: Double = 1, conditions: [FieldCondition] = []) {
        self.signals = signals
        self.optional = optional
        self.weight = weight
        self.conditions = conditions
    }
}

/// "A with no B": the match holds only if none of `signals` is found in the window.
public struct AbsentSpec: Sendable {
    public enum Position: Sendable, Equatable {
        /// After step N (1-based); nil means the last observed step.
        case after(Int?)
        /// Strictly between two observed steps.
        case between(Int, Int)
        /// Before step N.
        case before(Int)
    }
    public var signals: [String]
    public var position: Position
    public var within: TimeSpan?
    public var conditions: [FieldCondition]
    public init(signals: [String], position: Position, within: TimeSpan? = nil, conditions: [FieldCondition] = []) {
        self.signals = signals
        self.position = position
        self.within = within
        self.conditions = conditions
    }
}

/// A reference to signals with optional conditions on their fields
/// (`probable-if`, outcome lists): `rows_removed` or `{rule: item_count, where: {items: {eq: 0}}}`.
public struct SignalSelector: Sendable {
    public var signals: [String]
    public var conditions: [FieldCondition]
    public init(signals: [String], conditions: [FieldCondition] = []) {
        self.signals = signals
        self.conditions = conditions
    }
}

public enum Verdict: String, Sendable, CaseIterable, Comparable {
    case possible, probable
    public static func < (a: Verdict, b: Verdict) -> Bool { a == .possible && b == .probable }
}

/// The `incident:` block of a correlation.
public struct IncidentSpec: Sendable {
    public var kind: String
    public var verdict: Verdict
    public var probableIf: [SignalSelector]
    public var reasonField: String?
    public var outcome: OutcomeSpec?
    public var coverage: CoverageSpec?
    public init(kind: String, verdict: Verdict = .probable, probableIf: [SignalSelector] = [],
                reasonField: String? = nil, outcome: OutcomeSpec? = nil, coverage: CoverageSpec? = nil) {
        self.kind = kind
        self.verdict = verdict
        self.probableIf = probableIf
        self.reasonField = reasonField
        self.outcome = outcome
        self.coverage = coverage
    }
}

public struct OutcomeSpec: Sendable {
    public var window: TimeSpan
    public var recovered: [SignalSelector]
    public var lost: [SignalSelector]
    public init(window: TimeSpan = .minutes(30), recovered: [SignalSelector] = [], lost: [SignalSelector] = []) {
        self.window = window
        self.recovered = recovered
        self.lost = lost
    }
}

public struct CoverageSpec: Sendable {
    public var snapshot: [String]
    public var baseline: [String]
    public var restored: [String]
    public var purgePoint: [String]
    public var maxAge: TimeSpan
    public var minRatio: Double
    public init(snapshot: [String], baseline: [String] = [], restored: [String] = [], purgePoint: [String] = [],
                maxAge: TimeSpan = .hours(24), minRatio: Double = 0.95) {
        self.snapshot = snapshot
        self.baseline = baseline
        self.restored = restored
        self.purgePoint = purgePoint
        self.maxAge = maxAge
        self.minRatio = minRatio
    }
}
