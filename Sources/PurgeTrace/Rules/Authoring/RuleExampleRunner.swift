/// Runs the `examples` of event rules (`rules test`, and the test suite's check of the
/// shipped rules): a rule's examples are its test cases. Each example is parsed into
/// records (`ExampleRecords`) and run through the whole engine, prefilter included,
/// exactly as evidence would be.
public struct RuleExampleRunner {
    public struct Failure: Sendable, CustomStringConvertible {
        public var ruleID: String
        public var file: String
        /// Line of the example in the rule file.
        public var line: Int
        public var example: RuleExample
        public var problem: String

        /// `rules/a.yml:40: coredata.reset_sync_will: match example did not match (…): "<line>"`
        public var description: String {
            let kind = example.shouldMatch ? "match example" : "no-match example"
            return "\(file):\(line): \(ruleID): \(kind) \(problem): \(Self.excerpt(example.text))"
        }

        static func excerpt(_ text: String) -> String {
            let oneLine = text.replacingNewlines()
            let scalars = Array(oneLine.unicodeScalars)
            if scalars.count <= 160 { return "\"\(oneLine)\"" }
            return "\"" + String(String.UnicodeScalarView(scalars.prefix(157))) + "…\""
        }
    }

    public struct Report: Sendable {
        public var rules = 0
        public var examples = 0
        public var failures: [Failure] = []
        /// Ids of event rules that have no examples.
        public var rulesWithoutExamples: [String] = []
        public var passed: Bool { failures.isEmpty }
    }

    public let engine: RuleEngine

    public init(engine: RuleEngine) { self.engine = engine }
    public init(ruleSet: RuleSet) { self.init(engine: RuleEngine(ruleSet: ruleSet)) }

    /// Runs every example of every event rule.
    public func run() -> Report {
        var report = Report()
        let matcher = engine.makeMatcher()
        for rule in engine.ruleSet.eventRules {
            report.rules += 1
            if rule.examples.isEmpty { report.rulesWithoutExamples.append(rule.header.id) }
            for example in rule.examples {
                report.examples += 1
                if let problem = check(example, of: rule, matcher: matcher) {
                    report.failures.append(Failure(ruleID: rule.header.id, file: rule.header.file, line: example.line,
                                                   example: example, problem: problem))
                }
            }
        }
        return report
    }

    /// Runs the examples of one rule.
    public func run(ruleID: String) -> [Failure] {
        guard let rule = engine.ruleSet.eventRules.first(where: { $0.header.id == ruleID }) else { return [] }
        let matcher = engine.makeMatcher()
        return rule.examples.compactMap { example in
            check(example, of: rule, matcher: matcher).map {
                Failure(ruleID: ruleID, file: rule.header.file, line: example.line, example: example, problem: $0)
            }
        }
    }

    /// Nil when the example holds, else what went wrong.
    func check(_ example: RuleExample, of rule: EventRule, matcher: RecordMatcher) -> String? {
        let parsed = ExampleRecords.parse(text: example.text, format: example.format, name: rule.header.file)
        guard !parsed.records.isEmpty else { return "yields no record (as \(parsed.format.rawValue))" }
        let source = SourceInfo(path: "\(rule.header.file):\(example.line)", device: "example", format: parsed.format)
        var signals: [Signal] = []
        var whyNot: String?
        for record in parsed.records {
            record.withView { view in
                matcher.match(view, source: source) { signal in
                    if signal.ruleID == rule.header.id { signals.append(signal) }
                }
                if whyNot == nil, let index = engine.ruleSet.eventRules.firstIndex(where: { $0.header.id == rule.header.id }) {
                    let verdict = matcher.explain(view, source: source)[index].verdict
                    if !verdict.isMatch { whyNot = verdict.explanation }
                }
            }
        }
        if !example.shouldMatch {
            guard let signal = signals.first else { return nil }
            let fields = signal.fields.isEmpty ? "" : " with " + Self.describe(signal.fields)
            return "matched\(fields)"
        }
        guard !signals.isEmpty else {
            return "did not match (as \(parsed.format.rawValue); \(whyNot ?? "no record matched"))"
        }
        var problems: [String] = []
        for signal in signals {
            problems = []
            for (name, value) in signal.fields.sorted(by: { $0.key < $1.key })
            where FieldValue.integerFields.contains(name) && value.intValue == nil {
                problems.append("captured \(name) = '\(value)', which is not an integer")
            }
            for (name, expected) in example.fields.sorted(by: { $0.key < $1.key }) {
                guard let actual = signal.fields[name] else {
                    problems.append("yields no field '\(name)' (expected \(expected))")
                    continue
                }
                if actual != expected && !FieldValue.looselyEqual(actual, expected) {
                    problems.append("yields \(name) = \(actual) (expected \(expected))")
                }
            }
            if problems.isEmpty { return nil }
        }
        return problems.joined(separator: "; ")
    }

    static func describe(_ fields: [String: FieldValue]) -> String {
        "{" + fields.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
    }
}
