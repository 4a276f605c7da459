/// Accumulates a source's facts record by record: count, first and last time, gaps,
/// processes. Apart from the scanner so a source split into byte ranges can be scanned
/// by several workers and their builders joined in order (`append`) with the same result.
public struct SourceFactsBuilder {
    /// Beyond this many gaps (a parser reading garbage times) further gaps are only counted.
    public static let maxGaps = 10_000

    public private(set) var records = 0
    /// Smallest and largest record time.
    public private(set) var first: Instant?
    public private(set) var last: Instant?
    /// The first record's time in record order (where a following range's gap starts).
    public private(set) var firstInOrder: Instant?
    public private(set) var gaps: [Gap] = []
    public private(set) var droppedGaps = 0
    public private(set) var processes = ProcessTable()
    /// Gaps kept before further ones are only counted: `maxGaps` for a source; none for
    /// the builder of one byte range, whose gaps are re-measured (and then capped) when it
    /// is appended — a range is bounded in bytes, so its gaps are too.
    public let gapLimit: Int

    public init(gapLimit: Int = SourceFactsBuilder.maxGaps) {
        self.gapLimit = gapLimit
    }

    /// One kept record. A gap is a silence longer than 30 minutes after the latest time so
    /// far (the running maximum), so unsorted rows stepping back never make a gap.
    public mutating func add(time: Instant, process: UnsafeRawBufferPointer?) {
        records += 1
        if let latest = last {
            if time - latest > SourceFacts.gapThreshold { addGap(Gap(from: latest, to: time)) }
            if time > latest { last = time }
            if time < first! { first = time }
        } else {
            first = time
            last = time
            firstInOrder = time
        }
        if let process, !process.isEmpty { processes.include(process, at: time) }
    }

    /// Joins the builder of the records that follow these in the same source.
    public mutating func append(_ later: SourceFactsBuilder) {
        guard later.records > 0 else { return }
        guard let latest = last, let start = later.firstInOrder else {
            let limit = gapLimit
            self = later.capped(at: limit)
            return
        }
        // The later range's gaps were measured from its own running maximum; measured from
        // the whole source's, each starts at max(latest, from) and may no longer be a gap.
        if start - latest > SourceFacts.gapThreshold { addGap(Gap(from: latest, to: start)) }
        for gap in later.gaps {
            let from = max(gap.from, latest)
            if gap.to - from > SourceFacts.gapThreshold { addGap(Gap(from: from, to: gap.to)) }
        }
        droppedGaps += later.droppedGaps
        records += later.records
        first = min(first!, later.first!)
        last = max(latest, later.last!)
        processes.merge(later.processes)
    }

    private mutating func addGap(_ gap: Gap) {
        if gaps.count < gapLimit { gaps.append(gap) } else { droppedGaps += 1 }
    }

    /// The same facts under another gap limit (the gaps past it counted, not kept).
    private func capped(at limit: Int) -> SourceFactsBuilder {
        var copy = SourceFactsBuilder(gapLimit: limit)
        copy.records = records
        copy.first = first
        copy.last = last
        copy.firstInOrder = firstInOrder
        copy.processes = processes
        copy.droppedGaps = droppedGaps
        for gap in gaps { copy.addGap(gap) }
        return copy
    }

    /// Warnings about what the builder could not keep.
    public var warnings: [String] {
        var result: [String] = []
        if droppedGaps > 0 { result.append("\(droppedGaps) more gaps longer than 30 minutes not listed") }
        if processes.overflowed { result.append("more than \(ProcessTable.maxProcesses) process names; the rest not listed") }
        return result
    }
}
