// `where` on signals (correlation steps, absences, selectors). The same language as an
// event rule's `where` on records (contract §4.1), with `$N.field` operands bound to the
// steps of the current match. The value semantics are the event engine's: equality as
// integers only when one side is an integer and both read as integers, else as text;
// ordering as integers when both read as integers, else by UTF-8 bytes.

extension FieldCondition {
    /// A key the signal does not have never matches, whatever the test (even `neq`).
    func holds(for signal: Signal, bindings: StepBindings = .none) -> Bool {
        guard let value = signal.lookupValue(key) else { return false }
        return test.holds(for: value, bindings: bindings)
    }
}

extension Array where Element == FieldCondition {
    func allHold(for signal: Signal, bindings: StepBindings = .none) -> Bool {
        allSatisfy { $0.holds(for: signal, bindings: bindings) }
    }
}

extension ValueTest {
    func holds(for value: FieldValue, bindings: StepBindings) -> Bool {
        switch self {
        case .anyOf(let matchers):
            return matchers.contains { $0.accepts(value) }
        case .compare(let comparisons):
            return comparisons.allSatisfy { $0.holds(for: value, bindings: bindings) }
        }
    }
}

extension ValueMatcher {
    fileprivate func accepts(_ value: FieldValue) -> Bool {
        switch self {
        case .exact(let expected): return FieldValue.conditionEqual(value, expected)
        case .glob(let pattern): return globMatches(Array(pattern.utf8), Array(value.description.utf8))
        }
    }
}

extension Comparison {
    func holds(for value: FieldValue, bindings: StepBindings) -> Bool {
        let other: FieldValue
        switch operand {
        case .value(let v): other = v
        case .stepField(let step, let field):
            guard let bound = bindings.value(step: step, field: field) else { return false }
            other = bound
        }
        switch op {
        case .eq: return FieldValue.conditionEqual(value, other)
        case .neq: return !FieldValue.conditionEqual(value, other)
        case .gt: return FieldValue.conditionOrder(value, other) > 0
        case .gte: return FieldValue.conditionOrder(value, other) >= 0
        case .lt: return FieldValue.conditionOrder(value, other) < 0
        case .lte: return FieldValue.conditionOrder(value, other) <= 0
        }
    }
}

extension FieldValue {
    /// `844` equals `"844"`; two texts are equal only as texts (`"05"` is not `"5"`).
    static func conditionEqual(_ a: FieldValue, _ b: FieldValue) -> Bool {
        switch (a, b) {
        case (.int(let x), .int(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        default:
            guard let x = a.intValue, let y = b.intValue else { return false }
            return x == y
        }
    }

    /// Integers when both sides read as integers, else UTF-8 bytes.
    static func conditionOrder(_ a: FieldValue, _ b: FieldValue) -> Int {
        if let x = a.intValue, let y = b.intValue { return x < y ? -1 : (x > y ? 1 : 0) }
        let s = a.description, t = b.description
        if s == t { return 0 }
        return s.utf8.lexicographicallyPrecedes(t.utf8) ? -1 : 1
    }
}

/// `*` matches any run of bytes; everything else matches itself. Iterative with one
/// backtrack point, so no pattern can make it slow.
fileprivate func globMatches(_ pattern: [UInt8], _ text: [UInt8]) -> Bool {
    let star = UInt8(ascii: "*")
    var p = 0, t = 0
    var starP = -1, starT = 0
    while t < text.count {
        if p < pattern.count, pattern[p] != star, pattern[p] == text[t] {
            p += 1
            t += 1
        } else if p < pattern.count, pattern[p] == star {
            starP = p
            starT = t
            p += 1
        } else if starP >= 0 {
            p = starP + 1
            starT += 1
            t = starT
        } else {
            return false
        }
    }
    while p < pattern.count, pattern[p] == star { p += 1 }
    return p == pattern.count
}
