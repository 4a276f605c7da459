/// The signals filling the steps of one match so far, for `$N.field` operands (N 1-based).
struct StepBindings: Sendable {
    var steps: [Signal?]

    init(count: Int) { steps = Array(repeating: nil, count: count) }

    static let none = StepBindings(count: 0)

    /// The field of step N, or nil when step N is not (yet) observed: a comparison with
    /// nothing never holds.
    func value(step: Int, field: String) -> FieldValue? {
        guard step >= 1, step <= steps.count, let signal = steps[step - 1] else { return nil }
        return signal.lookupValue(field)
    }
}
