/// How `where` conditions hold (contract §4.1, §4.3). Shared by the event engine and the
/// correlator, so a condition means the same thing on a record and on a signal.
extension FieldCondition {
    /// Whether the condition holds for `value`. A missing value (the record or signal has
    /// no such field) never holds, not even for `neq`. `stepField` resolves `$N.field`
    /// operands; an operand it cannot resolve makes the comparison fail.
    public func holds(for value: FieldValue?, stepField: (Int, String) -> FieldValue? = { _, _ in nil }) -> Bool {
        guard let value else { return false }
        switch test {
        case .anyOf(let matchers):
            return matchers.contains { $0.matches(value) }
        case .compare(let comparisons):
            return comparisons.allSatisfy { $0.holds(value, key: key, stepField: stepField) }
        }
    }
}

extension ValueMatcher {
    public func matches(_ value: FieldValue) -> Bool {
        switch self {
        case .exact(let expected): return FieldValue.looselyEqual(expected, value)
        case .glob(let pattern): return Glob.matches(Array(pattern.utf8), Array(value.description.utf8))
        }
    }
}

extension Comparison {
    public func holds(_ value: FieldValue, key: String, stepField: (Int, String) -> FieldValue? = { _, _ in nil }) -> Bool {
        let right: FieldValue
        switch operand {
        case .value(let v): right = v
        case .stepField(let step, let field):
            guard let v = stepField(step, field) else { return false }
            right = v
        }
        switch op {
        case .eq: return FieldValue.looselyEqual(value, right)
        case .neq: return !FieldValue.looselyEqual(value, right)
        case .gt: return FieldValue.order(value, right, key: key) > 0
        case .gte: return FieldValue.order(value, right, key: key) >= 0
        case .lt: return FieldValue.order(value, right, key: key) < 0
        case .lte: return FieldValue.order(value, right, key: key) <= 0
        }
    }
}
