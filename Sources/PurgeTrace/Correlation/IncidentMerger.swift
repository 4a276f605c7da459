/// Merges matches of one kind in one group that share a step (contract §4.4): two rules
/// describing one purge — the full chain and the "134301 then recovery" shape — give one
/// incident. The one with more observed weight wins, then the smaller rule id; the others
/// are dropped. Sharing is transitive.
///
/// "Share a step" means a record: two event rules matching one line (134301 inside the
/// "Attempting recovery" line) are one piece of evidence. "One group" means same device,
/// and equal process, pid and group-by fields wherever both incidents have them, so rules
/// grouping by process and by pid still meet.
enum IncidentMerger {
    static func merge(_ candidates: [IncidentCandidate]) -> [IncidentCandidate] {
        let n = candidates.count
        var parent = Array(0..<n)
        func root(_ i: Int) -> Int {
            var i = i
            while parent[i] != i {
                parent[i] = parent[parent[i]]
                i = parent[i]
            }
            return i
        }
        // Index records to find overlaps without comparing every pair.
        var byRecord: [RecordKey: [Int]] = [:]
        for (i, c) in candidates.enumerated() {
            for record in c.records { byRecord[record, default: []].append(i) }
        }
        for record in byRecord.keys.sorted(by: { ($0.source, $0.line) < ($1.source, $1.line) }) {
            let members = byRecord[record]!
            for a in members.indices {
                for b in members.indices where b > a {
                    let x = members[a], y = members[b]
                    let ci = candidates[x].incident, cj = candidates[y].incident
                    guard ci.kind == cj.kind, compatible(ci.group, cj.group) else { continue }
                    let rx = root(x), ry = root(y)
                    if rx != ry { parent[max(rx, ry)] = min(rx, ry) }
                }
            }
        }
        var winners: [Int: Int] = [:]
        for i in 0..<n {
            let r = root(i)
            if let w = winners[r] {
                if beats(candidates[i], candidates[w]) { winners[r] = i }
            } else {
                winners[r] = i
            }
        }
        return winners.values.sorted().map { candidates[$0] }
    }

    static func compatible(_ a: IncidentGroup, _ b: IncidentGroup) -> Bool {
        guard a.device == b.device else { return false }
        if let x = a.process, let y = b.process, x != y { return false }
        if let x = a.pid, let y = b.pid, x != y { return false }
        for (key, value) in a.fields {
            if let other = b.fields[key], other != value { return false }
        }
        return true
    }

    /// More observed weight, then the smaller rule id, then the earlier start, then the id.
    static func beats(_ a: IncidentCandidate, _ b: IncidentCandidate) -> Bool {
        if a.observedWeight != b.observedWeight { return a.observedWeight > b.observedWeight }
        if a.incident.ruleID != b.incident.ruleID {
            return a.incident.ruleID.utf8.lexicographicallyPrecedes(b.incident.ruleID.utf8)
        }
        return Incident.reportOrder(a.incident, b.incident)
    }
}
