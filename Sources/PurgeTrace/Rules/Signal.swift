/// A named observation: a record matched by an event rule, or a correlation's result.
/// Signals are the vocabulary of incident-model.md §2; user rules may emit the same names.
public struct Signal: Sendable, Equatable, Hashable {
    public var name: String
    public var ruleID: String
    public var time: Instant
    /// The unit (device) of the source.
    public var device: String
    /// Source name as reported, and its SHA-256 (for stable incident ids).
    public var source: String
    public var sourceSHA256: String
    /// 1-based line of the record's first line.
    public var line: Int
    public var process: String?
    public var pid: Int64?
    /// Captured and constant fields (correlations add `count` and their group-by values).
    public var fields: [String: FieldValue]
    /// The raw record text.
    public var text: String

    public init(name: String, ruleID: String, time: Instant, device: String, source: String,
                sourceSHA256: String = "", line: Int, process: String? = nil, pid: Int64? = nil,
                fields: [String: FieldValue] = [:], text: String = "") {
        self.name = name
        self.ruleID = ruleID
        self.time = time
        self.device = device
        self.source = source
        self.sourceSHA256 = sourceSHA256
        self.line = line
        self.process = process
        self.pid = pid
        self.fields = fields
        self.text = text
    }

    /// The one evidence order (contract §4.3): time, source, line, rule id.
    public static func evidenceOrder(_ a: Signal, _ b: Signal) -> Bool {
        if a.time != b.time { return a.time < b.time }
        if a.source != b.source { return a.source.utf8.lexicographicallyPrecedes(b.source.utf8) }
        if a.line != b.line { return a.line < b.line }
        if a.ruleID != b.ruleID { return a.ruleID.utf8.lexicographicallyPrecedes(b.ruleID.utf8) }
        return a.name.utf8.lexicographicallyPrecedes(b.name.utf8)
    }
}
