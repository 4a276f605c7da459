/// A device's signals by name and by rule id, each list in evidence order. Correlation
/// rules read only the signals they refer to, and add the signals they emit for the rules
/// that run after them.
struct SignalPool: Sendable {
    private var byName: [String: [Signal]] = [:]
    private var byRule: [String: [Signal]] = [:]
    /// Everything, event and correlation signals, in evidence order.
    private(set) var all: [Signal]

    /// - Parameter signals: in evidence order.
    init(sorted signals: [Signal]) {
        all = signals
        for signal in signals {
            byName[signal.name, default: []].append(signal)
            byRule[signal.ruleID, default: []].append(signal)
        }
    }

    mutating func add(sorted signals: [Signal]) {
        guard !signals.isEmpty else { return }
        var touchedNames = Set<String>(), touchedRules = Set<String>()
        for signal in signals {
            byName[signal.name, default: []].append(signal)
            byRule[signal.ruleID, default: []].append(signal)
            touchedNames.insert(signal.name)
            touchedRules.insert(signal.ruleID)
        }
        for name in touchedNames { byName[name]!.sort(by: Signal.evidenceOrder) }
        for rule in touchedRules { byRule[rule]!.sort(by: Signal.evidenceOrder) }
        all = Self.merge(all, signals)
    }

    /// The signals named (by signal name or rule id) in `references`, in evidence order,
    /// each once.
    func select(_ references: [String]) -> [Signal] {
        var lists: [[Signal]] = []
        for name in Set(references).sorted() {
            if let list = byName[name] { lists.append(list) }
            if let list = byRule[name] { lists.append(list) }
        }
        if lists.count == 1 { return lists[0] }
        var out = lists.reduce(into: [Signal]()) { $0 = Self.merge($0, $1) }
        var seen = Set<SignalKey>()
        out.removeAll { !seen.insert($0.signalKey).inserted }
        return out
    }

    /// Merges two lists that are each in evidence order.
    static func merge(_ a: [Signal], _ b: [Signal]) -> [Signal] {
        if a.isEmpty { return b }
        if b.isEmpty { return a }
        var out: [Signal] = []
        out.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count, j < b.count {
            if Signal.evidenceOrder(b[j], a[i]) {
                out.append(b[j])
                j += 1
            } else {
                out.append(a[i])
                i += 1
            }
        }
        out.append(contentsOf: a[i...])
        out.append(contentsOf: b[j...])
        return out
    }
}
