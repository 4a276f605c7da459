/// Where a device's evidence starts, ends and has holes: an absence can only be confirmed
/// inside evidence that was actually collected (contract §4.3).
struct EvidenceBounds: Sendable {
    var first: Instant
    var last: Instant
    var gaps: [Gap]

    /// The device's own bounds, or — when the caller knows none — those of its signals.
    init(_ evidence: DeviceEvidence, signals: [Signal]) {
        first = evidence.first ?? signals.first?.time ?? Instant(nanoseconds: 0)
        last = evidence.last ?? signals.last?.time ?? Instant(nanoseconds: 0)
        gaps = evidence.gaps.sorted { $0.from < $1.from }
    }

    /// Why nothing can be said about `[from, to]`, or nil when the window lies inside
    /// continuous evidence.
    func problem(from: Instant, to: Instant) -> String? {
        if from < first { return "the evidence starts at \(first.iso8601)" }
        if to > last { return "the evidence ends at \(last.iso8601)" }
        if let gap = gap(overlapping: from, to) {
            return "the evidence has a gap from \(gap.from.iso8601) to \(gap.to.iso8601)"
        }
        return nil
    }

    /// The first of the device's gaps (over 30 minutes, as the evidence reports them)
    /// that overlaps `(from, to)`.
    func gap(overlapping from: Instant, _ to: Instant) -> Gap? {
        gaps.first { $0.from < to && $0.to > from }
    }
}
