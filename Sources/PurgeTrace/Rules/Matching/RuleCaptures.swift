/// The named groups of one rule's patterns, resolved once.
struct RuleCaptures: Sendable {
    struct Group: Sendable {
        let number: Int
        let name: String
        let isInteger: Bool
    }
    /// Per `match` pattern, then per `match-all` pattern: groups in group-number order.
    let match: [[Group]]
    let matchAll: [[Group]]

    init(_ rule: EventRule) {
        func groups(_ p: RulePattern) -> [Group] {
            p.pattern.groupNames.sorted { $0.key < $1.key }
                .map { Group(number: $0.key, name: $0.value, isInteger: FieldValue.integerFields.contains($0.value)) }
        }
        match = rule.match.map(groups)
        matchAll = rule.matchAll.map(groups)
    }
}
