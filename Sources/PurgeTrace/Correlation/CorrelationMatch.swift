/// One firing of a correlation rule: what becomes its emitted signal and, for a rule with
/// an `incident:` block, an incident.
struct CorrelationMatch: Sendable {
    var group: GroupKey
    /// Observed signals in evidence order.
    var steps: [MatchedStep]
    /// Sequence steps by index, for `$N.field` in `probable-if`.
    var bindings: StepBindings
    /// The emitted signal's `count`: events of a run, distinct values, or observed steps.
    var count: Int
    /// Absence windows the evidence could not confirm: the match is at most `possible`.
    var unconfirmed: [String]

    init(group: GroupKey, steps: [MatchedStep], bindings: StepBindings = .none, count: Int, unconfirmed: [String] = []) {
        self.group = group
        self.steps = steps
        self.bindings = bindings
        self.count = count
        self.unconfirmed = unconfirmed
    }

    /// The correlation signal: stamped with the time, source, line and text of the first
    /// event (contract §4.2), carrying the group-by values and `count`. Process and pid
    /// come from the group when it is keyed by them, else from the events when they all
    /// agree, so a pid-grouped burst still names its process.
    func emittedSignal(rule: CorrelationRule, grouping: Grouping) -> Signal {
        let first = steps[0].signal
        var fields: [String: FieldValue] = [:]
        var process: String?
        var pid: Int64?
        for (i, key) in grouping.keys.enumerated() {
            guard let value = group.values[i] else { continue }
            switch key {
            case "device", "source": break
            case "process": if case .string(let p) = value { process = p }
            case "pid": pid = value.intValue
            default: fields[key] = value
            }
        }
        if process == nil { process = commonValue(\.process) }
        if pid == nil { pid = commonValue(\.pid) }
        fields["count"] = .int(Int64(count))
        return Signal(name: rule.header.signal, ruleID: rule.header.id, time: first.time, device: first.device,
                      source: first.source, sourceSHA256: first.sourceSHA256, line: first.line,
                      process: process, pid: pid, fields: fields, text: first.text)
    }

    /// The one value all steps that have it agree on; nil when none has it or they differ.
    func commonValue<T: Equatable>(_ path: KeyPath<Signal, T?>) -> T? {
        var found: T?
        for step in steps {
            guard let v = step.signal[keyPath: path] else { continue }
            if let f = found, f != v { return nil }
            found = v
        }
        return found
    }
}
