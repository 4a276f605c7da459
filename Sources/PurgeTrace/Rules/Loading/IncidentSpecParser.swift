import YAMLKit

/// Reads the `incident:` block of a correlation (contract §4.4).
enum IncidentSpecParser {
    static func parse(_ node: YAMLNode, stepCount: Int, reader: RuleNodeReader) -> IncidentSpec? {
        guard let map = reader.mapping(node, what: "incident", allowed: RuleKeys.incident) else { return nil }
        guard let kindNode = map["kind"], let kind = reader.string(kindNode, what: "incident kind") else {
            if map["kind"] == nil { reader.error("incident has no kind (like store-purge)", line: map.mark.line) }
            return nil
        }
        var spec = IncidentSpec(kind: kind)
        if let node = map["verdict"], let text = reader.string(node, what: "verdict") {
            if let verdict = Verdict(rawValue: text) {
                spec.verdict = verdict
            } else {
                reader.error("bad verdict '\(text)' (expected possible or probable)", at: node)
            }
        }
        if let node = map["probable-if"] { spec.probableIf = selectors(node, what: "probable-if", stepCount: stepCount, reader: reader) }
        if let node = map["reason-field"] { spec.reasonField = reader.string(node, what: "reason-field") }
        if let node = map["outcome"], let outcome = reader.mapping(node, what: "outcome", allowed: RuleKeys.outcome) {
            var o = OutcomeSpec()
            if let w = outcome["window"], let span = reader.duration(w, what: "outcome window") { o.window = span }
            if let r = outcome["recovered"] { o.recovered = selectors(r, what: "recovered", stepCount: stepCount, reader: reader) }
            if let l = outcome["lost"] { o.lost = selectors(l, what: "lost", stepCount: stepCount, reader: reader) }
            spec.outcome = o
        }
        if let node = map["coverage"], let coverage = reader.mapping(node, what: "coverage", allowed: RuleKeys.coverage) {
            var c = CoverageSpec(snapshot: [])
            if let s = coverage["snapshot"] {
                c.snapshot = reader.references(s, what: "coverage snapshot") ?? []
            } else {
                reader.error("coverage needs snapshot (the signal of the app's backup, like snapshot_written)",
                             line: coverage.mark.line)
            }
            if let b = coverage["baseline"] { c.baseline = reader.references(b, what: "coverage baseline") ?? [] }
            if let r = coverage["restored"] { c.restored = reader.references(r, what: "coverage restored") ?? [] }
            if let p = coverage["purge-point"] { c.purgePoint = reader.references(p, what: "coverage purge-point") ?? [] }
            if let a = coverage["max-age"], let span = reader.duration(a, what: "max-age") { c.maxAge = span }
            if let m = coverage["min-ratio"], let ratio = reader.double(m, what: "min-ratio") {
                if ratio < 0 || ratio > 1 {
                    reader.error("min-ratio must be between 0 and 1, not \(ratio)", at: m)
                } else {
                    c.minRatio = ratio
                }
            }
            spec.coverage = c
        }
        return spec
    }

    /// `rows_removed` or `{rule: item_count, where: {items: {eq: 0}}}`, one or a list.
    static func selectors(_ node: YAMLNode, what: String, stepCount: Int, reader: RuleNodeReader) -> [SignalSelector] {
        var out: [SignalSelector] = []
        for item in reader.list(node) {
            if item.scalar != nil {
                if let name = reader.references(item, what: "an entry of \(what)")?.first { out.append(SignalSelector(signals: [name])) }
                continue
            }
            guard let map = reader.mapping(item, what: "an entry of \(what)", allowed: RuleKeys.selector) else { continue }
            guard let ruleNode = map["rule"] else {
                reader.error("an entry of \(what) has no rule", line: map.mark.line)
                continue
            }
            var selector = SignalSelector(signals: reader.references(ruleNode, what: "rule of \(what)") ?? [])
            if let w = map["where"] {
                selector.conditions = ConditionParser.parse(w, scope: .correlation(stepCount: stepCount), reader: reader)
            }
            out.append(selector)
        }
        return out
    }
}
