@testable import PurgeTrace

/// `where` conditions as the loader builds them.
enum Where {
    static func compare(_ key: String, _ op: Comparison.Op, _ value: FieldValue) -> FieldCondition {
        FieldCondition(key: key, test: .compare([Comparison(op, .value(value))]))
    }

    static func items(_ op: Comparison.Op, _ n: Int64) -> FieldCondition { compare("items", op, .int(n)) }

    static func anyOf(_ key: String, _ values: [String]) -> FieldCondition {
        FieldCondition(key: key, test: .anyOf(values.map { .exact(.string($0)) }))
    }

    /// `key: {op: $N.field}`
    static func step(_ key: String, _ op: Comparison.Op, _ step: Int, _ field: String) -> FieldCondition {
        FieldCondition(key: key, test: .compare([Comparison(op, .stepField(step: step, field: field))]))
    }
}
