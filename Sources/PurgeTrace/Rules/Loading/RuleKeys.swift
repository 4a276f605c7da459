/// The keys a rule document may hold (contract §4). Anything else is an error, so a typo
/// (`matc:`) is reported instead of silently making a rule that never matches.
enum RuleKeys {
    /// Sigma's metadata keys: accepted and kept, never interpreted (except `name`, which
    /// correlations may use to reference a rule, as in Sigma).
    static let sigmaMetadata: Set<String> = [
        "name", "status", "description", "author", "references", "date", "modified", "falsepositives", "tags",
        "related", "license", "generate",
    ]

    static let header: Set<String> = ["id", "title", "level", "signal"]

    static let event: Set<String> = header.union(sigmaMetadata).union([
        "where", "match", "match-all", "not", "caseless", "fields", "examples", "prefilter",
    ])

    static let correlationDocument: Set<String> = header.union(sigmaMetadata).union(["correlation", "incident"])

    static let correlation: Set<String> = [
        "type", "rules", "group-by", "timespan", "condition", "aliases", "field", "require-any", "steps", "absent",
    ]

    static let conditionOperators: Set<String> = Set(Comparison.Op.allCases.map(\.rawValue))

    static let step: Set<String> = ["rule", "optional", "weight", "where"]
    static let absent: Set<String> = ["rule", "after", "between", "before", "within", "where"]
    static let selector: Set<String> = ["rule", "where"]
    static let incident: Set<String> = ["kind", "verdict", "probable-if", "reason-field", "outcome", "coverage"]
    static let outcome: Set<String> = ["window", "recovered", "lost"]
    static let coverage: Set<String> = ["snapshot", "baseline", "restored", "purge-point", "max-age", "min-ratio"]
    static let examples: Set<String> = ["match", "no-match"]
    static let matchExample: Set<String> = ["line", "format", "fields"]
    static let noMatchExample: Set<String> = ["line", "format"]

    /// Record keys an event rule's `where` may test (contract §4.1).
    static let recordFields: Set<String> = ["process", "pid", "subsystem", "category", "level", "device", "source", "format"]

    /// Correlation types Sigma v2.1 defines that purgetrace does not run.
    static let unsupportedCorrelationTypes: Set<String> = ["value_sum", "value_avg", "value_percentile", "value_median"]

    /// `[a-z0-9_.-]+`
    static func isValidID(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.allSatisfy { b in
            (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x2E || b == 0x2D
        }
    }
}
