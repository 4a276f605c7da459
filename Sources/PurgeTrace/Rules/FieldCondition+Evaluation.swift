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

extension FieldValue {
    /// Equal as integers when both read as integers (`5` and `"5"`), else as text.
    public static func looselyEqual(_ a: FieldValue, _ b: FieldValue) -> Bool {
        switch (a, b) {
        case (.int(let x), .int(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        default:
            guard let x = a.intValue, let y = b.intValue else { return false }
            return x == y
        }
    }

    /// -1, 0, 1: numerically when both are integers, by severity for record levels
    /// (`debug < info < default < error < fault`), else by UTF-8 bytes.
    public static func order(_ a: FieldValue, _ b: FieldValue, key: String) -> Int {
        if let x = a.intValue, let y = b.intValue { return x < y ? -1 : (x > y ? 1 : 0) }
        if key == "level", let x = LogLevel(rawValue: a.description), let y = LogLevel(rawValue: b.description) {
            return x < y ? -1 : (x > y ? 1 : 0)
        }
        let s = a.description, t = b.description
        if s == t { return 0 }
        return s.utf8.lexicographicallyPrecedes(t.utf8) ? -1 : 1
    }
}

/// `*` matches any run of bytes (including none); everything else matches itself.
enum Glob {
    static func matches(_ pattern: [UInt8], _ text: [UInt8]) -> Bool {
        let star = UInt8(ascii: "*")
        var p = 0, t = 0
        var starAt = -1, resumeAt = 0
        while t < text.count {
            if p < pattern.count, pattern[p] != star, pattern[p] == text[t] {
                p += 1
                t += 1
            } else if p < pattern.count, pattern[p] == star {
                starAt = p
                resumeAt = t
                p += 1
            } else if starAt >= 0 {
                p = starAt + 1
                resumeAt += 1
                t = resumeAt
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == star { p += 1 }
        return p == pattern.count
    }
}
