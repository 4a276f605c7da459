/// A sequence step ready for matching.
struct SequenceStepSpec: Sendable {
    let names: SignalNames
    let optional: Bool
    let weight: Double
    let conditions: [FieldCondition]

    init(_ step: SequenceStep) {
        names = SignalNames(step.signals)
        optional = step.optional
        weight = step.weight
        conditions = step.conditions
    }

    func accepts(_ signal: Signal, bindings: StepBindings) -> Bool {
        names.contains(signal) && conditions.allHold(for: signal, bindings: bindings)
    }
}
