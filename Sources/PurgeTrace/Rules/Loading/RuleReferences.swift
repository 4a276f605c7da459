/// Resolves the signal references of correlation rules once every file is loaded
/// (contract §4): a name is a signal when some loaded rule emits it, and a rule id (or a
/// Sigma `name`) stands for the signal that rule emits. After resolution every reference
/// the correlator sees is a signal name. Unknown references are lint warnings; a cycle of
/// correlations is an error.
enum RuleReferences {
    /// Where each correlation rule mentioned each reference, for messages.
    typealias ReferenceLines = [String: [String: Int]]

    static func resolve(_ ruleSet: inout RuleSet, lines: ReferenceLines) -> [RuleDiagnostic] {
        var diagnostics: [RuleDiagnostic] = []
        var emitted = Set<String>()
        var signalOf: [String: String] = [:]
        for rule in ruleSet.eventRules {
            emitted.insert(rule.header.signal)
            signalOf[rule.header.id] = rule.header.signal
        }
        for rule in ruleSet.correlationRules {
            emitted.insert(rule.header.signal)
            signalOf[rule.header.id] = rule.header.signal
        }
        // Sigma names reference rules too, when they do not clash with an id.
        for header in ruleSet.eventRules.map(\.header) + ruleSet.correlationRules.map(\.header) {
            if let name = header.name, signalOf[name] == nil { signalOf[name] = header.signal }
        }

        for index in ruleSet.correlationRules.indices {
            let header = ruleSet.correlationRules[index].header
            var warned = Set<String>()
            func resolve(_ names: [String], allOf: Bool = false) -> [String] {
                var out: [String] = []
                for name in names {
                    var targets: [String] = []
                    if emitted.contains(name) { targets.append(name) }
                    if let signal = signalOf[name], signal != name { targets.append(signal) }
                    if targets.isEmpty {
                        if warned.insert(name).inserted {
                            diagnostics.append(RuleDiagnostic(
                                .warning, file: header.file, line: lines[header.id]?[name] ?? header.line, ruleID: header.id,
                                message: "references '\(name)', which no loaded rule emits"))
                        }
                        targets = [name]
                    } else if targets.count > 1, allOf {
                        // In an all-of list one reference must stay one item: the signal name wins.
                        if warned.insert(name).inserted {
                            diagnostics.append(RuleDiagnostic(
                                .warning, file: header.file, line: lines[header.id]?[name] ?? header.line, ruleID: header.id,
                                message: "'\(name)' is both a signal and the id of a rule emitting '\(targets[1])'; "
                                    + "using the signal '\(name)'"))
                        }
                        targets = [name]
                    }
                    for t in targets where !out.contains(t) { out.append(t) }
                }
                return out
            }
            var rule = ruleSet.correlationRules[index]
            let allOf = rule.kind == .temporal || rule.kind == .temporalOrdered
            rule.rules = resolve(rule.rules, allOf: allOf)
            rule.requireAny = resolve(rule.requireAny)
            for i in rule.steps.indices { rule.steps[i].signals = resolve(rule.steps[i].signals) }
            for i in rule.absent.indices { rule.absent[i].signals = resolve(rule.absent[i].signals) }
            var aliases: [String: [String: String]] = [:]
            for (alias, fields) in rule.aliases {
                var resolved: [String: String] = [:]
                for (name, field) in fields {
                    for signal in resolve([name]) { resolved[signal] = field }
                }
                aliases[alias] = resolved
            }
            rule.aliases = aliases
            if var incident = rule.incident {
                func selectors(_ list: [SignalSelector]) -> [SignalSelector] {
                    list.map { var s = $0; s.signals = resolve(s.signals); return s }
                }
                incident.probableIf = selectors(incident.probableIf)
                if var outcome = incident.outcome {
                    outcome.recovered = selectors(outcome.recovered)
                    outcome.lost = selectors(outcome.lost)
                    incident.outcome = outcome
                }
                if var coverage = incident.coverage {
                    coverage.snapshot = resolve(coverage.snapshot)
                    coverage.baseline = resolve(coverage.baseline)
                    coverage.restored = resolve(coverage.restored)
                    coverage.purgePoint = resolve(coverage.purgePoint)
                    incident.coverage = coverage
                }
                rule.incident = incident
            }
            ruleSet.correlationRules[index] = rule
        }
        diagnostics += cycles(in: ruleSet)
        return diagnostics
    }

    /// One error per cycle of correlations (a correlation that, through others, consumes its
    /// own signal), reported at the cycle's first rule in load order.
    static func cycles(in ruleSet: RuleSet) -> [RuleDiagnostic] {
        let rules = ruleSet.correlationRules
        let edges = ruleSet.correlationDependencies()
        var state = [Int](repeating: 0, count: rules.count)  // 0 new, 1 on the stack, 2 done
        var stack: [Int] = []
        var diagnostics: [RuleDiagnostic] = []
        var reported = Set<Set<Int>>()
        func visit(_ v: Int) {
            state[v] = 1
            stack.append(v)
            for w in edges[v] {
                if state[w] == 1, let start = stack.firstIndex(of: w) {
                    let cycle = Array(stack[start...])
                    if reported.insert(Set(cycle)).inserted {
                        let first = cycle.min()!
                        let k = cycle.firstIndex(of: first)!
                        let ordered = Array(cycle[k...] + cycle[..<k]) + [first]
                        let header = rules[first].header
                        diagnostics.append(RuleDiagnostic(
                            .error, file: header.file, line: header.line, ruleID: header.id,
                            message: "correlation cycle: " + ordered.map { rules[$0].header.id }.joined(separator: " → ")))
                    }
                } else if state[w] == 0 {
                    visit(w)
                }
            }
            stack.removeLast()
            state[v] = 2
        }
        for v in rules.indices where state[v] == 0 { visit(v) }
        return diagnostics
    }
}
