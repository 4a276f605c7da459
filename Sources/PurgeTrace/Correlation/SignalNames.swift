/// A list of signal references (`rules:`, a step's `rule`, selectors, outcome and coverage
/// lists). A reference names a signal, or a rule id standing for the signal that rule emits
/// (contract §4), so a signal matches when either its name or its rule id is listed.
struct SignalNames: Sendable {
    let list: [String]
    private let set: Set<String>

    init(_ list: [String]) {
        self.list = list
        self.set = Set(list)
    }

    func contains(_ signal: Signal) -> Bool { set.contains(signal.name) || set.contains(signal.ruleID) }

    /// `a|b` for a step that any of several signals fills (the `missing` list).
    var label: String { list.joined(separator: "|") }

    var isEmpty: Bool { list.isEmpty }
}
