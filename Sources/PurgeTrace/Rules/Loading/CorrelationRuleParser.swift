import YAMLKit

/// Reads a correlation rule: Sigma v2.1's `correlation:` block (contract §4.2), the
/// `sequence`/`absent` extension (§4.3) and the `incident:` block (§4.4). References are
/// kept as written here; `RuleReferences` resolves them once every file is loaded.
enum CorrelationRuleParser {
    static func parse(_ document: NodeMap, header: RuleHeader, reader: RuleNodeReader) -> CorrelationRule? {
        guard let node = document["correlation"],
              let map = reader.mapping(node, what: "correlation", allowed: RuleKeys.correlation) else { return nil }
        guard let typeNode = map["type"] else {
            reader.error("correlation has no type (event_count, value_count, temporal, temporal_ordered or sequence)",
                         line: map.mark.line)
            return nil
        }
        guard let typeName = reader.string(typeNode, what: "correlation type") else { return nil }
        guard let kind = CorrelationRule.Kind(rawValue: typeName) else {
            if RuleKeys.unsupportedCorrelationTypes.contains(typeName) {
                reader.error("unsupported correlation type '\(typeName)' (purgetrace runs event_count, value_count, "
                             + "temporal, temporal_ordered and sequence)", at: typeNode)
            } else {
                reader.error("unknown correlation type '\(typeName)' (expected event_count, value_count, temporal, "
                             + "temporal_ordered or sequence)", at: typeNode)
            }
            return nil
        }
        var timespan = TimeSpan.seconds(0)
        if let node = map["timespan"] {
            timespan = reader.duration(node, what: "timespan") ?? timespan
        } else {
            reader.error("correlation has no timespan (like 10s, 30m, 1h)", line: map.mark.line)
        }
        var rule = CorrelationRule(header: header, kind: kind, timespan: timespan)
        if let node = map["group-by"] { rule.groupBy = reader.strings(node, what: "group-by") ?? rule.groupBy }
        if let node = map["aliases"] { rule.aliases = aliases(node, reader: reader) }

        let sequenceOnly = ["steps", "require-any", "absent"]
        if kind == .sequence {
            if let node = map["rules"] {
                reader.error("a sequence lists its signals in 'steps', not 'rules'", at: node)
            }
            parseSequence(map, into: &rule, reader: reader)
        } else {
            for key in sequenceOnly where map[key] != nil {
                reader.error("'\(key)' is only allowed in a correlation of type sequence", line: map.line(key))
            }
            if let node = map["rules"] {
                rule.rules = reader.references(node, what: "rules") ?? []
                if rule.rules.isEmpty { reader.error("rules is empty", at: node) }
            } else {
                reader.error("correlation of type \(typeName) has no rules", line: map.mark.line)
            }
        }
        parseCondition(map, kind: kind, into: &rule, reader: reader)
        if let node = document["incident"] {
            rule.incident = IncidentSpecParser.parse(node, stepCount: rule.steps.count, reader: reader)
        }
        return rule
    }

    private static func parseCondition(_ map: NodeMap, kind: CorrelationRule.Kind, into rule: inout CorrelationRule,
                                       reader: RuleNodeReader) {
        if let node = map["field"] { rule.valueField = reader.string(node, what: "field") }
        guard let node = map["condition"] else {
            if kind == .eventCount || kind == .valueCount {
                reader.error("correlation of type \(kind.rawValue) has no condition (like {gte: 5})", line: map.mark.line)
            }
            if kind == .valueCount, rule.valueField == nil {
                reader.error("value_count needs the field whose distinct values are counted (condition: {field: NAME, gte: N})",
                             line: map.mark.line)
            }
            return
        }
        guard case .mapping(let pairs, _) = node else {
            reader.error("condition must be a mapping like {gte: 5}, not \(node.kindName)", at: node)
            return
        }
        for pair in pairs {
            guard let name = pair.key.scalar?.value else { continue }
            if name == "field" {
                if kind != .valueCount {
                    reader.error("condition 'field' is only for value_count", at: pair.key)
                } else if rule.valueField != nil {
                    reader.error("the value_count field is given twice (in correlation and in condition)", at: pair.key)
                } else {
                    rule.valueField = reader.string(pair.value, what: "condition field")
                }
                continue
            }
            guard let op = Comparison.Op(rawValue: name) else {
                reader.error("unknown condition '\(name)' (expected gt, gte, lt, lte, eq, neq, or field for value_count)",
                             at: pair.key)
                continue
            }
            guard let text = reader.string(pair.value, what: "condition \(name)") else { continue }
            guard let n = Int64(text) else {
                reader.error("condition \(name) must be an integer count, not '\(text)'", at: pair.value)
                continue
            }
            rule.condition.append(Comparison(op, .value(.int(n))))
        }
        if rule.condition.isEmpty, kind == .eventCount || kind == .valueCount {
            reader.error("condition has no comparison (like gte: 5)", at: node)
        }
        if kind == .valueCount, rule.valueField == nil {
            reader.error("value_count needs the field whose distinct values are counted (condition: {field: NAME, gte: N})",
                         at: node)
        }
    }

    /// Sigma aliases: `alias: {rule_or_signal: field, …}`.
    private static func aliases(_ node: YAMLNode, reader: RuleNodeReader) -> [String: [String: String]] {
        guard case .mapping(let pairs, _) = node else {
            reader.error("aliases must be a mapping, not \(node.kindName)", at: node)
            return [:]
        }
        var out: [String: [String: String]] = [:]
        for pair in pairs {
            guard let alias = pair.key.scalar?.value else { continue }
            guard case .mapping(let fieldPairs, _) = pair.value else {
                reader.error("alias '\(alias)' must map rule names to field names", at: pair.value)
                continue
            }
            var map: [String: String] = [:]
            for fieldPair in fieldPairs {
                guard let ruleName = fieldPair.key.scalar?.value,
                      let field = reader.string(fieldPair.value, what: "field of alias '\(alias)'") else { continue }
                reader.noteReference(ruleName, line: fieldPair.key.mark.line)
                map[ruleName] = field
            }
            out[alias] = map
        }
        return out
    }

    private static func parseSequence(_ map: NodeMap, into rule: inout CorrelationRule, reader: RuleNodeReader) {
        // require-any first: it is usually written first, and references keep their first line.
        if let node = map["require-any"] { rule.requireAny = reader.references(node, what: "require-any") ?? [] }
        guard let stepsNode = map["steps"] else {
            reader.error("a sequence needs steps", line: map.mark.line)
            return
        }
        let stepNodes = reader.list(stepsNode)
        if stepNodes.isEmpty { reader.error("steps is empty", at: stepsNode) }
        for (i, node) in stepNodes.enumerated() {
            guard let step = parseStep(node, index: i + 1, count: stepNodes.count, reader: reader) else { continue }
            rule.steps.append(step)
        }
        if let node = map["absent"] {
            for item in reader.list(node) {
                if let absent = parseAbsent(item, stepCount: stepNodes.count, reader: reader) { rule.absent.append(absent) }
            }
        }
    }

    private static func parseStep(_ node: YAMLNode, index: Int, count: Int, reader: RuleNodeReader) -> SequenceStep? {
        guard let map = reader.mapping(node, what: "step \(index)", allowed: RuleKeys.step) else { return nil }
        guard let ruleNode = map["rule"] else {
            reader.error("step \(index) has no rule", line: map.mark.line)
            return nil
        }
        var step = SequenceStep(signals: reader.references(ruleNode, what: "rule of step \(index)") ?? [])
        if let node = map["optional"] { step.optional = reader.bool(node, what: "optional") ?? false }
        if let node = map["weight"], let weight = reader.double(node, what: "weight") {
            if weight < 0 {
                reader.error("weight must not be negative", at: node)
            } else {
                step.weight = weight
            }
        }
        if let node = map["where"] {
            step.conditions = ConditionParser.parse(node, scope: .step(index: index, stepCount: count), reader: reader)
        }
        return step
    }

    private static func parseAbsent(_ node: YAMLNode, stepCount: Int, reader: RuleNodeReader) -> AbsentSpec? {
        guard let map = reader.mapping(node, what: "an absent entry", allowed: RuleKeys.absent) else { return nil }
        guard let ruleNode = map["rule"] else {
            reader.error("absent entry has no rule", line: map.mark.line)
            return nil
        }
        var spec = AbsentSpec(signals: reader.references(ruleNode, what: "rule of absent") ?? [], position: .after(nil))
        let positions = ["after", "between", "before"].filter { map[$0] != nil }
        if positions.count > 1 {
            reader.error("absent entry takes one of after, between or before, not \(positions.joined(separator: " and "))",
                         line: map.mark.line)
        }
        func stepNumber(_ node: YAMLNode, _ what: String) -> Int? {
            guard let n = reader.int(node, what: what) else { return nil }
            guard n >= 1 && n <= stepCount else {
                reader.error("\(what) \(n) points past the steps (this sequence has \(stepCount))", at: node)
                return nil
            }
            return n
        }
        if let node = map["after"], let n = stepNumber(node, "after") {
            spec.position = .after(n)
        } else if let node = map["before"], let n = stepNumber(node, "before") {
            spec.position = .before(n)
        } else if let node = map["between"] {
            let items = reader.list(node)
            if items.count != 2 {
                reader.error("between takes two step numbers, like [1, 2]", at: node)
            } else if let a = stepNumber(items[0], "between"), let b = stepNumber(items[1], "between") {
                if a >= b {
                    reader.error("between [\(a), \(b)] must name an earlier step first", at: node)
                } else {
                    spec.position = .between(a, b)
                }
            }
        }
        if let node = map["within"] { spec.within = reader.duration(node, what: "within") }
        if let node = map["where"] {
            spec.conditions = ConditionParser.parse(node, scope: .correlation(stepCount: stepCount), reader: reader)
        }
        return spec
    }
}
