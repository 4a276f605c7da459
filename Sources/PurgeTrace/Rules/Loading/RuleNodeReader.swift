import YAMLKit

/// Reads the YAML nodes of one rule document and turns every problem into a diagnostic
/// naming the file, the line of the offending node and the rule id, so that a file's
/// problems are all reported at once instead of stopping at the first.
final class RuleNodeReader {
    let file: String
    /// Set as soon as the document's `id` is read; named in every later diagnostic.
    var ruleID: String?
    private(set) var diagnostics: [RuleDiagnostic] = []
    /// Signal references read so far with the line of their first mention, for the
    /// "no loaded rule emits" warnings given once every file is loaded.
    private(set) var referenceLines: [String: Int] = [:]
    /// Unknown keys met so far (a misspelled `match:` should not also report "no match").
    private(set) var unknownKeys: [String] = []

    init(file: String) { self.file = file }

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    func error(_ message: String, line: Int) {
        diagnostics.append(RuleDiagnostic(.error, file: file, line: line, ruleID: ruleID, message: message))
    }

    func error(_ message: String, at node: YAMLNode) { error(message, line: node.mark.line) }

    func warning(_ message: String, line: Int) {
        diagnostics.append(RuleDiagnostic(.warning, file: file, line: line, ruleID: ruleID, message: message))
    }

    // MARK: - Mappings

    /// A mapping's entries by key, with unknown and duplicate keys reported. Returns nil
    /// (after reporting) when the node is not a mapping.
    func mapping(_ node: YAMLNode, what: String, allowed: Set<String>) -> NodeMap? {
        guard case .mapping(let pairs, let mark) = node else {
            error("\(what) must be a mapping, not \(node.kindName)", at: node)
            return nil
        }
        var map = NodeMap(mark: mark)
        for pair in pairs {
            guard let key = pair.key.scalar, !key.isNull else {
                error("\(what) has a key that is not a plain name", at: pair.key)
                continue
            }
            if map.values[key.value] != nil {
                error("duplicate key '\(key.value)' in \(what)", at: pair.key)
                continue
            }
            if !allowed.contains(key.value) {
                var message = "unknown key '\(key.value)' in \(what)"
                if let guess = Self.closest(to: key.value, in: allowed) { message += " (did you mean '\(guess)'?)" }
                error(message, at: pair.key)
                unknownKeys.append(key.value)
                continue
            }
            map.values[key.value] = pair.value
            map.keyLines[key.value] = key.mark.line
            map.order.append(key.value)
        }
        return map
    }

    /// A key that differs from `word` by at most two edits, for "did you mean" hints.
    static func closest(to word: String, in candidates: Set<String>) -> String? {
        let letters = Array(word.utf8)
        var best: (name: String, distance: Int)?
        for candidate in candidates.sorted() {
            let distance = editDistance(letters, Array(candidate.utf8))
            guard distance <= 2, distance < Swift.max(letters.count, 2) else { continue }
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        return best?.name
    }

    private static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [Int](repeating: 0, count: b.count + 1)
            current[0] = i
            for j in 1...b.count {
                let substitution: Int = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                let deletion: Int = previous[j] + 1
                let insertion: Int = current[j - 1] + 1
                current[j] = Swift.min(substitution, deletion, insertion)
            }
            previous = current
        }
        return previous[b.count]
    }

    // MARK: - Scalars

    /// A non-null scalar's text.
    func string(_ node: YAMLNode, what: String) -> String? {
        guard let scalar = node.scalar else {
            error("\(what) must be a single value, not \(node.kindName)", at: node)
            return nil
        }
        if scalar.isNull {
            error("\(what) is empty", at: node)
            return nil
        }
        return scalar.value
    }

    /// One value or a list of values.
    func strings(_ node: YAMLNode, what: String) -> [String]? {
        switch node {
        case .scalar:
            return string(node, what: what).map { [$0] }
        case .sequence(let items, _):
            var out: [String] = []
            var ok = true
            for item in items {
                if let s = string(item, what: "an entry of \(what)") { out.append(s) } else { ok = false }
            }
            return ok ? out : nil
        case .mapping:
            error("\(what) must be a value or a list of values, not a mapping", at: node)
            return nil
        }
    }

    /// One signal reference or a list of them (a rule id or a signal name each).
    func references(_ node: YAMLNode, what: String) -> [String]? {
        let items = strings(node, what: what)
        for (i, name) in (items ?? []).enumerated() {
            if case .sequence(let nodes, _) = node, i < nodes.count {
                noteReference(name, line: nodes[i].mark.line)
            } else {
                noteReference(name, line: node.mark.line)
            }
        }
        return items
    }

    func noteReference(_ name: String, line: Int) {
        if let known = referenceLines[name], known <= line { return }
        referenceLines[name] = line
    }

    /// A list whose entries are read one by one (a single entry may be written without the list).
    func list(_ node: YAMLNode) -> [YAMLNode] {
        if case .sequence(let items, _) = node { return items }
        if let scalar = node.scalar, scalar.isNull { return [] }
        return [node]
    }

    func bool(_ node: YAMLNode, what: String) -> Bool? {
        guard let text = string(node, what: what) else { return nil }
        switch text {
        case "true", "True", "TRUE", "yes", "Yes", "on": return true
        case "false", "False", "FALSE", "no", "No", "off": return false
        default:
            error("\(what) must be true or false, not '\(text)'", at: node)
            return nil
        }
    }

    func int(_ node: YAMLNode, what: String) -> Int? {
        guard let text = string(node, what: what) else { return nil }
        guard let value = Int(text) else {
            error("\(what) must be an integer, not '\(text)'", at: node)
            return nil
        }
        return value
    }

    func double(_ node: YAMLNode, what: String) -> Double? {
        guard let text = string(node, what: what) else { return nil }
        guard let value = Double(text), value.isFinite else {
            error("\(what) must be a number, not '\(text)'", at: node)
            return nil
        }
        return value
    }

    /// `10s`, `30m`, `1h`, `2d` (and combinations); must be positive.
    func duration(_ node: YAMLNode, what: String) -> TimeSpan? {
        guard let text = string(node, what: what) else { return nil }
        guard let span = TimeSpan(parsing: text), span.nanoseconds > 0 else {
            error("bad duration '\(text)' for \(what) (expected a positive duration like 10s, 30m, 1h or 2d)", at: node)
            return nil
        }
        return span
    }

    /// A scalar as a field value: a plain integer is `.int`, anything else (a quoted "5" too) text.
    func fieldValue(_ node: YAMLNode, what: String) -> FieldValue? {
        guard let scalar = node.scalar else {
            error("\(what) must be a single value, not \(node.kindName)", at: node)
            return nil
        }
        if scalar.isNull {
            error("\(what) is empty", at: node)
            return nil
        }
        if scalar.style == .plain, let v = Int64(scalar.value) { return .int(v) }
        return .string(scalar.value)
    }

    /// Any node as JSON (for Sigma metadata that is kept but not interpreted).
    static func json(_ node: YAMLNode) -> JSONValue {
        switch node {
        case .scalar(let s):
            return s.isNull ? .null : .string(s.value)
        case .sequence(let items, _):
            return .array(items.map(json))
        case .mapping(let pairs, _):
            return .object(pairs.map { JSONMember($0.key.scalar?.value ?? "", json($0.value)) })
        }
    }
}
