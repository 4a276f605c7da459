// `where` on signals (correlation steps, absences, selectors): the same language and
// the same evaluator as an event rule's `where` on records (contract §4.1,
// `FieldCondition.holds(for:stepField:)`), with `$N.field` operands bound to the steps
// of the current match.

extension FieldCondition {
    /// A key the signal does not have never matches, whatever the test (even `neq`).
    func holds(for signal: Signal, bindings: StepBindings = .none) -> Bool {
        holds(for: signal.lookupValue(key)) { step, field in bindings.value(step: step, field: field) }
    }
}

extension Array where Element == FieldCondition {
    func allHold(for signal: Signal, bindings: StepBindings = .none) -> Bool {
        allSatisfy { $0.holds(for: signal, bindings: bindings) }
    }
}
