/// What became of one event rule on one record: the fields of its signal, or the first
/// check that failed (in the order the matcher runs them).
public enum RuleVerdict: Sendable, Equatable {
    case matched(fields: [String: FieldValue])
    /// None of the rule's prefilter literals occurs in the message.
    case prefilterAbsent(literals: [PrefilterLiteral])
    /// A `where` key did not hold; `actual` is the record's value (nil: the record has none).
    case whereFailed(key: String, actual: FieldValue?)
    /// No `match` pattern matched.
    case patternDidNotMatch
    case matchAllFailed(pattern: String)
    /// A `not` pattern matched.
    case notMatched(pattern: String)
    /// A pattern hit the PCRE2 match limit: treated as not matching.
    case matchLimitExceeded(pattern: String)

    public var isMatch: Bool {
        if case .matched = self { return true }
        return false
    }

    /// One line for `rules explain`.
    public var explanation: String {
        switch self {
        case .matched: return "matched"
        case .prefilterAbsent(let literals):
            return "prefilter literal absent (the message holds none of: "
                + literals.map(\.description).joined(separator: ", ") + ")"
        case .whereFailed(let key, let actual):
            if let actual { return "where '\(key)' failed (the record has \(key) = \(actual))" }
            return "where '\(key)' failed (the record has no \(key))"
        case .patternDidNotMatch: return "pattern did not match"
        case .matchAllFailed(let pattern): return "match-all pattern did not match: \(pattern)"
        case .notMatched(let pattern): return "'not' pattern matched: \(pattern)"
        case .matchLimitExceeded(let pattern): return "pattern hit the PCRE2 match limit: \(pattern)"
        }
    }
}
