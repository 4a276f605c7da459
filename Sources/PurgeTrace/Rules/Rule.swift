import PCRE2Kit

/// Everything loaded from rule files: event rules turn records into signals,
/// correlation rules turn signals into signals and incidents.
public struct RuleSet: Sendable {
    public var eventRules: [EventRule]
    public var correlationRules: [CorrelationRule]
    /// Files the rules came from, in load order.
    public var files: [String]

    public init(eventRules: [EventRule] = [], correlationRules: [CorrelationRule] = [], files: [String] = []) {
        self.eventRules = eventRules
        self.correlationRules = correlationRules
        self.files = files
    }

    public var count: Int { eventRules.count + correlationRules.count }
}

/// Severity of a finding, Sigma's levels.
public enum RuleLevel: String, Sendable, CaseIterable {
    case info, low, medium, high, critical
}

/// Keys shared by every rule.
public struct RuleHeader: Sendable {
    public var id: String
    public var title: String?
    public var level: RuleLevel?
    /// Signal emitted; defaults to the id.
    public var signal: String
    public var tags: [String]
    public var description: String?
    /// File and line of the rule's document, for messages.
    public var file: String
    public var line: Int
    /// Sigma metadata keys (`name`, `status`, `author`, `references`, …) as written, kept for
    /// listings and reports; `tags` and `description` are also kept here.
    public var metadata: [String: JSONValue]

    public init(id: String, title: String? = nil, level: RuleLevel? = nil, signal: String? = nil,
                tags: [String] = [], description: String? = nil, file: String = "", line: Int = 0,
                metadata: [String: JSONValue] = [:]) {
        self.id = id
        self.title = title
        self.level = level
        self.signal = signal ?? id
        self.tags = tags
        self.description = description
        self.file = file
        self.line = line
        self.metadata = metadata
    }

    /// Sigma's `name` (another handle by which correlations may reference the rule).
    public var name: String? {
        if case .string(let s)? = metadata["name"] { return s }
        return nil
    }
}

/// A compiled pattern with its text and where it was written.
public struct RulePattern: Sendable {
    public var source: String
    public var pattern: Pattern
    public var line: Int
    public init(source: String, pattern: Pattern, line: Int) {
        self.source = source
        self.pattern = pattern
        self.line = line
    }
}

/// Matches single records (contract §4.1).
public struct EventRule: Sendable {
    public var header: RuleHeader
    /// `where`: every condition must hold on the record's parsed fields.
    public var conditions: [FieldCondition]
    /// Any one must match; its captures become fields.
    public var match: [RulePattern]
    /// All must match too; captures added in order.
    public var matchAll: [RulePattern]
    /// None may match.
    public var not: [RulePattern]
    public var caseless: Bool
    /// Constant fields added to every signal.
    public var fields: [String: FieldValue]
    public var examples: [RuleExample]
    /// Literals declared by the author for the prefilter (`prefilter:` key), if any.
    public var declaredLiterals: [String]?

    public init(header: RuleHeader, conditions: [FieldCondition] = [], match: [RulePattern] = [],
                matchAll: [RulePattern] = [], not: [RulePattern] = [], caseless: Bool = false,
                fields: [String: FieldValue] = [:], examples: [RuleExample] = [], declaredLiterals: [String]? = nil) {
        self.header = header
        self.conditions = conditions
        self.match = match
        self.matchAll = matchAll
        self.not = not
        self.caseless = caseless
        self.fields = fields
        self.examples = examples
        self.declaredLiterals = declaredLiterals
    }
}

/// One `examples` entry of an event rule.
public struct RuleExample: Sendable {
    public var shouldMatch: Bool
    /// One raw line, or several lines for a multi-line record.
    public var text: String
    public var format: LogFormat?
    /// Fields a `match` example must yield.
    public var fields: [String: FieldValue]
    public var line: Int

    public init(shouldMatch: Bool, text: String, format: LogFormat? = nil, fields: [String: FieldValue] = [:], line: Int = 0) {
        self.shouldMatch = shouldMatch
        self.text = text
        self.format = format
        self.fields = fields
        self.line = line
    }
}

/// One `where` key and its test.
public struct FieldCondition: Sendable {
    public var key: String
    public var test: ValueTest
    public var line: Int
    public init(key: String, test: ValueTest, line: Int = 0) {
        self.key = key
        self.test = test
        self.line = line
    }
}

/// How a `where` value is written: a value, a list (any of) with `*` globs, or a
/// comparison map whose entries are AND-ed.
public enum ValueTest: Sendable {
    case anyOf([ValueMatcher])
    case compare([Comparison])
}

public enum ValueMatcher: Sendable, Equatable {
    case exact(FieldValue)
    case glob(String)
}

public struct Comparison: Sendable, Equatable {
    public enum Op: String, Sendable, CaseIterable { case eq, neq, gt, gte, lt, lte }
    public var op: Op
    public var operand: Operand
    public init(_ op: Op, _ operand: Operand) {
        self.op = op
        self.operand = operand
    }
}

/// A comparison's right side: a constant, or `$N.field` (field of step N, 1-based).
public enum Operand: Sendable, Equatable {
    case value(FieldValue)
    case stepField(step: Int, field: String)
}
