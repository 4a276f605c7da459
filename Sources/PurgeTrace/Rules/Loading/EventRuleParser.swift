import PCRE2Kit
import YAMLKit

/// Reads an event rule (contract §4.1): compiles its patterns once, here, so that a bad
/// regex is a load error with PCRE2's message and offset rather than a runtime surprise.
enum EventRuleParser {
    static func parse(_ map: NodeMap, header: RuleHeader, reader: RuleNodeReader) -> EventRule? {
        var rule = EventRule(header: header)
        if let node = map["caseless"] { rule.caseless = reader.bool(node, what: "caseless") ?? false }
        if let node = map["where"] { rule.conditions = ConditionParser.parse(node, scope: .event, reader: reader) }
        if let node = map["match"] { rule.match = patterns(node, key: "match", caseless: rule.caseless, reader: reader) }
        if let node = map["match-all"] {
            rule.matchAll = patterns(node, key: "match-all", caseless: rule.caseless, reader: reader)
        }
        if let node = map["not"] { rule.not = patterns(node, key: "not", caseless: rule.caseless, reader: reader) }
        let written = [map["match"], map["match-all"]].compactMap { $0 }.reduce(0) { $0 + reader.list($1).count }
        if written == 0 && reader.unknownKeys.isEmpty {
            reader.error("event rule has no match patterns (add 'match:' with at least one PCRE2 pattern)", line: map.mark.line)
        }
        if let node = map["prefilter"], let literals = reader.strings(node, what: "prefilter") {
            if literals.contains(where: \.isEmpty) || literals.isEmpty {
                reader.error("prefilter literals must not be empty", at: node)
            } else {
                rule.declaredLiterals = literals
            }
        }
        let captures = Set((rule.match + rule.matchAll).flatMap { $0.pattern.groupNames.values })
        if let node = map["fields"] {
            rule.fields = constantFields(node, captures: captures, reader: reader)
        }
        if let node = map["examples"] { rule.examples = examples(node, reader: reader) }
        return rule
    }

    private static func patterns(_ node: YAMLNode, key: String, caseless: Bool, reader: RuleNodeReader) -> [RulePattern] {
        let items = reader.list(node)
        var out: [RulePattern] = []
        for item in items {
            guard let text = reader.string(item, what: "a pattern of \(key)") else { continue }
            do {
                let pattern = try Pattern(text, options: caseless ? .caseless : [])
                out.append(RulePattern(source: text, pattern: pattern, line: item.mark.line))
            } catch {
                reader.error("invalid regex in \(key): \(error.message) at offset \(error.offset): \(excerpt(text, around: error.offset))",
                             at: item)
            }
        }
        return out
    }

    /// The pattern with a marker at the byte offset PCRE2 reported, shortened when long.
    static func excerpt(_ pattern: String, around offset: Int) -> String {
        let bytes = Array(pattern.utf8)
        let at = min(max(offset, 0), bytes.count)
        let from = max(0, at - 40), to = min(bytes.count, at + 40)
        let before = String(decoding: bytes[from..<at], as: UTF8.self)
        let after = String(decoding: bytes[at..<to], as: UTF8.self)
        return (from > 0 ? "…" : "") + before + "⟨HERE⟩" + after + (to < bytes.count ? "…" : "")
    }

    private static func constantFields(_ node: YAMLNode, captures: Set<String>, reader: RuleNodeReader) -> [String: FieldValue] {
        guard case .mapping(let pairs, _) = node else {
            reader.error("fields must be a mapping of names to values, not \(node.kindName)", at: node)
            return [:]
        }
        var fields: [String: FieldValue] = [:]
        for pair in pairs {
            guard let name = pair.key.scalar?.value, !(pair.key.scalar?.isNull ?? true) else {
                reader.error("fields has a key that is not a plain name", at: pair.key)
                continue
            }
            if fields[name] != nil {
                reader.error("duplicate key '\(name)' in fields", at: pair.key)
                continue
            }
            if captures.contains(name) {
                reader.error("field '\(name)' is both a constant field and a named capture; rename one of them", at: pair.key)
                continue
            }
            guard let value = typedValue(pair.value, name: name, what: "field '\(name)'", reader: reader) else { continue }
            fields[name] = value
        }
        return fields
    }

    /// A field value; integer field names (`items`, `bytes`, …) must hold integers.
    static func typedValue(_ node: YAMLNode, name: String, what: String, reader: RuleNodeReader) -> FieldValue? {
        guard let value = reader.fieldValue(node, what: what) else { return nil }
        if FieldValue.integerFields.contains(name) {
            guard let n = value.intValue else {
                reader.error("\(what) must be an integer, not '\(value)'", at: node)
                return nil
            }
            return .int(n)
        }
        if case .int(let n) = value { return .string(String(n)) }
        return value
    }

    private static func examples(_ node: YAMLNode, reader: RuleNodeReader) -> [RuleExample] {
        guard let map = reader.mapping(node, what: "examples", allowed: RuleKeys.examples) else { return [] }
        var out: [RuleExample] = []
        for (key, shouldMatch) in [("match", true), ("no-match", false)] {
            guard let list = map[key] else { continue }
            for item in reader.list(list) {
                if let example = example(item, shouldMatch: shouldMatch, reader: reader) { out.append(example) }
            }
        }
        return out
    }

    private static func example(_ node: YAMLNode, shouldMatch: Bool, reader: RuleNodeReader) -> RuleExample? {
        let what = shouldMatch ? "a match example" : "a no-match example"
        if node.scalar != nil {
            guard let text = reader.string(node, what: what) else { return nil }
            return RuleExample(shouldMatch: shouldMatch, text: text, line: node.mark.line)
        }
        let allowed = shouldMatch ? RuleKeys.matchExample : RuleKeys.noMatchExample
        guard let map = reader.mapping(node, what: what, allowed: allowed) else { return nil }
        guard let lineNode = map["line"] else {
            reader.error("\(what) has no 'line'", line: map.mark.line)
            return nil
        }
        guard let text = reader.string(lineNode, what: "line of \(what)") else { return nil }
        var example = RuleExample(shouldMatch: shouldMatch, text: text, line: map.mark.line)
        if let formatNode = map["format"], let name = reader.string(formatNode, what: "format") {
            if let format = LogFormat(rawValue: name) {
                example.format = format
            } else {
                reader.error("unknown format '\(name)' (expected one of: "
                             + LogFormat.allCases.map(\.rawValue).joined(separator: ", ") + ")", at: formatNode)
            }
        }
        if let fieldsNode = map["fields"] {
            guard case .mapping(let pairs, _) = fieldsNode else {
                reader.error("fields of \(what) must be a mapping, not \(fieldsNode.kindName)", at: fieldsNode)
                return example
            }
            for pair in pairs {
                guard let name = pair.key.scalar?.value else { continue }
                if let value = typedValue(pair.value, name: name, what: "expected field '\(name)'", reader: reader) {
                    example.fields[name] = value
                }
            }
        }
        return example
    }
}
