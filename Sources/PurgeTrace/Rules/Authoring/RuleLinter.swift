/// `rules lint`: the loader's errors and warnings plus advice that does not stop a rule
/// from running — a rule without examples, a rule the prefilter cannot skip, a pattern
/// using PCRE2 constructs outside the portable Sigma subset.
public enum RuleLinter {
    public static func lint(_ result: RuleLoader.Result) -> [RuleDiagnostic] {
        var diagnostics = result.diagnostics
        for rule in result.ruleSet.eventRules {
            diagnostics += warnings(for: rule)
        }
        let fileOrder = Dictionary(result.ruleSet.files.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        // Stable: file order, then line; problems at one place keep their order.
        return diagnostics.enumerated().sorted { a, b in
            let fa = fileOrder[a.element.file] ?? -1, fb = fileOrder[b.element.file] ?? -1
            if fa != fb { return fa < fb }
            if a.element.line != b.element.line { return a.element.line < b.element.line }
            return a.offset < b.offset
        }.map(\.element)
    }

    public static func warnings(for rule: EventRule) -> [RuleDiagnostic] {
        let header = rule.header
        var out: [RuleDiagnostic] = []
        func warn(_ line: Int, _ message: String) {
            out.append(RuleDiagnostic(.warning, file: header.file, line: line, ruleID: header.id, message: message))
        }
        if rule.examples.isEmpty {
            warn(header.line, "rule has no examples (add examples: match: and no-match: lines; 'purgetrace rules test' runs them)")
        } else {
            if !rule.examples.contains(where: \.shouldMatch) { warn(header.line, "rule has no match example") }
            if !rule.examples.contains(where: { !$0.shouldMatch }) { warn(header.line, "rule has no no-match example") }
        }
        let (literals, _) = RulePrefilter.literals(for: rule)
        if literals == nil {
            let advice = "so the prefilter cannot skip this rule and its regexes run on every record "
                + "(add such a literal, or declare prefilter: [\"text\"])"
            let minimum = LiteralExtractor.minimumUsefulLength
            // Name the `match` patterns that lack a literal: one of them is enough to stop the prefilter.
            let lacking = rule.match.filter { LiteralExtractor.requiredLiterals($0.source, caseless: rule.caseless) == nil }
            if lacking.isEmpty {
                let line = (rule.match + rule.matchAll).first?.line ?? header.line
                warn(line, "the patterns' literals are too many to use, \(advice)")
            } else {
                for pattern in lacking {
                    warn(pattern.line, "pattern has no literal of \(minimum)+ characters that every match must contain, \(advice)")
                }
            }
        }
        for pattern in rule.match + rule.matchAll + rule.not {
            let features = RegexSyntax(pattern.source, caseless: rule.caseless).features
            if !features.isEmpty {
                warn(pattern.line, "pattern uses " + features.sorted().map(\.rawValue).joined(separator: ", ")
                     + ", outside the portable Sigma regex subset")
            }
        }
        return out
    }
}
