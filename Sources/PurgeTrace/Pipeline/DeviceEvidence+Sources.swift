extension DeviceEvidence {
    /// Summarizes a device's sources for the correlation: each process's first and last
    /// record, and the stretches over 30 minutes that no source covers (a gap in one file
    /// is not a gap of the device when another file was logging meanwhile).
    public init(device: String, sources: [SourceFacts]) {
        var scopes: [String: ScopeSpan] = [:]
        var covered: [(Instant, Instant)] = []
        for source in sources {
            for (process, span) in source.processes {
                if var existing = scopes[process] {
                    existing.include(span.first)
                    existing.include(span.last)
                    scopes[process] = existing
                } else {
                    scopes[process] = span
                }
            }
            guard let first = source.first, let last = source.last else { continue }
            // The source covers [first, last] minus its own gaps.
            var start = first
            for gap in source.gaps.sorted(by: { $0.from < $1.from }) {
                covered.append((start, gap.from))
                start = gap.to
            }
            covered.append((start, last))
        }
        covered.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        var gaps: [Gap] = []
        var reach: Instant?
        for (from, to) in covered {
            if let r = reach, from - r > SourceFacts.gapThreshold { gaps.append(Gap(from: r, to: from)) }
            if reach == nil || to > reach! { reach = to }
        }
        self.init(device: device, scopes: scopes, gaps: gaps, first: covered.first?.0, last: reach)
    }
}
