/// How one correlation rule splits a device's signals into groups (contract §4.2–§4.3,
/// incident-model.md §3).
///
/// A pid-less signal (an app's own log line) joins every group of its device whose other
/// group-by values it shares — and, when the groups are pid groups, whose process is its
/// process — so the app's `Items=0` line lands next to the Core Data lines of the same app.
/// Only when no such group exists does it form a group with a null pid. A signal missing
/// any other group-by value is not eligible at all.
struct Grouping: Sendable {
    /// The rule's group-by keys, plus `process` when it groups by pid without it: a pid
    /// names a process only together with the process name (pids are reused), and the
    /// signals a pid-grouped correlation emits must carry the process so that rules
    /// grouped by process can use them (`vacuum_burst` feeds the purge sequence).
    let keys: [String]
    let pidIndex: Int?
    let implicitProcessIndex: Int?
    let aliases: [String: [String: String]]

    init(groupBy: [String], aliases: [String: [String: String]] = [:]) {
        var keys = groupBy.isEmpty ? ["device"] : groupBy
        let pidIndex = keys.firstIndex(of: "pid")
        var implicit: Int?
        if pidIndex != nil, !keys.contains("process") {
            implicit = keys.count
            keys.append("process")
        }
        self.keys = keys
        self.pidIndex = pidIndex
        self.implicitProcessIndex = implicit
        self.aliases = aliases
    }

    func values(of signal: Signal) -> [FieldValue?] {
        keys.map { signal.lookupValue($0, aliases: aliases) }
    }

    /// Whether every value that must be present is: all but the pid (which may be joined)
    /// and the implicit process (which only narrows).
    private func isEligible(_ values: [FieldValue?]) -> Bool {
        for (i, v) in values.enumerated() where v == nil && i != pidIndex && i != implicitProcessIndex {
            return false
        }
        return true
    }

    private func isPidless(_ values: [FieldValue?]) -> Bool {
        guard let pidIndex else { return false }
        return values[pidIndex] == nil
    }

    /// The values that must be equal between a signal and a group it joins.
    private func reduced(_ values: [FieldValue?]) -> [FieldValue?] {
        var r = values
        if let pidIndex { r[pidIndex] = nil }
        if let implicitProcessIndex { r[implicitProcessIndex] = nil }
        return r
    }

    /// Pid and implicit process narrow only when both sides know them.
    private func compatible(_ values: [FieldValue?], _ key: GroupKey) -> Bool {
        for i in [pidIndex, implicitProcessIndex].compactMap({ $0 }) {
            if let a = values[i], let b = key.values[i], a != b { return false }
        }
        return true
    }

    /// Splits signals (in evidence order) into groups sorted by key; each group keeps
    /// evidence order. Signals missing a required group-by value are dropped.
    func partition(_ signals: [Signal]) -> [SignalGroup] {
        var complete: [GroupKey: [Signal]] = [:]
        var pidless: [(Signal, [FieldValue?])] = []
        for signal in signals {
            let v = values(of: signal)
            guard isEligible(v) else { continue }
            if isPidless(v) {
                pidless.append((signal, v))
            } else {
                complete[GroupKey(values: v), default: []].append(signal)
            }
        }
        if pidless.isEmpty { return complete.map { SignalGroup(key: $0.key, signals: $0.value) }.sorted { $0.key < $1.key } }

        var byReduced: [[FieldValue?]: [GroupKey]] = [:]
        for key in complete.keys { byReduced[reduced(key.values), default: []].append(key) }
        var joined: [GroupKey: [Signal]] = complete
        var needsSort = Set<GroupKey>()
        for (signal, v) in pidless {
            let targets = (byReduced[reduced(v)] ?? []).filter { compatible(v, $0) }
            if targets.isEmpty {
                joined[GroupKey(values: v), default: []].append(signal)
            } else {
                for key in targets {
                    joined[key, default: []].append(signal)
                    needsSort.insert(key)
                }
            }
        }
        return joined.map { key, list in
            SignalGroup(key: key, signals: needsSort.contains(key) ? list.sorted(by: Signal.evidenceOrder) : list)
        }.sorted { $0.key < $1.key }
    }

    /// Hands signals that do not form groups (the signals of `absent` specs) to the groups
    /// they are eligible for, with the same joining rule in both directions: a signal with a
    /// pid also counts for a pid-less group of its process. Each list keeps evidence order.
    func distribute(_ signals: [Signal], over keys: [GroupKey]) -> [GroupKey: [Signal]] {
        var byReduced: [[FieldValue?]: [GroupKey]] = [:]
        for key in keys { byReduced[reduced(key.values), default: []].append(key) }
        var out: [GroupKey: [Signal]] = [:]
        for signal in signals {
            let v = values(of: signal)
            guard isEligible(v) else { continue }
            for key in byReduced[reduced(v)] ?? [] where compatible(v, key) {
                out[key, default: []].append(signal)
            }
        }
        return out
    }
}
