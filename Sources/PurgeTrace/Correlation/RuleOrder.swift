/// The order in which correlation rules run: a rule runs after every rule whose signal it
/// refers to (`vacuum_burst` before the purge sequence that has it as a step), ties by
/// rule id. The loader rejects cycles; should one get through, its rules run last in id
/// order (each seeing only what ran before it) and a warning says so.
struct RuleOrder: Sendable {
    let indices: [Int]
    let warnings: [String]

    init(_ rules: [CorrelationRule]) {
        let n = rules.count
        // Which rules emit a name (by signal or by id, since a rule id stands for its signal).
        var emitters: [String: [Int]] = [:]
        for (i, rule) in rules.enumerated() {
            emitters[rule.header.signal, default: []].append(i)
            if rule.header.id != rule.header.signal { emitters[rule.header.id, default: []].append(i) }
        }
        var dependents = Array(repeating: Set<Int>(), count: n)
        var pending = Array(repeating: 0, count: n)
        for (i, rule) in rules.enumerated() {
            var needs = Set<Int>()
            for name in Self.references(of: rule) {
                for j in emitters[name] ?? [] where j != i { needs.insert(j) }
            }
            pending[i] = needs.count
            for j in needs { dependents[j].insert(i) }
        }
        func byID(_ a: Int, _ b: Int) -> Bool {
            let x = rules[a].header.id, y = rules[b].header.id
            return x != y ? x.utf8.lexicographicallyPrecedes(y.utf8) : a < b
        }
        var ready = (0..<n).filter { pending[$0] == 0 }.sorted(by: byID)
        var order: [Int] = []
        var done = Array(repeating: false, count: n)
        while !ready.isEmpty {
            let i = ready.removeFirst()
            order.append(i)
            done[i] = true
            for d in dependents[i] {
                pending[d] -= 1
                if pending[d] == 0 {
                    ready.append(d)
                }
            }
            ready.sort(by: byID)
        }
        var warnings: [String] = []
        let cyclic = (0..<n).filter { !done[$0] }.sorted(by: byID)
        if !cyclic.isEmpty {
            warnings.append("correlation rules refer to each other in a cycle: "
                + cyclic.map { rules[$0].header.id }.joined(separator: ", ") + "; each sees only the rules run before it")
            order += cyclic
        }
        indices = order
        self.warnings = warnings
    }

    /// Every signal a rule reads (not outcome and coverage lists: those are read after all
    /// correlations ran).
    static func references(of rule: CorrelationRule) -> [String] {
        rule.rules + rule.steps.flatMap(\.signals) + rule.absent.flatMap(\.signals)
    }
}
