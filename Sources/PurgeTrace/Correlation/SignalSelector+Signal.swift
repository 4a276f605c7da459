extension SignalSelector {
    /// `rows_removed` or `{rule: item_count, where: {items: {eq: 0}}}` against one signal.
    func selects(_ signal: Signal, bindings: StepBindings = .none) -> Bool {
        SignalNames(signals).contains(signal) && conditions.allHold(for: signal, bindings: bindings)
    }
}

extension Array where Element == SignalSelector {
    func selectsAny(_ signal: Signal, bindings: StepBindings = .none) -> Bool {
        contains { $0.selects(signal, bindings: bindings) }
    }
}
