import YAMLKit

/// Reads `where` maps: `key: value`, `key: [a, b]` (any of), `key: "com.apple.*"` (glob),
/// `key: {gte: 1, lt: 10}` (comparisons, AND-ed; `$N.field` names a field of step N).
enum ConditionParser {
    enum Scope {
        /// An event rule: only record keys; no `$N`.
        case event
        /// Step `index` (1-based) of a sequence of `stepCount` steps: `$N` must name an earlier step.
        case step(index: Int, stepCount: Int)
        /// An `absent` entry or an incident selector of a correlation with `stepCount` steps.
        case correlation(stepCount: Int)
    }

    static func parse(_ node: YAMLNode, scope: Scope, reader: RuleNodeReader) -> [FieldCondition] {
        guard case .mapping(let pairs, _) = node else {
            reader.error("where must be a mapping of field names to values, not \(node.kindName)", at: node)
            return []
        }
        var conditions: [FieldCondition] = []
        var seen = Set<String>()
        for pair in pairs {
            guard let key = pair.key.scalar?.value, !(pair.key.scalar?.isNull ?? true) else {
                reader.error("where has a key that is not a plain name", at: pair.key)
                continue
            }
            if !seen.insert(key).inserted {
                reader.error("duplicate key '\(key)' in where", at: pair.key)
                continue
            }
            if case .event = scope, !RuleKeys.recordFields.contains(key) {
                var message = "unknown where key '\(key)' (an event rule tests record fields: "
                    + RuleKeys.recordFields.sorted().joined(separator: ", ") + ")"
                if let guess = RuleNodeReader.closest(to: key, in: RuleKeys.recordFields) { message += "; did you mean '\(guess)'?" }
                reader.error(message, at: pair.key)
                continue
            }
            if let test = parseTest(pair.value, key: key, scope: scope, reader: reader) {
                conditions.append(FieldCondition(key: key, test: test, line: pair.key.mark.line))
            }
        }
        return conditions
    }

    private static func parseTest(_ node: YAMLNode, key: String, scope: Scope, reader: RuleNodeReader) -> ValueTest? {
        switch node {
        case .scalar:
            return matcher(node, key: key, scope: scope, reader: reader).map { .anyOf([$0]) }
        case .sequence(let items, _):
            guard !items.isEmpty else {
                reader.error("where '\(key)' has an empty list (it could never hold)", at: node)
                return nil
            }
            var matchers: [ValueMatcher] = []
            for item in items {
                if let m = matcher(item, key: key, scope: scope, reader: reader) { matchers.append(m) }
            }
            return matchers.count == items.count ? .anyOf(matchers) : nil
        case .mapping(let pairs, _):
            var comparisons: [Comparison] = []
            var ok = true
            for pair in pairs {
                guard let name = pair.key.scalar?.value, let op = Comparison.Op(rawValue: name) else {
                    let name = pair.key.scalar?.value ?? "?"
                    reader.error("unknown comparison '\(name)' in where '\(key)' (expected eq, neq, gt, gte, lt or lte)",
                                 at: pair.key)
                    ok = false
                    continue
                }
                if let operand = operand(pair.value, key: key, scope: scope, reader: reader) {
                    comparisons.append(Comparison(op, operand))
                } else {
                    ok = false
                }
            }
            guard ok else { return nil }
            guard !comparisons.isEmpty else {
                reader.error("where '\(key)' has an empty comparison map", at: node)
                return nil
            }
            return .compare(comparisons)
        }
    }

    private static func matcher(_ node: YAMLNode, key: String, scope: Scope, reader: RuleNodeReader) -> ValueMatcher? {
        guard let value = reader.fieldValue(node, what: "where '\(key)'") else { return nil }
        if case .string(let s) = value, s.contains("*") { return .glob(s) }
        if case .event = scope, !checkKnownValue(value, key: key, node: node, reader: reader) { return nil }
        return .exact(value)
    }

    private static func operand(_ node: YAMLNode, key: String, scope: Scope, reader: RuleNodeReader) -> Operand? {
        guard let value = reader.fieldValue(node, what: "where '\(key)'") else { return nil }
        if case .string(let text) = value, text.hasPrefix("$") {
            guard let (step, field) = stepReference(text) else {
                reader.error("bad step reference '\(text)' in where '\(key)' (expected $N.field, like $1.user)", at: node)
                return nil
            }
            switch scope {
            case .event:
                reader.error("'\(text)' in where '\(key)': step references ($N.field) are only allowed in correlation steps",
                             at: node)
                return nil
            case .step(let index, let count):
                if step < 1 || step > count {
                    reader.error("'\(text)' in where '\(key)' points past the steps (this sequence has \(count))", at: node)
                    return nil
                }
                if step >= index {
                    reader.error("'\(text)' in where '\(key)' of step \(index) must name an earlier step", at: node)
                    return nil
                }
            case .correlation(let count):
                if step < 1 || step > count {
                    reader.error("'\(text)' in where '\(key)' points past the steps (this correlation has \(count))",
                                 at: node)
                    return nil
                }
            }
            return .stepField(step: step, field: field)
        }
        if case .event = scope, !checkKnownValue(value, key: key, node: node, reader: reader) { return nil }
        return .value(value)
    }

    /// `$2.user` → (2, "user").
    static func stepReference(_ text: String) -> (Int, String)? {
        let body = text.dropFirst()
        guard let dot = body.firstIndex(of: ".") else { return nil }
        let number = body[..<dot]
        let field = body[body.index(after: dot)...]
        guard let n = Int(number), !field.isEmpty,
              field.utf8.allSatisfy({ $0 == 0x5F || $0 == 0x2D || ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) })
        else { return nil }
        return (n, String(field))
    }

    /// Record keys with a closed set of values are checked (in event rules, where these keys
    /// are record fields), so `level: warning` is an error rather than a condition that can
    /// never hold.
    private static func checkKnownValue(_ value: FieldValue, key: String, node: YAMLNode, reader: RuleNodeReader) -> Bool {
        switch key {
        case "level":
            if LogLevel(rawValue: value.description) == nil {
                reader.error("unknown record level '\(value)' in where (expected one of: debug, info, default, error, fault)",
                             at: node)
                return false
            }
        case "format":
            if LogFormat(rawValue: value.description) == nil {
                reader.error("unknown format '\(value)' in where (expected one of: "
                             + LogFormat.allCases.map(\.rawValue).joined(separator: ", ") + ")", at: node)
                return false
            }
        case "pid":
            if value.intValue == nil {
                reader.error("where 'pid' must be an integer, not '\(value)'", at: node)
                return false
            }
        default:
            break
        }
        return true
    }
}
